import Testing

@testable import SwatchbookTerminal

/// The terminal UI's escapes, pinned: a terminal left in a mode it cannot
/// leave is the worst a broken session does.
@Suite struct ControlSequenceTests {
    static func text(_ sequences: [ControlSequence]) -> String {
        String(decoding: ControlSequence.bytes(sequences), as: UTF8.self).replacingOccurrences(
            of: "\u{1B}", with: "⎋")
    }

    @Test func enteringAndLeavingTurnEveryModeOnAndOffAgain() {
        #expect(
            Self.text(ControlSequence.enterScreen) == "⎋[?1049h⎋[?25l⎋[?1000h⎋[?1002h⎋[?1006h⎋[?2004h⎋[H⎋[2J")
        #expect(
            Self.text(ControlSequence.leaveScreen) == "⎋[0m⎋[?2004l⎋[?1006l⎋[?1002l⎋[?1000l⎋[?25h⎋[?1049l")
    }

    @Test func cursorMovesTakeTheShortestForm() {
        #expect(Self.text([.cursorTo(column: 0, line: 0)]) == "⎋[H")
        #expect(Self.text([.cursorTo(column: 0, line: 4)]) == "⎋[5H")
        #expect(Self.text([.cursorTo(column: 9, line: 0)]) == "⎋[1;10H")
        #expect(Self.text([.cursorForward(1), .cursorForward(12)]) == "⎋[C⎋[12C")
        for columns in [1, 9, 10, 123] {
            #expect(
                ControlSequence.cursorForwardLength(columns)
                    == ControlSequence.bytes([.cursorForward(columns)]).count)
        }
    }

    @Test func thePasteEndIsWhatTerminalsSend() {
        #expect(String(decoding: ControlSequence.pasteEnd, as: UTF8.self) == "\u{1B}[201~")
    }
}

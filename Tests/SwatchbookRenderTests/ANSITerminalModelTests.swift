import SwatchbookCore
import SwatchbookTestSupport
import Testing

@testable import SwatchbookRender

/// ANSI output read back the way a terminal reads it: every cell shows its
/// own style, no line leaks a style past its end, and there is one SGR per
/// visible change.
@Suite struct ANSITerminalModelTests {
    @Test(arguments: ColorDepth.allCases)
    func aTerminalReadingTheOutputSeesEveryCellsStyle(depth: ColorDepth) {
        // Colours that stay distinct at every depth, so each change is visible.
        let colours: [Color?] = [
            nil, ANSIWriterTests.red, ANSIWriterTests.green, Color(rgb: 0xFFFF00),
        ]
        var random = SeededGenerator(state: 42)
        var canvas = Canvas(width: 30, height: 8)
        for y in 0..<canvas.height {
            var x = 0
            while x < canvas.width {
                let style = Style(
                    foreground: colours[random.next(colours.count)],
                    background: colours[random.next(colours.count)],
                    attributes: TextAttributes(rawValue: UInt8(random.next(32))))
                let text = ["ab", "메", "x", "  ", "😀z"][random.next(5)]
                x = canvas.draw(text, x: x, y: y, style: style, clip: canvas.bounds)
            }
        }

        let output = ANSIWriterTests.ansi(canvas, depth: depth)
        // A line feed after the last line leaves the cursor on one more.
        var terminal = EmulatedTerminal(width: canvas.width, height: canvas.height + 1)
        terminal.apply(Array("\u{1B}[2J".utf8) + Array(output.utf8))
        #expect(terminal.problems.isEmpty, "\(terminal.problems)")
        #expect(
            terminal.stateAtLineFeed == Array(repeating: SGRState(), count: canvas.height), "no style leaks")
        for y in 0..<canvas.height {
            // A line ends at its last cell that would show on a blank: trailing spaces with
            // no background, reverse or underline are not written.
            var cells: [(x: Int, look: SGRState, text: String, shows: Bool)] = []
            var x = 0
            while x < canvas.width {
                let cell = canvas.cell(x: x, y: y)
                let look = SGRState(canvas.style(of: cell), depth: depth)
                let text = String(canvas.text(of: cell))
                let shows =
                    text != " " || look.background != nil
                    || !look.attributes.isDisjoint(with: [.reverse, .underline])
                cells.append((x, look, text, shows))
                x += max(1, Int(cell.width))
            }
            let drawn = cells.prefix((cells.lastIndex { $0.shows } ?? -1) + 1)
            for cell in drawn {
                let shown = terminal.cells[y * canvas.width + cell.x]
                #expect(shown.text == cell.text && shown.state == cell.look, "cell (\(cell.x), \(y))")
            }
            for cell in cells.dropFirst(drawn.count) {
                #expect(terminal.cells[y * canvas.width + cell.x].text == " ", "cell (\(cell.x), \(y))")
            }
            // One sequence per change of style, plus the reset after a styled line's last cell.
            var previous = SGRState()
            var changes = 0
            for cell in drawn where cell.look != previous {
                changes += 1
                previous = cell.look
            }
            let expected = changes + (previous == SGRState() ? 0 : 1)
            #expect(terminal.sequencesByLine[y, default: 0] == expected, "line \(y)")
        }
    }
}

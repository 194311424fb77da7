import SwatchbookCore
import SwatchbookSession
import Testing

@testable import SwatchbookTerminal

/// Terminal bytes to key, mouse and paste events, the way xterm sends them, however
/// the reads split them.
@Suite struct InputDecoderTests {
    /// Bytes, spelled with `\e` for ESC, and the events they decode to after a flush.
    struct Sample: Sendable, CustomTestStringConvertible {
        var input: String
        var events: [InputEvent]
        init(_ input: String, _ events: [InputEvent]) {
            self.input = input
            self.events = events
        }
        init(_ input: String, _ key: Key, _ modifiers: InputEvent.Modifiers = []) {
            self.init(input, [.key(key, modifiers)])
        }
        var bytes: [UInt8] { Array(input.replacingOccurrences(of: "\\e", with: "\u{1B}").utf8) }
        var testDescription: String { input.debugDescription }
    }

    static func key(_ key: Key, _ modifiers: InputEvent.Modifiers = []) -> InputEvent {
        .key(key, modifiers)
    }

    static func char(_ character: Character, _ modifiers: InputEvent.Modifiers = []) -> InputEvent {
        .key(.character(character), modifiers)
    }

    static func mouse(
        _ action: MouseEvent.Action, _ x: Int, _ y: Int, _ modifiers: InputEvent.Modifiers = []
    ) -> InputEvent {
        .mouse(MouseEvent(action: action, x: x, y: y, modifiers: modifiers))
    }

    /// Feeds everything in one read, then lets the Esc timeout pass.
    static func decode(_ bytes: [UInt8]) -> [InputEvent] {
        var decoder = InputDecoder()
        return decoder.feed(bytes) + decoder.flushPending()
    }

    static let keys: [Sample] = [
        Sample("a", .character("a")),
        Sample("Z", .character("Z")),
        Sample("~", .character("~")),
        Sample("\r", .enter),
        Sample("\n", .character("j"), .control),
        Sample("\t", .tab),
        Sample("\\e[Z", .backTab),
        Sample("\u{7F}", .backspace),
        Sample("\u{8}", .character("h"), .control),
        Sample(" ", .space),
        Sample("\u{0}", .space, .control),
        Sample("\u{3}", .character("c"), .control),
        Sample("\u{1}", .character("a"), .control),
        Sample("\u{1A}", .character("z"), .control),
        Sample("\u{1C}", .character("\\"), .control),
        Sample("\u{1F}", .character("_"), .control),
        Sample("\\e", .escape),
        Sample("\\ex", .character("x"), .alt),
        Sample("\\eX", .character("X"), .alt),
        Sample("\\e ", .space, .alt),
        Sample("\\e\u{3}", .character("c"), [.alt, .control]),
        Sample("\\e\u{7F}", .backspace, .alt),
        Sample("\\e\r", .enter, .alt),
        Sample("\\e한", .character("한"), .alt),
        Sample("\\e[", .character("["), .alt),
        Sample("\\eO", .character("O"), .alt),
        Sample("\\e\\e", [key(.escape), key(.escape)]),
        Sample("\\e\\eq", [key(.escape), char("q", .alt)]),
        Sample("\\e\\e[A", .up, .alt),
        Sample("\\e[A", .up),
        Sample("\\e[B", .down),
        Sample("\\e[C", .right),
        Sample("\\e[D", .left),
        Sample("\\eOA", .up),
        Sample("\\eOB", .down),
        Sample("\\eOC", .right),
        Sample("\\eOD", .left),
        Sample("\\e[1;2A", .up, .shift),
        Sample("\\e[1;3B", .down, .alt),
        Sample("\\e[1;5C", .right, .control),
        Sample("\\e[1;6D", .left, [.shift, .control]),
        Sample("\\e[1;8A", .up, [.shift, .alt, .control]),
        Sample("\\eO5C", .right, .control),
        Sample("\\e[H", .home),
        Sample("\\e[F", .end),
        Sample("\\eOH", .home),
        Sample("\\eOF", .end),
        Sample("\\e[1~", .home),
        Sample("\\e[4~", .end),
        Sample("\\e[7~", .home),
        Sample("\\e[8~", .end),
        Sample("\\e[1;5H", .home, .control),
        Sample("\\e[5~", .pageUp),
        Sample("\\e[6~", .pageDown),
        Sample("\\e[5;5~", .pageUp, .control),
        Sample("\\e[1;5Z", .backTab, .control),
        Sample("\\eOM", .enter),
        Sample("\\eOp", .character("0")),
        Sample("\\eOy", .character("9")),
        Sample("\\eOk", .character("+")),
    ]

    /// Chords and the keys of the editing keypad and F1–F12, as each
    /// encoding sends them: ESC-prefixed Alt, xterm's modifier parameter,
    /// kitty's CSI u, xterm's modifyOtherKeys.
    static let chords: [Sample] = [
        Sample("\u{1}", .character("a"), .control),
        Sample("\u{15}", .character("u"), .control),
        Sample("\u{17}", .character("w"), .control),
        Sample("\\eb", .character("b"), .alt),
        Sample("\\ed", .character("d"), .alt),
        Sample("\\e\r", .enter, .alt),
        Sample("\\e\u{7F}", .backspace, .alt),
        Sample("\\e\u{8}", .character("h"), [.alt, .control]),
        Sample("\\e[97;5u", .character("a"), .control),
        Sample("\\e[98;3u", .character("b"), .alt),
        Sample("\\e[97;2u", .character("A")),
        Sample("\\e[119;7u", .character("w"), [.alt, .control]),
        Sample("\\e[13;3u", .enter, .alt),
        Sample("\\e[127;3u", .backspace, .alt),
        Sample("\\e[9;2u", .tab, .shift),
        Sample("\\e[27u", .escape),
        Sample("\\e[233;3u", .character("é"), .alt),
        Sample("\\e[27;5;97~", .character("a"), .control),
        Sample("\\e[27;3;98~", .character("b"), .alt),
        Sample("\\e[27;3;13~", .enter, .alt),
        Sample("\\e[27;2;9~", .tab, .shift),
        Sample("\\e[3~", .delete),
        Sample("\\e[3;5~", .delete, .control),
        Sample("\\e[3;3~", .delete, .alt),
        Sample("\\e[2~", .insert),
        Sample("\\eOP", .function(1)),
        Sample("\\eOS", .function(4)),
        Sample("\\eO2Q", .function(2), .shift),
        Sample("\\e[1;5P", .function(1), .control),
        Sample("\\e[1;2S", .function(4), .shift),
        Sample("\\e[11~", .function(1)),
        Sample("\\e[15~", .function(5)),
        Sample("\\e[17~", .function(6)),
        Sample("\\e[21~", .function(10)),
        Sample("\\e[23~", .function(11)),
        Sample("\\e[24~", .function(12)),
        Sample("\\e[24;2~", .function(12), .shift),
        Sample("\\e[[A", .function(1)),
        Sample("\\e[[E", .function(5)),
    ]

    @Test(arguments: chords)
    func decodesChord(_ sample: Sample) {
        #expect(Self.decode(sample.bytes) == sample.events)
    }

    /// What the key map sees: the key with its modifiers made one chord.
    @Test func aKeyWithModifiersIsOneChord() {
        #expect(Key(.character("a"), .control) == .control("a"))
        #expect(Key(.character("W"), .control) == .control("w"))
        #expect(Key(.character("b"), .alt) == .alt(.character("b")))
        #expect(Key(.character("x"), [.alt, .control]) == .alt(.control("x")))
        #expect(Key(.backspace, .alt) == .alt(.backspace))
        #expect(Key(.enter, .alt) == .alt(.enter))
        #expect(Key(.tab, .shift) == .backTab)
        #expect(Key(.backTab, .control) == .backTab)
        #expect(Key(.right, [.shift, .control]) == .right)
        #expect(Key(.delete, []) == .delete)
    }

    @Test(arguments: keys)
    func decodesKey(_ sample: Sample) {
        #expect(Self.decode(sample.bytes) == sample.events)
    }

    /// Keys `Key` cannot name, and sequences nobody asked for, vanish whole: the `x`
    /// after each is the only event.
    static let ignored: [String] = [
        "\\e[25~", "\\e[34;2~",  // F13, Shift+F20: Key has no case for them
        "\\e[57399u", "\\e[57399;5u",  // kitty's keypad 0, private use
        "\\e[27;5;57399~",  // the same through modifyOtherKeys
        "\\e[[F",  // no Linux console key
        "\\e[I", "\\e[O",  // focus in and out
        "\\e[?1;2c",  // device attributes reply
        "\\e[12;40R",  // cursor position report
        "\\e[>0;10;1c",
        "\\e[99X", "\\e[1 q", "\\e[=5u",
        "\\e[201~",  // a paste end without its start
        "\\e[<0;1M",  // SGR mouse with a parameter missing
        "\\e[<128;1;1M",  // mouse button 8
        "\\e[<35;5;5M",  // motion with no button held
        "\\e[<64;1;1m",  // a wheel never releases
    ]

    @Test(arguments: ignored)
    func swallowsSequence(_ input: String) {
        let bytes = Sample(input, []).bytes
        #expect(Self.decode(bytes + Array("x".utf8)) == [Self.char("x")])
        #expect(Self.decode(bytes).isEmpty)
    }

    static let mice: [Sample] = [
        Sample("\\e[<0;1;1M", [mouse(.press(.left), 0, 0)]),
        Sample("\\e[<0;1;1m", [mouse(.release(.left), 0, 0)]),
        Sample("\\e[<1;10;20M", [mouse(.press(.middle), 9, 19)]),
        Sample("\\e[<2;3;4m", [mouse(.release(.right), 2, 3)]),
        Sample("\\e[<64;5;6M", [mouse(.wheelUp, 4, 5)]),
        Sample("\\e[<65;5;6M", [mouse(.wheelDown, 4, 5)]),
        Sample("\\e[<66;5;6M", [mouse(.wheelLeft, 4, 5)]),
        Sample("\\e[<67;5;6M", [mouse(.wheelRight, 4, 5)]),
        Sample("\\e[<80;5;6M", [mouse(.wheelUp, 4, 5, .control)]),
        Sample("\\e[<32;7;8M", [mouse(.drag(.left), 6, 7)]),
        Sample("\\e[<34;7;8M", [mouse(.drag(.right), 6, 7)]),
        Sample("\\e[<52;7;8M", [mouse(.drag(.left), 6, 7, [.shift, .control])]),
        Sample("\\e[<4;1;1M", [mouse(.press(.left), 0, 0, .shift)]),
        Sample("\\e[<8;1;1M", [mouse(.press(.left), 0, 0, .alt)]),
        Sample("\\e[<16;1;1M", [mouse(.press(.left), 0, 0, .control)]),
        Sample("\\e[<30;1;1m", [mouse(.release(.right), 0, 0, [.shift, .alt, .control])]),
        Sample("\\e[<0;1000;2500M", [mouse(.press(.left), 999, 2499)]),
        Sample("\\e[<0;0;0M", [mouse(.press(.left), 0, 0)]),
        Sample("\\e[<0;99999999999999999999999;7M", [mouse(.press(.left), 999_999_998, 6)]),
        // Legacy encodings, in case the terminal ignores the SGR request.
        Sample("\\e[M !!", [mouse(.press(.left), 0, 0)]),
        Sample("\\e[M#*+", [mouse(.release(.left), 9, 10)]),
        Sample("\\e[32;10;20M", [mouse(.press(.left), 9, 19)]),
        Sample("\\e[96;10;20M", [mouse(.wheelUp, 9, 19)]),
    ]

    @Test(arguments: mice)
    func decodesMouse(_ sample: Sample) {
        #expect(Self.decode(sample.bytes) == sample.events)
    }

    @Test func decodesUTF8() {
        let text = "é한글👍🏽🇰🇷"
        let events = Self.decode(Array(text.utf8))
        #expect(events == text.unicodeScalars.map { Self.char(Character($0)) })
    }

    @Test(
        arguments: [
            ([0xFF], "\u{FFFD}"),
            ([0x80, 0x61], "\u{FFFD}a"),
            ([0xC3, 0x28], "\u{FFFD}("),
            ([0xC0, 0x80], "\u{FFFD}\u{FFFD}"),
            ([0xED, 0xA0, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}"),
            ([0xF4, 0x90, 0x80, 0x80], "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"),
            ([0xE2, 0x82], "\u{FFFD}"),
            ([0xE2, 0x82, 0x1B, 0x5B, 0x41], "\u{FFFD}"),
        ] as [([UInt8], String)])
    func replacesInvalidUTF8(_ bytes: [UInt8], _ expected: String) {
        let events = Self.decode(bytes).filter { $0 != Self.key(.up) }
        #expect(events == expected.map { Self.char($0) })
    }

    @Test func dropsC1ControlCharacters() {
        #expect(Self.decode([0xC2, 0x9B, 0x41]) == [Self.char("A")])
    }

    @Test(arguments: ["한", "👍", "é"])
    func holdsSplitCharacter(_ text: String) {
        let bytes = Array(text.utf8)
        for cut in 1..<bytes.count {
            var decoder = InputDecoder()
            #expect(decoder.feed(bytes[..<cut]).isEmpty)
            #expect(decoder.hasPending)
            #expect(decoder.feed(bytes[cut...]) == [Self.char(Character(text))])
            #expect(!decoder.hasPending)
        }
    }

    @Test func loneEscapeWaitsForTheTimeout() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.hasPending)
        #expect(decoder.flushPending() == [Self.key(.escape)])
        #expect(!decoder.hasPending)
        #expect(decoder.flushPending().isEmpty)
    }

    @Test func escapeThenKeyBeforeTheTimeoutIsAlt() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.feed(Array("x".utf8)) == [Self.char("x", .alt)])
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.flushPending() == [Self.key(.escape)])
        #expect(decoder.feed(Array("x".utf8)) == [Self.char("x")])
    }

    @Test func ctrlCIsAKey() {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x03]) == [Self.char("c", .control)])
        #expect(!decoder.hasPending)
    }

    @Test func sequenceSplitAcrossReads() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}[1;".utf8)).isEmpty)
        #expect(decoder.hasPending)
        #expect(decoder.feed(Array("5A\u{1B}[<0;12".utf8)) == [Self.key(.up, .control)])
        #expect(decoder.feed(Array(";3M".utf8)) == [Self.mouse(.press(.left), 11, 2)])
        #expect(!decoder.hasPending)
    }

    @Test func truncatedSequenceIsDroppedAtTheTimeout() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}[1;5".utf8)).isEmpty)
        #expect(decoder.flushPending().isEmpty)
        #expect(decoder.feed(Array("A".utf8)) == [Self.char("A")])
    }

    @Test func interruptedSequenceYieldsToTheNext() {
        #expect(Self.decode(Array("\u{1B}[1;\u{1B}[B".utf8)) == [Self.key(.down)])
        #expect(Self.decode(Array("\u{1B}[\u{3}".utf8)) == [Self.char("[", .alt), Self.char("c", .control)])
        #expect(Self.decode(Array("\u{1B}[[\u{1B}[C".utf8)) == [Self.key(.right)])
    }

    @Test func overlongSequenceIsDroppedWhole() {
        let long = "\u{1B}[" + String(repeating: "1;", count: 100) + "A"
        #expect(Self.decode(Array((long + "z").utf8)) == [Self.char("z")])
        let ss3 = "\u{1B}O" + String(repeating: "5", count: 100) + "A"
        #expect(Self.decode(Array((ss3 + "z").utf8)) == [Self.char("z")])
        let short = "\u{1B}[" + String(repeating: "1", count: 60) + "~"
        #expect(Self.decode(Array((short + "z").utf8)) == [Self.char("z")])
    }

    @Test func bracketedPaste() {
        let text = "line one\nq\tj\u{1B}[A\u{3}한👍 <Enter>"
        let input = "a\u{1B}[200~" + text + "\u{1B}[201~b"
        #expect(Self.decode(Array(input.utf8)) == [Self.char("a"), .paste(text), Self.char("b")])
        #expect(Self.decode(Array("\u{1B}[200~\u{1B}[201~".utf8)).isEmpty)
    }

    @Test func pasteOutlastsTheTimeout() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}[200~q\u{1B}".utf8)).isEmpty)
        #expect(!decoder.hasPending)
        #expect(decoder.flushPending().isEmpty)
        #expect(decoder.feed(Array("[20".utf8)).isEmpty)
        #expect(decoder.flushPending().isEmpty)
        #expect(decoder.feed(Array("1~q".utf8)) == [.paste("q"), Self.char("q")])
    }

    /// A paste whose end marker never comes: the caller ends it after a
    /// silence, and what follows is keys again.
    @Test func aPasteWithoutItsEndIsEndedByTheCaller() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}[200~abc".utf8)).isEmpty)
        #expect(decoder.isInPaste)
        #expect(decoder.endPaste() == [.paste("abc")])
        #expect(!decoder.isInPaste)
        #expect(decoder.feed(Array("q".utf8)) == [Self.char("q")])
        #expect(decoder.endPaste().isEmpty)
    }

    @Test func longPasteArrivesInPieces() {
        var decoder = InputDecoder(maxPasteBytes: 16)
        let text = String(repeating: "한글abc", count: 20)
        let events = decoder.feed(Array(("\u{1B}[200~" + text + "\u{1B}[201~").utf8))
        #expect(events.count > 1)
        let pieces = events.compactMap { event -> String? in
            if case .paste(let piece) = event { piece } else { nil }
        }
        #expect(pieces.count == events.count)
        #expect(pieces.allSatisfy { $0.utf8.count <= 16 && !$0.contains("\u{FFFD}") })
        #expect(pieces.joined() == text)
    }

    /// Every key and report above, with text and a paste, back to back.
    static let mixed: [UInt8] = {
        var bytes: [UInt8] = Array("hé한👍\u{3}\u{1B}x\u{1B}\u{1B}[A".utf8)
        for sample in keys + mice
        where sample.input != "\\e" && !sample.input.hasSuffix("\\e[")
            && !sample.input.hasSuffix("\\eO") && !sample.input.hasPrefix("\\e\\e")
        {
            bytes += sample.bytes
        }
        for input in ignored { bytes += Sample(input, []).bytes }
        bytes += Array("\u{1B}[200~pa\u{1B}[20ste 😀\u{1B}[201~".utf8)
        bytes += Array(("\u{1B}[" + String(repeating: "9", count: 80) + "~ok").utf8)
        bytes += [0xF0, 0x9F, 0xFF, 0x61, 0x1B]
        return bytes
    }()

    @Test func everySplitPointGivesTheSameEvents() {
        let whole = Self.decode(Self.mixed)
        #expect(whole.contains(.paste("pa\u{1B}[20ste 😀")))
        #expect(whole.last == Self.key(.escape))
        for cut in 0...Self.mixed.count {
            var decoder = InputDecoder()
            let events =
                decoder.feed(Self.mixed[..<cut]) + decoder.feed(Self.mixed[cut...]) + decoder.flushPending()
            #expect(events == whole, "split at \(cut)")
            if events != whole { return }
        }
        var decoder = InputDecoder()
        let oneByOne = Self.mixed.flatMap { decoder.feed([$0]) } + decoder.flushPending()
        #expect(oneByOne == whole)
    }

    @Test func decodesTextAsUnicodeDoes() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<2_000 {
            let bytes = (0..<random.int(upTo: 24)).map { _ in UInt8(0x20 + random.int(upTo: 0xE0)) }
                .filter { $0 != 0x7F }
            let expected = String(decoding: bytes, as: UTF8.self).unicodeScalars
                .filter { !(0x80...0x9F).contains($0.value) }
                .map { $0 == " " ? Self.key(.space) : Self.char(Character($0)) }
            #expect(Self.decode(bytes) == expected, "\(bytes)")
        }
    }

    /// Random bytes, weighted towards the ones sequences are made of, in random pieces:
    /// never a trap or a hang, nothing pending after the flush, and the same events as
    /// one read.
    @Test func randomBytesNeverTrap() {
        var random = SplitMix64(seed: 2024)
        let alphabet: [UInt8] =
            Array("\u{1B}\u{1B}\u{1B}[[[O<;;;0123456789~~MmAZu:?".utf8) + [0x03, 0x0D, 0x7F]
        for round in 0..<10_000 {
            let bytes = (0..<random.int(upTo: 65)).map { _ in
                random.int(upTo: 3) == 0
                    ? UInt8(random.int(upTo: 256)) : alphabet[random.int(upTo: alphabet.count)]
            }
            let whole = Self.decode(bytes)
            var decoder = InputDecoder()
            var events: [InputEvent] = []
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + 1 + random.int(upTo: 8))
                events += decoder.feed(bytes[start..<end])
                start = end
            }
            events += decoder.flushPending()
            #expect(!decoder.hasPending)
            #expect(events == whole, "round \(round): \(bytes)")
            if events != whole { return }
        }
    }
}

/// A small seeded generator, so a failing fuzz round can be replayed.
private struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(upTo bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

import SwatchbookCore
import SwatchbookRender
import SwatchbookTerminal
import SwatchbookTestSupport
import Testing

/// Frames read back by a small terminal emulator: whatever the differ
/// sends, the screen ends up showing exactly the canvas, cell by cell, and
/// an unchanged screen costs nothing (SPEC §5).
@Suite struct FrameDifferTests {
    static let red = Color(rgb: 0xFF0000)
    static let nearRed = Color(rgb: 0xFE0101)
    static let green = Color(rgb: 0x00FF00)
    static let blue = Color(rgb: 0x0000FF)

    // MARK: the property

    @Test(arguments: ColorDepth.allCases)
    func everyFrameLeavesTheScreenShowingItsCanvas(depth: ColorDepth) {
        for seed in UInt64(1)...8 {
            var random = SeededGenerator(state: seed)
            var differ = FrameDiffer(depth: depth)
            var canvas = Canvas(width: 24, height: 6)
            var terminal = EmulatedTerminal(width: 24, height: 6)
            for step in 0..<40 {
                var full = false
                var edited = true
                switch random.next(20) {
                case 0:
                    edited = false
                case 1:
                    canvas = Canvas(width: 1 + random.next(30), height: 1 + random.next(8))
                    for _ in 0..<6 { Self.randomEdit(&canvas, &random) }
                    terminal = EmulatedTerminal(width: canvas.width, height: canvas.height)
                case 2:
                    full = true
                    Self.randomEdit(&canvas, &random)
                    terminal = EmulatedTerminal(width: canvas.width, height: canvas.height)
                default:
                    for _ in 0..<(1 + random.next(4)) { Self.randomEdit(&canvas, &random) }
                }
                let bytes = differ.frame(canvas, full: full)
                if !edited && step > 0 {
                    #expect(bytes.isEmpty, "seed \(seed) step \(step): unchanged frame")
                }
                terminal.apply(bytes)
                #expect(terminal.problems.isEmpty, "seed \(seed) step \(step): \(terminal.problems)")
                let mismatches = terminal.mismatches(with: canvas, depth: depth)
                #expect(mismatches.isEmpty, "seed \(seed) step \(step): \(mismatches.prefix(3))")
                #expect(terminal.state == SGRState(), "seed \(seed) step \(step): style left set")
                if !terminal.problems.isEmpty || !mismatches.isEmpty { return }
            }
        }
    }

    @Test func theSameCanvasesGiveTheSameBytes() {
        func run() -> [[UInt8]] {
            var random = SeededGenerator(state: 99)
            var differ = FrameDiffer(depth: .ansi256)
            var canvas = Canvas(width: 30, height: 8)
            var frames: [[UInt8]] = []
            for _ in 0..<30 {
                Self.randomEdit(&canvas, &random)
                frames.append(differ.frame(canvas))
            }
            return frames
        }
        #expect(run() == run())
    }

    // MARK: small frames

    @Test(arguments: ColorDepth.allCases)
    func anUnchangedScreenCostsNothing(depth: ColorDepth) {
        var differ = FrameDiffer(depth: depth)
        let canvas = Self.page(width: 80, height: 24)
        #expect(!differ.frame(canvas).isEmpty)
        #expect(differ.frame(canvas).isEmpty)
        // Redrawn from scratch, interned in another order: still no change.
        var redrawn = Canvas(width: 80, height: 24)
        redrawn.draw("unused", x: 0, y: 30, style: Style(foreground: Self.blue), clip: redrawn.bounds)
        for y in 0..<24 { Self.drawPageLine(y, into: &redrawn) }
        #expect(differ.frame(redrawn).isEmpty)
    }

    @Test func oneChangedCellIsAFewBytes() {
        var differ = FrameDiffer(depth: .truecolor)
        var canvas = Self.page(width: 80, height: 24)
        _ = differ.frame(canvas)
        var terminal = EmulatedTerminal(width: 80, height: 24)
        terminal.apply(differ.frame(canvas, full: true))
        canvas.draw("x", x: 50, y: 12, style: Style(foreground: Self.red), clip: canvas.bounds)
        let bytes = differ.frame(canvas)
        #expect(bytes.count < 40)
        #expect(Self.visible(bytes) == "␛[13;51H␛[38;2;255;0;0mx␛[0m")
        terminal.apply(bytes)
        #expect(terminal.mismatches(with: canvas, depth: .truecolor).isEmpty)
    }

    @Test func oneChangedLineAt200ColumnsIsAboutAsLongAsTheLine() {
        var differ = FrameDiffer(depth: .truecolor)
        var canvas = Self.page(width: 200, height: 50)
        var terminal = EmulatedTerminal(width: 200, height: 50)
        terminal.apply(differ.frame(canvas))
        let line = String(repeating: "Salmon #FA8072 ", count: 14)
        canvas.draw(line, x: 0, y: 20, style: Style(foreground: Self.green), clip: canvas.bounds)
        let bytes = differ.frame(canvas)
        // A move, one colour, at most 200 characters and a reset.
        #expect(bytes.count <= 6 + 19 + 200 + 4)
        terminal.apply(bytes)
        #expect(terminal.problems.isEmpty)
        #expect(terminal.mismatches(with: canvas, depth: .truecolor).isEmpty)
    }

    @Test func aShortUnchangedGapIsWrittenThroughAndALongOneJumped() {
        var differ = FrameDiffer(depth: .truecolor)
        var canvas = Canvas(width: 40, height: 2)
        canvas.draw("abcdef", x: 0, y: 1, style: .plain, clip: canvas.bounds)
        _ = differ.frame(canvas)
        canvas.draw("x", x: 0, y: 1, style: .plain, clip: canvas.bounds)
        canvas.draw("y", x: 2, y: 1, style: .plain, clip: canvas.bounds)
        canvas.draw("z", x: 30, y: 1, style: .plain, clip: canvas.bounds)
        #expect(Self.visible(differ.frame(canvas)) == "␛[2Hxby␛[27Cz")
    }

    @Test func coloursReducedToOnePaletteEntryAreNoChange() {
        var differ = FrameDiffer(depth: .ansi16)
        var canvas = Canvas(width: 10, height: 1)
        canvas.draw("abc", x: 0, y: 0, style: Style(foreground: Self.red), clip: canvas.bounds)
        _ = differ.frame(canvas)
        canvas.draw("abc", x: 0, y: 0, style: Style(foreground: Self.nearRed), clip: canvas.bounds)
        #expect(differ.frame(canvas).isEmpty)
    }

    // MARK: repaints

    @Test func aResizeRepaintsEverything() {
        var differ = FrameDiffer(depth: .ansi256)
        _ = differ.frame(Self.page(width: 40, height: 10))
        let resized = Self.page(width: 50, height: 12)
        let bytes = differ.frame(resized)
        #expect(Self.visible(bytes).hasPrefix("␛[0m␛[2J"))
        var terminal = EmulatedTerminal(width: 50, height: 12)
        terminal.apply(bytes)
        #expect(terminal.problems.isEmpty)
        #expect(terminal.mismatches(with: resized, depth: .ansi256).isEmpty)
    }

    @Test func fullRepaintsAnUnchangedScreen() {
        var differ = FrameDiffer(depth: .ansi16)
        let canvas = Self.page(width: 30, height: 5)
        _ = differ.frame(canvas)
        var terminal = EmulatedTerminal(width: 30, height: 5)
        terminal.apply(differ.frame(canvas, full: true))
        #expect(terminal.mismatches(with: canvas, depth: .ansi16).isEmpty)
    }

    @Test func backgroundsAreWrittenNotErased() {
        var differ = FrameDiffer(depth: .truecolor)
        let canvas = Canvas(width: 4, height: 2, fill: Style(background: Self.blue))
        let bytes = Self.visible(differ.frame(canvas))
        #expect(bytes == "␛[0m␛[2J␛[H␛[48;2;0;0;255m    ␛[2H    ␛[0m")
    }

    // MARK: wide clusters

    @Test(arguments: [
        ("ab가cd", "abc가d"), ("가나다", "a가나다"), ("가나", "a b c"), ("abcd", "가나"),
        ("가😀", "가z😀"), ("x가", "x가"),
    ])
    func wideClustersAreNeverLeftHalved(before: String, after: String) {
        var differ = FrameDiffer(depth: .ansi256)
        var canvas = Canvas(width: 8, height: 1)
        canvas.draw(before, x: 0, y: 0, style: .plain, clip: canvas.bounds)
        var terminal = EmulatedTerminal(width: 8, height: 1)
        terminal.apply(differ.frame(canvas))
        canvas = Canvas(width: 8, height: 1)
        canvas.draw(after, x: 0, y: 0, style: .plain, clip: canvas.bounds)
        terminal.apply(differ.frame(canvas))
        #expect(terminal.problems.isEmpty)
        #expect(terminal.mismatches(with: canvas, depth: .ansi256).isEmpty)
    }

    @Test func aRestyledWideClusterIsWrittenWhole() {
        var differ = FrameDiffer(depth: .truecolor)
        var canvas = Canvas(width: 6, height: 1)
        canvas.draw("a메b", x: 0, y: 0, style: .plain, clip: canvas.bounds)
        _ = differ.frame(canvas)
        canvas.draw("메", x: 1, y: 0, style: Style(attributes: .bold), clip: canvas.bounds)
        #expect(Self.visible(differ.frame(canvas)) == "␛[1;2H␛[1m메␛[0m")
    }

    @Test func controlCharactersInCellsNeverReachTheTerminal() {
        var differ = FrameDiffer(depth: .truecolor)
        var canvas = Canvas(width: 3, height: 1)
        canvas.fill(canvas.bounds, clip: canvas.bounds, with: "\u{1B}", style: .plain)
        var terminal = EmulatedTerminal(width: 3, height: 1)
        terminal.apply(differ.frame(canvas))
        #expect(terminal.problems.isEmpty)
        #expect(terminal.cells.map(\.text) == ["\u{FFFD}", "\u{FFFD}", "\u{FFFD}"])
    }

    // MARK: helpers

    /// A page of text with a few styles, the way a browse screen looks.
    static func page(width: Int, height: Int) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        for y in 0..<height { drawPageLine(y, into: &canvas) }
        return canvas
    }

    static func drawPageLine(_ y: Int, into canvas: inout Canvas) {
        let style =
            y % 3 == 0
            ? Style(foreground: red, attributes: .bold) : Style(background: y % 2 == 0 ? blue : nil)
        canvas.draw("Row \(y) 메인\(y) swatches", x: 2, y: y, style: style, clip: canvas.bounds)
    }

    /// Bytes as text with ESC shown as ␛, so expectations read like the output.
    static func visible(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "␛")
    }

    static let texts = [
        "ab", "메인1", "x", "  ", "😀z", "가", "👍🏽", "e\u{301}", "🇰🇷", "Hello", "│", "█▀",
    ]
    static let colours: [Color?] = [nil, red, nearRed, green, blue, Color(rgb: 0xFFFF00)]

    /// Draws random text or fills a random rectangle, in a random style.
    static func randomEdit(_ canvas: inout Canvas, _ random: inout SeededGenerator) {
        guard canvas.width > 0, canvas.height > 0 else { return }
        let style = Style(
            foreground: colours[random.next(colours.count)],
            background: colours[random.next(colours.count)],
            attributes: TextAttributes(rawValue: UInt8(random.next(32))))
        let x = random.next(canvas.width + 2) - 1
        let y = random.next(canvas.height)
        if random.next(4) == 0 {
            let rect = Rect(x: x, y: y, width: random.next(8), height: 1 + random.next(3))
            canvas.fill(rect, clip: canvas.bounds, with: [" ", "░", "x"][random.next(3)], style: style)
        } else {
            var text = ""
            for _ in 0..<(1 + random.next(4)) { text += texts[random.next(texts.count)] }
            canvas.draw(text, x: x, y: y, style: style, clip: canvas.bounds)
        }
    }
}

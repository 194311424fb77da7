import SwatchbookCore
import Testing

@testable import SwatchbookRender

/// ANSI output with the fewest SGR changes, at every colour depth, and plain
/// output with no escape bytes at all (SPEC §5).
@Suite struct ANSIWriterTests {
    static let red = Color(rgb: 0xFF0000)
    static let green = Color(rgb: 0x00FF00)
    static let blue = Color(rgb: 0x0000FF)
    static let salmon = Color(rgb: 0xFA8072)

    // MARK: helpers

    static func ansi(_ canvas: Canvas, depth: ColorDepth = .truecolor) -> String {
        var writer = ANSIWriter(depth: depth)
        var bytes: [UInt8] = []
        writer.write(canvas, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func plain(_ canvas: Canvas) -> [UInt8] {
        var writer = PlainWriter()
        var bytes: [UInt8] = []
        writer.write(canvas, into: &bytes)
        return bytes
    }

    /// A one-line canvas drawn from (text, style) runs left to right.
    static func line(width: Int, _ runs: [(String, Style)]) -> Canvas {
        var canvas = Canvas(width: width, height: 1)
        var x = 0
        for (text, style) in runs {
            x = canvas.draw(text, x: x, y: 0, style: style, clip: canvas.bounds)
        }
        return canvas
    }

    /// The parameter strings of every `ESC [ … m` in `text`, in order.
    static func sgrParameters(_ text: String) -> [String] {
        var result: [String] = []
        var scalars = text.unicodeScalars[...]
        while let escape = scalars.firstIndex(of: "\u{1B}") {
            scalars = scalars[scalars.index(after: escape)...]
            guard scalars.first == "[" else { continue }
            scalars = scalars.dropFirst()
            let end = scalars.firstIndex(of: "m") ?? scalars.endIndex
            result.append(String(String.UnicodeScalarView(scalars[..<end])))
            scalars =
                end < scalars.endIndex ? scalars[scalars.index(after: end)...] : scalars[end...]
        }
        return result
    }

    /// `text` with every well-formed SGR sequence removed; any other ESC stays.
    static func strippingSGR(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            if scalars[i] == "\u{1B}", i + 1 < scalars.count, scalars[i + 1] == "[" {
                var j = i + 2
                while j < scalars.count, "0123456789;".unicodeScalars.contains(scalars[j]) {
                    j += 1
                }
                if j < scalars.count, scalars[j] == "m" {
                    i = j + 1
                    continue
                }
            }
            out.append(scalars[i])
            i += 1
        }
        return String(out)
    }

    // MARK: minimal SGR

    @Test func aRunOfOneStyleHasOneSequenceAndOneReset() {
        let style = Style(foreground: Self.red)
        let canvas = Self.line(width: 12, [("abcdef", style)])
        #expect(Self.ansi(canvas) == "\u{1B}[38;2;255;0;0mabcdef\u{1B}[0m\n")
    }

    @Test func aStyleSpanningTwoDrawsIsStillOneSequence() {
        let style = Style(foreground: Self.red, background: Self.blue, attributes: .bold)
        let canvas = Self.line(width: 12, [("abc", style), ("메인", style)])
        let text = Self.ansi(canvas)
        #expect(Self.sgrParameters(text) == ["1;38;2;255;0;0;48;2;0;0;255", "0"])
        #expect(text.hasSuffix("abc메인\u{1B}[0m\n"))
    }

    @Test func changingOnlyTheBackgroundNamesOnlyTheBackground() {
        let first = Style(foreground: Self.red, background: Self.blue)
        let second = Style(foreground: Self.red, background: Self.green)
        let canvas = Self.line(width: 8, [("ab", first), ("cd", second)])
        #expect(
            Self.ansi(canvas)
                == "\u{1B}[38;2;255;0;0;48;2;0;0;255mab\u{1B}[48;2;0;255;0mcd\u{1B}[0m\n")
    }

    @Test func changingOnlyTheForegroundNamesOnlyTheForeground() {
        let first = Style(foreground: Self.red, background: Self.blue, attributes: .underline)
        let second = Style(foreground: Self.green, background: Self.blue, attributes: .underline)
        let canvas = Self.line(width: 8, [("ab", first), ("cd", second)])
        #expect(
            Self.sgrParameters(Self.ansi(canvas)) == [
                "4;38;2;255;0;0;48;2;0;0;255", "38;2;0;255;0", "0",
            ])
    }

    @Test func droppingAColourRestoresTheDefault() {
        let first = Style(foreground: Self.red, background: Self.blue)
        let canvas = Self.line(
            width: 8,
            [("a", first), ("b", Style(foreground: Self.red)), ("c", Style(background: Self.blue))])
        #expect(
            Self.sgrParameters(Self.ansi(canvas)) == [
                "38;2;255;0;0;48;2;0;0;255", "49", "39;48;2;0;0;255", "0",
            ])
    }

    @Test func boldAndDimTransitionsReAddWhatSGR22Cleared() {
        let canvas = Self.line(
            width: 10,
            [
                ("a", Style(attributes: .bold)),
                ("b", Style(attributes: .dim)),
                ("c", Style(attributes: [.bold, .dim])),
                ("d", Style(attributes: .bold)),
                ("e", .plain),
                ("f", Style(attributes: [.dim, .italic])),
                ("g", Style(attributes: .italic)),
            ])
        #expect(
            Self.ansi(canvas)
                == "\u{1B}[1ma\u{1B}[22;2mb\u{1B}[1mc\u{1B}[22;1md\u{1B}[0me\u{1B}[2;3mf\u{1B}[22mg\u{1B}[0m\n"
        )
    }

    @Test func removedAttributesUseTheirOwnOffCodes() {
        let all: TextAttributes = [.italic, .underline, .reverse]
        let canvas = Self.line(
            width: 6,
            [
                ("a", Style(foreground: Self.red, attributes: all)),
                ("b", Style(foreground: Self.red)),
            ])
        #expect(Self.sgrParameters(Self.ansi(canvas)) == ["3;4;7;38;2;255;0;0", "23;24;27", "0"])
    }

    @Test func eachLineStartsFromTheTerminalDefault() {
        var canvas = Canvas(width: 4, height: 2)
        let style = Style(foreground: Self.red)
        canvas.draw("ab", x: 0, y: 0, style: style, clip: canvas.bounds)
        canvas.draw("cd", x: 0, y: 1, style: style, clip: canvas.bounds)
        #expect(
            Self.ansi(canvas)
                == "\u{1B}[38;2;255;0;0mab\u{1B}[0m\n\u{1B}[38;2;255;0;0mcd\u{1B}[0m\n")
    }

    @Test func anUnstyledLineHasNoEscapes() {
        let canvas = Self.line(width: 10, [("plain 메인", .plain)])
        #expect(Self.ansi(canvas) == "plain 메인\n")
    }

    // MARK: depths

    @Test func truecolorNamesTheExactColour() {
        let style = Style(foreground: Self.salmon, background: Color(rgb: 0x0A0B0C))
        let canvas = Self.line(width: 4, [("x", style)])
        #expect(Self.sgrParameters(Self.ansi(canvas)) == ["38;2;250;128;114;48;2;10;11;12", "0"])
    }

    static let someColours: [Color] = [
        0xFA8072, 0xFF0000, 0x00FF00, 0x0000FF, 0x808080, 0x000000, 0xFFFFFF, 0x663399, 0x123456,
    ].map { Color(rgb: $0) }

    @Test(arguments: someColours)
    func depth256UsesTheNearestPaletteIndex(_ color: Color) {
        let index = TerminalPalette.nearest256(color)
        let canvas = Self.line(width: 4, [("x", Style(foreground: color, background: color))])
        #expect(
            Self.sgrParameters(Self.ansi(canvas, depth: .ansi256)) == [
                "38;5;\(index);48;5;\(index)", "0",
            ])
        #expect((16...255).contains(index))
    }

    /// xterm's sixteen defaults, each of which is its own nearest colour.
    static let basic: [(Int, Color)] = [
        0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
        0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF,
    ].enumerated().map { ($0.offset, Color(rgb: $0.element)) }

    @Test(arguments: basic)
    func depth16UsesThirtiesAndNineties(index: Int, color: Color) {
        #expect(Int(TerminalPalette.nearest16(color)) == index)
        let canvas = Self.line(width: 4, [("x", Style(foreground: color, background: color))])
        let foreground = index < 8 ? 30 + index : 90 + index - 8
        let background = index < 8 ? 40 + index : 100 + index - 8
        #expect(
            Self.sgrParameters(Self.ansi(canvas, depth: .ansi16)) == [
                "\(foreground);\(background)", "0",
            ])
    }

    @Test(arguments: someColours)
    func depth16CodesStayInRange(_ color: Color) {
        let canvas = Self.line(width: 4, [("x", Style(foreground: color, background: color))])
        let codes = Self.sgrParameters(Self.ansi(canvas, depth: .ansi16))[0].split(separator: ";")
            .map {
                Int($0)!
            }
        #expect(codes.count == 2)
        #expect((30...37).contains(codes[0]) || (90...97).contains(codes[0]))
        #expect((40...47).contains(codes[1]) || (100...107).contains(codes[1]))
        #expect(codes[1] - codes[0] == 10)
    }

    @Test func depthNoneKeepsAttributesAndDropsColours() {
        let canvas = Self.line(
            width: 10,
            [
                ("a", Style(foreground: Self.red, background: Self.blue, attributes: .bold)),
                ("b", Style(foreground: Self.green, attributes: .bold)),
                ("c", Style(background: Self.green, attributes: .underline)),
                ("d", Style(foreground: Self.salmon)),
            ])
        let text = Self.ansi(canvas, depth: .none)
        #expect(text == "\u{1B}[1mab\u{1B}[22;4mc\u{1B}[0md\n")
        #expect(!text.contains("38;"))
        #expect(!text.contains("48;"))
        #expect(!text.contains("39"))
        #expect(!text.contains("49"))
    }

    @Test func depthNoneWithOnlyColoursHasNoEscapes() {
        let canvas = Self.line(
            width: 10, [("ab", Style(foreground: Self.red)), ("cd", Style(background: Self.blue))])
        #expect(Self.ansi(canvas, depth: .none) == "abcd\n")
    }

    // MARK: trimming and plain

    @Test func trailingUnstyledBlanksAreTrimmed() {
        let canvas = Self.line(width: 20, [("hi", Style(foreground: Self.red)), ("  ", .plain)])
        #expect(Self.ansi(canvas) == "\u{1B}[38;2;255;0;0mhi\u{1B}[0m\n")
        #expect(Self.plain(canvas) == Array("hi\n".utf8))
    }

    @Test func styledTrailingBlanksAreKeptInANSIButNotPlain() {
        // A header bar: its background runs to the edge.
        var canvas = Canvas(width: 6, height: 1)
        let bar = Style(background: Self.blue)
        canvas.fill(canvas.bounds, clip: canvas.bounds, style: bar)
        canvas.draw("Reds", x: 1, y: 0, style: bar, clip: canvas.bounds)
        #expect(Self.ansi(canvas) == "\u{1B}[48;2;0;0;255m Reds \u{1B}[0m\n")
        #expect(Self.plain(canvas) == Array(" Reds\n".utf8))
    }

    /// At depth none a background-only style shows nothing, so blanks in it
    /// are trailing blanks like any other.
    @Test func blanksThatShowNothingAtDepthNoneAreTrimmed() {
        let background = Style(background: Color(rgb: 0x202020))
        var canvas = Canvas(width: 20, height: 2, fill: background)
        canvas.draw("hi", x: 0, y: 0, style: background, clip: canvas.bounds)
        #expect(Self.ansi(canvas, depth: .none) == "hi\n\n")
    }

    @Test func plainOutputOfAStyledCanvasHasNoEscapeByte() {
        let styles = [
            Style(foreground: Self.red, background: Self.blue, attributes: [.bold, .underline]),
            Style(background: Self.salmon, attributes: .reverse),
            Style(foreground: Self.green, attributes: [.dim, .italic]),
        ]
        var canvas = Canvas(width: 16, height: 3, fill: styles[1])
        for y in 0..<3 {
            canvas.fill(
                Rect(x: 0, y: y, width: 16, height: 1), clip: canvas.bounds, with: "█",
                style: styles[y])
            canvas.draw(
                "메인 \u{1B}[31m", x: 2, y: y, style: styles[(y + 1) % 3], clip: canvas.bounds)
        }
        let bytes = Self.plain(canvas)
        #expect(!bytes.contains(0x1B))
        #expect(!bytes.contains(0x9B))
        #expect(!bytes.contains(0x07))
        #expect(String(decoding: bytes, as: UTF8.self).split(separator: "\n").count == 3)
    }

    @Test func wideClustersAreWrittenOnce() {
        let canvas = Self.line(width: 6, [("메인", Style(foreground: Self.red))])
        #expect(Self.strippingSGR(Self.ansi(canvas)) == "메인\n")
        #expect(Self.plain(canvas) == Array("메인\n".utf8))
    }
}

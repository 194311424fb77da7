import SwatchbookCore
import Testing

@testable import SwatchbookRender

/// ANSI output read back the way a terminal reads it: every cell shows its
/// own style, no line leaks a style past its end, and there is one SGR per
/// visible change.
@Suite struct ANSITerminalModelTests {

    /// What a terminal would hold after each SGR, in the writer's own terms.
    struct TerminalState: Equatable {
        var foreground: String?
        var background: String?
        var attributes: TextAttributes = []

        mutating func apply(_ parameters: String) {
            var codes = parameters.split(separator: ";", omittingEmptySubsequences: false).map {
                Int($0) ?? 0
            }[...]
            while let code = codes.popFirst() {
                switch code {
                case 0: self = TerminalState()
                case 1: attributes.insert(.bold)
                case 2: attributes.insert(.dim)
                case 3: attributes.insert(.italic)
                case 4: attributes.insert(.underline)
                case 7: attributes.insert(.reverse)
                case 22: attributes.subtract([.bold, .dim])
                case 23: attributes.remove(.italic)
                case 24: attributes.remove(.underline)
                case 27: attributes.remove(.reverse)
                case 39: foreground = nil
                case 49: background = nil
                case 30...37, 90...97: foreground = "16:\(code < 90 ? code - 30 : code - 90 + 8)"
                case 40...47, 100...107:
                    background = "16:\(code < 100 ? code - 40 : code - 100 + 8)"
                case 38, 48:
                    let kind = codes.popFirst()
                    let value: String
                    if kind == 5 {
                        value = "256:\(codes.popFirst()!)"
                    } else {
                        value = "rgb:\(codes.popFirst()!),\(codes.popFirst()!),\(codes.popFirst()!)"
                    }
                    if code == 38 { foreground = value } else { background = value }
                default:
                    Issue.record("unexpected SGR code \(code)")
                }
            }
        }

        init() {}

        init(_ style: Style, depth: ColorDepth) {
            func name(_ color: Color?) -> String? {
                guard let color else { return nil }
                switch depth {
                case .truecolor: return "rgb:\(color.red),\(color.green),\(color.blue)"
                case .ansi256: return "256:\(TerminalPalette.nearest256(color))"
                case .ansi16: return "16:\(TerminalPalette.nearest16(color))"
                case .none: return nil
                }
            }
            foreground = name(style.foreground)
            background = name(style.background)
            attributes = style.attributes
        }
    }

    /// A small deterministic generator, so failures reproduce.
    struct LinearCongruential {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test(arguments: ColorDepth.allCases)
    func aTerminalReadingTheOutputSeesEveryCellsStyle(depth: ColorDepth) {
        // Colours that stay distinct at every depth, so each change is visible.
        let colours: [Color?] = [
            nil, ANSIWriterTests.red, ANSIWriterTests.green, Color(rgb: 0xFFFF00),
        ]
        var random = LinearCongruential(state: 42)
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
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == canvas.height)
        for (y, line) in lines.enumerated() {
            var state = TerminalState()
            var x = 0
            var sequences = 0
            var changes = 0
            var previous = TerminalState()
            var scalars = Array(line.unicodeScalars)[...]
            var cluster = String.UnicodeScalarView()
            var cells: [(String, TerminalState)] = []
            func flush() {
                guard !cluster.isEmpty else { return }
                for character in String(cluster) { cells.append((String(character), state)) }
                cluster = String.UnicodeScalarView()
            }
            while let scalar = scalars.popFirst() {
                if scalar == "\u{1B}" {
                    flush()
                    #expect(scalars.popFirst() == "[")
                    var parameters = ""
                    while let next = scalars.popFirst(), next != "m" {
                        parameters.unicodeScalars.append(next)
                    }
                    state.apply(parameters)
                    sequences += 1
                } else {
                    cluster.append(scalar)
                }
            }
            flush()
            #expect(state == TerminalState(), "line \(y) ends with style still set")
            for (text, seen) in cells {
                let cell = canvas.cell(x: x, y: y)
                #expect(text == String(canvas.text(of: cell)))
                let expected = TerminalState(canvas.style(of: cell), depth: depth)
                #expect(seen == expected, "cell (\(x), \(y))")
                if expected != previous { changes += 1 }
                previous = expected
                x += Int(cell.width)
            }
            // One sequence per change, plus the reset at the end of a styled line.
            #expect(sequences == changes + (previous == TerminalState() ? 0 : 1), "line \(y)")
        }
    }
}

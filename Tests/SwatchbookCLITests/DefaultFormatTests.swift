import Foundation
import Testing

/// Which format a render writes when `--format` is not given: colour
/// asked for means ANSI, `-o FILE` goes by the file's extension, and a
/// file is never a terminal, so the same command writes the same file on a
/// laptop and in CI.
@Suite("the default format")
struct DefaultFormatTests {
    static let escape = UInt8(0x1B)
    /// The SGR a truecolor swatch of the demo's first colour (Orchid) writes.
    static let truecolorOrchid = Array("48;2;218;112;214".utf8)

    static func contains(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
        guard bytes.count >= part.count else { return false }
        return (0...(bytes.count - part.count)).contains { bytes[$0..<($0 + part.count)].elementsEqual(part) }
    }

    @Test(arguments: [
        (["--color", "truecolor"], [String: String]()),
        (["--color", "256"], [:]),
        (["--color", "16"], [:]),
        (["--color", "always"], [:]),
        ([], ["FORCE_COLOR": "1"]),
        (["--color", "truecolor"], ["NO_COLOR": "1"]),
    ])
    func colourAskedForMakesANSI(_ options: [String], _ environment: [String: String]) throws {
        let result = try CommandRunner.run(["render", "--width", "60"] + options, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(Self.escape), "\(options) \(environment)")
    }

    @Test(arguments: [
        (["--color", "never"], [String: String]()),
        (["--color", "auto"], [:]),
        ([], [:]),
        ([], ["FORCE_COLOR": "1", "NO_COLOR": "1"]),
        ([], ["FORCE_COLOR": ""]),
    ])
    func noColourAskedForIsPlain(_ options: [String], _ environment: [String: String]) throws {
        let result = try CommandRunner.run(["render", "--width", "60"] + options, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains(Self.escape), "\(options) \(environment)")
    }

    /// The help's own example writes colour into the file.
    @Test func theHelpsExampleWritesColour() throws {
        let scratch = ScratchFolder()
        let result = try CommandRunner.run(
            ["render", "--color", "truecolor", "-o", "palette.ans", "--width", "60"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let bytes = try [UInt8](Data(contentsOf: scratch.url.appendingPathComponent("palette.ans")))
        #expect(Self.contains(bytes, Self.truecolorOrchid))
    }

    @Test(arguments: [
        ("report.html", "<!DOCTYPE html>"), ("report.htm", "<!DOCTYPE html>"), ("report.json", "{"),
        ("report.txt", " Category #1"), ("report.ans", "\u{1B}["),
    ])
    func theExtensionChoosesTheFormat(_ file: String, _ start: String) throws {
        let scratch = ScratchFolder()
        // Colour asked for does not override the extension's format.
        let result = try CommandRunner.run(
            ["render", "-o", file, "--color", "256", "--width", "60"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOf: scratch.url.appendingPathComponent(file), encoding: .utf8)
        #expect(text.hasPrefix(start), "\(file)")
        if file.hasSuffix(".txt") { #expect(!text.contains("\u{1B}")) }
    }

    @Test func formatWinsOverTheExtension() throws {
        let scratch = ScratchFolder()
        let result = try CommandRunner.run(
            ["render", "-o", "out.html", "--format", "plain"], in: scratch.url)
        #expect(result.status == 0)
        let text = try String(contentsOf: scratch.url.appendingPathComponent("out.html"), encoding: .utf8)
        #expect(text.hasPrefix(" Category #1"))
    }

    /// A file is not a terminal: without colour asked for, a file named
    /// with no extension gets plain text, in a terminal too.
    @Test(.tags(.tmux)) func aFileIsNotATerminal() throws {
        let scratch = ScratchFolder()
        let screen = try TmuxScreen(
            "\(TmuxScreen.binary) render -o out; echo \"EXIT:$?\"; sleep 30", width: 100, height: 10,
            in: scratch.url)
        try screen.waitFor { $0.contains { $0.contains("EXIT:0") } }
        let text = try String(contentsOf: scratch.url.appendingPathComponent("out"), encoding: .utf8)
        #expect(!text.contains("\u{1B}"))
        // 80 columns, not the terminal's 100: the demo's first strip ends in its clip mark.
        let widest = text.split(separator: "\n").map(\.count).max() ?? 0
        #expect(widest <= 80)
    }
}

import Foundation
import SwatchbookTestSupport
import Testing

@Suite("render goldens")
struct RenderGoldenTests {
    static let widths = [60, 80, 120]

    @Test("the demo in plain text", arguments: widths)
    func demoPlain(width: Int) throws {
        let result = try CommandRunner.run([
            "render", "Scripts/colors.lua", "--format", "plain", "--width", "\(width)",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        Golden.assert(result.text, named: "colors-plain-\(width).txt")
    }

    @Test("the demo in truecolor ANSI", arguments: widths)
    func demoANSI(width: Int) throws {
        let result = try CommandRunner.run([
            "render", "Scripts/colors.lua", "--format", "ansi", "--color", "truecolor", "--width", "\(width)",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        Golden.assert(result.text, named: "colors-ansi-\(width).txt")
    }

    @Test func demoIn256And16Colours() throws {
        for depth in ["256", "16"] {
            let result = try CommandRunner.run([
                "render", "--format", "ansi", "--color", depth, "--width", "80",
            ])
            #expect(result.status == 0)
            Golden.assert(result.text, named: "colors-ansi\(depth)-80.txt")
        }
    }

    @Test func randomPalette() throws {
        for format in ["plain", "ansi"] {
            let result = try CommandRunner.run([
                "render", "Scripts/random-palette.lua", "--format", format, "--color", "truecolor",
                "--width", "80", "--seed", "1",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            Golden.assert(result.text, named: "random-palette-\(format)-80.txt")
        }
    }

    @Test func oneViewport() throws {
        let result = try CommandRunner.run(["render", "--format", "plain", "--width", "50", "--height", "12"])
        #expect(result.status == 0)
        #expect(result.text.split(separator: "\n", omittingEmptySubsequences: false).count == 13)
        Golden.assert(result.text, named: "colors-plain-50x12.txt")
    }
}

/// The examples in every layout and every format: what a reviewer sees of
/// each projection, checked in under `__Goldens__/projections`.
@Suite("projection goldens")
struct ProjectionGoldenTests {
    static let examples = ["demo", "trips", "categories"]
    static let formats = [
        "ansi": "ansi.txt", "plain": "txt", "html": "html", "json": "json", "transcript": "transcript.txt",
    ]

    @Test(arguments: examples, ["shelves", "outline", "details"])
    func everyFormat(example: String, layout: String) throws {
        let script = example == "demo" ? [] : ["Scripts/\(example).lua"]
        for (format, suffix) in Self.formats.sorted(by: { $0.key < $1.key }) {
            let result = try CommandRunner.run(
                ["render"] + script + [
                    "--layout", layout, "--format", format, "--color", "truecolor", "--width", "80",
                ])
            #expect(result.status == 0, "\(result.stderr)")
            Golden.assert(result.text, named: "projections/\(example)-\(layout).\(suffix)")
        }
    }
}

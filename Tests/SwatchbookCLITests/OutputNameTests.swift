import Foundation
import Testing

/// What `-o FILE` and an input file's name decide (issue 28, item 5): an
/// extension no writer has is a usage error, never plain text under a
/// misleading name, and a palette's title is its file's name without the
/// extension its reader claimed, every other dot kept.
@Suite struct OutputNameTests {
    @Test(arguments: ["out.pdf", "palette.yaml", "notes.docx"])
    func anOutputExtensionNoWriterHasIsAUsageError(_ name: String) throws {
        let scratch = ScratchFolder()
        let result = try CommandRunner.run(["render", "-o", scratch.path(name)])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(
            result.stderr.hasPrefix("-o: ") && result.stderr.filter { $0 == "\n" }.count == 1,
            "\(result.stderr)")
        for known in [".html", ".txt", ".ans", ".json", ".css", ".gpl", ".tokens.json", ".ase"] {
            #expect(result.stderr.contains(known), "\(known) listed: \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.path(name)), "nothing written")
    }

    /// An explicit --format, or a name with no extension, is the user's choice.
    @Test func aFormatGivenOrNoExtensionWritesAsAsked() throws {
        let scratch = ScratchFolder()
        let given = try CommandRunner.run(["render", "--format", "plain", "-o", scratch.path("out.pdf")])
        #expect(given.status == 0, "\(given.stderr)")
        let bare = try CommandRunner.run(["render", "-o", scratch.path("out")])
        #expect(bare.status == 0, "\(bare.stderr)")
        #expect(
            (try? String(contentsOfFile: scratch.path("out"), encoding: .utf8))?.contains("Category #1")
                == true)
    }

    /// `props.colors.css` is titled `props.colors`; `brand.tokens.json`,
    /// whose reader claims `tokens.json`, is titled `brand`.
    @Test(arguments: [
        ("props.colors.css", ":root { --red: #ff0000; }\n", "props.colors"),
        ("brand.tokens.json", ##"{"red": {"$type": "color", "$value": "#ff0000"}}"##, "brand"),
        ("my.brand.gpl", "GIMP Palette\n255 0 0 red\n", "my.brand"),
    ])
    func aPalettesTitleKeepsEveryDotButItsExtension(_ name: String, _ text: String, _ title: String) throws {
        let scratch = ScratchFolder()
        let file = scratch.write(name, text)
        let result = try CommandRunner.run(["render", file, "--format", "gpl"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains("\nName: \(title)\n"), "\(result.text)")
    }
}

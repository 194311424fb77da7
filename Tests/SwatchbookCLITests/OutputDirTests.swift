import Foundation
import Testing

/// `render FILE... --output-dir DIR`: a report per file, named after it,
/// an index of them with `--format html`, no file of the user's replaced,
/// and the exit status the worst of the files'.
@Suite("render --output-dir")
struct OutputDirTests {
    static let tango = "GIMP Palette\nName: Tango\n#\n252 233  79\tButter\n138 226  52\tChameleon\n"
    static let warm = "GIMP Palette\nName: Warm\n#\n204  51  51\tBrick\n"

    /// Two palettes in two folders with the same name, and one of another name.
    static func inputs(_ scratch: ScratchFolder) -> [String] {
        try? FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("a"), withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("b"), withIntermediateDirectories: true)
        scratch.write("a/tango.gpl", tango)
        scratch.write("b/tango.gpl", warm)
        scratch.write("deep.tokens.json", DeepTokenReportTests.tokens)
        return ["a/tango.gpl", "b/tango.gpl", "deep.tokens.json"]
    }

    static func files(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test func htmlWritesAReportPerFileAndAnIndex() throws {
        let scratch = ScratchFolder()
        let inputs = Self.inputs(scratch)
        let result = try CommandRunner.run(
            ["render"] + inputs + ["--output-dir", "out", "--format", "html"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let out = scratch.url.appendingPathComponent("out")
        #expect(
            Self.files(in: out) == [
                ".swatchbook-reports", "deep.tokens.html", "index.html", "tango-2.html", "tango.html",
            ])
        let index = try HTMLSummary.read(out.appendingPathComponent("index.html").path)
        #expect(index.links.map(\.href) == ["tango.html", "tango-2.html", "deep.tokens.html"])
        #expect(index.titles == ["Tango", "Warm", "deep"])
        #expect(index.chips[0] == ["#fce94f", "#8ae234"])
        #expect(index.chips[1] == ["#cc3333"])
        #expect(index.chips[2] == ["#cc3333", "#112233", "#cc3333", "#f0f0f0"])
        #expect(index.text.contains("2 colours"))
        // Each report is the one a lone render writes.
        let lone = try CommandRunner.run(["render", "b/tango.gpl", "--format", "html"], in: scratch.url)
        #expect(try Data(contentsOf: out.appendingPathComponent("tango-2.html")) == Data(lone.stdout))
        // Run again: it replaces its own files.
        let again = try CommandRunner.run(
            ["render"] + inputs + ["--output-dir", "out", "--format", "html"], in: scratch.url)
        #expect(again.status == 0, "\(again.stderr)")
    }

    @Test(arguments: [
        ("plain", "txt"), ("ansi", "ans"), ("json", "json"), ("transcript", "transcript"), ("css", "css"),
    ])
    func eachFormatNamesItsReportsByItsExtension(format: String, ext: String) throws {
        let scratch = ScratchFolder()
        let inputs = Self.inputs(scratch)
        let result = try CommandRunner.run(
            ["render"] + inputs + ["--output-dir", "out", "--format", format], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let out = scratch.url.appendingPathComponent("out")
        #expect(
            Self.files(in: out) == [
                ".swatchbook-reports", "deep.tokens.\(ext)", "tango-2.\(ext)", "tango.\(ext)",
            ])
    }

    @Test func aBadFileDoesNotStopTheOthersAndSetsTheStatus() throws {
        let scratch = ScratchFolder()
        let inputs = Self.inputs(scratch)
        scratch.write("broken.gpl", "GIMP Palette\n#\n300 0 0\tOver\n")
        let result = try CommandRunner.run(
            ["render", "broken.gpl", "missing.gpl"] + inputs + ["--output-dir", "out", "--format", "html"],
            in: scratch.url)
        #expect(result.status == 66, "the worst of 65 and 66: \(result.stderr)")
        let problems = result.stderr.split(separator: "\n")
        #expect(problems.contains { $0.hasPrefix("broken.gpl:") }, "\(result.stderr)")
        #expect(problems.contains { $0.hasPrefix("missing.gpl:") }, "\(result.stderr)")
        let out = scratch.url.appendingPathComponent("out")
        #expect(Self.files(in: out).contains("tango.html"))
        #expect(Self.files(in: out).contains("deep.tokens.html"))
        let index = try HTMLSummary.read(out.appendingPathComponent("index.html").path)
        #expect(index.links.count == 3, "only written reports are linked")
        #expect(index.text.contains("missing.gpl"))
    }

    @Test func aFileTheUserWroteIsNotReplaced() throws {
        let scratch = ScratchFolder()
        let inputs = Self.inputs(scratch)
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("out"), withIntermediateDirectories: true)
        scratch.write("out/tango.txt", "my notes\n")
        let result = try CommandRunner.run(["render"] + inputs + ["--output-dir", "out"], in: scratch.url)
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.contains("out/tango.txt"), "\(result.stderr)")
        #expect(try String(contentsOfFile: scratch.path("out/tango.txt"), encoding: .utf8) == "my notes\n")
        #expect(Self.files(in: scratch.url.appendingPathComponent("out")).contains("tango-2.txt"))
        // A report of its own that the user changed since is theirs too.
        scratch.write("out/tango-2.txt", "edited\n")
        let again = try CommandRunner.run(["render"] + inputs + ["--output-dir", "out"], in: scratch.url)
        #expect(again.status == 73, "\(again.stderr)")
        #expect(try String(contentsOfFile: scratch.path("out/tango-2.txt"), encoding: .utf8) == "edited\n")
    }

    @Test func severalFilesWithoutAFolderIsAUsageError() throws {
        let scratch = ScratchFolder()
        let inputs = Self.inputs(scratch)
        let result = try CommandRunner.run(["render"] + inputs, in: scratch.url)
        #expect(result.status == 64)
        #expect(result.stderr.contains("--output-dir"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let both = try CommandRunner.run(
            ["render"] + inputs + ["--output-dir", "out", "-o", "x.txt"], in: scratch.url)
        #expect(both.status == 64, "\(both.stderr)")
    }
}

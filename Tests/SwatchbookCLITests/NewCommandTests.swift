import Foundation
import Testing

/// `swatchbook new`: each kind of file passes check and renders, lands in
/// the config folder (or -o DIR) with the stubs beside it, and is never
/// written over.
@Suite struct NewCommandTests {
    @Test func aNewPluginRendersByName() throws {
        let scratch = ScratchFolder()
        let environment = ["XDG_CONFIG_HOME": scratch.path("config")]
        let made = try CommandRunner.run(["new", "plugin", "brand"], environment: environment)
        #expect(made.status == 0, "\(made.stderr)")
        let file = scratch.path("config/swatchbook/plugins/brand.lua")
        #expect(FileManager.default.fileExists(atPath: file))
        #expect(
            FileManager.default.fileExists(
                atPath: scratch.path("config/swatchbook/plugins/.types/swatchbook.lua")))
        #expect(FileManager.default.fileExists(atPath: scratch.path("config/swatchbook/plugins/.luarc.json")))
        let drawn = try CommandRunner.run(["render", "brand", "--format", "plain"], environment: environment)
        #expect(drawn.status == 0, "\(drawn.stderr)")
        #expect(drawn.text.contains("Sea Green") && drawn.text.contains("Blue 5"))
        let checked = try CommandRunner.run(["check", file], environment: environment)
        #expect(checked.status == 0 && checked.stderr.contains("0 problems, 0 warnings"), "\(checked.stderr)")
        let again = try CommandRunner.run(["new", "plugin", "brand"], environment: environment)
        #expect(again.status == 74 && again.stderr.contains("never overwrites"), "\(again.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("name = \"brand\""))
    }

    @Test func aNewThemeIsAPackThatPassesItsContrastCheck() throws {
        let scratch = ScratchFolder()
        let environment = ["XDG_CONFIG_HOME": scratch.path("config")]
        #expect(try CommandRunner.run(["new", "theme", "dusk"], environment: environment).status == 0)
        let checked = try CommandRunner.run(["check", "dusk"], environment: environment)
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(checked.stderr.contains("0 problems, 0 warnings"), "\(checked.stderr)")
        let drawn = try CommandRunner.run(
            ["render", "--theme", "dusk", "--format", "ansi", "--color", "truecolor", "--height", "3"],
            environment: environment)
        #expect(drawn.status == 0 && drawn.text.contains("48;2;46;52;64"), "\(drawn.stderr)")
    }

    @Test func aNewReaderReadsItsFormat() throws {
        let scratch = ScratchFolder()
        let environment = ["XDG_CONFIG_HOME": scratch.path("config")]
        #expect(try CommandRunner.run(["new", "reader", "hexl"], environment: environment).status == 0)
        let palette = scratch.write("brand.hexl", "#2E8B57 sea\n#FA8072\n")
        let drawn = try CommandRunner.run(["render", palette, "--format", "plain"], environment: environment)
        #expect(drawn.status == 0, "\(drawn.stderr)")
        #expect(drawn.text.contains("sea") && drawn.text.contains("#FA8072"))
        let bad = scratch.write("bad.hexl", "#2E8B57 sea\nnope\n")
        let failed = try CommandRunner.run(["render", bad], environment: environment)
        #expect(failed.status == 65 && failed.stderr.contains("bad.hexl:2: expected"), "\(failed.stderr)")
    }

    /// `check` of a reader alone reads the sample it declares; one without
    /// a sample is checked by its declaration, with no file to read.
    @Test func checkReadsANewReadersSample() throws {
        let scratch = ScratchFolder()
        let environment = ["XDG_CONFIG_HOME": scratch.path("config")]
        #expect(try CommandRunner.run(["new", "reader", "hexl"], environment: environment).status == 0)
        let reader = scratch.path("config/swatchbook/readers/hexl.lua")
        let checked = try CommandRunner.run(["check", reader], environment: environment)
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(checked.stderr.contains("0 problems, 0 warnings"), "\(checked.stderr)")

        let text = try String(contentsOfFile: reader, encoding: .utf8)
        try text.replacingOccurrences(of: "sample = \"#FF8800", with: "sample = \"FF8800")
            .write(toFile: reader, atomically: true, encoding: .utf8)
        let broken = try CommandRunner.run(["check", reader], environment: environment)
        #expect(broken.status == 65, "\(broken.stderr)")
        #expect(broken.stderr.contains("hexl.lua (reads.sample):1: expected"), "\(broken.stderr)")
        #expect(broken.stderr.contains("reads.detect: warning: does not recognise reads.sample"))

        let unsampled = text.split(separator: "\n").filter { !$0.contains("sample = ") }.joined(
            separator: "\n")
        try unsampled.write(toFile: reader, atomically: true, encoding: .utf8)
        let declared = try CommandRunner.run(["check", reader], environment: environment)
        #expect(declared.status == 0, "\(declared.stderr)")
    }

    @Test func outputFolderAndBadNames() throws {
        let scratch = ScratchFolder()
        let made = try CommandRunner.run(["new", "plugin", "local", "-o", scratch.path("here")])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(FileManager.default.fileExists(atPath: scratch.path("here/local.lua")))
        #expect(try CommandRunner.run(["render", scratch.path("here/local.lua")]).status == 0)
        let bad = try CommandRunner.run(["new", "plugin", "../escape"])
        #expect(bad.status == 64, "\(bad.stderr)")
        let kind = try CommandRunner.run(["new", "plugn", "x"])
        #expect(kind.status == 64 && kind.stderr.contains("did you mean 'plugin'"), "\(kind.stderr)")
    }
}

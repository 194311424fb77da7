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

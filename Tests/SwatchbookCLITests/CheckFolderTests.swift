import Foundation
import Testing

/// `check DIR` checks every plugin, theme, pack and palette file under the
/// folder that a reader claims, and lists what it left out with
/// `--verbose`; `check --strict` fails on a warning as on a problem.
@Suite("check of folders, and --strict")
struct CheckFolderTests {
    static func repository() -> ScratchFolder {
        let scratch = ScratchFolder()
        scratch.write("palettes/brand.gpl", "GIMP Palette\nName: Brand\n#\n250 128 114 Salmon\n")
        scratch.write("palettes/old/legacy.gpl", "GIMP Palette\nName: Legacy\n#\n300 0 0 Red\n")
        scratch.write(
            "palettes/tokens/brand.tokens.json",
            ##"{ "brand": { "$type": "color", "sky": { "$value": "#0EA5E9" } } }"##)
        scratch.write("palettes/package.json", #"{ "name": "palettes", "version": "1.0.0" }"#)
        scratch.write("palettes/README.md", "# Palettes\n")
        scratch.write("palettes/lib/util.lua", "return { twice = function(x) return 2 * x end }\n")
        scratch.write(
            "palettes/plugin.lua",
            #"return { name = "P", api = 1, data = { { name = "S", rows = { { name = "R", itmes = {} } } } } }"#
        )
        scratch.write("palettes/mine/pack.lua", #"return { name = "mine", themes = { "a.lua" } }"#)
        scratch.write(
            "palettes/mine/a.lua", ##"return { id = "mine-a", roles = { text = { fg = "#FFFFFF" } } }"##)
        return scratch
    }

    @Test func aFolderChecksEveryFileAReaderClaims() throws {
        let scratch = Self.repository()
        let result = try CommandRunner.run(["check", "palettes"], in: scratch.url)
        #expect(result.status == 65, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains("palettes/old/legacy.gpl:4: expected components from 0 to 255, got 300 0 0"))
        #expect(
            lines.contains {
                $0.hasPrefix("palettes/plugin.lua: data[1].rows[1]: warning: unknown key \"itmes\"")
            })
        #expect(lines.last == "6 files checked, 1 problem, 1 warning", "\(result.stderr)")
        #expect(result.text.contains("palettes/mine/a.lua: mine-a ("), "the pack's theme is checked")
        #expect(!result.stderr.contains("skipped"))
    }

    @Test func verboseListsWhatWasLeftOut() throws {
        let scratch = Self.repository()
        let result = try CommandRunner.run(["check", "palettes", "--verbose"], in: scratch.url)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains("palettes/README.md: skipped: no reader reads .md files"))
        #expect(
            lines.contains(
                "palettes/lib/util.lua: skipped: a .lua file outside a pack, below the folder named"))
        #expect(lines.contains { $0.hasPrefix("palettes/package.json: skipped: no reader of .json files (") })
    }

    @Test func aFolderWithNothingToCheckIsMissingInput() throws {
        let scratch = ScratchFolder()
        scratch.write("docs/README.md", "# Docs\n")
        let result = try CommandRunner.run(["check", "docs"], in: scratch.url)
        #expect(result.status == 66)
        #expect(
            result.stderr.hasPrefix(
                "docs: holds no plugin, theme, pack or palette file a reader claims (--verbose lists what it holds)\n"
            ))
    }

    /// What a reader warns of its file is counted by check, and --strict
    /// fails on it: a broken CSS colour no longer passes in silence.
    @Test func aReadersWarningsAreCountedAndStrictFailsOnThem() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "brand.css", ":root {\n  --ok: #112233;\n  --typo: #12345;\n  --bad: rgb(300 0 0 0);\n}\n")
        let lenient = try CommandRunner.run(["check", "brand.css"], in: scratch.url)
        #expect(lenient.status == 0)
        #expect(
            lenient.stderr.split(separator: "\n").map(String.init) == [
                ##"brand.css:3:11: warning: --typo: "#12345" is not a colour, so it is left out"##,
                #"brand.css:4:10: warning: --bad: "rgb(300 0 0 0)" is not a colour, so it is left out"#,
                "1 file checked, 0 problems, 2 warnings",
            ], "\(lenient.stderr)")
        let strict = try CommandRunner.run(["check", "--strict", "brand.css"], in: scratch.url)
        #expect(strict.status == 65)
        #expect(
            strict.stderr.hasPrefix(##"brand.css:3:11: --typo: "#12345" is not a colour, so it is left out"##)
        )
        #expect(strict.stderr.hasSuffix("1 file checked, 2 problems, 0 warnings\n"))
    }

    /// A reader's error quotes the line with its tabs as `\t`, not U+FFFD.
    @Test func aTabInABadLineShowsAsBackslashT() throws {
        let scratch = ScratchFolder()
        scratch.write("tab.gpl", "GIMP Palette\nName: Tab\n#\nx\t0\t0\tRed\n")
        let result = try CommandRunner.run(["check", "tab.gpl"], in: scratch.url)
        #expect(result.status == 65)
        #expect(
            result.stderr.hasPrefix(
                #"tab.gpl:4: expected "R G B name" (three numbers 0-255), got "x\t0\t0\tRed""# + "\n"),
            "\(result.stderr)")
    }

    @Test func strictMakesEveryWarningAProblem() throws {
        let scratch = Self.repository()
        let lenient = try CommandRunner.run(["check", "palettes/plugin.lua"], in: scratch.url)
        #expect(lenient.status == 0)
        let strict = try CommandRunner.run(["check", "--strict", "palettes/plugin.lua"], in: scratch.url)
        #expect(strict.status == 65)
        #expect(
            strict.stderr
                == "palettes/plugin.lua: data[1].rows[1]: unknown key \"itmes\" (did you mean \"items\"?)\n"
                + "1 file checked, 1 problem, 0 warnings\n")
    }
}

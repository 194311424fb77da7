import Foundation
import SwatchbookTestSupport
import Testing

@testable import SwatchbookCLI

@Suite("themes command and packs")
struct ThemesCommandTests {
    @Test func listsBuiltInAndPackThemes() throws {
        let result = try CommandRunner.run(["themes"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.text.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("ID") == true)
        #expect(lines.contains { $0.hasPrefix("default") && $0.contains("(built in)") })
        #expect(lines.contains { $0.hasPrefix("nord") && $0.hasSuffix("Themes/nord/nord.lua") })
    }

    /// Away from the project the bundled packs are still installed, and a
    /// user's pack overrides a bundled theme of the same id.
    @Test func bundledPacksWorkFromAnyFolderAndUserPacksOverrideThem() throws {
        let scratch = ScratchFolder()
        let listed = try CommandRunner.run(["themes"], in: scratch.url)
        #expect(listed.status == 0, "\(listed.stderr)")
        for id in [
            "gruvbox-dark", "high-contrast", "light", "monochrome", "nord", "solarized-dark",
            "solarized-light",
        ] {
            #expect(
                listed.text.split(separator: "\n").contains {
                    $0.hasPrefix(id + " ") && $0.contains("(bundled) ")
                }, "\(id)")
        }
        scratch.write(
            "config/swatchbook/themes/mine/pack.lua", #"return { name = "mine", themes = { "nord.lua" } }"#)
        scratch.write(
            "config/swatchbook/themes/mine/nord.lua",
            ##"return { id = "nord", name = "My Nord", roles = { text = { fg = "#FF0000" } } }"##)
        let overridden = try CommandRunner.run(
            ["themes", "--show", "nord"], environment: ["XDG_CONFIG_HOME": scratch.url.path + "/config"],
            in: scratch.url)
        #expect(overridden.status == 0, "\(overridden.stderr)")
        #expect(overridden.text.hasPrefix("nord: My Nord, dark\n"))
        #expect(
            overridden.text.split(separator: "\n").contains {
                $0.hasPrefix("text") && $0.contains("#FF0000")
                    && $0.hasSuffix("config/swatchbook/themes/mine/nord.lua")
            })
    }

    /// Every file of `Themes/` is compiled in, byte for byte: a theme added to
    /// a pack without its `BundledThemes/` link fails here.
    @Test func theBundleMatchesTheThemesFolder() throws {
        let folder = CommandRunner.root.appendingPathComponent("Themes")
        var onDisk: [String: [UInt8]] = [:]
        let walker = try #require(FileManager.default.enumerator(atPath: folder.path))
        for case let path as String in walker where path.hasSuffix(".lua") {
            onDisk[path] = Array(try Data(contentsOf: folder.appendingPathComponent(path)))
        }
        #expect(onDisk.keys.sorted() == BundledThemes.files.keys.sorted())
        for (path, bytes) in onDisk { #expect(BundledThemes.files[path] == bytes, "\(path)") }
    }

    @Test func showSaysWhereEachRoleCameFrom() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "Themes/mine/pack.lua", #"return { name = "mine", themes = { "frost.lua" } }"#)
        scratch.write(
            "Themes/mine/frost.lua",
            #"return { id = "frost", extends = "nord", roles = { header = { bg = "nord10" } } }"#)
        let result = try CommandRunner.run(["themes", "--show", "frost"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.text.split(separator: "\n").map(String.init)
        #expect(lines.first == "frost: Nord, dark")
        #expect(
            lines.contains {
                $0.hasPrefix("header") && $0.contains("#5E81AC") && $0.hasSuffix("Themes/mine/frost.lua")
            })
        #expect(lines.contains { $0.hasPrefix("row_title") && $0.hasSuffix("(bundled) nord/nord.lua") })
        let typo = try CommandRunner.run(["themes", "--show", "frots"], in: scratch.url)
        #expect(typo.status == 64)
        #expect(typo.stderr.contains("did you mean \"frost\"?"))
    }

    @Test func previewDrawsEveryThemeInItself() throws {
        let plain = try CommandRunner.run(["themes", "--preview", "--width", "80"])
        #expect(plain.status == 0, "\(plain.stderr)")
        let lines = plain.text.split(separator: "\n").map(String.init)
        #expect(lines.contains(" Nord · nord · dark · pack nord"))
        #expect(lines.contains(" Default · default · dark · built in"))
        #expect(lines.contains { $0.contains(" #2E3440 ") }, "the palette's hex codes")
        #expect(!plain.text.contains("\u{1B}"), "off a terminal, plain text")

        let colour = try CommandRunner.run([
            "themes", "--preview", "nord", "--color", "truecolor", "--width", "80",
        ])
        #expect(colour.status == 0, "\(colour.stderr)")
        #expect(colour.text.contains("48;2;46;52;64m"), "nord0 as a swatch")
        #expect(!colour.text.contains("Gruvbox"), "only the theme asked for")
    }

    @Test func previewOfAnUnknownThemeSuggestsOne() throws {
        let result = try CommandRunner.run(["themes", "--preview", "nrod"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("--preview: theme \"nrod\" is not installed"))
        #expect(result.stderr.contains("did you mean \"nord\"?"))
    }
}

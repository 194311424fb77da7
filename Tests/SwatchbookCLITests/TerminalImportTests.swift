import Foundation
import Testing

/// `theme import` over many schemes, as a user with a folder of them runs
/// it: folders taken, a bad file reported and skipped, ids apart, and every
/// theme readable at the figures `check` holds it to.
@Suite struct TerminalImportTests {
    static let schemeFolders = [
        ("/usr/share/foot/themes", "foot-themes"),
        ("/usr/share/xfce4/terminal/colorschemes", "xfce4-terminal"),
        ("/usr/share/tilix/schemes", "tilix-common"),
    ]

    static func run(_ arguments: [String]) throws -> CommandRunner.Result {
        try CommandRunner.run(["theme", "import"] + arguments)
    }

    /// The lines of `check` that say a role reads below its figure.
    static func poorRoles(in pack: String) throws -> [String] {
        let check = try CommandRunner.run(["check", pack])
        #expect(check.status == 0, "\(check.stderr)")
        return (check.text + check.stderr).split(separator: "\n").map(String.init).filter {
            $0.contains("below")
        }
    }

    /// Dracula as its kitty theme writes it, but with the selection drawn
    /// in the foreground's own colour, as 4 of 10 common schemes have it:
    /// a header on the selection colour in the foreground was invisible.
    static let dracula = """
        ## name: Dracula
        foreground            #f8f8f2
        background            #282a36
        selection_foreground  #282a36
        selection_background  #f8f8f2
        cursor                #f8f8f2
        color0  #21222c
        color1  #ff5555
        color2  #50fa7b
        color3  #f1fa8c
        color4  #bd93f9
        color5  #ff79c6
        color6  #8be9fd
        color7  #f8f8f2
        color8  #6272a4
        color9  #ff6e6e
        color10 #69ff94
        color11 #ffffa5
        color12 #d6acff
        color13 #ff92df
        color14 #a4ffff
        color15 #ffffff

        """

    @Test func everySchemeDebianShipsImportsReadable() throws {
        for (folder, package) in Self.schemeFolders {
            try Requirement.need(folder, from: "the Debian package \(package)")
        }
        let scratch = ScratchFolder()
        let pack = scratch.path("pack")
        let result = try Self.run(["terminal"] + Self.schemeFolders.map(\.0) + ["-o", pack])
        // xfce4-terminal ships schemes of a foreground and background only,
        // and the three packages share scheme names: reported, skipped.
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.text.hasPrefix("imported "), "\(result.text)")
        let themes = (try FileManager.default.contentsOfDirectory(atPath: pack)).filter { $0 != "pack.lua" }
        #expect(themes.count > 40, "\(themes)")
        #expect(try Self.poorRoles(in: pack) == [])
    }

    @Test func theHeaderOfASchemeWhoseSelectionIsItsForegroundReads() throws {
        let scratch = ScratchFolder()
        let file = scratch.write("dracula.conf", Self.dracula)
        let pack = scratch.path("pack")
        let result = try Self.run(["terminal", file, "-o", pack])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.poorRoles(in: pack) == [])
        let theme = try String(contentsOfFile: pack + "/term-dracula.lua", encoding: .utf8)
        // foreground on the selection is 1:1; the scheme's own next pair reads
        #expect(
            theme.contains(
                #"header = { fg = "selection_foreground", bg = "selection_background", bold = true },"#),
            "\(theme)")
        // the muted slot itself, ansi8 on the background, is 3.03:1
        #expect(theme.contains(#"muted = { fg = "ansi8" },"#), "\(theme)")
    }

    /// A role none of whose slots reads gets a slot of its own, its colour
    /// moved in lightness until it does.
    @Test func aRoleNoSlotReadsForGetsItsOwnLighterSlot() throws {
        let scratch = ScratchFolder()
        let file = scratch.write(
            "dim.conf", Self.dracula.replacingOccurrences(of: "color8  #6272a4", with: "color8  #30323e"))
        let pack = scratch.path("pack")
        #expect(try Self.run(["terminal", file, "-o", pack]).status == 0)
        let theme = try String(contentsOfFile: pack + "/term-dracula.lua", encoding: .utf8)
        #expect(theme.contains(#"muted = { fg = "muted_fg" },"#), "\(theme)")
        #expect(theme.contains(##"muted_fg = "#"##), "\(theme)")
        #expect(try Self.poorRoles(in: pack) == [])
    }

    @Test func everyBase16FixtureImportsReadable() throws {
        let scratch = ScratchFolder()
        let pack = scratch.path("pack")
        let result = try Self.run(["base16", "Tests/Fixtures/base16", "-o", pack])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.poorRoles(in: pack) == [])
    }

    @Test func aBadFileIsReportedAndSkippedAndTheRestWritten() throws {
        let scratch = ScratchFolder()
        let folder = scratch.path("schemes")
        _ = scratch.write("schemes/dracula.conf", Self.dracula)
        _ = scratch.write("schemes/broken.conf", "color0 #12\n")
        _ = scratch.write("schemes/notes.txt", "nothing here\n")
        let pack = scratch.path("pack")
        let result = try Self.run(["terminal", folder, "-o", pack])
        #expect(result.status == 65)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(lines)")
        #expect(
            lines.contains { $0.hasPrefix("\(folder)/broken.conf:1: expected a colour for color0") },
            "\(lines)")
        #expect(
            lines.contains { $0.hasPrefix("\(folder)/notes.txt: is not a palette file a reader recognises") })
        #expect(result.text == "imported 1 scheme into \(pack): term-dracula\n")
        #expect(FileManager.default.fileExists(atPath: pack + "/term-dracula.lua"))

        let strict = scratch.path("strict")
        let stopped = try Self.run(["terminal", folder, "--strict", "-o", strict])
        #expect(stopped.status == 65)
        #expect(stopped.stderr.split(separator: "\n").count == 1, "\(stopped.stderr)")
        #expect(!FileManager.default.fileExists(atPath: strict), "--strict writes nothing")
    }

    @Test func whenNoSchemeReadsEveryProblemIsOneLine() throws {
        let scratch = ScratchFolder()
        let first = scratch.write("a.conf", "color0 #12\n")
        let second = scratch.write("b.conf", "color0 #34\n")
        let result = try Self.run(["terminal", first, second, "-o", scratch.path("pack")])
        #expect(result.status == 65)
        #expect(result.stderr.split(separator: "\n").count == 2, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("pack")))
    }

    @Test func schemesOfOneNameTakeTheirFilesNames() throws {
        let scratch = ScratchFolder()
        let one = scratch.write(
            "solarized-dark", Self.dracula.replacingOccurrences(of: "Dracula", with: "Solarized dark"))
        let two = scratch.write(
            "solarized-dark-normal-brights.conf",
            Self.dracula.replacingOccurrences(of: "Dracula", with: "Solarized dark"))
        let pack = scratch.path("pack")
        let result = try Self.run(["kitty", one, two, "-o", pack])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.text
                == "imported 2 schemes into \(pack): term-solarized-dark, term-solarized-dark-normal-brights\n"
        )
    }

    /// `.theme` names many things: a highlight theme written in Lua is no
    /// Xfce scheme, and not a syntax error of one.
    @Test func aThemeFileThatIsNoXfceSchemeIsNoPalette() throws {
        let scratch = ScratchFolder()
        let file = scratch.write(
            "highlight.theme", "local theme = {\n  -- a highlight theme\n}\nreturn theme\n")
        let expected =
            "\(file): is not a palette file a reader recognises (an Xfce Terminal .theme has a [Scheme] section)\n"
        let rendered = try CommandRunner.run(["render", file])
        #expect(rendered.status == 65)
        #expect(rendered.stderr == expected)
        let imported = try Self.run(["terminal", file, "-o", scratch.path("pack")])
        #expect(imported.status == 65)
        #expect(imported.stderr == expected)
    }

    @Test func aPaletteThatIsNoSchemeSaysSo() throws {
        let scratch = ScratchFolder()
        let palette = scratch.write("palette.gpl", "GIMP Palette\nName: P\n#\n255 0 0 Red\n")
        let result = try Self.run(["terminal", palette, "-o", scratch.path("pack")])
        #expect(result.status == 65)
        #expect(
            result.stderr
                == "\(palette): was read as GIMP palette, which is not a terminal scheme; name the format: theme import FORMAT\n"
        )
    }
}

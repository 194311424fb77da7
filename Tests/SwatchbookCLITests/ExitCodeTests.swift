import Foundation
import SwatchbookTestSupport
import Testing

@Suite("exit codes and errors")
struct ExitCodeTests {
    @Test func usageErrors() throws {
        for arguments in [
            ["render", "--wdith", "80"], ["render", "--width", "zero"], ["render", "--format", "pdf"],
            ["render", "--color", "sometimes"], ["render", "a.lua", "b.lua"], ["frobnicate"],
            ["render", "--width"],
        ] {
            let result = try CommandRunner.run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        let typo = try CommandRunner.run(["render", "--wdith", "80"])
        #expect(typo.stderr.contains("did you mean --width?"))
    }

    @Test func missingPluginIs66() throws {
        let result = try CommandRunner.run(["render", "Scripts/nope.lua"])
        #expect(result.status == 66)
        #expect(result.stderr == "Scripts/nope.lua: no such file\n")
        let name = try CommandRunner.run(["render", "nope"])
        #expect(name.status == 66)
    }

    @Test func badScriptIs65WithFileAndLine() throws {
        let scratch = ScratchFolder()
        scratch.write("broken.lua", "return {\n  name = 'x', api = 1,\n  data = { { name = 1 + nil } }\n}\n")
        let result = try CommandRunner.run(["render", "broken.lua"], in: scratch.url)
        #expect(result.status == 65)
        #expect(result.stderr == "broken.lua:3: attempt to perform arithmetic on a nil value\n")
        let verbose = try CommandRunner.run(["render", "broken.lua", "--verbose"], in: scratch.url)
        #expect(verbose.stderr.contains("stack traceback"))
    }

    @Test func badColourNamesItsDataPath() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "x.lua",
            ##"return { name = "x", api = 1, data = { {}, { name = "b", rows = { { name = "r", items = { {name="a",color="red"}, {name="b",color="red"}, { name = "c", color = "#GG0000" } } } } } } }"##
        )
        let result = try CommandRunner.run(["render", "x.lua"], in: scratch.url)
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("x.lua: data[1].name: expected a string"))
        scratch.write(
            "x.lua",
            ##"return { name = "x", api = 1, data = { { name = "b", rows = { { name = "r", items = { {name="a",color="red"}, {name="b",color="red"}, { name = "c", color = "#GG0000" } } } } } } }"##
        )
        let second = try CommandRunner.run(["render", "x.lua"], in: scratch.url)
        #expect(second.stderr == "x.lua: data[1].rows[1].items[3].color: \"#GG0000\" is not a colour\n")
    }

    @Test func runawayScriptIsStopped() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "spin.lua", "return { name = 'x', api = 1, data = function()\n  while true do end\nend }\n")
        // That it stops at all is the event; the message says it was the budget.
        let result = try CommandRunner.run(
            ["render", "spin.lua", "--script-timeout", "0.5"], in: scratch.url)
        #expect(result.status == 65)
        #expect(result.stderr == "spin.lua:2: data(ctx) ran past its 0.5 s time budget (--script-timeout)\n")
    }

    @Test func memoryBombIsStopped() throws {
        let scratch = ScratchFolder()
        scratch.write("bomb.lua", "local t = {} while true do t[#t+1] = ('x'):rep(1024) .. #t end")
        let result = try CommandRunner.run(["render", "bomb.lua", "--max-memory", "32"], in: scratch.url)
        #expect(result.status == 65)
        #expect(result.stderr == "bomb.lua: main chunk ran out of memory (the cap is 32 MiB, --max-memory)\n")
    }

    @Test func helpAndVersion() throws {
        let help = try CommandRunner.run(["--help"])
        #expect(help.status == 0 && help.text.contains("swatchbook render"))
        let renderHelp = try CommandRunner.run(["help", "render"])
        #expect(renderHelp.status == 0 && renderHelp.text.contains("--script-timeout"))
        let version = try CommandRunner.run(["--version"])
        #expect(version.status == 0 && version.text.hasPrefix("swatchbook "))
    }
}

@Suite("atomic -o")
struct OutputFileTests {
    @Test func writesTheWholeOutput() throws {
        let scratch = ScratchFolder()
        let target = scratch.path("out.txt")
        let result = try CommandRunner.run(["render", "--format", "plain", "-o", target])
        #expect(result.status == 0 && result.stdout.isEmpty)
        let direct = try CommandRunner.run(["render", "--format", "plain"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data(direct.stdout))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path) == ["out.txt"])
    }

    @Test func aFailureLeavesTheFileUntouched() throws {
        let scratch = ScratchFolder()
        let target = scratch.write("out.txt", "precious")
        scratch.write("bad.lua", "error('nope')")
        let result = try CommandRunner.run(["render", "bad.lua", "-o", target], in: scratch.url)
        #expect(result.status == 65)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted() == [
                "bad.lua", "out.txt",
            ])
    }

    /// A lazy catalogue of some megabytes; `fail` makes one late item fail.
    static func longLazyPlugin(failingAtSection fail: Int? = nil) -> String {
        """
        return { name = "Long", api = 1, source = {
          sections = function() return 200 end,
          section = function(s) return { name = "Section " .. s } end,
          rows = function(s) return 10 end,
          row = function(s, r) return { name = "Row " .. r, count = 50 } end,
          item = function(s, r, i)
            if s == \(fail.map(String.init) ?? "nil") then error("late failure") end
            return { name = "C" .. i, color = string.format("#%06X", (s * 7919 + r * 104729 + i) & 0xFFFFFF) }
          end } }
        """
    }

    /// A long document goes to the file band by band as it is drawn; the
    /// file still holds exactly what stdout gets, and nothing else is left.
    @Test func aLongDocumentIsWrittenAsItIsDrawn() throws {
        let scratch = ScratchFolder()
        scratch.write("long.lua", Self.longLazyPlugin())
        let target = scratch.path("out.ansi")
        let options = ["--width", "120", "--color", "truecolor", "--format", "ansi"]
        let result = try CommandRunner.run(["render", "long.lua", "-o", target] + options, in: scratch.url)
        #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty)
        let direct = try CommandRunner.run(["render", "long.lua"] + options, in: scratch.url)
        let written = try Data(contentsOf: URL(fileURLWithPath: target))
        #expect(written.count > 2 << 20)
        #expect(written == Data(direct.stdout))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted() == [
                "long.lua", "out.ansi",
            ])
    }

    /// A source that fails after megabytes were already on their way to the
    /// file leaves FILE as it was, and no temporary file behind.
    @Test func aLateFailureLeavesTheFileUntouched() throws {
        let scratch = ScratchFolder()
        let target = scratch.write("out.ansi", "precious")
        scratch.write("late.lua", Self.longLazyPlugin(failingAtSection: 180))
        let result = try CommandRunner.run(
            ["render", "late.lua", "-o", target, "--width", "120", "--format", "ansi"], in: scratch.url)
        #expect(result.status == 65)
        #expect(result.stderr.contains("late failure"))
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted() == [
                "late.lua", "out.ansi",
            ])
    }

    /// A lazy source too long to draw whole is refused (64) however it
    /// measures before its rows are asked: these rows carry 1,000 fields
    /// each, which no estimate knows. A canvas stops at the limit as it is
    /// drawn; a described format asks every row first. Nothing reaches
    /// stdout, and the file of `-o` is left as it was, with nothing beside it.
    @Test(arguments: ["plain", "json"])
    func aLazySourceTooLongToDrawWholeIsRefused(format: String) throws {
        let scratch = ScratchFolder()
        scratch.write(
            "tall.lua",
            """
            local fields = {}
            for f = 1, 1000 do fields[f] = { "k" .. f, "v" } end
            return { name = "Tall", api = 1, source = {
              sections = function() return 1 end,
              section = function(s) return { name = "All" } end,
              rows = function(s) return 120 end,
              row = function(s, r) return { name = "Row " .. r, fields = fields } end,
            } }
            """)
        let target = scratch.write("out.txt", "precious")
        let result = try CommandRunner.run(["render", "tall.lua", "--format", format], in: scratch.url)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("lines is too long to draw whole; draw a viewport with --height N"))
        let written = try CommandRunner.run(
            ["render", "tall.lua", "--format", format, "-o", target], in: scratch.url)
        #expect(written.status == 64)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted() == [
                "out.txt", "tall.lua",
            ])
        // A viewport of it is drawn.
        let viewport = try CommandRunner.run(
            ["render", "tall.lua", "--format", format, "--height", "10"], in: scratch.url)
        #expect(viewport.status == 0, "\(viewport.stderr)")
    }

    @Test func anUnwritablePlaceIs74() throws {
        let scratch = ScratchFolder()
        let result = try CommandRunner.run(["render", "-o", scratch.path("missing/folder/out.txt")])
        #expect(result.status == 74)
        #expect(result.stderr.hasSuffix("missing/folder/out.txt: cannot write: No such file or directory\n"))
        let folder = try CommandRunner.run(["render", "-o", scratch.url.path])
        #expect(folder.status == 74)
    }
}

@Suite("--theme FILE")
struct ThemeFileTests {
    @Test func aThemeFileRestylesTheRender() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "warm.lua",
            """
            return { id = "warm", extends = "default", palette = { ember = "#FF7043" },
              roles = { header = { fg = "ember", bg = false } }, glyphs = { more_right = ">" } }
            """)
        let result = try CommandRunner.run(
            [
                "render", "--theme", "warm.lua", "--color", "truecolor", "--format", "ansi", "--width", "60",
                "--no-wrap",
            ],
            in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.hasPrefix("\u{1B}[1;38;2;255;112;67m Category #1"))
        #expect(result.text.contains(">"))
    }

    @Test func aMissingThemeFileIs66AndABadOneIs65() throws {
        let scratch = ScratchFolder()
        let missing = try CommandRunner.run(["render", "--theme", "nope.lua"], in: scratch.url)
        #expect(missing.status == 66)
        #expect(missing.stderr == "nope.lua: no such file\n")
        scratch.write("bad.lua", "return { roles = { text = { fg = \"#GG0000\" } } }")
        let bad = try CommandRunner.run(["render", "--theme", "bad.lua"], in: scratch.url)
        #expect(bad.status == 65)
        #expect(bad.stderr == "bad.lua: roles.text.fg: \"#GG0000\" is not a colour\n")
    }
}

@Suite("the demo in every installed theme")
struct ThemedRenderTests {
    /// The built-in theme and every theme file of the packs in `Themes/`,
    /// by id (each file is named for its theme), so a new theme is drawn
    /// here without being listed.
    static let themes: [String] = {
        let folder = CommandRunner.root.appendingPathComponent("Themes")
        let manager = FileManager.default
        let packs = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
        let files = packs.flatMap { pack in
            ((try? manager.contentsOfDirectory(atPath: folder.appendingPathComponent(pack).path)) ?? [])
                .filter { $0.hasSuffix(".lua") && $0 != "pack.lua" }
        }
        return ["default"] + files.map { String($0.dropLast(4)) }.sorted()
    }()

    @Test func everyShippedThemeIsDrawn() {
        #expect(Self.themes.count >= 8, "\(Self.themes)")
        #expect(Self.themes.contains("gruvbox-dark") && Self.themes.contains("nord"))
    }

    @Test(arguments: themes)
    func rendersTheDemo(_ theme: String) throws {
        let result = try CommandRunner.run([
            "render", "--theme", theme, "--format", "ansi", "--color", "256", "--width", "60", "--height",
            "12",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        if theme == "gruvbox-dark" {
            #expect(result.text.contains("\u{2580}"), "gruvbox draws swatches with half blocks")
        }
        if ["nord", "solarized-light", "monochrome"].contains(theme) {
            Golden.assert(result.text, named: "theme-\(theme).txt")
        }
    }

    /// A plugin's `theme` may be a table: a theme of its own, which may
    /// extend an installed one and is checked like a theme file.
    @Test func aPluginCarriesItsOwnInlineTheme() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "inline.lua",
            ##"""
            return { name = "Inline", api = 1,
              data = { { name = "S", rows = { { name = "R", items = { { name = "a", color = "#112233" } } } } } },
              theme = { extends = "nord", palette = { nord1 = "#FF0000" }, roles = { txet = {} } } }
            """##)
        let result = try CommandRunner.run(
            ["render", "inline.lua", "--color", "truecolor", "--format", "ansi", "--width", "30"],
            in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.text.hasPrefix("\u{1B}[1;38;2;236;239;244;48;2;255;0;0m S"),
            "Nord's header on the rebound nord1")
        #expect(
            result.stderr
                == "inline.lua: theme.roles: warning: unknown key \"txet\" (did you mean \"text\"?)\n")

        let overridden = try CommandRunner.run(
            ["render", "inline.lua", "--theme", "monochrome", "--color", "truecolor", "--format", "ansi"],
            in: scratch.url)
        #expect(!overridden.text.contains("255;0;0"), "--theme wins over the plugin's own")

        scratch.write(
            "bad.lua",
            ##"return { name = "x", api = 1, data = {}, theme = { roles = { text = { fg = "#GG0000" } } } }"##
        )
        let bad = try CommandRunner.run(["render", "bad.lua"], in: scratch.url)
        #expect(bad.status == 65)
        #expect(bad.stderr == "bad.lua: theme.roles.text.fg: \"#GG0000\" is not a colour\n")
        let checked = try CommandRunner.run(["check", "bad.lua"], in: scratch.url)
        #expect(checked.status == 65)
    }
}

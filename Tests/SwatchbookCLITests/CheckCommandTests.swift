import Foundation
import Testing

@Suite("swatchbook check")
struct CheckCommandTests {
    static let scripts: [String] = {
        let folder = CommandRunner.root.appendingPathComponent("Scripts")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".lua") }.sorted().map { "Scripts/" + $0 }
    }()

    /// Scripts with one mistake each, and the line `check` prints for it.
    static let broken: [(file: String, source: String, line: String)] = [
        (
            "syntax.lua", "return {\n  name = \"x\"\n  api = 1, data = {}\n}\n",
            "syntax.lua:3: '}' expected (to close '{' at line 1) near 'api'"
        ),
        (
            "colour.lua",
            ##"return { name = "x", api = 1, data = { { name = "b", rows = { { name = "r", items = { {name="a",color="red"}, { name = "c", color = "#GG0000" } } } } } } }"##,
            ##"colour.lua: data[1].rows[1].items[2].color: "#GG0000" is not a colour"##
        ),
        (
            "api.lua", "return { name = 'x', api = 2, data = {} }",
            "api.lua: api: this host supports api 1, the plugin asks for 2"
        ),
        (
            "runtime.lua", "return {\n  name = 'x', api = 1,\n  data = { { name = 1 + nil } }\n}\n",
            "runtime.lua:3: attempt to perform arithmetic on a nil value"
        ),
        ("number.lua", "return 42", "number.lua: a plugin must return a table, this one returned 42"),
    ]

    static let good = "return { name = 'Good', api = 1, data = { { name = 'S', rows = {} } } }"

    @Test(arguments: scripts)
    func everyShippedScriptPasses(_ script: String) throws {
        let result = try CommandRunner.run(["check", script])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "1 file checked, 0 problems, 0 warnings\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func allShippedScriptsAtOnce() throws {
        let result = try CommandRunner.run(["check"] + Self.scripts)
        #expect(result.status == 0)
        #expect(result.stderr == "\(Self.scripts.count) files checked, 0 problems, 0 warnings\n")
        let folder = try CommandRunner.run(["check", "Scripts"])
        #expect(folder.stderr == result.stderr)
    }

    @Test func brokenScriptsEachPrintTheirLine() throws {
        let scratch = ScratchFolder()
        for script in Self.broken {
            scratch.write(script.file, script.source)
            let result = try CommandRunner.run(["check", script.file], in: scratch.url)
            #expect(result.status == 65)
            #expect(result.stderr == script.line + "\n1 file checked, 1 problem, 0 warnings\n")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func mixedFilesReportEveryOneInOrder() throws {
        let scratch = ScratchFolder()
        scratch.write("good.lua", Self.good)
        for script in Self.broken { scratch.write(script.file, script.source) }
        let files = ["good.lua"] + Self.broken.map(\.file) + ["missing.lua"]
        let result = try CommandRunner.run(["check"] + files, in: scratch.url)
        #expect(result.status == 65, "bad data outranks a missing file")
        let expected =
            Self.broken.map(\.line) + [
                "missing.lua: no such file",
                "7 files checked, 6 problems, 0 warnings",
            ]
        #expect(result.stderr == expected.joined(separator: "\n") + "\n")
    }

    @Test func aMissingFileIs66() throws {
        let scratch = ScratchFolder()
        scratch.write("good.lua", Self.good)
        let result = try CommandRunner.run(["check", "good.lua", "nope.lua"], in: scratch.url)
        #expect(result.status == 66)
        #expect(result.stderr == "nope.lua: no such file\n2 files checked, 1 problem, 0 warnings\n")
    }

    @Test func noFilesIsAUsageError() throws {
        let result = try CommandRunner.run(["check"])
        #expect(result.status == 64)
        #expect(result.stderr == "check: expected at least one FILE; see 'swatchbook help check'\n")
        let typo = try CommandRunner.run(["check", "--verbos", "Scripts/colors.lua"])
        #expect(typo.status == 64)
        #expect(typo.stderr.contains("did you mean --verbose?"))
    }

    @Test func anUnknownKeyIsAWarningNotAFailure() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "typo.lua",
            "return { name = 'x', api = 1, descripton = 'oops', data = {}, layout = { syle = 'shelves' } }")
        let result = try CommandRunner.run(["check", "typo.lua"], in: scratch.url)
        #expect(result.status == 0)
        #expect(
            result.stderr == """
                typo.lua: warning: unknown key "descripton" (did you mean "description"?)
                typo.lua: layout: warning: unknown key "syle" (did you mean "style"?)
                1 file checked, 0 problems, 2 warnings

                """)
    }

    @Test func anUnknownThemeIsAProblem() throws {
        let scratch = ScratchFolder()
        scratch.write("themed.lua", "return { name = 'x', api = 1, data = {}, theme = 'nope' }")
        let result = try CommandRunner.run(["check", "themed.lua"], in: scratch.url)
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("themed.lua: theme: theme \"nope\" is not installed"))
    }

    @Test func aLazySourceIsDrawnAtBothEnds() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "lazy.lua",
            """
            return {
              name = "Lazy", api = 1,
              source = {
                sections = function() return 50 end,
                section = function(s) return { name = "S" .. s } end,
                rows = function(s) return 10 end,
                row = function(s, r) return { name = "R", count = 4 } end,
                item = function(s, r, i)
                  if s == 50 and r == 10 then error("no item " .. i) end
                  return { name = "ok", color = "red" }
                end,
              },
            }
            """)
        let result = try CommandRunner.run(["check", "lazy.lua"], in: scratch.url)
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("lazy.lua:9: in source.item(50, 10, 1): no item 1\n"))
        let huge = try CommandRunner.run(["check", "Scripts/huge.lua"])
        #expect(huge.status == 0, "\(huge.stderr)")
    }

    @Test func aNameIsLookedUpOnTheSearchPath() throws {
        let elsewhere = ScratchFolder()
        let result = try CommandRunner.run(["check", "colors"], in: elsewhere.url)
        #expect(result.status == 0)
        #expect(result.stderr == "1 file checked, 0 problems, 0 warnings\n")
        let unknown = try CommandRunner.run(["check", "nope"], in: elsewhere.url)
        #expect(unknown.status == 66)
        #expect(unknown.stderr.hasPrefix("nope: no such plugin"))
    }

    /// Lua shortens a chunk name past 59 bytes to "..." and its tail, so the
    /// error no longer starts with the file as the user named it.
    @Test func aLongPathIsNamedInFull() throws {
        let scratch = ScratchFolder()
        let path = scratch.write(
            "a-plugin-with-a-rather-long-name.lua", "return {\n  name = 'x', api = 1,\n  data = 1 + nil }\n")
        let result = try CommandRunner.run(["check", path])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("\(path):3: attempt to perform arithmetic on a nil value\n"))
    }

    @Test func verboseAddsTheTraceback() throws {
        let scratch = ScratchFolder()
        scratch.write("bad.lua", "local function f() error('deep') end\nf()\n")
        let result = try CommandRunner.run(["check", "bad.lua", "--verbose"], in: scratch.url)
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("bad.lua:1: deep\n"))
        #expect(result.stderr.contains("stack traceback"))
    }

    @Test func help() throws {
        for arguments in [["check", "--help"], ["help", "check"]] {
            let help = try CommandRunner.run(arguments)
            #expect(help.status == 0)
            #expect(help.text.hasPrefix("Usage: swatchbook check FILE..."))
        }
    }
}

@Suite("swatchbook check on themes and packs")
struct CheckThemeTests {
    /// A theme with poor contrast: a problem (SB010) naming the role and
    /// the ratio, the full report on stdout, and exit 65: a gate for CI.
    @Test func poorContrastIsAProblemWithTheRoleAndRatio() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "grey.lua",
            ##"return { id = "grey", variant = "light", extends = "default", roles = { background = { bg = "#FFFFFF" }, text = { fg = "#777777" }, label = { fg = "#000000" }, muted = { fg = "#767676" } } }"##
        )
        let result = try CommandRunner.run(["check", "grey.lua"], in: scratch.url)
        #expect(result.status == 65, "\(result.stderr)")
        let errors = result.stderr.split(separator: "\n").map(String.init)
        #expect(
            errors.contains(
                "grey.lua: roles.text: contrast 4.48:1 (#777777 on #FFFFFF) is below 4.5:1 (WCAG AA)"
            ))
        #expect(!errors.contains { $0.contains("roles.label") }, "21:1 passes")
        #expect(!errors.contains { $0.contains("roles.muted") }, "#767676 on white is 4.54:1")
        let lines = result.text.split(separator: "\n").map(String.init)
        #expect(lines.first == "grey.lua: grey (Default, light)")
        #expect(
            lines.contains { $0.hasPrefix("  text ") && $0.contains("4.48:1") && $0.hasSuffix("below 4.5:1") }
        )
        #expect(lines.contains { $0.hasPrefix("  label ") && $0.contains("21.00:1") && $0.hasSuffix("AAA") })
        #expect(lines.contains { $0.hasPrefix("  muted ") && $0.contains("4.54:1") && $0.hasSuffix("AA") })
    }

    @Test func anInstalledThemeIsCheckedByItsId() throws {
        let elsewhere = ScratchFolder()
        let result = try CommandRunner.run(["check", "high-contrast"], in: elsewhere.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.text.hasPrefix(
                "(bundled) swatchbook/high-contrast.lua: high-contrast (High contrast, dark)\n"))
        #expect(result.stderr == "1 file checked, 0 problems, 0 warnings\n", "AAA throughout")
    }

    /// An inherited poor role is named where its failing colour was written
    /// (the light theme's own palette entry) and where the role was set.
    @Test func anInheritedRoleNamesTheFileThatSetIt() throws {
        let scratch = ScratchFolder()
        scratch.write("mine/pack.lua", #"return { name = "mine", themes = { "dark.lua", "light.lua" } }"#)
        scratch.write(
            "mine/dark.lua",
            ##"""
            return { id = "mine-dark", palette = { back = "#002B36", faint = "#657B83" },
              roles = { background = { bg = "back" }, muted = { fg = "faint" } } }
            """##)
        scratch.write(
            "mine/light.lua",
            ##"""
            return { id = "mine-light", variant = "light", extends = "mine-dark",
              palette = { back = "#FDF6E3", faint = "#93A1A1" } }
            """##)
        let result = try CommandRunner.run(["check", "mine/light.lua"], in: scratch.url)
        #expect(result.status == 65)
        #expect(
            result.stderr.contains(
                "mine/light.lua: palette.faint: contrast 2.48:1 (#93A1A1 on #FDF6E3) is below 3:1 (WCAG AA) for roles.muted, set in mine/dark.lua\n"
            ), "\(result.stderr)")
    }

    @Test func aBadThemeIsAProblem() throws {
        let scratch = ScratchFolder()
        scratch.write("bad.lua", ##"return { id = "bad", roles = { text = { fg = "#GG0000" } } }"##)
        scratch.write("typo.lua", ##"return { id = "typo", roles = { txet = { fg = "#FFFFFF" } } }"##)
        let result = try CommandRunner.run(["check", "bad.lua", "typo.lua"], in: scratch.url)
        #expect(result.status == 65)
        let errors = result.stderr.split(separator: "\n").map(String.init)
        #expect(errors.contains(##"bad.lua: roles.text.fg: "#GG0000" is not a colour"##))
        #expect(errors.contains(#"typo.lua: roles: warning: unknown key "txet" (did you mean "text"?)"#))
        #expect(errors.last == "2 files checked, 1 problem, 1 warning")
    }

    /// Every problem of a theme at once, with its warnings: a bad colour,
    /// a name that binds to nothing, and an unknown role.
    @Test func aThemeReportsEveryProblemAndWarning() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "bad.lua",
            ##"""
            return { id = "bad", variant = "dark", palette = { bg = "#000000", fg = "#GGGGGG" },
              roles = { background = { bg = "bg" }, text = { fg = "#zz0000" }, label = { fg = "nope", bold = 1 },
                headr = { fg = "#FFFFFF" } },
              swatch = { fill = "dots" } }
            """##)
        let result = try CommandRunner.run(["check", "bad.lua"], in: scratch.url)
        #expect(result.status == 65)
        #expect(
            result.stderr.split(separator: "\n").map(String.init) == [
                #"bad.lua: roles: warning: unknown key "headr" (did you mean "header"?)"#,
                ##"bad.lua: palette.fg: "#GGGGGG" is not a colour"##,
                "bad.lua: roles.label.bold: expected true or false, got 1",
                ##"bad.lua: roles.text.fg: "#zz0000" is not a colour"##,
                #"bad.lua: swatch.fill: expected block, half or shade, got "dots""#,
                #"bad.lua: roles.label.fg: "nope" is neither a colour nor a palette entry"#,
                "1 file checked, 5 problems, 1 warning",
            ], "\(result.stderr)")
    }

    /// A child theme that changes a palette entry the parent's role uses
    /// fails at that entry, in the child's file.
    @Test func poorContrastNamesThePaletteEntryThatFails() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "harbor/pack.lua",
            #"return { name = "harbor", themes = { "harbor.lua", "harbor-light.lua" } }"#)
        scratch.write(
            "harbor/harbor.lua",
            ##"""
            return { id = "harbor", variant = "dark",
              palette = { bg = "#101418", fg = "#E0E0E0", quiet = "#8090A0" },
              roles = { background = { fg = "fg", bg = "bg" }, hex = { fg = "quiet" } } }
            """##)
        scratch.write(
            "harbor/harbor-light.lua",
            ##"""
            return { id = "harbor-light", variant = "light", extends = "harbor",
              palette = { bg = "#FAFAFA", fg = "#202020", quiet = "#D0D0D0" } }
            """##)
        let result = try CommandRunner.run(["check", "harbor/harbor-light.lua"], in: scratch.url)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "harbor/harbor-light.lua: palette.quiet: contrast 1.48:1 (#D0D0D0 on #FAFAFA) is below 3:1 (WCAG AA) for roles.hex, set in harbor/harbor.lua\n"
            ), "\(result.stderr)")
    }

    /// A manifest's every problem and unknown key at once.
    @Test func aPackReportsEveryProblemAndWarning() throws {
        let scratch = ScratchFolder()
        scratch.write("mine/pack.lua", #"return { version = 2, licence = "MIT", themes = { "a.lua", 7 } }"#)
        scratch.write("mine/a.lua", ##"return { id = "a", roles = { text = { fg = "#FFFFFF" } } }"##)
        let result = try CommandRunner.run(["check", "mine/pack.lua"], in: scratch.url)
        #expect(result.status == 65)
        let errors = result.stderr.split(separator: "\n").map(String.init)
        #expect(errors.contains(#"mine/pack.lua: warning: unknown key "licence" (did you mean "license"?)"#))
        #expect(errors.contains("mine/pack.lua: name: expected the pack's name, a string, got nil"))
        #expect(errors.contains("mine/pack.lua: version: expected a string, got 2"))
        #expect(errors.contains("mine/pack.lua: themes[2]: expected a theme file inside the pack, got 7"))
    }

    @Test func aPackListingAMissingThemeIsAProblem() throws {
        let scratch = ScratchFolder()
        scratch.write("mine/pack.lua", #"return { name = "mine", themes = { "a.lua", "gone.lua" } }"#)
        scratch.write("mine/a.lua", ##"return { id = "a", roles = { text = { fg = "#FFFFFF" } } }"##)
        let result = try CommandRunner.run(["check", "mine"], in: scratch.url)
        #expect(result.status == 65)
        #expect(result.stderr.contains("mine/pack.lua: themes[2]: no theme file \"gone.lua\" in the pack\n"))
        #expect(result.text.contains("mine/a.lua: a ("), "the pack's theme is still checked")
    }

    /// A pack's manifest stands for the themes it lists, each checked as a
    /// theme: a broken one fails the check of the pack.
    @Test func checkingAPackChecksEveryThemeItLists() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "mine/pack.lua",
            #"return { name = "mine", themes = { "a.lua", "b.lua", "gone.lua", "lost.lua" } }"#)
        scratch.write("mine/a.lua", ##"return { id = "a", roles = { text = { fg = "#FFFFFF" } } }"##)
        scratch.write("mine/b.lua", ##"return { id = "b", roles = { text = { fg = "#GG0000" } } }"##)
        let result = try CommandRunner.run(["check", "mine/pack.lua"], in: scratch.url)
        #expect(result.status == 65)
        let errors = result.stderr.split(separator: "\n").map(String.init)
        #expect(errors.contains(#"mine/pack.lua: themes[3]: no theme file "gone.lua" in the pack"#))
        #expect(errors.contains(#"mine/pack.lua: themes[4]: no theme file "lost.lua" in the pack"#))
        #expect(errors.contains(##"mine/b.lua: roles.text.fg: "#GG0000" is not a colour"##), "\(errors)")
        #expect(result.text.contains("mine/a.lua: a ("))
        #expect(errors.last == "3 files checked, 3 problems, 0 warnings")
        // The folder and the manifest together check each file once.
        let both = try CommandRunner.run(["check", "mine", "mine/pack.lua"], in: scratch.url)
        #expect(both.stderr.split(separator: "\n").last == "3 files checked, 3 problems, 0 warnings")
    }

    /// The manifest's keys are the schema's: a slip is a warning with a "did you mean".
    @Test func aSlipInAPackIsAWarning() throws {
        let scratch = ScratchFolder()
        scratch.write("mine/pack.lua", #"return { name = "mine", licence = "MIT", themes = { "a.lua" } }"#)
        scratch.write("mine/a.lua", ##"return { id = "a", roles = { text = { fg = "#FFFFFF" } } }"##)
        let result = try CommandRunner.run(["check", "mine/pack.lua"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let errors = result.stderr.split(separator: "\n").map(String.init)
        #expect(
            errors.contains(#"mine/pack.lua: warning: unknown key "licence" (did you mean "license"?)"#),
            "\(errors)")
    }

    static let shippedThemes: [String] = {
        let folder = CommandRunner.root.appendingPathComponent("Themes")
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".lua") }.sorted().map { "Themes/" + $0 }
    }()

    /// Every shipped theme passes the contrast gate: a role moved below its
    /// minimum fails here.
    @Test(arguments: shippedThemes)
    func everyShippedThemeAndPackChecksWithoutProblems(_ file: String) throws {
        let result = try CommandRunner.run(["check", file])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains(", 0 problems, "))
    }
}

extension CheckThemeTests {
    /// `check Themes` walks into every pack folder.
    @Test func aFolderOfPacksChecksEveryPack() throws {
        let result = try CommandRunner.run(["check", "Themes"])
        #expect(result.status == 0, "\(result.stderr)")
        let summary = result.stderr.split(separator: "\n").last ?? ""
        #expect(summary.hasPrefix("\(Self.shippedThemes.count) files checked, 0 problems"))
        #expect(result.text.contains("Themes/nord/nord.lua: nord (Nord, dark)\n"))
    }
}

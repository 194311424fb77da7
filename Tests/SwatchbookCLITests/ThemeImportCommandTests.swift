import Foundation
import Testing

@Suite("swatchbook theme import base16")
struct ThemeImportCommandTests {
    static let ids = ["base16-ocean", "base16-solarized-light", "base24-dracula", "base24-one-dark"]

    static func importing(_ inputs: [String], into dir: String) throws -> CommandRunner.Result {
        try CommandRunner.run(["theme", "import", "base16"] + inputs + ["-o", dir])
    }

    static func contents(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    @Test func anImportedPackIsListedAndDrawsInItsColours() throws {
        let scratch = ScratchFolder()
        let dir = scratch.path("base16")
        let result = try Self.importing(["Tests/Fixtures/base16"], into: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.text == "imported 4 schemes into \(dir): \(Self.ids.joined(separator: ", "))\n")
        #expect(Self.contents(dir) == [".swatchbook-import"] + Self.ids.map { $0 + ".lua" } + ["pack.lua"])

        let themes = try CommandRunner.run(["themes"], environment: ["SWATCHBOOK_THEMES": dir])
        #expect(themes.status == 0, "\(themes.stderr)")
        #expect(themes.stderr.isEmpty, "every generated theme loads without a warning")
        let rows = themes.text.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        for id in Self.ids {
            let row = try #require(rows.first { $0.first == id }, "\(id) listed")
            #expect(row.contains("base16"), "in the pack named after the folder: \(row)")
        }

        let arguments = [
            "render", "--theme", "base16-ocean", "--color", "truecolor", "--format", "ansi", "--width", "60",
        ]
        let render = try CommandRunner.run(arguments, environment: ["SWATCHBOOK_THEMES": dir])
        #expect(render.status == 0, "\(render.stderr)")
        let oceanBackground = "48;2;43;48;59m"  // base00 #2B303B
        #expect(render.text.contains(oceanBackground))
        let plain = try CommandRunner.run(arguments.map { $0 == "base16-ocean" ? "default" : $0 })
        #expect(plain.status == 0)
        #expect(!plain.text.contains(oceanBackground), "the colour comes from the imported theme")
        let show = try CommandRunner.run(
            ["themes", "--show", "base24-dracula"], environment: ["SWATCHBOOK_THEMES": dir])
        #expect(show.text.contains("row_title   #A3CCFF"))
    }

    static let malformed: [(file: String, line: String)] = [
        (
            "bad-hex.yaml",
            ##"bad-hex.yaml:18: base0C: expected a 6-digit hex colour such as "#2b303b", got "zz12""##
        ),
        ("missing-slot.yaml", "missing-slot.yaml:1: missing base0C: a base16 scheme needs base00 to base0F"),
        (
            "not-a-mapping.yaml",
            "not-a-mapping.yaml:2: expected a mapping of scheme keys (scheme, author, base00…), got a sequence"
        ),
        ("syntax.yaml", "syntax.yaml:4: invalid YAML: mapping values are not allowed in this context"),
        (
            "unknown-system.yaml",
            ##"unknown-system.yaml:1: system: expected "base16" or "base24", got "base17""##
        ),
    ]

    @Test(arguments: malformed.map(\.file))
    func aMalformedSchemeIsOneLineAndTheRestIsWritten(_ file: String) throws {
        let scratch = ScratchFolder()
        let expected = try #require(Self.malformed.first { $0.file == file }).line
        let result = try Self.importing(
            ["Tests/Fixtures/base16", "Tests/Fixtures/base16-bad/" + file], into: scratch.path("out"))
        #expect(result.status == 65)
        #expect(result.stderr == "Tests/Fixtures/base16-bad/" + expected + "\n")
        #expect(result.text.hasPrefix("imported 4 schemes into "))
        // --strict stops at it: DIR not created, no hidden folder left
        let strict = try CommandRunner.run(
            [
                "theme", "import", "base16", "Tests/Fixtures/base16", "Tests/Fixtures/base16-bad/" + file,
                "--strict", "-o", scratch.path("strict"),
            ])
        #expect(strict.status == 65)
        #expect(strict.stderr == "Tests/Fixtures/base16-bad/" + expected + "\n")
        #expect(strict.stdout.isEmpty)
        #expect(Self.contents(scratch.url.path) == ["out"])
    }

    /// docs/THEMES.md's own example, on a machine with no config folder yet.
    @Test func anImportIntoAFreshConfigFolderMakesItsFolders() throws {
        let home = ScratchFolder()
        let result = try CommandRunner.run(
            [
                "theme", "import", "base16", "Tests/Fixtures/base16", "-o",
                home.path(".config/swatchbook/themes/base16"),
            ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            Self.contents(home.path(".config/swatchbook/themes/base16")) == [".swatchbook-import"]
                + Self.ids.map { $0 + ".lua" } + ["pack.lua"])
        // Installed for good: found without SWATCHBOOK_THEMES.
        let themes = try CommandRunner.run(["themes"], environment: ["XDG_CONFIG_HOME": home.path(".config")])
        #expect(themes.text.contains("base16-ocean"))
    }

    /// An import that fails leaves no folder behind, not even the parents.
    @Test func aFailedImportIntoAFreshFolderLeavesNothing() throws {
        let home = ScratchFolder()
        let result = try CommandRunner.run([
            "theme", "import", "base16", "Tests/Fixtures/base16", "Tests/Fixtures/base16-bad/bad-hex.yaml",
            "--strict", "-o", home.path("config/themes/base16"),
        ])
        #expect(result.status == 65)
        #expect(Self.contents(home.url.path).isEmpty)
    }

    @Test func aFileInThePathIsAnOutputError() throws {
        let scratch = ScratchFolder()
        scratch.write("config", "a file")
        let result = try CommandRunner.run(
            ["theme", "import", "base16", "Tests/Fixtures/base16", "-o", scratch.path("config/themes")])
        #expect(result.status == 74)
        #expect(result.stderr.hasSuffix("config is not a folder; nothing written\n"), "\(result.stderr)")
        #expect(Self.contents(scratch.url.path) == ["config"])
    }

    @Test func aFolderThatIsNotAPackIsUntouched() throws {
        let scratch = ScratchFolder()
        scratch.write("mine/notes.txt", "keep me")
        let dir = scratch.path("mine")
        let result = try Self.importing(["Tests/Fixtures/base16"], into: dir)
        #expect(result.status == 73)
        #expect(
            result.stderr
                == "\(dir): holds notes.txt, which theme import did not write; nothing written (it replaces only a pack it wrote)\n"
        )
        #expect(Self.contents(dir) == ["notes.txt"])
        #expect(Self.contents(scratch.url.path) == ["mine"])
    }

    @Test func importingAgainReplacesThePack() throws {
        let scratch = ScratchFolder()
        let dir = scratch.path("pack")
        let first = try Self.importing(["Tests/Fixtures/base16"], into: dir)
        #expect(first.status == 0)
        let second = try Self.importing(["Tests/Fixtures/base16/ocean.yaml"], into: dir)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(
            second.text == "imported 1 scheme into \(dir) (replacing the pack that was there): base16-ocean\n"
        )
        #expect(
            Self.contents(dir) == [".swatchbook-import", "base16-ocean.lua", "pack.lua"],
            "themes of the old pack are gone")
        #expect(Self.contents(scratch.url.path) == ["pack"])
        let themes = try CommandRunner.run(["themes"], environment: ["SWATCHBOOK_THEMES": dir])
        #expect(themes.text.contains("base16-ocean"))
        #expect(!themes.text.contains("base24-dracula"))
    }

    /// A symlink to a folder stays a symlink: the pack goes where it points,
    /// empty or a pack, as `render -o` writes through a link.
    @Test func anImportThroughASymlinkFillsItsTarget() throws {
        let scratch = ScratchFolder()
        let target = scratch.path("packs/real")
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        let link = scratch.path("link")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "packs/real")
        for file in ["ocean.yaml", "dracula.yaml"] {
            let result = try Self.importing(["Tests/Fixtures/base16/" + file], into: link)
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "packs/real")
        #expect(Self.contents(target) == [".swatchbook-import", "base24-dracula.lua", "pack.lua"])
        #expect(Self.contents(scratch.path("packs")) == ["real"], "nothing left beside the target")
    }

    @Test func usageMistakesAre64() throws {
        let scratch = ScratchFolder()
        let noOutput = try CommandRunner.run(["theme", "import", "base16", "Tests/Fixtures/base16"])
        #expect(noOutput.status == 64)
        #expect(
            noOutput.stderr == "theme import base16: -o DIR is required (the theme pack folder to write)\n")
        let noFiles = try CommandRunner.run(["theme", "import", "base16", "-o", scratch.path("out")])
        #expect(noFiles.status == 64)
        #expect(noFiles.stderr.hasPrefix("theme import base16: expected at least one scheme FILE"))
        let typo = try CommandRunner.run(["theme", "imprt", "base16", "x.yaml", "-o", "out"])
        #expect(typo.status == 64)
        #expect(
            typo.stderr
                == "theme: unknown subcommand 'imprt' (did you mean 'import'?); see 'swatchbook help theme'\n"
        )
        let format = try CommandRunner.run(["theme", "import", "base24", "x.yaml", "-o", "out"])
        #expect(format.status == 64)
        #expect(format.stderr.hasPrefix("theme import: unknown format 'base24' (did you mean 'base16'?)"))
        let bare = try CommandRunner.run(["theme"])
        #expect(bare.status == 64)
        #expect(Self.contents(scratch.url.path).isEmpty)
    }

    @Test func aMissingSchemeIs66() throws {
        let scratch = ScratchFolder()
        let result = try Self.importing(
            ["Tests/Fixtures/base16/ocean.yaml", "nope.yaml"], into: scratch.path("out"))
        #expect(result.status == 66)
        #expect(result.stderr == "nope.yaml: no such file\n")
        #expect(Self.contents(scratch.url.path).isEmpty)
    }

    @Test func help() throws {
        for arguments in [["theme", "--help"], ["help", "theme"], ["theme", "import", "base16", "--help"]] {
            let help = try CommandRunner.run(arguments)
            #expect(help.status == 0)
            #expect(help.text.hasPrefix("Usage: swatchbook theme import base16 FILE... -o DIR\n"))
            #expect(help.text.contains("-o, --output DIR"))
        }
        let overview = try CommandRunner.run(["--help"])
        #expect(overview.text.contains("swatchbook theme import base16|terminal FILE... -o DIR"))
    }
}

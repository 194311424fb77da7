import Foundation
import SwatchbookCore
@testable import SwatchbookCLI
import SwatchbookLua
import Testing

/// Palette files opened with no plugin written, and written back, through
/// the binary: the readers over files real projects ship (Debian's GIMP
/// palettes and terminal schemes, and fixtures in each documented format),
/// the writers with round trips, and hostile inputs.
@Suite struct PaletteFileTests {
    static let fixtures = "Tests/Fixtures/palettes/"

    /// One colour of a catalogue as JSON describes it.
    struct Entry: Equatable, CustomStringConvertible {
        var section: String
        var row: String
        var name: String
        var color: String
        var id: String?
        var description: String { "\(section)/\(row)/\(name) \(color)" }
    }

    /// The colours of `file` as the binary reads it.
    static func entries(_ file: String, _ extra: [String] = []) throws -> [Entry] {
        let result = try CommandRunner.run(["render", file, "--format", "json"] + extra)
        try #require(result.status == 0, "\(file): \(result.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        var entries: [Entry] = []
        for section in document["sections"] as? [[String: Any]] ?? [] {
            for row in section["rows"] as? [[String: Any]] ?? [] {
                for item in row["items"] as? [[String: Any]] ?? [] {
                    entries.append(
                        Entry(
                            section: section["name"] as? String ?? "", row: row["name"] as? String ?? "",
                            name: item["name"] as? String ?? "", color: item["color"] as? String ?? "",
                            id: item["id"] as? String))
                }
            }
        }
        return entries
    }

    static func write(_ file: String, as format: String) throws -> [UInt8] {
        let result = try CommandRunner.run(["render", file, "--format", format])
        #expect(result.status == 0, "\(file) as \(format): \(result.stderr)")
        return result.stdout
    }

    static let gimpPalettes: [String] = {
        let folder = "/usr/share/gimp/2.0/palettes"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".gpl") }.sorted().map { folder + "/" + $0 }
    }()

    // MARK: reading

    static func needGIMPPalettes() throws {
        try Requirement.need("/usr/share/gimp/2.0/palettes/Tango.gpl", from: "the Debian package gimp-data")
    }

    @Test func everyGIMPPaletteDebianShipsOpens() throws {
        try Self.needGIMPPalettes()
        #expect(Self.gimpPalettes.count >= 40, "install gimp-data")
        for palette in Self.gimpPalettes {
            let text = try String(contentsOfFile: palette, encoding: .utf8)
            let colours = text.split(separator: "\n").filter { line in
                line.split(whereSeparator: { $0 == " " || $0 == "\t" }).prefix(3).allSatisfy {
                    Int($0) != nil
                }
                    && !line.hasPrefix("#") && line.contains(where: \.isNumber)
            }
            let entries = try Self.entries(palette)
            #expect(entries.count == colours.count, "\(palette)")
        }
        let tango = try Self.entries("/usr/share/gimp/2.0/palettes/Tango.gpl")
        #expect(
            tango.first
                == Entry(
                    section: "Tango Icon Theme", row: "Tango Icon Theme", name: "Butter 1", color: "#FCE94F"))
    }

    @Test(arguments: [
        "solarized-dark.conf", "solarized-dark.alacritty.toml", "solarized-dark.wezterm.toml",
        "solarized-dark.windows-terminal.json", "solarized-dark.ghostty", "solarized-dark.Xresources",
        "solarized-dark.colorscheme", "solarized-dark.itermcolors", "solarized-dark-binary.itermcolors",
        "solarized-dark.xrdb",
    ])
    func everyTerminalFormatReadsTheSameScheme(file: String) throws {
        let expected =
            try JSONSerialization.jsonObject(
                with: Data(
                    contentsOf: URL(
                        fileURLWithPath: CommandRunner.root.path + "/" + Self.fixtures
                            + "solarized-dark.expected.json"))) as! [String: Any]
        let ansi = (expected["ansi"] as! [String]).map { "#" + $0.uppercased() }
        let entries = try Self.entries(Self.fixtures + file)
        var byID: [String: String] = [:]
        for entry in entries { if let id = entry.id { byID[id] = entry.color } }
        for (index, colour) in ansi.enumerated() {
            #expect(byID["ansi\(index)"] == colour, "\(file): ansi\(index)")
        }
        #expect(byID["foreground"] == "#" + (expected["foreground"] as! String).uppercased(), "\(file)")
        #expect(byID["background"] == "#" + (expected["background"] as! String).uppercased(), "\(file)")
    }

    @Test func theTerminalSchemesDebianShipsOpen() throws {
        var files: [String] = []
        for (folder, package) in [
            ("/usr/share/foot/themes", "foot-themes"), ("/usr/share/tilix/schemes", "tilix-common"),
            ("/usr/share/xfce4/terminal/colorschemes", "xfce4-terminal"),
        ] {
            try Requirement.need(folder, from: "the Debian package \(package)")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            files += names.sorted().map { folder + "/" + $0 }
        }
        for file in files {
            // Some of xfce4-terminal's schemes set only a foreground and a
            // background, or nothing at all.
            let text = try String(contentsOfFile: file, encoding: .utf8)
            if !text.contains("ColorPalette") && !text.contains("palette") && !text.contains("regular0") {
                let result = try CommandRunner.run(["render", file, "--format", "json"])
                let named = text.contains("ColorForeground")
                #expect(
                    named
                        ? result.status == 0
                        : result.status == 65 && result.stderr.contains("names no colours"),
                    "\(file): \(result.stderr)")
                continue
            }
            let entries = try Self.entries(file)
            let ansi = entries.filter { $0.id?.hasPrefix("ansi") == true }
            #expect(ansi.count == 16, "\(file): \(ansi.count) ANSI colours")
        }
    }

    @Test func designTokensResolveAliasesAndReadBothValueForms() throws {
        let entries = try Self.entries(Self.fixtures + "brand.tokens.json")
        let byID = Dictionary(
            entries.compactMap { e in e.id.map { ($0, e) } }, uniquingKeysWith: { a, _ in a })
        #expect(byID["color.brand.primary"]?.color == "#2E8B57")
        #expect(byID["color.brand.accent"]?.color == "#2E8B57", "the alias is resolved")
        #expect(byID["color.brand.secondary"]?.color == "#ED7665", "the colour object, oklch")
        #expect(entries.allSatisfy { $0.section == "color" }, "the dimension group is left out")
        let loop = try CommandRunner.run(["render", Self.fixtures + "loop.tokens.json"])
        #expect(loop.status == 65)
        #expect(
            loop.stderr.contains("loop.tokens.json:") && loop.stderr.contains(": a.")
                && loop.stderr.contains("cycle"), "\(loop.stderr)")
    }

    /// Every DTCG 2025.10 `colorSpace` reads as the same colour written in
    /// CSS does (which ColorConformanceTests holds to coloraide), the wide
    /// RGB spaces a98-rgb, prophoto-rgb and rec2020 among them.
    @Test func everyDTCGColorSpaceReadsAsItsCSSForm() throws {
        let colours: [(space: String, components: [Double], css: String)] = [
            ("srgb", [0.2, 0.4, 0.6], "color(srgb 0.2 0.4 0.6)"),
            ("srgb-linear", [0.2, 0.4, 0.6], "color(srgb-linear 0.2 0.4 0.6)"),
            ("display-p3", [0.9, 0.3, 0.2], "color(display-p3 0.9 0.3 0.2)"),
            ("a98-rgb", [0.5, 0.7, 0.1], "color(a98-rgb 0.5 0.7 0.1)"),
            ("prophoto-rgb", [0.4, 0.3, 0.6], "color(prophoto-rgb 0.4 0.3 0.6)"),
            ("rec2020", [0.3, 0.6, 0.5], "color(rec2020 0.3 0.6 0.5)"),
            ("xyz-d65", [0.3, 0.4, 0.2], "color(xyz-d65 0.3 0.4 0.2)"),
            ("xyz-d50", [0.3, 0.4, 0.2], "color(xyz-d50 0.3 0.4 0.2)"),
            ("hsl", [200, 50, 40], "hsl(200 50% 40%)"),
            ("hwb", [200, 20, 30], "hwb(200 20% 30%)"),
            ("lab", [60, 20, -30], "lab(60 20 -30)"),
            ("lch", [60, 40, 300], "lch(60 40 300)"),
            ("oklab", [0.6, 0.05, -0.1], "oklab(0.6 0.05 -0.1)"),
            ("oklch", [0.6, 0.1, 250], "oklch(0.6 0.1 250)"),
        ]
        let tokens = colours.map { colour in
            let components = colour.components.map { String($0) }.joined(separator: ", ")
            return
                "\"\(colour.space)\": { \"$value\": { \"colorSpace\": \"\(colour.space)\", \"components\": [\(components)] } }"
        }
        let scratch = ScratchFolder()
        let file = scratch.write(
            "spaces.tokens.json", "{ \"c\": { \"$type\": \"color\", \(tokens.joined(separator: ", ")) } }")
        let entries = try Self.entries(file)
        #expect(entries.count == colours.count)
        for colour in colours {
            let read = entries.first { $0.name == colour.space }?.color
            #expect(read == Color.parse(colour.css)?.hex, "\(colour.space): \(read ?? "unread")")
        }
    }

    @Test func cssCustomPropertiesResolveVarInTheirOwnRule() throws {
        let entries = try Self.entries(Self.fixtures + "site.css")
        #expect(entries.map(\.name) == ["brand", "brand-dark", "link", "brand", "surface"])
        #expect(entries[2].color == "#2E8B57", "var(--brand) in :root is :root's brand")
        #expect(entries[4].color == "#101010", "a var() fallback")
        #expect(!entries.contains { $0.name == "gap" }, "4px is no colour")
    }

    @Test func aseGroupsModelsAndNamesAreRead() throws {
        let entries = try Self.entries(Self.fixtures + "brand.ase")
        #expect(
            entries.map(\.name) == [
                "Loose Red", "Sea Green", "Process Cyan", "Lab Orange", "Mid Grey", "Émoji 🎨",
            ])
        #expect(entries.map(\.section) == ["brand", "Brand", "Brand", "Brand", "Brand", "Brand"])
        #expect(entries[1].color == "#2E8B57")
        #expect(entries[2].color == "#00FFFF", "CMYK 1 0 0 0")
        #expect(entries[4].color == "#808080")
    }

    // MARK: writing

    /// gpl → gpl: the second writing is the first, byte for byte, and reads
    /// back with every name, group and colour of the original.
    @Test func gplRoundTripsEveryDebianPalette() throws {
        try Self.needGIMPPalettes()
        let scratch = ScratchFolder()
        for palette in Self.gimpPalettes {
            let first = try Self.write(palette, as: "gpl")
            let copy = scratch.path((palette as NSString).lastPathComponent)
            try Data(first).write(to: URL(fileURLWithPath: copy))
            #expect(try Self.write(copy, as: "gpl") == first, "\(palette)")
            #expect(try Self.entries(copy) == Self.entries(palette), "\(palette)")
        }
    }

    @Test func tokensRoundTrip() throws {
        let scratch = ScratchFolder()
        let first = try Self.write(Self.fixtures + "brand.tokens.json", as: "tokens")
        let copy = scratch.path("brand.tokens.json")
        try Data(first).write(to: URL(fileURLWithPath: copy))
        #expect(try Self.write(copy, as: "tokens") == first)
        #expect(try Self.entries(copy) == Self.entries(Self.fixtures + "brand.tokens.json"))
        // The alias is written as an alias, not as its colour.
        #expect(String(decoding: first, as: UTF8.self).contains(#""$value": "{color.brand.primary}""#))
    }

    @Test func aseRoundTrips() throws {
        let scratch = ScratchFolder()
        let first = try Self.write(Self.fixtures + "brand.ase", as: "ase")
        let copy = scratch.path("brand.ase")
        try Data(first).write(to: URL(fileURLWithPath: copy))
        #expect(try Self.write(copy, as: "ase") == first)
        #expect(try Self.entries(copy).map(\.color) == Self.entries(Self.fixtures + "brand.ase").map(\.color))
        #expect(try Self.entries(copy).map(\.name) == Self.entries(Self.fixtures + "brand.ase").map(\.name))
    }

    /// `-o palette.css` picks CSS from the extension; tinycss2 reads every
    /// declaration back, with no error, one per colour, names unique.
    @Test(.tags(.references)) func cssOutputIsValidCSS() throws {
        try Self.needGIMPPalettes()
        let scratch = ScratchFolder()
        for source in [
            "/usr/share/gimp/2.0/palettes/Named_Colors.gpl", "Scripts/colors.lua",
            Self.fixtures + "brand.ase",
        ] {
            let output = scratch.path("palette.css")
            let result = try CommandRunner.run(["render", source, "-o", output])
            #expect(result.status == 0, "\(result.stderr)")
            let css = try [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))
            let rules =
                try JSONSerialization.jsonObject(with: Data(try Reference.ask("css", stdin: css)))
                as! [[String: Any]]
            #expect(rules.count == 1 && rules[0]["prelude"] as? String == ":root", "\(source)")
            #expect((rules[0]["errors"] as? [String])?.isEmpty == true, "\(source): \(rules[0]["errors"]!)")
            let declarations = rules[0]["declarations"] as! [[Any]]
            #expect(declarations.count == (try Self.entries(source)).count, "\(source)")
            let names = declarations.map { $0[0] as! String }
            #expect(Set(names).count == declarations.count, "names are unique")
            #expect(names.allSatisfy { $0.hasPrefix("--") })
            // every value is a colour tinycss2 reads
            #expect(declarations.allSatisfy { $0[2] is [Any] }, "\(source): \(declarations)")
        }
    }

    @Test func namesBecomeIdentifiersAndCollisionsAreNumbered() throws {
        let scratch = ScratchFolder()
        let plugin = scratch.write(
            "names.lua",
            """
            return { name = "names", api = 1, data = { { name = "Brand", rows = { { name = "Greens",
              items = { { name = "Sea Green", color = "#2E8B57" }, { name = "sea green", color = "#2E8B58" },
                        { name = "Durrës Blue", color = "#0000FF" }, { name = "9 */ x", color = "#111111" } } } } } } }
            """)
        let css = String(decoding: try Self.write(plugin, as: "css"), as: UTF8.self)
        #expect(css.contains("--brand-greens-sea-green: #2E8B57;"))
        #expect(css.contains("--brand-greens-sea-green-2: #2E8B58;"))
        #expect(css.contains("--brand-greens-durres-blue: #0000FF;"))
        let scss = String(decoding: try Self.write(plugin, as: "scss"), as: UTF8.self)
        #expect(scss.contains("$brand-greens-9-x: #111111;"))
    }

    // MARK: hostile input

    @Test func badFilesAreOneLineErrorsNamingTheFile() throws {
        let scratch = ScratchFolder()
        let cases: [(String, String, Int32, String)] = [
            ("bad.gpl", "GIMP Palette\n10 20\n", 65, "bad.gpl:2: expected \"R G B name\""),
            ("notes.gpl", "hello\n", 65, "notes.gpl:1: expected \"GIMP Palette\""),
            ("big.gpl", "GIMP Palette\n300 0 0 Red\n", 65, "big.gpl:2: expected components from 0 to 255"),
            ("x.unknown", "nothing here\n", 65, "is not a palette file a reader recognises"),
            ("bad.tokens.json", "{ \"a\": ", 65, "bad.tokens.json"),
        ]
        for (name, text, status, message) in cases {
            let file = scratch.write(name, text)
            let result = try CommandRunner.run(["render", file])
            #expect(result.status == status, "\(name): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(name): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(name): \(result.stderr)")
        }
        let truncated = try CommandRunner.run(["render", Self.fixtures + "truncated.ase"])
        #expect(
            truncated.status == 65 && truncated.stderr.contains("truncated.ase: byte "), "\(truncated.stderr)"
        )
        let missing = try CommandRunner.run(["render", "no-such.gpl"])
        #expect(
            missing.status == 66 && missing.stderr.contains("no-such.gpl: no such file"), "\(missing.stderr)")
        let format = try CommandRunner.run(["render", Self.fixtures + "brand.ase", "--input-format", "gpk"])
        #expect(format.status == 64 && format.stderr.contains("did you mean"), "\(format.stderr)")
    }

    /// A file past half the memory cap is refused before it is read.
    @Test func aHugeFileIsRefusedNotRead() throws {
        let scratch = ScratchFolder()
        let file = scratch.path("huge.gpl")
        var text = "GIMP Palette\n"
        text += String(repeating: "1 2 3 x\n", count: 200_000)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try CommandRunner.run(["render", file, "--max-memory", "2"])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("more than half the memory cap"), "\(result.stderr)")
    }

    // MARK: themes

    @Test func terminalSchemesImportAsThemes() throws {
        try Requirement.need("/usr/share/tilix/schemes/tango.json", from: "the Debian package tilix-common")
        let scratch = ScratchFolder()
        let pack = scratch.path("pack")
        let result = try CommandRunner.run(
            [
                "theme", "import", "terminal", Self.fixtures + "solarized-dark.conf",
                "/usr/share/tilix/schemes/tango.json",
                Self.fixtures + "solarized-dark.itermcolors", "-o", pack,
            ])
        // Two files of one scheme and one file name make one id twice: the
        // second is reported and skipped.
        #expect(result.status == 65 && result.stderr.contains("makes theme \"term-"), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: pack + "/term-tango.lua"))
        let good = try CommandRunner.run(
            [
                "theme", "import", "terminal", Self.fixtures + "solarized-dark.conf",
                "/usr/share/tilix/schemes/tango.json",
                "-o", pack,
            ])
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.text.contains("term-solarized-dark, term-tango"), "\(good.text)")
        let theme = pack + "/term-solarized-dark.lua"
        let drawn = try CommandRunner.run(
            [
                "render", "--theme", theme, "--format", "ansi", "--color", "truecolor", "--width", "40",
                "--height", "8",
            ])
        #expect(drawn.status == 0, "\(drawn.stderr)")
        // The background is the scheme's (#002B36), the row title not its
        // blue (ansi4, #268BD2, 4.08:1 on it) but its bright blue (ansi12, #839496).
        #expect(drawn.text.contains("48;2;0;43;54"))
        #expect(drawn.text.contains("38;2;131;148;150"))
        #expect(!drawn.text.contains("38;2;38;139;210"))
    }
}

extension PaletteFileTests {
    /// Every file of `Readers/` is compiled in, byte for byte, and each one
    /// but the shared module loads as a reader with a format of its own.
    @Test func theBundleMatchesTheReadersFolder() throws {
        let folder = CommandRunner.root.appendingPathComponent("Readers")
        var onDisk: [String: [UInt8]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            onDisk[name] = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
        }
        #expect(onDisk.keys.sorted() == BundledReaders.files.keys.sorted())
        // Compared as a flag, not as arrays: describing two 40 kB arrays
        // byte by byte makes a failure unreadable.
        for (name, bytes) in onDisk {
            let compiledIn = BundledReaders.files[name] == bytes
            #expect(compiledIn, "\(name) is not the compiled-in copy; rebuild")
        }
        let readers = ReaderLocator(environment: ["HOME": "/nonexistent"]).readers()
        #expect(
            readers.count == onDisk.count - 2,
            "every reader but the shared terminal.lua and stylesheet.lua loads")
        let formats = readers.map(\.probe.declaration.format)
        #expect(Set(formats).count == formats.count, "\(formats)")
        // The tables are generated from the readers, and are up to date.
        let tablesFile = CommandRunner.root.appendingPathComponent(
            "Sources/SwatchbookCLI/Bundled/BundledReaders+Tables.swift")
        let generated = try Self.bundledTables(from: folder)
        if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" {
            try generated.write(to: tablesFile, atomically: true, encoding: .utf8)
        }
        #expect(
            try String(contentsOf: tablesFile, encoding: .utf8) == generated,
            "BundledReaders+Tables.swift is out of date: run RECORD_GOLDEN=1 swift test --filter theBundleMatchesTheReadersFolder"
        )
    }

    /// `BundledReaders+Tables.swift` as the readers in `folder` make it:
    /// every file, and what each reader's own chunk declares it reads.
    static func bundledTables(from folder: URL) throws -> String {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        var lines = [
            "// Generated from Readers/ by PaletteFileTests.theBundleMatchesTheReadersFolder:",
            "// do not edit. After adding, removing or changing a reader's `reads`, run",
            "// RECORD_GOLDEN=1 swift test --filter theBundleMatchesTheReadersFolder.",
            "",
            "extension BundledReaders {",
            "    static let files: [String: [UInt8]] = [",
        ]
        for name in names {
            let resource = name.map { $0 == "-" || $0 == "." ? "_" : String($0) }.joined()
            lines.append("        \"\(name)\": PackageResources.\(resource),")
        }
        lines += [
            "    ]", "", "    /// Each reader's `reads`, as its own chunk declares it.",
            "    static let index: [String: Entry] = [",
        ]
        for name in names {
            // The shared module is no reader: it has no `reads`.
            guard
                let probe = try? ReaderProbe(
                    file: folder.appendingPathComponent(name), displayName: "Readers/" + name)
            else { continue }
            let extensions = probe.declaration.extensions.map { "\"\($0)\"" }.joined(separator: ", ")
            lines.append(
                "        \"\(name)\": Entry(format: \"\(probe.declaration.format)\", extensions: [\(extensions)]),"
            )
        }
        lines += ["    ]", "}"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// A reader of one's own, in the config folder, reads a format of its
    /// own the way the bundled ones do, and comes before them.
    @Test func aUserReaderReadsItsOwnFormat() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "config/swatchbook/readers/hexlist.lua",
            """
            local sb = require "swatchbook"
            return { name = "hex list", api = 1, reads = { format = "hexlist", extensions = { "hex" } },
              data = function(ctx)
                local items = {}
                for hex in sb.input():gmatch("%x%x%x%x%x%x") do items[#items + 1] = { name = hex, color = "#" .. hex } end
                return { { name = ctx.input.stem, rows = { { name = "all", items = items } } } }
              end }
            """)
        let file = scratch.write("brand.hex", "2e8b57\nfa8072\n")
        let result = try CommandRunner.run(
            ["render", file, "--format", "plain", "--width", "40"],
            environment: ["XDG_CONFIG_HOME": scratch.path("config")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains("#2E8B57") && result.text.contains("brand"), "\(result.text)")
    }

    /// Opening a palette file runs its reader's chunk once: the state the
    /// locator probed is the one that reads the file, unless the render's
    /// limits or seed differ from the probe's, when a fresh state is made.
    @Test(arguments: [([String](), 1), (["--seed", "7"], 2), (["--max-memory", "64"], 2)])
    func aReadersChunkRunsOnceWhenItsStateServes(_ options: [String], _ runs: Int) throws {
        let scratch = ScratchFolder()
        scratch.write(
            "config/swatchbook/readers/hexlist.lua",
            """
            local sb = require "swatchbook"
            sb.log("chunk ran")
            return { name = "hex list", api = 1, reads = { format = "hexlist", extensions = { "hex" } },
              data = function(ctx)
                return { { name = ctx.input.stem, rows = { { name = "all", items = { { name = "x", color = "#" .. sb.input():sub(1, 6) } } } } } }
              end }
            """)
        let file = scratch.write("brand.hex", "2e8b57\n")
        let result = try CommandRunner.run(
            ["render", file, "--format", "plain", "--width", "40"] + options,
            environment: ["XDG_CONFIG_HOME": scratch.path("config")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains("#2E8B57"), "\(result.text)")
        #expect(result.stderr.components(separatedBy: "chunk ran").count - 1 == runs, "\(result.stderr)")
    }

    /// A hidden file in the readers folder (an editor's copy, a leftover)
    /// is never loaded as a reader.
    @Test func aHiddenFileInTheReadersFolderIsNoReader() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "config/swatchbook/readers/.hexlist.lua",
            """
            return { name = "hidden", api = 1, reads = { format = "hexlist", extensions = { "hex" } },
              data = function() error("a hidden reader ran") end }
            """)
        let file = scratch.write("brand.hex", "2e8b57\n")
        let result = try CommandRunner.run(
            ["render", file, "--format", "plain"], environment: ["XDG_CONFIG_HOME": scratch.path("config")])
        #expect(!result.stderr.contains("hidden"), "\(result.stderr)")
        #expect(result.stderr.contains("is not a palette file a reader recognises"), "\(result.stderr)")
    }
}

extension PaletteFileTests {
    /// 20,000 custom properties read inside the default 5 s budget: the
    /// CSS reader counted lines from the top for each declaration, and a
    /// 10,000-colour sheet alone ran past it (20,000 took four times as
    /// long). A debug build on a busy machine takes about 2 s.
    @Test func aLongStyleSheetIsReadInOnePass() throws {
        let scratch = ScratchFolder()
        var css = ":root {\n"
        for index in 0..<20_000 {
            css += "  --c\(index): #\(String(format: "%06X", index * 811 % 0xFFFFFF));\n"
        }
        css += "}\n"
        let file = scratch.write("long.css", css)
        let result = try CommandRunner.run(["render", file, "--format", "gpl", "--script-timeout", "5"])
        #expect(result.status == 0, "\(result.stderr)")
        // GIMP Palette, Name:, #, # Section:, # Row:, and a line a colour
        #expect(result.text.split(separator: "\n").count == 20_000 + 5)
    }
}

extension PaletteFileTests {
    /// `pick palette.ase` with no plugin written: the pick prints the colour.
    @Test func pickFromAnAdobeSwatchFile() throws {
        let result = try CommandRunner.run(["pick", Self.fixtures + "brand.ase", "--keys", "j<Enter>"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text == "#2E8B57\n")
    }
}

import Foundation
import SwatchbookRender
import Testing

/// What issue 28 was done when: a palette read and written back keeps
/// what its format holds, through the real binary; a loss is a warning,
/// and an error under `--strict`.
@Suite("the authored palette")
struct AuthoredPaletteTests {
    static let fixtures = "Tests/Fixtures/palettes/"

    /// A prepress ASE file of CMYK and Lab spot inks, written by Python's
    /// swatch, comes back byte for byte: models, values, types, names,
    /// order, and no group it never had.
    @Test func aPrintFileComesBackByteForByte() throws {
        let scratch = ScratchFolder()
        let out = scratch.path("out.ase")
        let result = try CommandRunner.run(["render", Self.fixtures + "print.ase", "-o", out])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "nothing is lost: \(result.stderr)")
        let original = try Data(
            contentsOf: CommandRunner.root.appendingPathComponent(Self.fixtures + "print.ase"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == original)
    }

    /// oklch, display-p3 with alpha 0.85, an alias, a dimension and the
    /// descriptions come back from `--format tokens` at their paths.
    @Test func aTokensFileComesBackWithEverythingAtItsPath() throws {
        let scratch = ScratchFolder()
        let source = scratch.write(
            "brand.tokens.json",
            """
            {
              "$description": "Acme tokens",
              "brand": {
                "$description": "Brand colours",
                "primary": { "$type": "color", "$value": { "colorSpace": "oklch", "components": [0.6231, 0.1872, 259.81] }, "$description": "Primary" },
                "glass": { "$type": "color", "$value": { "colorSpace": "display-p3", "components": [0.2, 0.5, 0.9], "alpha": 0.85 } },
                "link": { "$type": "color", "$value": "{brand.primary}" },
                "radius": { "$type": "dimension", "$value": { "value": 4, "unit": "px" } }
              }
            }
            """)
        let result = try CommandRunner.run(["render", source, "--format", "tokens"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "nothing is lost: \(result.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        #expect(root["$description"] as? String == "Acme tokens")
        let brand = try #require(root["brand"] as? [String: Any])
        #expect(brand["$description"] as? String == "Brand colours")
        let primary = try #require(brand["primary"] as? [String: Any])
        let value = try #require(primary["$value"] as? [String: Any])
        #expect(value["colorSpace"] as? String == "oklch")
        #expect(value["components"] as? [Double] == [0.6231, 0.1872, 259.81])
        #expect(primary["$description"] as? String == "Primary")
        let glass = try #require((brand["glass"] as? [String: Any])?["$value"] as? [String: Any])
        #expect(glass["colorSpace"] as? String == "display-p3" && glass["alpha"] as? Double == 0.85)
        #expect((brand["link"] as? [String: Any])?["$value"] as? String == "{brand.primary}")
        let radius = try #require(brand["radius"] as? [String: Any])
        #expect(radius["$type"] as? String == "dimension")
        #expect((radius["$value"] as? [String: Any])?["unit"] as? String == "px")
        #expect(
            Set(brand.keys) == ["$description", "primary", "glass", "link", "radius"], "no group nested twice"
        )
    }

    /// A Tailwind-shaped theme comes back from `--format css` with its
    /// property names and values as written.
    @Test func aModernStyleSheetComesBackAsWritten() throws {
        let result = try CommandRunner.run(["render", Self.fixtures + "modern.css", "--format", "css"])
        #expect(result.status == 0, "\(result.stderr)")
        for line in [
            "@theme default {", "  --color-black: #000;", "  --color-white: #fff;",
            "  --color-ash-50: oklch(0.985 0 none);", "  --color-tide-400: oklch(74.6% 0.16 232.661);",
            "  --color-tide-glass: oklch(0.685 0.169 237.323 / 0.5);",
            "  --color-wide: color(display-p3 0.1 0.72 0.45);", "  --color-named: rebeccapurple;",
            "  --color-link: var(--color-tide-400);",
        ] {
            #expect(result.text.split(separator: "\n").contains(Substring(line)), "\(line)\n\(result.text)")
        }
        #expect(!result.text.contains("theme-default-"), "no selector prefix")
        let prefixed = try CommandRunner.run(
            ["render", Self.fixtures + "modern.css", "--format", "css", "--prefix", "acme"])
        #expect(prefixed.text.contains("  --acme-color-black: #000;"), "\(prefixed.text)")
        #expect(
            prefixed.text.contains("  --acme-color-link: var(--acme-color-tide-400);"), "\(prefixed.text)")
    }

    /// A loss is one warning per kind with its count, naming the file; the
    /// file is still written.
    @Test func eachKindOfLossIsOneWarning() throws {
        let scratch = ScratchFolder()
        let out = scratch.path("out.gpl")
        let result = try CommandRunner.run(["render", Self.fixtures + "spaces.tokens.json", "-o", out])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == "\(out): warning: 17 colours (4 oklch, 2 display-p3, 1 a98-rgb, 1 hsl, 1 hwb, 1 lab, 1 lch, 1 oklab, 1 prophoto-rgb, 1 rec2020, 1 srgb-linear, 1 xyz-d50, 1 xyz-d65) written as 8-bit sRGB (gpl holds no other space)"
        )
        for expected in [
            "2 colours written opaque (gpl holds no alpha)",
            "3 references written as the colours they name (gpl holds none)",
            "2 descriptions dropped (gpl holds none)", "3 non-colour tokens dropped (gpl holds colours only)",
        ] {
            #expect(lines.contains("\(out): warning: \(expected)"), "\(expected)\n\(result.stderr)")
        }
        #expect(FileManager.default.fileExists(atPath: out))
    }

    /// `--strict` makes any loss exit 65, and nothing is written.
    @Test func strictRefusesALoss() throws {
        let scratch = ScratchFolder()
        let out = scratch.path("out.gpl")
        let result = try CommandRunner.run(["render", Self.fixtures + "print.ase", "-o", out, "--strict"])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("--strict: gpl cannot hold all that was read"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out), "nothing written")
        let stdout = try CommandRunner.run([
            "render", Self.fixtures + "print.ase", "--format", "css", "--strict",
        ])
        #expect(stdout.status == 65 && stdout.stdout.isEmpty, "\(stdout.stderr)")
        // What a format holds whole passes.
        let whole = try CommandRunner.run([
            "render", Self.fixtures + "print.ase", "-o", scratch.path("x.ase"), "--strict",
        ])
        #expect(whole.status == 0, "\(whole.stderr)")
    }

    /// A GIMP palette keeps its title, description, columns and names as
    /// written: an unnamed entry stays unnamed.
    @Test func aGIMPPaletteKeepsItsHeaderAndItsNames() throws {
        let scratch = ScratchFolder()
        let source = scratch.write(
            "p.gpl",
            "GIMP Palette\nName: Tango Icon Theme\nColumns: 3\n#\n# Colours of the Tango project\n"
                + "252 233  79\tButter 1\n  0   0   0\n 46  52  54\tUntitled\n")
        let result = try CommandRunner.run(["render", source, "--format", "gpl"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.text
                == "GIMP Palette\nName: Tango Icon Theme\nColumns: 3\n#\n# Colours of the Tango project\n"
                + "252 233  79\tButter 1\n  0   0   0\n 46  52  54\tUntitled\n")
        let html = try CommandRunner.run(["render", source, "--format", "html"])
        #expect(html.text.contains("<title>Tango Icon Theme</title>"), "the title is the palette's")
    }

    /// The inspector shows what was authored.
    @Test func theInspectorShowsWhatWasAuthored() throws {
        let result = try CommandRunner.run(
            [
                "render", Self.fixtures + "print.ase", "--inspect", "1.1.3", "--format", "plain", "--width",
                "60",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains("lab(47.84 73 46)"), "\(result.text)")
        #expect(result.text.contains("spot"), "\(result.text)")
    }

    /// `formats` says what every palette writer and every reader keeps and
    /// loses, from the declarations the writers check their losses against.
    @Test func formatsSaysWhatEachKeepsAndLoses() throws {
        let listing = try FormatsCommandTests.listing()
        for written in try #require(listing["written"]) {
            let name = written["name"] as? String ?? ""
            let format = try #require(OutputFormat(rawValue: name))
            if let holds = PaletteHolds.of(format) {
                #expect(written["keeps"] as? [String] == holds.keeps, "\(name)")
                #expect(written["loses"] as? [String] == holds.loses, "\(name)")
                #expect(!holds.keeps.isEmpty && !holds.loses.isEmpty, "\(name)")
            } else {
                #expect(written["keeps"] == nil, "\(name) is no palette")
            }
        }
        for read in try #require(listing["read"]) {
            #expect((read["keeps"] as? [String])?.contains("names") == true, "\(read["name"] ?? "")")
        }
        let table = try CommandRunner.run(["formats"]).text
        #expect(
            table.contains("  tokens            keeps spaces (every CSS space), precision, alpha, title"),
            "\(table)")
        #expect(
            table.contains("                    loses spaces (cmyk gray: written as srgb), duplicate names,"),
            "\(table)")
    }

    /// A plugin's keys and references are data: written into CSS they
    /// cannot end the declaration or the rule.
    @Test(.tags(.references)) func aPluginsKeysCannotBreakOutOfTheRule() throws {
        let scratch = ScratchFolder()
        let plugin = scratch.write(
            "sly.lua",
            """
            return { name = "Sly", api = 1, data = { { name = "S", rows = { { name = "R", items = {
              { name = "b", color = "#112233", key = "--b" },
              { name = "a", color = "#112233", key = "--a;}body{color:red", ref = "var(--b, red;} * {x:y)" },
              { name = "c", color = "#112233", key = "--c", ref = "var(--b) /* */" } } } } } } }
            """)
        let result = try CommandRunner.run(["render", plugin, "--format", "css"])
        #expect(result.status == 0, "\(result.stderr)")
        let rules = try #require(
            try JSONSerialization.jsonObject(with: Data(Reference.ask("css", stdin: result.stdout)))
                as? [[String: Any]])
        #expect(rules.count == 1, "\(result.text)")
        let declarations = try #require(rules.first?["declarations"] as? [[Any]])
        #expect(
            declarations.map { $0[0] as? String } == ["--b", "--a-body-color-red", "--c"], "\(result.text)")
        // the one reference that is a reference is written as one, canonical
        #expect(
            declarations.map { $0[1] as? String } == ["#112233", "var(--b)", "#112233"], "\(result.text)")
    }

    /// The authored keys are read on items and nodes alike, and a slip in
    /// one is a warning with a "did you mean", as every key is.
    @Test func authoredKeysAreReadAndTheirSlipsSaid() throws {
        let scratch = ScratchFolder()
        let plugin = scratch.write(
            "keys.lua",
            """
            return { name = "Keys", api = 1, data = { { name = "S", rows = {
              { name = "R", items = { { name = "a", color = "#112233", descripton = "typo" },
                                     { name = "b", color = "#445566", description = "kept", swatch = "spot" } } },
              { name = "T", children = { { name = "n", color = "oklch(0.5 0.1 20)", ref = "{x}", key = "t.n" } } } } } } }
            """)
        let checked = try CommandRunner.run(["check", plugin])
        #expect(checked.stderr.contains(#"unknown key "descripton""#), "\(checked.stderr)")
        #expect(checked.stderr.contains(#"did you mean "description""#), "\(checked.stderr)")
        let json = try CommandRunner.run(["render", plugin, "--format", "json", "--expand", "all"])
        #expect(json.text.contains(#""authored": {"description":"kept","type":"spot"}"#), "\(json.text)")
        #expect(
            json.text.contains(
                #""authored": {"space":"oklch","components":[0.5,0.1,20.0],"alpha":1.0,"css":"oklch(0.5 0.1 20)","key":"t.n","reference":"{x}"}"#
            ), "\(json.text)")
        let bad = scratch.write(
            "bad.lua",
            """
            return { name = "Bad", api = 1, data = { { name = "S", rows = { { name = "R", items = {
              { name = "a", color = "#112233", swatch = "normal" } } } } } } }
            """)
        let refused = try CommandRunner.run(["render", bad])
        #expect(refused.status == 65, "\(refused.stderr)")
        #expect(
            refused.stderr.contains(
                #"data[1].rows[1].items[1].swatch: expected one of global, spot, process, got "normal""#),
            "\(refused.stderr)")
    }

    /// A reader's `keeps` names only what a palette can keep.
    @Test func aReaderKeepsOnlyWhatThereIs() throws {
        let scratch = ScratchFolder()
        let reader = scratch.write(
            "hexlist.lua",
            """
            return { name = "hex list", api = 1, reads = { format = "hexlist", extensions = { "hex" }, keeps = { "nmaes" } },
              data = function() return {} end }
            """)
        let result = try CommandRunner.run(["check", reader])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(
            result.stderr.contains(#"reads.keeps: "nmaes" is not a thing a palette keeps (there are spaces"#),
            "\(result.stderr)")
    }
}

import Foundation
import Testing

/// The terminal-scheme writers (issue 29, item 5): a kitty scheme written
/// in each of the nine formats reads back, through Swatchbook's reader of
/// that format and through Python's own parser of its syntax (tomllib,
/// plistlib, json, configparser), to the same colours; the second write
/// is the first, byte for byte; what a format cannot hold is a warning;
/// a name of anyone's text is read back as it was written.
///
/// What each format holds is written here from the formats' documentation,
/// not from the writers' declaration.
@Suite("the terminal-scheme writers")
struct SchemeWriterTests {
    static let formats = [
        "kitty", "alacritty", "wezterm", "ghostty", "windows-terminal", "iterm", "xresources", "foot",
        "konsole",
    ]

    /// The special slots each format has (every one has the 16 ANSI colours).
    static let specials: [String: [String]] = {
        let all = [
            "foreground", "background", "cursor", "cursor_text", "selection_background",
            "selection_foreground",
        ]
        return [
            "kitty": all, "alacritty": all, "wezterm": all, "ghostty": all, "iterm": all, "foot": all,
            "windows-terminal": ["foreground", "background", "cursor", "selection_background"],
            "xresources": ["foreground", "background", "cursor", "selection_background"],
            "konsole": ["foreground", "background"],
        ]
    }()

    /// The formats whose files carry the scheme's name.
    static let named: Set<String> = ["kitty", "wezterm", "windows-terminal", "foot", "konsole"]

    static let kitty = "Tests/Fixtures/palettes/solarized-dark.conf"

    /// The fixture's 22 colours, from its text (not from a reader).
    static let solarized: [String: String] = {
        let text =
            (try? String(contentsOf: CommandRunner.root.appendingPathComponent(kitty), encoding: .utf8)) ?? ""
        let keys = [
            "cursor_text_color": "cursor_text", "foreground": "foreground", "background": "background",
            "cursor": "cursor", "selection_background": "selection_background",
            "selection_foreground": "selection_foreground",
        ]
        var colours: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            guard words.count == 2 else { continue }
            if words[0].hasPrefix("color") { colours["ansi" + words[0].dropFirst(5)] = words[1] }
            if let slot = keys[words[0]] { colours[slot] = words[1] }
        }
        return colours
    }()

    /// What `format` should read back of the fixture: the 16 ANSI colours
    /// and the specials it has.
    static func expected(_ format: String) -> [String: String] {
        solarized.filter { $0.key.hasPrefix("ansi") || specials[format]!.contains($0.key) }
    }

    /// The colours of `path` by id, and the name of its first section, as
    /// the JSON report gives them.
    static func readBack(_ path: String, as format: String?) throws -> (
        colours: [String: String], name: String
    ) {
        let result = try CommandRunner.run(
            ["render", path] + (format.map { ["--input-format", $0] } ?? []) + [
                "--format", "json", "--expand", "all",
            ])
        try #require(result.status == 0, "\(path): \(result.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        let sections = try #require(root["sections"] as? [[String: Any]])
        var colours: [String: String] = [:]
        for section in sections {
            for row in section["rows"] as? [[String: Any]] ?? [] {
                for item in row["items"] as? [[String: Any]] ?? [] {
                    if let id = item["id"] as? String, let color = item["color"] as? String {
                        colours[id] = color.lowercased()
                    }
                }
            }
        }
        return (colours, sections.first?["name"] as? String ?? "")
    }

    /// Writes `source` as `format` into `scratch`; the result and the file.
    static func write(
        _ source: String, as format: String, in scratch: ScratchFolder, name: String = "out",
        _ extra: [String] = []
    ) throws -> (CommandRunner.Result, String) {
        let path = scratch.path(name)
        let result = try CommandRunner.run(["render", source, "--format", format, "-o", path] + extra)
        return (result, path)
    }

    // MARK: read back

    @Test(arguments: formats)
    func aKittySchemeReadsBackThroughItsReader(_ format: String) throws {
        let scratch = ScratchFolder()
        let (result, path) = try Self.write(Self.kitty, as: format, in: scratch)
        #expect(result.status == 0, "\(result.stderr)")
        let back = try Self.readBack(path, as: format)
        #expect(back.colours == Self.expected(format), "\(format)")
        #expect(back.colours.count == 18 + Self.specials[format]!.count - 2)
        #expect(back.name == (Self.named.contains(format) ? "Solarized Dark" : "out"), "\(format)")
        // Deterministic: a second write is byte-identical.
        let first = try Data(contentsOf: URL(fileURLWithPath: path))
        let (again, second) = try Self.write(Self.kitty, as: format, in: scratch, name: "again")
        #expect(again.status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: second)) == first, "\(format)")
    }

    // MARK: an independent parser

    /// Python's own parsers of each syntax, giving `{slot: "#rrggbb", "name": …}`.
    static let parser = #"""
        import sys, json, tomllib, plistlib, configparser
        fmt, path = sys.argv[1], sys.argv[2]
        hues = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
        out = {}
        def hexof(v): return ("#" + v.lstrip("#")).lower()
        if fmt == "alacritty":
            c = tomllib.load(open(path, "rb"))["colors"]
            for i, h in enumerate(hues):
                out["ansi%d" % i] = hexof(c["normal"][h]); out["ansi%d" % (i + 8)] = hexof(c["bright"][h])
            out["foreground"] = hexof(c["primary"]["foreground"]); out["background"] = hexof(c["primary"]["background"])
            out["cursor"] = hexof(c["cursor"]["cursor"]); out["cursor_text"] = hexof(c["cursor"]["text"])
            out["selection_background"] = hexof(c["selection"]["background"])
            out["selection_foreground"] = hexof(c["selection"]["text"])
        elif fmt == "wezterm":
            d = tomllib.load(open(path, "rb")); c = d["colors"]
            for i in range(8):
                out["ansi%d" % i] = hexof(c["ansi"][i]); out["ansi%d" % (i + 8)] = hexof(c["brights"][i])
            for k, s in [("foreground", "foreground"), ("background", "background"), ("cursor_bg", "cursor"),
                         ("cursor_fg", "cursor_text"), ("selection_bg", "selection_background"),
                         ("selection_fg", "selection_foreground")]:
                if k in c: out[s] = hexof(c[k])
            out["name"] = d["metadata"]["name"]
        elif fmt == "iterm":
            p = plistlib.load(open(path, "rb"))
            keys = {"Foreground Color": "foreground", "Background Color": "background", "Cursor Color": "cursor",
                    "Cursor Text Color": "cursor_text", "Selection Color": "selection_background",
                    "Selected Text Color": "selection_foreground"}
            keys.update({"Ansi %d Color" % i: "ansi%d" % i for i in range(16)})
            for k, v in p.items():
                assert v["Color Space"] == "sRGB", k
                out[keys[k]] = "#" + "".join("%02x" % round(v[c + " Component"] * 255) for c in ["Red", "Green", "Blue"])
        elif fmt == "windows-terminal":
            d = json.load(open(path, encoding="utf-8"))
            names = hues[:5] + ["purple"] + hues[6:]
            for i, h in enumerate(names):
                out["ansi%d" % i] = hexof(d[h]); out["ansi%d" % (i + 8)] = hexof(d["bright" + h.capitalize()])
            for k, s in [("foreground", "foreground"), ("background", "background"), ("cursorColor", "cursor"),
                         ("selectionBackground", "selection_background")]:
                if k in d: out[s] = hexof(d[k])
            out["name"] = d["name"]
        elif fmt == "foot":
            p = configparser.ConfigParser(interpolation=None); p.read(path, encoding="utf-8")
            c = p["colors"]
            for i in range(8):
                out["ansi%d" % i] = hexof(c["regular%d" % i]); out["ansi%d" % (i + 8)] = hexof(c["bright%d" % i])
            for k in ["foreground", "background"]: out[k] = hexof(c[k])
            out["selection_background"] = hexof(c["selection-background"])
            out["selection_foreground"] = hexof(c["selection-foreground"])
            text, cursor = p["cursor"]["color"].split()
            out["cursor_text"] = hexof(text); out["cursor"] = hexof(cursor)
        elif fmt == "konsole":
            p = configparser.ConfigParser(interpolation=None, strict=True); p.optionxform = str
            p.read(path, encoding="utf-8")
            def rgb(s): return "#" + "".join("%02x" % int(x) for x in p[s]["Color"].split(","))
            for i in range(8):
                out["ansi%d" % i] = rgb("Color%d" % i); out["ansi%d" % (i + 8)] = rgb("Color%dIntense" % i)
            out["foreground"] = rgb("Foreground"); out["background"] = rgb("Background")
            out["name"] = p["General"]["Description"].replace("\\\\", "\\")
        json.dump(out, sys.stdout)
        """#

    static func parsed(_ path: String, as format: String, in scratch: ScratchFolder) throws -> [String:
        String]
    {
        try Requirement.need(Reference.python, from: "the PyPI references: run Tools/references")
        let script = scratch.write("parse.py", parser)
        let result = try CommandRunner.runShell("'\(Reference.python)' '\(script)' \(format) '\(path)'")
        try #require(result.status == 0, "python: \(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: String])
    }

    @Test(arguments: ["alacritty", "wezterm", "iterm", "windows-terminal", "foot", "konsole"])
    func eachOutputParsesWithItsOwnSyntaxsParser(_ format: String) throws {
        let scratch = ScratchFolder()
        let (result, path) = try Self.write(Self.kitty, as: format, in: scratch)
        try #require(result.status == 0, "\(result.stderr)")
        var parsed = try Self.parsed(path, as: format, in: scratch)
        if let name = parsed.removeValue(forKey: "name") { #expect(name == "Solarized Dark") }
        #expect(parsed == Self.expected(format), "\(format)")
    }

    // MARK: names of anyone's text

    /// A plugin whose scheme name has quotes, a newline, `]]`, XML and
    /// INI specials, a backslash and an escape byte.
    static let hostile = "Evil \"q\" 'a' ]] <x>&amp; \\n \\ #1 ;c [s] = $(x)\u{1B}[31m\nline2"

    static func hostilePlugin(in scratch: ScratchFolder) -> String {
        var items = (0..<16).map {
            "{ id = \"ansi\($0)\", name = \"c\($0)\", color = \"#\(String(format: "%02x", $0 * 16))1020\" }"
        }
        items += ["{ id = \"foreground\", name = \"Foreground\", color = \"#eeeeee\" }"]
        items += ["{ id = \"background\", name = \"Background\", color = \"#111111\" }"]
        let name = hostile.unicodeScalars.map {
            $0.isASCII && $0.value >= 0x20 && $0 != "\"" && $0 != "\\"
                ? String($0) : String(format: "\\u{%X}", $0.value)
        }.joined()
        return scratch.write(
            "hostile.lua",
            """
            return { name = "hostile", api = 1, data = { { name = "\(name)", rows = {
              { name = "r", items = { \(items.joined(separator: ", ")) } } } } } }
            """)
    }

    @Test(arguments: ["kitty", "wezterm", "windows-terminal", "foot", "konsole"])
    func aHostileNameReadsBackAsWritten(_ format: String) throws {
        let scratch = ScratchFolder()
        let plugin = Self.hostilePlugin(in: scratch)
        let (result, path) = try Self.write(plugin, as: format, in: scratch)
        try #require(result.status == 0, "\(result.stderr)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(!bytes.contains(0x1B), "no escape byte reaches the file")
        // The name as the catalogue has it (its escape and line break
        // cleaned when it was read) is the name read back.
        let original = try Self.readBack(plugin, as: nil).name
        #expect(original.hasPrefix("Evil \"q\" 'a' ]] <x>&amp; \\n \\ #1 ;c [s] = $(x)"), "\(original)")
        #expect(original.hasSuffix("line2") && !original.contains("\n"), "\(original)")
        let back = try Self.readBack(path, as: format)
        #expect(back.name == original, "\(format)")
        #expect(back.colours["ansi15"] == "#f01020" && back.colours["background"] == "#111111")
        if format != "kitty" && format != "foot" {
            let parsed = try Self.parsed(path, as: format == "wezterm" ? "wezterm" : format, in: scratch)
            #expect(parsed["name"] == back.name, "\(format)")
        }
    }

    // MARK: losses, required slots, other catalogues

    /// Colours with no slot, the scheme's name where the format has none,
    /// alpha, a wide space and a name not its slot's: one warning each;
    /// `--strict` refuses them and leaves the file as it was.
    @Test func lossesWarnAndStrictRefuses() throws {
        let scratch = ScratchFolder()
        let (wt, _) = try Self.write(Self.kitty, as: "windows-terminal", in: scratch)
        #expect(wt.status == 0)
        #expect(
            wt.stderr.contains("warning: 2 colours dropped (windows-terminal has no slot for them)"),
            "\(wt.stderr)")
        let (ghostty, _) = try Self.write(Self.kitty, as: "ghostty", in: scratch)
        #expect(
            ghostty.stderr.contains("warning: the scheme's name dropped (ghostty holds none"),
            "\(ghostty.stderr)")
        let (kitty, _) = try Self.write(Self.kitty, as: "kitty", in: scratch)
        #expect(kitty.stderr.isEmpty, "kitty to kitty loses nothing: \(kitty.stderr)")
        let plugin = scratch.write(
            "odd.lua",
            """
            return { name = "odd", api = 1, data = { { name = "Odd", rows = { { name = "r", items = {
              { id = "ansi0", name = "Black", color = "#11223380" },
              { id = "foreground", name = "Text", color = "oklch(70% 0.1 200)" },
              { id = "extra", name = "Extra", color = "#abcdef" } } } } } } }
            """)
        let (odd, oddPath) = try Self.write(plugin, as: "kitty", in: scratch)
        #expect(odd.status == 0)
        let warnings = odd.stderr.split(separator: "\n").map(String.init)
        #expect(
            warnings.contains {
                $0.hasSuffix("warning: 1 colour in oklch written as sRGB (kitty holds no other space)")
            }, "\(odd.stderr)")
        #expect(warnings.contains { $0.hasSuffix("warning: 1 colour written opaque (kitty holds no alpha)") })
        #expect(warnings.contains { $0.hasSuffix("warning: 1 colour dropped (kitty has no slot for it)") })
        #expect(
            warnings.contains {
                $0.hasSuffix("warning: 1 colour's name dropped (kitty names each colour by its slot)")
            })
        #expect(warnings.count == 4, "one line per kind: \(odd.stderr)")
        let text = try String(contentsOfFile: oddPath, encoding: .utf8)
        #expect(text.contains("color0 #112233\n") && !text.contains("abcdef"))
        // iTerm2's reals hold the alpha.
        let (iterm, _) = try Self.write(plugin, as: "iterm", in: scratch)
        #expect(!iterm.stderr.contains("opaque"), "\(iterm.stderr)")
        let before = try Data(contentsOf: URL(fileURLWithPath: oddPath))
        let (strict, _) = try Self.write(plugin, as: "kitty", in: scratch, ["--strict"])
        #expect(strict.status == 65, "\(strict.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: oddPath)) == before)
    }

    /// A catalogue with neither a terminal scheme's ids nor base16's is
    /// refused in one line (exit 65), nothing written.
    @Test func aPaletteWithNoSlotsIsRefused() throws {
        let scratch = ScratchFolder()
        let (result, path) = try Self.write(
            "Tests/Fixtures/palettes/brand.tokens.json", as: "kitty", in: scratch)
        #expect(result.status == 65)
        #expect(result.stderr.contains("brand.tokens.json"), "\(result.stderr)")
        #expect(result.stderr.contains("ansi0…ansi15, foreground and background"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// A required slot the scheme lacks (WezTerm's 8-colour arrays, foot's
    /// cursor pair) is filled from its twin and named in a warning.
    @Test func missingRequiredSlotsAreFilledAndNamed() throws {
        let scratch = ScratchFolder()
        let source = scratch.write(
            "half.conf",
            (0..<8).map { "color\($0) #0\($0)0000\n" }.joined()
                + "foreground #eeeeee\nbackground #111111\ncursor #ff0000\n")
        let (wez, wezPath) = try Self.write(source, as: "wezterm", in: scratch)
        #expect(wez.status == 0)
        #expect(
            wez.stderr.contains(
                "wezterm requires ansi8, ansi9, ansi10, ansi11, ansi12, ansi13, ansi14, ansi15, which the scheme lacks"
            ), "\(wez.stderr)")
        let back = try Self.readBack(wezPath, as: "wezterm")
        for i in 0..<8 { #expect(back.colours["ansi\(i + 8)"] == "#0\(i)0000") }
        let (foot, footPath) = try Self.write(source, as: "foot", in: scratch)
        #expect(foot.stderr.contains("foot requires cursor_text, which"), "\(foot.stderr)")
        let cursor = try Self.readBack(footPath, as: "foot").colours
        #expect(cursor["cursor"] == "#ff0000" && cursor["cursor_text"] == "#111111")
        // kitty requires nothing: no brights written, no warning.
        let (kitty, _) = try Self.write(source, as: "kitty", in: scratch)
        #expect(kitty.stderr.isEmpty, "\(kitty.stderr)")
    }

    /// A base16 scheme maps by the base16-shell mapping; a base24 scheme's
    /// brights are base12…base17 (tinted-theming's styling guide).
    @Test(arguments: ["base16", "base24"])
    func aBase16SchemeMapsByTheShellMapping(_ system: String) throws {
        let scratch = ScratchFolder()
        let slots =
            (0..<16).map { String(format: "base0%X", $0) }
            + (system == "base24" ? (0..<8).map { "base1\($0)" } : [])
        func hex(_ slot: String) -> String {
            "#" + String(repeating: String(slot.suffix(2)).lowercased(), count: 3)
        }
        let yaml =
            "system: \"\(system)\"\nname: \"Test\"\nauthor: \"A\"\nvariant: \"dark\"\npalette:\n"
            + slots.map { "  \($0): \"\(hex($0).dropFirst())\"\n" }.joined()
        let source = scratch.write("test.yaml", yaml)
        let (result, path) = try Self.write(source, as: "kitty", in: scratch)
        #expect(result.status == 0, "\(result.stderr)")
        let back = try Self.readBack(path, as: "kitty")
        let bright = system == "base24"
        let expected: [String: String] = [
            "ansi0": "base00", "ansi1": "base08", "ansi2": "base0B", "ansi3": "base0A", "ansi4": "base0D",
            "ansi5": "base0E", "ansi6": "base0C", "ansi7": "base05", "ansi8": "base03",
            "ansi9": bright ? "base12" : "base08", "ansi10": bright ? "base14" : "base0B",
            "ansi11": bright ? "base13" : "base0A", "ansi12": bright ? "base16" : "base0D",
            "ansi13": bright ? "base17" : "base0E", "ansi14": bright ? "base15" : "base0C",
            "ansi15": "base07",
            "foreground": "base05", "background": "base00", "cursor": "base05",
            "selection_background": "base02",
        ]
        #expect(back.colours == expected.mapValues(hex))
        #expect(back.name == "Test (A)")
        // base01, 04, 06, 09 and 0F (and base24's 10 and 11) have no slot.
        let dropped = bright ? 7 : 5
        #expect(
            result.stderr.contains("\(dropped) colours dropped (kitty has no slot for them)"),
            "\(result.stderr)")
    }

    /// `-o FILE` picks the format by an extension that names only it, and
    /// by `.Xresources` as a whole name; the others need `--format`.
    @Test(arguments: [
        ("dracula.toml", "alacritty"), ("Dracula.itermcolors", "iterm"), ("d.colorscheme", "konsole"),
        ("d.Xresources", "xresources"), (".Xresources", "xresources"), ("d.xrdb", "xresources"),
        ("d.ini", "foot"),
        ("d.conf", "kitty"),
    ])
    func theExtensionPicksTheFormat(_ name: String, _ format: String) throws {
        let scratch = ScratchFolder()
        let result = try CommandRunner.run(["render", Self.kitty, "-o", scratch.path(name)])
        #expect(result.status == 0, "\(result.stderr)")
        let back = try Self.readBack(scratch.path(name), as: format)
        #expect(back.colours == Self.expected(format), "\(name)")
    }
}

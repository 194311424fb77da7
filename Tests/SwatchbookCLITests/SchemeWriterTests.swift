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
}

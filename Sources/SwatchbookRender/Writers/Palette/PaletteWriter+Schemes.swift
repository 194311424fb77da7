import SwatchbookCore

/// A colour slot of a terminal scheme, named by the id the terminal-scheme
/// readers give it (`ansi0`…`ansi15`, `foreground`, `cursor_text`…).
public enum SchemeSlot: Hashable, Sendable {
    case ansi(Int)
    case foreground, background, cursor, cursorText, selectionBackground, selectionForeground

    /// The 16 ANSI colours, then the special ones, in the order schemes list them.
    public static let all: [SchemeSlot] =
        (0..<16).map(SchemeSlot.ansi) + [
            .foreground, .background, .cursor, .cursorText, .selectionBackground, .selectionForeground,
        ]

    /// The special slots: every one but the ANSI colours.
    static let specials = all.dropFirst(16)

    /// The id a terminal reader gives its colour.
    public var id: String {
        switch self {
        case .ansi(let index): "ansi\(index)"
        case .foreground: "foreground"
        case .background: "background"
        case .cursor: "cursor"
        case .cursorText: "cursor_text"
        case .selectionBackground: "selection_background"
        case .selectionForeground: "selection_foreground"
        }
    }

    /// The name a terminal reader gives its colour: what no loss is.
    var name: String {
        let hues = ["Black", "Red", "Green", "Yellow", "Blue", "Magenta", "Cyan", "White"]
        switch self {
        case .ansi(let index): return (index >= 8 ? "Bright " : "") + hues[index % 8]
        case .foreground: return "Foreground"
        case .background: return "Background"
        case .cursor: return "Cursor"
        case .cursorText: return "Cursor text"
        case .selectionBackground: return "Selection"
        case .selectionForeground: return "Selection text"
        }
    }

    /// As `formats` lists what a scheme keeps.
    var label: String {
        switch self {
        case .ansi: "16 ANSI colours"
        case .cursorText: "cursor text"
        case .selectionBackground: "selection"
        case .selectionForeground: "selection text"
        default: id
        }
    }

    /// Where each slot's colour comes from in a base16 or base24 scheme:
    /// the base16-shell mapping, with base24's brights (`base12`…`base17`,
    /// tinted-theming's styling guide 0.1.2) first where the scheme has them.
    static let base16: [SchemeSlot: [String]] = [
        .ansi(0): ["base00"], .ansi(1): ["base08"], .ansi(2): ["base0B"], .ansi(3): ["base0A"],
        .ansi(4): ["base0D"], .ansi(5): ["base0E"], .ansi(6): ["base0C"], .ansi(7): ["base05"],
        .ansi(8): ["base03"], .ansi(9): ["base12", "base08"], .ansi(10): ["base14", "base0B"],
        .ansi(11): ["base13", "base0A"], .ansi(12): ["base16", "base0D"], .ansi(13): ["base17", "base0E"],
        .ansi(14): ["base15", "base0C"], .ansi(15): ["base07"], .foreground: ["base05"],
        .background: ["base00"], .cursor: ["base05"], .selectionBackground: ["base02"],
    ]
}

/// A scheme's colours by slot, taken from a catalogue's colours.
struct TerminalScheme {
    var name: String
    var colors: [SchemeSlot: PaletteEntry] = [:]

    subscript(_ slot: SchemeSlot) -> Color? { colors[slot]?.color }

    /// The slots of `entries`, by their ids, or by base16's when none has a
    /// terminal id; nil when neither is there. `title` names the scheme
    /// when no colour's section does.
    init?(_ entries: [PaletteEntry], title: String) {
        var byID: [String: Int] = [:]
        for (index, entry) in entries.enumerated() {
            if let id = entry.id, byID[id] == nil { byID[id] = index }
        }
        func take(_ slot: SchemeSlot, _ ids: [String]) {
            guard let index = ids.lazy.compactMap({ byID[$0] }).first else { return }
            colors[slot] = entries[index]
        }
        name = title
        if SchemeSlot.all.contains(where: { byID[$0.id] != nil }) {
            for slot in SchemeSlot.all { take(slot, [slot.id]) }
        } else if SchemeSlot.base16.values.contains(where: { $0.contains { byID[$0] != nil } }) {
            for slot in SchemeSlot.all { take(slot, SchemeSlot.base16[slot] ?? []) }
        } else {
            return nil
        }
        // The scheme's name is the section its colours are in (what every
        // terminal reader names it), unless the file gave a title.
        let placed = colors
        if let section = SchemeSlot.all.lazy.compactMap({ placed[$0] }).first?.groups.first { name = section }
    }
}

extension PaletteWriter {
    /// Why a catalogue cannot be written as a terminal scheme.
    static func notAScheme(_ format: OutputFormat) -> String {
        "--format \(format.rawValue): a terminal scheme is written from colours with the ids ansi0…ansi15, foreground and background (a terminal scheme's) or base00…base0F (a base16 scheme's); the catalogue has none"
    }

    /// `scheme` in `format`'s own syntax; the slots the format requires
    /// and the scheme lacks are filled (``filled(_:requires:)``) and
    /// counted in `losses`.
    static func scheme(_ scheme: TerminalScheme, as format: OutputFormat, losses: inout PaletteLosses)
        -> [UInt8]
    {
        var scheme = scheme
        let required: [SchemeSlot]
        switch format {
        case .wezterm: required = (0..<16).map(SchemeSlot.ansi)
        case .windowsTerminal: required = Array(SchemeSlot.all.prefix(18))
        case .foot where scheme[.cursor] != nil || scheme[.cursorText] != nil:
            required = [.cursor, .cursorText]
        default: required = []
        }
        let missing = required.filter { scheme[$0] == nil }
        if !missing.isEmpty { losses.fill(missing.map(\.id)) }
        var colors: [SchemeSlot: Color] = [:]
        for slot in SchemeSlot.all { colors[slot] = scheme[slot] }
        for slot in missing { colors[slot] = filler(for: slot, in: colors) }
        scheme.name = schemeName(scheme.name)
        let text: String
        switch format {
        case .kitty: text = kitty(scheme.name, colors)
        case .alacritty: text = alacritty(colors)
        case .wezterm: text = wezterm(scheme.name, colors)
        case .ghostty: text = ghostty(colors)
        case .windowsTerminal: text = windowsTerminal(scheme.name, colors)
        case .iterm: text = iterm(scheme, colors)
        case .xresources: text = xresources(colors)
        case .foot: text = foot(scheme.name, colors)
        case .konsole: text = konsole(scheme.name, colors)
        default: text = ""
        }
        return Array(text.utf8)
    }

    /// What a required slot the scheme lacks is written as: an ANSI colour
    /// as its normal or bright twin, else the background (black) or the
    /// foreground (any other); the foreground as white (ANSI 7), the
    /// background as black (ANSI 0); the cursor as the foreground and its
    /// text as the background. Black or white when even those are missing.
    static func filler(for slot: SchemeSlot, in colors: [SchemeSlot: Color]) -> Color {
        let black = Color(rgb: 0x000000)
        let white = Color(rgb: 0xFFFFFF)
        switch slot {
        case .ansi(let index):
            let dark = index % 8 == 0
            return colors[.ansi((index + 8) % 16)] ?? colors[dark ? .background : .foreground]
                ?? (dark ? black : white)
        case .foreground: return colors[.ansi(7)] ?? colors[.ansi(15)] ?? white
        case .background: return colors[.ansi(0)] ?? colors[.ansi(8)] ?? black
        case .cursor, .selectionForeground: return colors[.foreground] ?? white
        case .cursorText, .selectionBackground: return colors[.background] ?? black
        }
    }

    /// A scheme's name on one line, cleaned of controls and trimmed: what
    /// every format's reader gives back.
    static func schemeName(_ text: String) -> String {
        line(text).trimmingCharacters(in: .whitespaces)
    }

    /// `#rrggbb`, as terminal schemes spell it.
    static func lowerHex(_ color: Color) -> String { color.hex.prefix(7).lowercased() }

    // MARK: kitty, Alacritty, WezTerm, Ghostty

    /// kitty.conf's colour settings, named by kitty-themes' `## name:`.
    static func kitty(_ name: String, _ colors: [SchemeSlot: Color]) -> String {
        var out = name.isEmpty ? "" : "## name: \(name)\n\n"
        let keys: [(SchemeSlot, String)] = [
            (.foreground, "foreground"), (.background, "background"), (.cursor, "cursor"),
            (.cursorText, "cursor_text_color"), (.selectionBackground, "selection_background"),
            (.selectionForeground, "selection_foreground"),
        ]
        for (slot, key) in keys { if let c = colors[slot] { out += "\(key) \(lowerHex(c))\n" } }
        out += "\n"
        for index in 0..<16 { if let c = colors[.ansi(index)] { out += "color\(index) \(lowerHex(c))\n" } }
        return out
    }

    /// Alacritty's TOML: `[colors.primary]`, `[colors.cursor]`,
    /// `[colors.selection]`, `[colors.normal]` and `[colors.bright]`.
    static func alacritty(_ colors: [SchemeSlot: Color]) -> String {
        let hues = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
        let tables: [(String, [(SchemeSlot, String)])] = [
            ("primary", [(.foreground, "foreground"), (.background, "background")]),
            ("cursor", [(.cursor, "cursor"), (.cursorText, "text")]),
            ("selection", [(.selectionBackground, "background"), (.selectionForeground, "text")]),
            ("normal", hues.enumerated().map { (.ansi($0), $1) }),
            ("bright", hues.enumerated().map { (.ansi($0 + 8), $1) }),
        ]
        var blocks: [String] = []
        for (table, keys) in tables {
            let lines = keys.compactMap { slot, key in colors[slot].map { "\(key) = \"\(lowerHex($0))\"\n" } }
            if !lines.isEmpty { blocks.append("[colors.\(table)]\n" + lines.joined()) }
        }
        return blocks.joined(separator: "\n")
    }

    /// WezTerm's TOML: `[colors]` with its `ansi` and `brights` arrays,
    /// and `[metadata]`'s name.
    static func wezterm(_ name: String, _ colors: [SchemeSlot: Color]) -> String {
        var out = "[colors]\n"
        let keys: [(SchemeSlot, String)] = [
            (.foreground, "foreground"), (.background, "background"), (.cursor, "cursor_bg"),
            (.cursor, "cursor_border"), (.cursorText, "cursor_fg"), (.selectionBackground, "selection_bg"),
            (.selectionForeground, "selection_fg"),
        ]
        for (slot, key) in keys { if let c = colors[slot] { out += "\(key) = \"\(lowerHex(c))\"\n" } }
        for (key, first) in [("ansi", 0), ("brights", 8)] {
            let list = (first..<first + 8).map { "\"\(lowerHex(colors[.ansi($0)]!))\"" }
            out += "\(key) = [" + list.joined(separator: ", ") + "]\n"
        }
        if !name.isEmpty { out += "\n[metadata]\nname = \(tomlString(name))\n" }
        return out
    }

    /// A TOML basic string: `"` and `\` escaped, and any control character
    /// as `\uXXXX`.
    static func tomlString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out +=
                    "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16, uppercase: true)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Ghostty's `palette = N=#rrggbb` and its colour keys.
    static func ghostty(_ colors: [SchemeSlot: Color]) -> String {
        var out = ""
        for index in 0..<16 {
            if let c = colors[.ansi(index)] { out += "palette = \(index)=\(lowerHex(c))\n" }
        }
        let keys: [(SchemeSlot, String)] = [
            (.background, "background"), (.foreground, "foreground"), (.cursor, "cursor-color"),
            (.cursorText, "cursor-text"), (.selectionBackground, "selection-background"),
            (.selectionForeground, "selection-foreground"),
        ]
        for (slot, key) in keys { if let c = colors[slot] { out += "\(key) = \(lowerHex(c))\n" } }
        return out
    }

    // MARK: Windows Terminal, iTerm2

    /// A Windows Terminal scheme object: its name, the 16 colours,
    /// foreground, background, cursor and selection.
    static func windowsTerminal(_ name: String, _ colors: [SchemeSlot: Color]) -> String {
        let hues = ["black", "red", "green", "yellow", "blue", "purple", "cyan", "white"]
        var members: [(String, String)] = [("name", JSONValue.quoted(name))]
        for (index, hue) in hues.enumerated() {
            members.append((hue, "\"\(colors[.ansi(index)]!.hex.prefix(7))\""))
        }
        for (index, hue) in hues.enumerated() {
            let key = "bright" + hue.prefix(1).uppercased() + hue.dropFirst()
            members.append((key, "\"\(colors[.ansi(index + 8)]!.hex.prefix(7))\""))
        }
        let keys: [(SchemeSlot, String)] = [
            (.foreground, "foreground"), (.background, "background"), (.cursor, "cursorColor"),
            (.selectionBackground, "selectionBackground"),
        ]
        for (slot, key) in keys {
            if let c = colors[slot] { members.append((key, "\"\(c.hex.prefix(7))\"")) }
        }
        return "{\n" + members.map { "    \"\($0)\": \($1)" }.joined(separator: ",\n") + "\n}\n"
    }

    /// An iTerm2 preset: an XML property list of colour dictionaries, each
    /// component a real in sRGB (at the precision it was authored in), in
    /// the order Apple's writers sort the keys.
    static func iterm(_ scheme: TerminalScheme, _ colors: [SchemeSlot: Color]) -> String {
        let keys: [SchemeSlot: String] = [
            .foreground: "Foreground Color", .background: "Background Color", .cursor: "Cursor Color",
            .cursorText: "Cursor Text Color", .selectionBackground: "Selection Color",
            .selectionForeground: "Selected Text Color",
        ]
        var dictionaries: [(String, [Double])] = []
        for slot in SchemeSlot.all {
            guard let color = colors[slot] else { continue }
            let key =
                keys[slot] ?? { if case .ansi(let index) = slot { "Ansi \(index) Color" } else { "" } }()
            var components = [color.red, color.green, color.blue, color.alpha].map { Double($0) / 255 }
            if let authored = scheme.colors[slot]?.authored?.color?.withoutDevice, authored.space == .srgb {
                components =
                    authored.components.map { Color.unitClamped($0 ?? 0) } + [
                        Color.unitClamped(authored.alpha)
                    ]
            }
            dictionaries.append((key, components))
        }
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>

            """
        for (key, c) in dictionaries.sorted(by: { $0.0 < $1.0 }) {
            out += "\t<key>\(key)</key>\n\t<dict>\n"
            out += "\t\t<key>Alpha Component</key>\n\t\t<real>\(c[3])</real>\n"
            out += "\t\t<key>Blue Component</key>\n\t\t<real>\(c[2])</real>\n"
            out += "\t\t<key>Color Space</key>\n\t\t<string>sRGB</string>\n"
            out += "\t\t<key>Green Component</key>\n\t\t<real>\(c[1])</real>\n"
            out += "\t\t<key>Red Component</key>\n\t\t<real>\(c[0])</real>\n"
            out += "\t</dict>\n"
        }
        return out + "</dict>\n</plist>\n"
    }

    // MARK: X resources, foot, Konsole

    /// `*.color0:` … and the colours xterm and URxvt name.
    static func xresources(_ colors: [SchemeSlot: Color]) -> String {
        var out = ""
        let keys: [(SchemeSlot, String)] = [
            (.foreground, "foreground"), (.background, "background"), (.cursor, "cursorColor"),
            (.selectionBackground, "highlightColor"),
        ]
        for (slot, key) in keys { if let c = colors[slot] { out += "*.\(key): \(lowerHex(c))\n" } }
        for index in 0..<16 { if let c = colors[.ansi(index)] { out += "*.color\(index): \(lowerHex(c))\n" } }
        return out
    }

    /// foot's INI: the name as the first line's comment (as Debian's
    /// foot-themes have it), `[cursor] color = TEXT CURSOR`, and `[colors]`.
    static func foot(_ name: String, _ colors: [SchemeSlot: Color]) -> String {
        func hex(_ color: Color) -> String { String(lowerHex(color).dropFirst()) }
        var out = name.isEmpty ? "" : "# theme: \(name)\n\n"
        if let text = colors[.cursorText], let cursor = colors[.cursor] {
            out += "[cursor]\ncolor=\(hex(text)) \(hex(cursor))\n\n"
        }
        out += "[colors]\n"
        let keys: [(SchemeSlot, String)] = [
            (.foreground, "foreground"), (.background, "background"),
            (.selectionForeground, "selection-foreground"), (.selectionBackground, "selection-background"),
        ]
        for (slot, key) in keys { if let c = colors[slot] { out += "\(key)=\(hex(c))\n" } }
        for (prefix, first) in [("regular", 0), ("bright", 8)] {
            for index in 0..<8 {
                if let c = colors[.ansi(first + index)] { out += "\(prefix)\(index)=\(hex(c))\n" }
            }
        }
        return out
    }

    /// A Konsole `.colorscheme`: `[General]` with the name as
    /// `Description` (KConfig's escapes: `\\`), then a group per colour,
    /// each `Color=R,G,B`; the intense background and foreground are the
    /// plain ones.
    static func konsole(_ name: String, _ colors: [SchemeSlot: Color]) -> String {
        func rgb(_ c: Color) -> String { "Color=\(c.red),\(c.green),\(c.blue)\n" }
        var groups: [(String, Color)] = []
        for (slot, group) in [(SchemeSlot.background, "Background"), (.foreground, "Foreground")] {
            if let c = colors[slot] { groups += [(group, c), (group + "Intense", c)] }
        }
        for index in 0..<8 {
            if let c = colors[.ansi(index)] { groups.append(("Color\(index)", c)) }
            if let c = colors[.ansi(index + 8)] { groups.append(("Color\(index)Intense", c)) }
        }
        let description = name.replacingOccurrences(of: "\\", with: "\\\\")
        return "[General]\n" + (name.isEmpty ? "" : "Description=\(description)\n") + "Opacity=1\n"
            + groups.map { "\n[\($0)]\n" + rgb($1) }.joined()
    }
}

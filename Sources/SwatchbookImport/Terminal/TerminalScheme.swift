import SwatchbookCore

/// A terminal colour scheme (its 16 ANSI colours and its special colours,
/// as a reader plugin read them) made into a theme by `theme import`.
///
/// The theme extends `default`, holds every slot in its palette under its
/// name (`ansi4 = "#3465A4"`) and styles roles by slot, so a theme
/// extending it recolours every role that uses a slot by rebinding it.
///
/// | role | slot |
/// |---|---|
/// | background | bg background |
/// | text, label | fg foreground |
/// | header | fg foreground, bg selection_background, bold |
/// | row_title | fg ansi4 (blue), bold |
/// | hex, border, muted | fg ansi8 (bright black) |
/// | focus | reverse, bold |
/// | selection | fg ansi3 (yellow), underline |
/// | indicator | fg ansi3, bold |
/// | status | fg foreground, bg selection_background |
/// | error | fg ansi1 (red), bold |
/// | match | fg ansi3, bold, underline |
///
/// A missing bright colour (ansi8–15) is its normal one; a missing
/// background is ansi0, foreground ansi7, and selection_background ansi8.
public struct TerminalScheme: ImportedScheme, Sendable {
    public var name: String
    public var file: String
    /// Slot name to colour, fallbacks filled in.
    public private(set) var colors: [String: Color]
    var author: String? { nil }

    /// The slots every theme uses, in palette order.
    static let slots =
        (0..<16).map { "ansi\($0)" } + [
            "foreground", "background", "cursor", "cursor_text", "selection_background",
            "selection_foreground",
        ]

    static let rules: [(Role, foreground: String?, background: String?, [AttributeName])] = [
        (.background, nil, "background", []),
        (.text, "foreground", nil, []),
        (.header, "foreground", "selection_background", [.bold]),
        (.rowTitle, "ansi4", nil, [.bold]),
        (.label, "foreground", nil, []),
        (.hex, "ansi8", nil, []),
        (.focus, nil, nil, [.reverse, .bold]),
        (.selection, "ansi3", nil, [.underline]),
        (.indicator, "ansi3", nil, [.bold]),
        (.border, "ansi8", nil, []),
        (.status, "foreground", "selection_background", []),
        (.error, "ansi1", nil, [.bold]),
        (.muted, "ansi8", nil, []),
        (.match, "ansi3", nil, [.bold, .underline]),
    ]

    /// `colors` by slot (the ids the bundled readers give items); throws
    /// when a normal ANSI colour is missing.
    public init(name: String, file: String, colors: [String: Color]) throws(Diagnostic) {
        var filled = colors
        for index in 0..<8 where filled["ansi\(index)"] == nil {
            throw Diagnostic(
                .data, file: file,
                "expected the 8 normal ANSI colours of a terminal scheme, ansi\(index) is missing")
        }
        for index in 8..<16 where filled["ansi\(index)"] == nil {
            filled["ansi\(index)"] = filled["ansi\(index - 8)"]
        }
        filled["background"] = filled["background"] ?? filled["ansi0"]
        filled["foreground"] = filled["foreground"] ?? filled["ansi7"]
        filled["selection_background"] = filled["selection_background"] ?? filled["ansi8"]
        self.name = name
        self.file = file
        self.colors = filled
    }

    var id: String { "term-" + Slug.of(name) }
    var background: Color { colors["background"]! }
    var text: Color { colors["foreground"]! }

    var themeSource: String {
        let sourceFile = file.split(separator: "/").last.map(String.init) ?? file
        var lines = [
            "-- Terminal scheme \(LuaLiteral.commentText(sourceFile)), converted by `swatchbook theme import`.",
            "-- Generated: import the scheme again rather than editing this file. Roles name palette",
            "-- slots, so a theme extending this one recolours a role by rebinding its slot.",
            "return {",
            "  id = \(LuaLiteral.string(id)),",
            "  name = \(LuaLiteral.string(name)),",
            "  variant = \(LuaLiteral.string(background.isLight ? "light" : "dark")),",
            "  extends = \"default\",",
            "  palette = {",
        ]
        for slot in Self.slots {
            if let color = colors[slot] { lines.append("    \(slot) = \(LuaLiteral.string(color.hex)),") }
        }
        lines += ["  },", "  roles = {"]
        for (role, foreground, background, attributes) in Self.rules {
            var fields: [String] = []
            if let foreground { fields.append("fg = \(LuaLiteral.string(foreground))") }
            if let background { fields.append("bg = \(LuaLiteral.string(background))") }
            fields += attributes.map { "\($0.rawValue) = true" }
            lines.append("    \(role.rawValue) = { \(fields.joined(separator: ", ")) },")
        }
        lines += ["  },", "}"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes `schemes` as the theme pack `output` (relative to
    /// `currentDirectory`), all or nothing; `force` and `check` as
    /// ``Base16Importer``.
    public static func install(
        _ schemes: [TerminalScheme], output: String, currentDirectory: String, force: Bool = false,
        check: some PackCheck
    ) throws(Diagnostic) -> Base16Importer.Summary {
        try SchemeImporter.install(
            schemes, output: output, currentDirectory: currentDirectory, command: "theme import terminal",
            force: force, check: check)
    }
}

import SwatchbookCore

/// A terminal colour scheme (its 16 ANSI colours and its special colours,
/// as a reader plugin read them) made into a theme by `theme import`.
///
/// The theme extends `default`, holds every slot in its palette under its
/// name (`ansi4 = "#3465A4"`) and styles roles by slot, so a theme
/// extending it recolours every role that uses a slot by rebinding it.
/// Each role takes the first of its slots that reads over its background
/// (``ReadableRoles``: 4.5:1, hex, muted and border 3:1), else the best of
/// them lightened or darkened, kept as a slot of its own (`row_title_fg`):
///
/// | role | slots, best first |
/// |---|---|
/// | background | bg background |
/// | text, label | fg foreground, ansi15, ansi7, ansi0, ansi8 |
/// | header | fg foreground on selection_background, selection_foreground on it, foreground on ansi8, on ansi0, background on foreground; bold |
/// | row_title | fg ansi4 (blue), ansi12, bold |
/// | hex, border, muted | fg ansi8 (bright black) |
/// | focus | reverse, bold (the label's pair swapped) |
/// | selection | fg ansi3 (yellow), ansi11, underline |
/// | indicator | fg ansi3, ansi11, bold |
/// | status | as header, not bold |
/// | error | fg ansi1 (red), ansi9, bold |
/// | match | fg ansi3, ansi11, bold, underline |
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

    /// The roles, chosen by contrast over the scheme's colours.
    var roles: ReadableRoles {
        let text = ["foreground", "ansi15", "ansi7", "ansi0", "ansi8"]
        let bar: [(String, String?)] = [
            ("foreground", "selection_background"), ("selection_foreground", "selection_background"),
            ("foreground", "ansi8"), ("foreground", "ansi0"), ("background", "foreground"),
        ]
        let yellow = ["ansi3", "ansi11"]
        return ReadableRoles(
            [
                .init(.text, text), .init(.header, pairs: bar, [.bold]),
                .init(.rowTitle, ["ansi4", "ansi12"], [.bold]),
                .init(.label, text), .init(.hex, ["ansi8"]), .init(.selection, yellow, [.underline]),
                .init(.indicator, yellow, [.bold]), .init(.border, ["ansi8"]), .init(.status, pairs: bar),
                .init(.error, ["ansi1", "ansi9"], [.bold]), .init(.muted, ["ansi8"]),
                .init(.match, yellow, [.bold, .underline]),
            ],
            fixed: [
                .init(role: .background, background: "background"),
                .init(role: .focus, attributes: [.reverse, .bold]),
            ],
            palette: colors, page: "background")
    }

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
        self.id = "term-" + Slug.of(name)
    }

    /// `term-` and the slug of its name (``nameApart(_:)`` of its file).
    public internal(set) var id: String
    var background: Color { colors["background"]! }
    /// The text colour the theme draws: the foreground, unless it does not read.
    var text: Color { roles.foreground(of: .text) ?? colors["foreground"]! }

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
        let roles = self.roles
        lines += roles.paletteLines + ["  },", "  roles = {"] + roles.ruleLines + ["  },", "}"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes `schemes` as the theme pack `output` (relative to
    /// `currentDirectory`), all or nothing; `force` and `check` as
    /// ``Base16Importer``.
    public static func install(
        _ schemes: [TerminalScheme], skipped: [Diagnostic] = [], output: String, currentDirectory: String,
        force: Bool = false, strict: Bool = false, check: some PackCheck
    ) throws(Diagnostic) -> Base16Importer.Summary {
        try SchemeImporter.install(
            schemes, skipped: skipped, output: output, currentDirectory: currentDirectory,
            command: "theme import terminal", force: force, strict: strict, check: check)
    }
}

extension TerminalScheme {
    /// Gives schemes of the same name the ids of their files instead:
    /// foot's `solarized-dark` and `solarized-dark-normal-brights` both
    /// name themselves "Solarized dark". Only schemes whose files are
    /// named alike too still share an id.
    public static func nameApart(_ schemes: inout [TerminalScheme]) {
        var count: [String: Int] = [:]
        for scheme in schemes { count[scheme.id, default: 0] += 1 }
        for index in schemes.indices where count[schemes[index].id]! > 1 {
            let file = schemes[index].file.split(separator: "/").last.map(String.init) ?? schemes[index].file
            let stem = file.split(separator: ".").count > 1 ? String(file[..<file.lastIndex(of: ".")!]) : file
            schemes[index].id = "term-" + Slug.of(stem)
        }
    }
}

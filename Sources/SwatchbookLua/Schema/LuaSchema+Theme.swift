import SwatchbookCore

/// Themes and theme packs (SPEC §6): a theme names roles, never colours in
/// code; `false` unsets what a parent theme set.
extension LuaSchema {
    /// A role's colours: a colour, a palette entry's name, or false.
    private static let roleColor = colorValue.qualifiedName + "|false"

    static let theme = Table(
        "Theme", "what a theme file returns, or a plugin's inline `theme`",
        [
            .optional("id", "string", default: "the file's name", "what --theme and extends name it by"),
            .optional("name", "string", default: "the id", "shown by `swatchbook themes`"),
            .optional(
                "variant", "\"dark\"|\"light\"|false", default: "\"dark\"", "the background it is made for"),
            .optional(
                "extends", "string", "the id of the theme it starts from; its fields are merged one by one"),
            .optional("aliases", "string[]", "other ids it answers to"),
            .optional(
                "palette", "table<string, \(roleColor)>",
                "colours by name, which roles name; bound late, so a child theme may change them"),
            .optional("roles", "swatchbook.Roles", "each role's colours and attributes"),
            .optional("glyphs", "swatchbook.Glyphs", "the characters that draw structure"),
            .optional("swatch", "swatchbook.Swatch", "how a swatch is drawn"),
        ])

    static let roles = Table(
        "Roles", "the roles a theme styles: `theme.roles`",
        Role.allCases.map {
            .optional($0.rawValue, "swatchbook.Role", default: unsetStyle(of: $0), meaning(of: $0))
        })

    static let role = Table(
        "Role", "one role's style: `theme.roles.NAME`",
        [
            .optional(
                "fg", roleColor, default: "inherited", "the text colour: a colour, a palette name, or false"),
            .optional("bg", roleColor, default: "inherited", "the background colour"),
        ]
            + AttributeName.allCases.map {
                .optional($0.rawValue, "boolean", default: "inherited", "draws the text \(meaning(of: $0))")
            })

    static let glyphs = Table(
        "Glyphs", "the characters that draw structure: `theme.glyphs`",
        Glyphs.named.map { glyph in
            .optional(
                glyph.name, "string|false", default: quoted(Glyphs()[keyPath: glyph.path]), glyph.meaning)
        })

    static let swatch = Table(
        "Swatch", "how a swatch is drawn: `theme.swatch`",
        [
            .optional(
                "fill", literals(SwatchFill.allCases.map(\.rawValue)) + "|false",
                default: quoted(SwatchFill.block.rawValue),
                "whole cells, two colour rows per line, or lightness as ink density"),
            .optional("show_hex", "boolean", default: "true", "writes the hex code on the swatch"),
        ])

    static let pack = Table(
        "Pack", "what a theme pack's `pack.lua` returns",
        [
            .required("name", "string", "the pack's name"),
            .optional("version", "string", "the pack's version"),
            .optional("author", "string", "who made it"),
            .optional("license", "string", "its licence"),
            .required("themes", "string[]", "its theme files, relative to pack.lua"),
        ])

    /// What a role styles, for the reference.
    static func meaning(of role: Role) -> String {
        switch role {
        case .background: "the screen behind everything"
        case .text: "plain text"
        case .header: "a section's heading"
        case .rowTitle: "a row's title"
        case .label: "an item's name under its swatch"
        case .hex: "the hex code on a swatch drawn without colour"
        case .focus: "the element with the focus"
        case .selection: "selected elements"
        case .indicator: "marks: the check boxes, the arrows of a clipped strip"
        case .border: "lines between parts of the screen"
        case .status: "the status line"
        case .error: "error messages"
        case .muted: "secondary text"
        case .match: "the characters a filter matched, over the text they are in"
        case .hexDark: "the dark ink of a hex code on a swatch"
        case .hexLight: "the light ink of a hex code on a swatch"
        }
    }

    /// What a role is drawn with when neither the theme nor a parent sets it.
    private static func unsetStyle(of role: Role) -> String {
        switch role {
        case .match: "the indicator's fg, bold and underlined"
        case .hexDark: "black fg"
        case .hexLight: "white fg"
        default: "inherited"
        }
    }

    private static func meaning(of attribute: AttributeName) -> String {
        switch attribute {
        case .bold: "bold"
        case .dim: "dim"
        case .italic: "in italics"
        case .underline: "underlined"
        case .reverse: "with its colours swapped"
        }
    }
}

import SwatchbookCore

/// A base16 or base24 colour scheme, read from either YAML layout (the
/// classic flat one or tinted-theming's), ready to become a theme.
///
/// Everything here came from a file someone else wrote: `name`, `author`
/// and `description` are data to escape, never text to trust.
public struct Base16Scheme: Sendable, Equatable {
    /// How many slots the scheme fills: base16 is base00…base0F, base24
    /// adds base10…base17 (brighter and darker accents).
    public enum System: String, Sendable, CaseIterable {
        case base16, base24

        var slotCount: Int { self == .base16 ? 16 : 24 }
    }

    public enum Variant: String, Sendable {
        case dark, light
    }

    public var system: System
    public var name: String
    public var author: String?
    public var description: String?
    /// Already normalised: lower case, only `[a-z0-9-]`.
    public var slug: String
    public var variant: Variant
    /// One colour per slot, base00 first.
    public var colors: [Color]
    /// The source file as the user named it, for messages.
    var file: String

    /// The theme id: `base16-ocean`, `base24-dracula`. The system is part of
    /// it because many schemes ship in both systems under one slug.
    var id: String { system.rawValue + "-" + slug }

    /// `base00` … `base0F`, `base10` … `base17`: two upper-case hex digits,
    /// as the base16 specification spells them.
    public static func slotName(_ index: Int) -> String {
        let digits = Array("0123456789ABCDEF")
        return "base" + String(digits[(index / 16) % 16]) + String(digits[index % 16])
    }

    /// A slug safe to use in an id and a file name: lower case, and every
    /// character outside `[a-z0-9-]` (a space, a dot, a slash, any letter
    /// outside ASCII) replaced by `-`, so no slug can name a path.
    static func slug(from text: String) -> String {
        String(
            text.lowercased().map { character -> Character in
                guard let ascii = character.asciiValue,
                    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(ascii)
                        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(ascii)
                        || ascii == UInt8(ascii: "-")
                else { return "-" }
                return character
            })
    }

    /// Dark when the background (base00) is closer to black than to white in
    /// WCAG relative luminance, for schemes that do not say which they are.
    static func inferredVariant(background: Color) -> Variant {
        background.relativeLuminance < 0.5 ? .dark : .light
    }
}

extension Base16Scheme: ImportedScheme {
    var themeSource: String { Base16ThemeWriter.source(for: self) }
    var background: Color { colors[0] }
    /// The text colour the theme draws: base05, unless it does not read.
    var text: Color { Base16Roles.roles(for: self).foreground(of: .text) ?? colors[5] }
}

/// The roles every drawn cell is styled through; code names roles, themes
/// give them colours.
public enum Role: String, Sendable, CaseIterable, Codable {
    case background, text, header
    case rowTitle = "row_title"
    case label, hex, focus, selection, indicator, border, status, error, muted
    /// The characters a filter matched, over the text they are in.
    case match
    /// The inks of the hex code on a swatch: the one with the higher WCAG
    /// contrast with the swatch is used (black and white by default).
    case hexDark = "hex_dark"
    case hexLight = "hex_light"
}

/// Text attributes a role may turn on.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = TextAttributes(rawValue: 1 << 0)
    public static let dim = TextAttributes(rawValue: 1 << 1)
    public static let italic = TextAttributes(rawValue: 1 << 2)
    public static let underline = TextAttributes(rawValue: 1 << 3)
    public static let reverse = TextAttributes(rawValue: 1 << 4)
}

/// The attribute names theme files use.
public enum AttributeName: String, Sendable, CaseIterable {
    case bold, dim, italic, underline, reverse

    public var attribute: TextAttributes {
        switch self {
        case .bold: .bold
        case .dim: .dim
        case .italic: .italic
        case .underline: .underline
        case .reverse: .reverse
        }
    }
}

/// A resolved style: colours absent mean the terminal's own.
public struct Style: Hashable, Sendable {
    public var foreground: Color?
    public var background: Color?
    public var attributes: TextAttributes

    @inlinable
    public init(foreground: Color? = nil, background: Color? = nil, attributes: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    public static let plain = Style()

    /// The whole style as two words, equal exactly when the styles are:
    /// canvases intern a style for every swatch they draw, and compare
    /// styles as often, so they hash and compare these instead of a dozen fields.
    @inlinable
    public var packed: (UInt64, UInt64) {
        (Self.bits(foreground) << 8 | UInt64(attributes.rawValue), Self.bits(background))
    }

    public func hash(into hasher: inout Hasher) {
        let (high, low) = packed
        hasher.combine(high)
        hasher.combine(low)
    }

    @inlinable
    public static func == (a: Style, b: Style) -> Bool {
        a.packed == b.packed
    }

    /// A colour, or none, as one number: presence, then RGBA.
    @inlinable
    static func bits(_ color: Color?) -> UInt64 {
        guard let color else { return 0 }
        return 1 << 32 | UInt64(color.red) << 24 | UInt64(color.green) << 16 | UInt64(color.blue) << 8
            | UInt64(color.alpha)
    }

    /// This style drawn over `base`: unset colours show the base through.
    @inlinable
    public func over(_ base: Style) -> Style {
        Style(
            foreground: foreground ?? base.foreground,
            background: background ?? base.background,
            attributes: attributes.union(base.attributes))
    }
}

/// The characters that draw structure.
public struct Glyphs: Sendable, Equatable {
    public var expanded = "▾"
    public var collapsed = "▸"
    public var checked = "☑"
    public var unchecked = "☐"
    public var moreLeft = "‹"
    public var moreRight = "›"
    public var ellipsis = "…"

    public init() {}

    /// Each glyph by the name a theme gives it, with what it draws: what
    /// resolving a theme and documenting one both go by.
    public static var named: [(name: String, path: WritableKeyPath<Glyphs, String>, meaning: String)] {
        [
            ("expanded", \.expanded, "before an open node"),
            ("collapsed", \.collapsed, "before a closed node"),
            ("checked", \.checked, "a selected element's box"),
            ("unchecked", \.unchecked, "an unselected element's box"),
            ("more_left", \.moreLeft, "a strip scrolled past its left end"),
            ("more_right", \.moreRight, "a strip that goes on past the right edge"),
            ("ellipsis", \.ellipsis, "the end of text cut short"),
        ]
    }
}

/// How a swatch's colour block is filled.
public enum SwatchFill: String, Sendable, CaseIterable {
    case block, half, shade
}

/// A resolved theme: every role has a style, every glyph a string.
public struct Theme: Sendable, Equatable {
    public var id: String
    public var name: String
    public var isDark: Bool
    public var roles: [Role: Style]
    public var glyphs: Glyphs
    public var fill: SwatchFill
    public var showHex: Bool

    public init(
        id: String, name: String, isDark: Bool, roles: [Role: Style], glyphs: Glyphs = Glyphs(),
        fill: SwatchFill = .block, showHex: Bool = true
    ) {
        self.id = id
        self.name = name
        self.isDark = isDark
        self.roles = roles
        self.glyphs = glyphs
        self.fill = fill
        self.showHex = showHex
    }

    public func style(_ role: Role) -> Style { roles[role] ?? .plain }
}

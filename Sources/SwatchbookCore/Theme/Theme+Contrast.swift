/// WCAG contrast of the roles that draw text, as `check` reports them.
extension Theme {
    /// One text role's colours as drawn, and their contrast.
    public struct RoleContrast: Sendable, Equatable {
        public var role: Role
        /// Nil where the role leaves the colour to the terminal, which
        /// cannot be measured.
        public var foreground: Color?
        public var background: Color?

        /// The WCAG 2 contrast ratio, 1 to 21; nil when a colour is unknown.
        public var ratio: Double? {
            guard let foreground, let background else { return nil }
            return foreground.contrast(with: background)
        }

        /// Below what its role must reach (``minimum(for:)``).
        public var isPoor: Bool { (ratio ?? .infinity) < Self.minimum(for: role) }

        /// WCAG 2 AA for normal text.
        public static let minimum = 4.5

        /// What `role` must reach: 4.5:1, WCAG AA for text, but 3:1 (WCAG AA
        /// for large text and for the parts of an interface that are not
        /// text) for the hex and muted text that only second what a label
        /// says, and for borders.
        public static func minimum(for role: Role) -> Double {
            role == .hex || role == .muted || role == .border ? 3 : minimum
        }

        /// `4.48:1`, rounded to two decimals as WCAG checkers print it,
        /// except that a ratio under `minimum` never prints as reaching it.
        public static func format(_ ratio: Double, minimum: Double = minimum) -> String {
            var hundredths = Int((ratio * 100).rounded())
            if ratio < minimum && hundredths >= Int(minimum * 100) { hundredths = Int(minimum * 100) - 1 }
            let fraction = hundredths % 100
            return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction):1"
        }
    }

    /// The roles whose foreground is read as text; `background` is the page
    /// and `border` draws lines, not words.
    public static let textRoles: [Role] = [
        .text, .header, .rowTitle, .label, .hex, .focus, .selection, .indicator, .status, .error, .muted,
    ]

    /// Each text role as the painter draws it: over the page background, and
    /// focus and selection over an item's label; `reverse` swaps the pair.
    public var contrasts: [RoleContrast] {
        let page = style(.background)
        return Self.textRoles.map { role in
            var drawn = style(role).over(page)
            if role == .focus || role == .selection { drawn = style(role).over(style(.label).over(page)) }
            var pair = RoleContrast(role: role, foreground: drawn.foreground, background: drawn.background)
            if drawn.attributes.contains(.reverse) { swap(&pair.foreground, &pair.background) }
            return pair
        }
    }
}

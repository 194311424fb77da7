import SwatchbookCore

/// The roles of an imported theme, chosen by contrast: each role names the
/// scheme's slots it would be drawn with, best first, and takes the first
/// that reads over its background; when none does, the best of them is
/// lightened or darkened in OKLCh (its hue and chroma kept as far as the
/// gamut allows) until it does, and kept in the palette as a slot of its
/// own (`header_fg`), so a theme extending it can still rebind it.
///
/// The figures are `check`'s (``Theme/RoleContrast/minimum(for:)``):
/// text roles 4.5:1 (WCAG AA), hex and muted text and borders 3:1.
struct ReadableRoles {
    /// One role's wish: the slot pairs it may be drawn with, best first.
    /// A nil background is the page's.
    struct Wish {
        var role: Role
        var candidates: [(foreground: String, background: String?)]
        var attributes: [AttributeName] = []

        init(
            _ role: Role, _ foregrounds: [String], on background: String? = nil,
            _ attributes: [AttributeName] = []
        ) {
            self.role = role
            self.candidates = foregrounds.map { ($0, background) }
            self.attributes = attributes
        }

        init(_ role: Role, pairs: [(String, String?)], _ attributes: [AttributeName] = []) {
            self.role = role
            self.candidates = pairs.map { (foreground: $0.0, background: $0.1) }
            self.attributes = attributes
        }
    }

    /// A role as the theme file writes it: slot names and attributes.
    struct Rule: Equatable {
        var role: Role
        var foreground: String?
        var background: String?
        var attributes: [AttributeName] = []
    }

    /// The rules, in the order of the wishes, and the slots made for roles
    /// none of whose candidates read, in that order.
    private(set) var rules: [Rule] = []
    private(set) var made: [(slot: String, color: Color)] = []
    /// The palette chosen from.
    private let palette: [String: Color]

    /// Chooses a rule for each wish over `palette`, whose slot `page` is the
    /// background every role without its own is drawn on. A wish naming a
    /// slot the palette lacks skips that candidate; `fixed` roles (the
    /// page, focus) are written as given.
    init(_ wishes: [Wish], fixed: [Rule], palette: [String: Color], page: String) {
        self.palette = palette
        var rules = fixed
        for wish in wishes {
            rules.append(choose(wish, palette: palette, page: page))
        }
        let order = Role.allCases
        self.rules = rules.sorted { order.firstIndex(of: $0.role)! < order.firstIndex(of: $1.role)! }
    }

    private mutating func choose(_ wish: Wish, palette: [String: Color], page: String) -> Rule {
        let minimum = Theme.RoleContrast.minimum(for: wish.role)
        var best: (foreground: String, background: String?, ratio: Double)?
        for candidate in wish.candidates {
            guard let foreground = palette[candidate.foreground],
                let background = palette[candidate.background ?? page]
            else { continue }
            let ratio = foreground.contrast(with: background)
            if ratio >= minimum {
                return Rule(
                    role: wish.role, foreground: candidate.foreground, background: candidate.background,
                    attributes: wish.attributes)
            }
            if ratio > best?.ratio ?? -1 { best = (candidate.foreground, candidate.background, ratio) }
        }
        guard let best, let foreground = palette[best.foreground],
            let background = palette[best.background ?? page]
        else {
            return Rule(role: wish.role, attributes: wish.attributes)
        }
        let slot = wish.role.rawValue + "_fg"
        made.append((slot, Self.readable(foreground, on: background, minimum: minimum)))
        return Rule(
            role: wish.role, foreground: slot, background: best.background, attributes: wish.attributes)
    }

    /// `colour` moved in OKLCh lightness, away from `background`, just far
    /// enough to reach `minimum` against it (with a little to spare, so the
    /// eight-bit colour does too); black or white, whichever reads better,
    /// when no lightness of its hue does.
    static func readable(_ colour: Color, on background: Color, minimum: Double) -> Color {
        let target = minimum + 0.05
        let (l, c, h) = colour.oklch
        let lighter = background.isLight == false
        var near = l
        var far = lighter ? 1.0 : 0.0
        let end = Color(oklchL: far, c: c, h: h)
        guard end.contrast(with: background) >= target else {
            let black = Color(red: 0, green: 0, blue: 0)
            let white = Color(red: 255, green: 255, blue: 255)
            return black.contrast(with: background) > white.contrast(with: background) ? black : white
        }
        // The least move that reads: halve the interval 30 times.
        for _ in 0..<30 {
            let middle = (near + far) / 2
            if Color(oklchL: middle, c: c, h: h).contrast(with: background) >= target {
                far = middle
            } else {
                near = middle
            }
        }
        return Color(oklchL: far, c: c, h: h)
    }
}

extension ReadableRoles {
    /// The foreground colour `role` is drawn with, if it names one.
    func foreground(of role: Role) -> Color? {
        guard let slot = rules.first(where: { $0.role == role })?.foreground else { return nil }
        return palette[slot] ?? made.first { $0.slot == slot }?.color
    }

    /// The made slots, as lines of a theme's `palette` table.
    var paletteLines: [String] {
        made.map { "    \($0.slot) = \(LuaLiteral.string($0.color.hex))," }
    }

    /// The rules, as lines of a theme's `roles` table.
    var ruleLines: [String] {
        rules.map { rule in
            var fields: [String] = []
            if let slot = rule.foreground { fields.append("fg = \(LuaLiteral.string(slot))") }
            if let slot = rule.background { fields.append("bg = \(LuaLiteral.string(slot))") }
            fields += rule.attributes.map { "\($0.rawValue) = true" }
            return "    \(rule.role.rawValue) = { \(fields.joined(separator: ", ")) },"
        }
    }
}

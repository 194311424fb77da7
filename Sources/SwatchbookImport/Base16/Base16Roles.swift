import SwatchbookCore

/// Which palette slot each theme role uses in an imported base16 or base24
/// theme.
///
/// The base16 styling guidelines give base00 as the default background,
/// base01 lighter backgrounds (status bars), base03 comments, base04 dark
/// foreground, base05 the default foreground, base06 light foreground,
/// base08 red, base0A yellow and base0D blue; base24 adds bright variants,
/// of which headings, indicators and errors take the brighter one.
///
/// | role | base16 | base24 difference |
/// |---|---|---|
/// | background | bg base00 | |
/// | text | fg base05 | |
/// | header | fg base06, bg base01, bold | |
/// | row_title | fg base0D, bold | fg base16 (bright blue) |
/// | label | fg base05 | |
/// | hex | fg base04 | |
/// | focus | reverse, bold | |
/// | selection | fg base0A, underline | |
/// | indicator | fg base0A, bold | fg base13 (bright yellow) |
/// | border | fg base03 | |
/// | status | fg base05, bg base01 | |
/// | error | fg base08, bold | fg base12 (bright red) |
/// | muted | fg base03 | |
///
/// Roles name slots, not colours, so a theme extending an imported one
/// recolours every role that uses a slot by rebinding that slot.
enum Base16Roles {
    /// One role's style: slot names and attributes.
    struct Rule: Equatable {
        var role: Role
        var foreground: String?
        var background: String?
        var attributes: [AttributeName] = []
    }

    /// The rules for `system`, in the order of ``Role/allCases``.
    static func rules(for system: Base16Scheme.System) -> [Rule] {
        let base24 = system == .base24
        return [
            Rule(role: .background, background: "base00"),
            Rule(role: .text, foreground: "base05"),
            Rule(role: .header, foreground: "base06", background: "base01", attributes: [.bold]),
            Rule(role: .rowTitle, foreground: base24 ? "base16" : "base0D", attributes: [.bold]),
            Rule(role: .label, foreground: "base05"),
            Rule(role: .hex, foreground: "base04"),
            Rule(role: .focus, attributes: [.reverse, .bold]),
            Rule(role: .selection, foreground: "base0A", attributes: [.underline]),
            Rule(role: .indicator, foreground: base24 ? "base13" : "base0A", attributes: [.bold]),
            Rule(role: .border, foreground: "base03"),
            Rule(role: .status, foreground: "base05", background: "base01"),
            Rule(role: .error, foreground: base24 ? "base12" : "base08", attributes: [.bold]),
            Rule(role: .muted, foreground: "base03"),
        ]
    }
}

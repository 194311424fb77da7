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
/// Each role takes the first of its slots that reads over its background
/// (``ReadableRoles``: 4.5:1, hex, muted and border 3:1), else the best of
/// them lightened or darkened, kept as a slot of its own (`muted_fg`):
///
/// | role | base16, best first | base24 difference |
/// |---|---|---|
/// | background | bg base00 | |
/// | text, label | fg base05, base06, base07 | |
/// | header | fg base06 on base01, base05 on it, base07 on it, base06 on base02, base00 on base05; bold | |
/// | row_title | fg base0D, bold | fg base16 (bright blue), base0D |
/// | hex | fg base04 | |
/// | focus | reverse, bold | |
/// | selection | fg base0A, underline | fg base0A, base13 |
/// | indicator | fg base0A, bold | fg base13 (bright yellow), base0A |
/// | border, muted | fg base03 | |
/// | status | as header, not bold, base05 first | |
/// | error | fg base08, bold | fg base12 (bright red), base08 |
///
/// Roles name slots, not colours, so a theme extending an imported one
/// recolours every role that uses a slot by rebinding that slot.
enum Base16Roles {
    /// The roles of `scheme`, chosen by contrast over its colours.
    static func roles(for scheme: Base16Scheme) -> ReadableRoles {
        let base24 = scheme.system == .base24
        var palette: [String: Color] = [:]
        for (index, colour) in scheme.colors.enumerated() { palette[Base16Scheme.slotName(index)] = colour }
        let text = ["base05", "base06", "base07"]
        let bar: [(String, String?)] = [
            ("base06", "base01"), ("base05", "base01"), ("base07", "base01"), ("base06", "base02"),
            ("base00", "base05"),
        ]
        let status: [(String, String?)] = [("base05", "base01")] + bar.filter { $0 != ("base05", "base01") }
        return ReadableRoles(
            [
                .init(.text, text), .init(.header, pairs: bar, [.bold]),
                .init(.rowTitle, base24 ? ["base16", "base0D"] : ["base0D"], [.bold]), .init(.label, text),
                .init(.hex, ["base04"]),
                .init(.selection, base24 ? ["base0A", "base13"] : ["base0A"], [.underline]),
                .init(.indicator, base24 ? ["base13", "base0A"] : ["base0A"], [.bold]),
                .init(.border, ["base03"]),
                .init(.status, pairs: status),
                .init(.error, base24 ? ["base12", "base08"] : ["base08"], [.bold]),
                .init(.muted, ["base03"]),
            ],
            fixed: [
                .init(role: .background, background: "base00"),
                .init(role: .focus, attributes: [.reverse, .bold]),
            ],
            palette: palette, page: "base00")
    }
}

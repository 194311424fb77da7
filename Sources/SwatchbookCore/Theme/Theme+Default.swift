extension Theme {
    /// The built-in dark theme, used when no theme is named. Theme files can
    /// replace it wholesale; the renderer only ever asks for roles.
    public static let standard = Theme(
        id: "default", name: "Default", isDark: true,
        roles: [
            .background: Style(),
            .text: Style(),
            .header: Style(
                foreground: Color(rgb: 0xF5F5F5), background: Color(rgb: 0x2E3440),
                attributes: .bold),
            .rowTitle: Style(foreground: Color(rgb: 0x88C0D0), attributes: .bold),
            .label: Style(),
            .hex: Style(),
            .focus: Style(attributes: [.reverse, .bold]),
            .selection: Style(foreground: Color(rgb: 0xEBCB8B), attributes: .underline),
            .indicator: Style(foreground: Color(rgb: 0xEBCB8B), attributes: .bold),
            .border: Style(foreground: Color(rgb: 0x4C566A)),
            .status: Style(foreground: Color(rgb: 0xECEFF4), background: Color(rgb: 0x3B4252)),
            .error: Style(foreground: Color(rgb: 0xBF616A), attributes: .bold),
            .muted: Style(foreground: Color(rgb: 0x8A93A5)),
            .match: Style(foreground: Color(rgb: 0xEBCB8B), attributes: [.bold, .underline]),
            .hexDark: Style(foreground: Color(rgb: 0x000000)),
            .hexLight: Style(foreground: Color(rgb: 0xFFFFFF)),
        ])
}

import Testing

@testable import SwatchbookCore

/// The contrast `check` reports for a theme's text roles (SPEC §6).
@Suite struct ThemeContrastTests {
    static let white = Color(rgb: 0xFFFFFF)
    static let grey = Color(rgb: 0x777777)

    static func theme(_ roles: [Role: Style]) -> Theme {
        Theme(id: "t", name: "T", isDark: false, roles: roles)
    }

    static func contrast(_ role: Role, in theme: Theme) throws -> Theme.RoleContrast {
        try #require(theme.contrasts.first { $0.role == role })
    }

    /// The WCAG reference pair: #777777 on white is 4.48:1, just failing AA.
    @Test func greyOnWhiteIsJustBelowAA() throws {
        let theme = Self.theme([
            .background: Style(background: Self.white), .text: Style(foreground: Self.grey),
        ])
        let text = try Self.contrast(.text, in: theme)
        #expect(text.background == Self.white)
        #expect(Theme.RoleContrast.format(try #require(text.ratio)) == "4.48:1")
        #expect(text.isPoor)
    }

    @Test(arguments: [
        (21.0, "21.00:1"), (4.5, "4.50:1"), (4.4999, "4.49:1"), (4.4951, "4.49:1"), (7.005, "7.01:1"),
        (1.0, "1.00:1"), (10.26, "10.26:1"),
    ])
    func ratiosPrintWithTwoDecimalsAndNeverRoundUpToAPass(_ ratio: Double, _ text: String) {
        #expect(Theme.RoleContrast.format(ratio) == text)
    }

    @Test func aRoleOwnBackgroundWinsOverThePage() throws {
        let theme = Self.theme([
            .background: Style(background: Self.white),
            .status: Style(foreground: Self.white, background: Color(rgb: 0x000000)),
        ])
        #expect(try Self.contrast(.status, in: theme).ratio == 21)
        #expect(!(try Self.contrast(.status, in: theme).isPoor))
    }

    /// Focus is drawn over an item's label; reverse swaps the pair.
    @Test func focusIsMeasuredOverTheLabelAndReverseSwaps() throws {
        let theme = Self.theme([
            .background: Style(background: Self.white), .label: Style(foreground: Self.grey),
            .focus: Style(attributes: .reverse),
        ])
        let focus = try Self.contrast(.focus, in: theme)
        #expect(focus.foreground == Self.white && focus.background == Self.grey)
    }

    /// Terminal colours cannot be measured, so they are never called poor.
    @Test func rolesWithoutColoursAreNotMeasured() throws {
        let text = try Self.contrast(.text, in: Self.theme([:]))
        #expect(text.ratio == nil && !text.isPoor)
        #expect(!Theme.textRoles.contains(.background) && !Theme.textRoles.contains(.border))
    }
}

import Foundation
import SwatchbookCore
import Testing

@testable import SwatchbookLua

@Suite("The theme packs in Themes/")
struct BundledThemeTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func catalog() -> ThemeCatalog {
        var catalog = ThemeCatalog(builtIn: [.standard])
        catalog.addPacks(in: [root.appendingPathComponent("Themes").path])
        return catalog
    }

    @Test func everyPackLoadsCleanly() throws {
        let catalog = Self.catalog()
        #expect(catalog.problems.isEmpty, "\(catalog.problems.map(\.formatted))")
        #expect(catalog.warnings.isEmpty, "\(catalog.warnings.map(\.formatted))")
        for id in [
            "light", "high-contrast", "monochrome", "nord", "solarized-dark", "solarized-light",
            "gruvbox-dark",
        ] {
            #expect(catalog.entries[id] != nil, "\(id)")
            _ = try catalog.resolver.resolve(id)
        }
    }

    /// WCAG AAA: every text role at least 7:1 against what it is drawn on.
    @Test func highContrastPassesAAA() throws {
        let theme = try Self.catalog().resolver.resolve("high-contrast")
        let page = try #require(theme.style(.background).background)
        for role in [
            Role.text, .header, .rowTitle, .label, .hex, .selection, .indicator, .status, .error, .muted,
        ] {
            let style = theme.style(role)
            let foreground = try #require(style.foreground, "\(role)")
            let ratio = foreground.contrast(with: style.background ?? page)
            #expect(ratio >= 7, "\(role.rawValue): \(ratio)")
        }
    }

    @Test func monochromeUsesNoColour() throws {
        let theme = try Self.catalog().resolver.resolve("monochrome")
        for role in Role.allCases {
            #expect(theme.style(role).foreground == nil && theme.style(role).background == nil, "\(role)")
        }
        #expect(theme.fill == .shade)
    }

    @Test func solarizedLightRebindsTheDarkRoles() throws {
        let resolver = Self.catalog().resolver
        let dark = try resolver.resolve("solarized-dark")
        let light = try resolver.resolve("solarized-light")
        #expect(dark.style(.background).background == Color(rgb: 0x002B36))
        #expect(light.style(.background).background == Color(rgb: 0xFDF6E3))
        // No colour reaches 4.5:1 on both base03 and base3: the row title's
        // colour is the light palette's own, its style the dark one's.
        #expect(dark.style(.rowTitle).foreground == Color(rgb: 0x2AA198))
        #expect(light.style(.rowTitle).foreground == Color(rgb: 0x1E76B0))
        #expect(light.style(.rowTitle).attributes == dark.style(.rowTitle).attributes)
        #expect(!light.isDark)
    }
}

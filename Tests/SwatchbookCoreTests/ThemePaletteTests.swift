import Testing

@testable import SwatchbookCore

/// The resolved palette a preview shows, in the order people number it.
@Suite struct ThemePaletteTests {
    @Test func entriesBindThroughNamesAndSortNaturally() throws {
        var spec = ThemeSpec(id: "t", file: "t.lua")
        for (name, value) in [("nord10", "#5E81AC"), ("nord2", "#434C5E"), ("nord0", "#2E3440")] {
            spec.palette[name] = .set(.literal(try #require(Color.parse(value))))
        }
        spec.palette["accent"] = .set(.name("nord10"))
        spec.palette["gone"] = .unset
        let palette = try ThemeResolver(specs: ["t": spec]).palette("t")
        #expect(palette.map(\.name) == ["accent", "nord0", "nord2", "nord10"])
        #expect(palette.first?.color == Color(rgb: 0x5E81AC))
    }

    @Test func hexNumberedSlotsKeepTheirOrder() {
        let slots = ["base10", "base0A", "base09", "base00", "base0F", "base17"]
        #expect(
            slots.sorted(by: ThemeResolver.naturallyOrdered)
                == ["base00", "base09", "base0A", "base0F", "base10", "base17"])
    }
}

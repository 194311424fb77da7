import SwatchbookCore
import Testing

@testable import SwatchbookRender

/// `themes --preview`: a theme's palette and roles as swatch strips, drawn
/// in the theme itself.
@Suite struct ThemePreviewTests {
    static let palette: [(name: String, color: Color)] = (0..<16).map {
        ("p\($0)", Color(rgb: UInt32($0) * 0x101010))
    }

    static func plain(_ preview: ThemePreview, width: Int) -> [String] {
        let bytes = preview.render(width: width, depth: .none, as: .plain)
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
    }

    /// Strips wrap, so every palette entry and every coloured role shows at 80 columns.
    @Test func everyEntryAndRoleIsShownWithoutScrolling() {
        let preview = ThemePreview(theme: .standard, palette: Self.palette, caption: "Default · default")
        let text = Self.plain(preview, width: 80).joined(separator: "\n")
        for entry in Self.palette { #expect(text.contains(" \(entry.color.hex) "), "\(entry.name)") }
        for role in Role.allCases where Theme.standard.style(role).foreground != nil {
            #expect(text.contains(role.rawValue), "\(role)")
        }
        #expect(!text.contains("›"), "nothing scrolled out of sight")
    }

    @Test func theSampleLineNamesEveryTextRoleInItsStyle() throws {
        var theme = Theme.standard
        theme.roles[.error] = Style(foreground: Color(rgb: 0xFF0000), attributes: .bold)
        let preview = ThemePreview(theme: theme, palette: [], caption: "t")
        let canvas = preview.samples(width: 40, inset: 1)
        var found: Canvas.Cell?
        for y in 0..<canvas.height {
            let line = (0..<canvas.width).map { canvas.text(of: canvas.cell(x: $0, y: y)) }.joined()
            if let range = line.range(of: "error") {
                found = canvas.cell(x: line.distance(from: line.startIndex, to: range.lowerBound), y: y)
            }
        }
        let cell = try #require(found)
        #expect(canvas.style(of: cell).foreground == Color(rgb: 0xFF0000))
        #expect(canvas.style(of: cell).attributes.contains(.bold))
        #expect(canvas.height >= 3, "eleven role names wrap at 40 columns, then a blank line")
    }

    /// A theme without colours (monochrome) still previews its text roles.
    @Test func aColourlessThemeShowsOnlyItsSamples() {
        var theme = Theme.standard
        theme.roles = [:]
        let lines = Self.plain(ThemePreview(theme: theme, palette: [], caption: "Mono"), width: 80)
        #expect(lines.first == " Mono")
        #expect(!lines.contains { $0.contains("palette") || $0.contains("roles") })
        #expect(lines.contains { $0.contains("text header row_title") })
    }
}

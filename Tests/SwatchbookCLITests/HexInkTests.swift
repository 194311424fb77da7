import Foundation
import Testing

/// The hex code written on a swatch is in the ink with the higher WCAG
/// contrast with it, and a theme can choose the two inks.
@Suite struct HexInkTests {
    static func render(_ colour: String, theme: String = "") throws -> String {
        let scratch = ScratchFolder()
        let plugin = scratch.write(
            "ink.lua",
            """
            return { name = "ink", api = 1, \(theme)
              data = { { name = "S", rows = { { name = "R", items = { { name = "x", color = "\(colour)" } } } } } } }
            """)
        let result = try CommandRunner.run(
            ["render", plugin, "--format", "ansi", "--color", "truecolor", "--width", "40"])
        #expect(result.status == 0, "\(result.stderr)")
        return result.text
    }

    /// `#1C9A2E` got white ink, 3.68:1; black is 5.71:1.
    @Test func aMidGreenGetsTheInkThatPasses() throws {
        let output = try Self.render("#1C9A2E")
        #expect(output.contains("\u{1B}[38;2;0;0;0m #1C9A2E "), "\(output.debugDescription)")
    }

    @Test(arguments: [
        ("#000080", "255;255;255"), ("#FFFF00", "0;0;0"), ("#777777", "0;0;0"), ("#757575", "255;255;255"),
    ])
    func inkFollowsContrast(colour: String, ink: String) throws {
        #expect(try Self.render(colour).contains("\u{1B}[38;2;\(ink)m \(colour) "))
    }

    @Test func aThemeChoosesTheInks() throws {
        let theme =
            ##"theme = { extends = "default", roles = { hex_dark = { fg = "#302010" }, hex_light = { fg = "#F0E0D0", bold = true } } },"##
        #expect(try Self.render("#1C9A2E", theme: theme).contains("\u{1B}[38;2;48;32;16m #1C9A2E "))
        let light = try Self.render("#000080", theme: theme)
        #expect(light.contains("38;2;240;224;208m #000080 "), "\(light.debugDescription)")
        #expect(light.contains("\u{1B}[1;38;2;240;224;208"), "the role's attributes come with it")
    }
}

/// Colours far outside any gamut are mapped, not searched for ever.
@Suite struct HugeChromaTests {
    /// `oklab(0.5 1e200 0)` overflowed the chroma to infinity, and the gamut
    /// mapping's binary search never ended (found by fuzz-color).
    @Test(arguments: [
        "oklab(0.5 1e200 0)", "oklch(0.5 1e300 40)", "lab(50 1e300 -1e300)", "color(display-p3 1e300 0 0)",
    ])
    func aHugeChromaIsMappedInTime(colour: String) throws {
        let scratch = ScratchFolder()
        let plugin = scratch.write(
            "huge.lua",
            """
            return { name = "huge", api = 1,
              data = { { name = "S", rows = { { name = "R", items = { { name = "x", color = "\(colour)" } } } } } } }
            """)
        let result = try CommandRunner.runShell("timeout 10 \"$B\" render '\(plugin)' --format json")
        #expect(result.status == 0, "\(colour): exit \(result.status) \(result.stderr)")
        #expect(result.text.contains("\"color\": \"#"), "\(colour)")
    }
}

import Foundation
import Testing

@testable import SwatchbookLua

@Suite("sb.color and colour userdata")
struct ColorModuleTests {
    static let expressions: [(String, String)] = [
        (##"sb.color("#abc"):hex()"##, "#AABBCC"),
        (##"sb.color("DA70D6"):hex()"##, "#DA70D6"),
        (##"sb.color("rebeccapurple"):hex()"##, "#663399"),
        (##"sb.color({ 255, 0, 0, 128 }):hex()"##, "#FF000080"),
        (##"tostring(sb.rgb(1, 2, 3))"##, "#010203"),
        (##"tostring(sb.color("#fff") == sb.color("white"))"##, "true"),
        (##"tostring(sb.color("#fff") == sb.color("black"))"##, "false"),
        (##"string.format("%.2f", sb.color("#777777"):contrast("#ffffff"))"##, "4.48"),
        (##"sb.color("#FA8072"):nearest_name()"##, "salmon"),
        (##"tostring(sb.color("#ffffff"):is_light())"##, "true"),
        (##"sb.hsl(0, 1, 0.5):hex()"##, "#FF0000"),
        (
            ##"select(2, pcall(function() return sb.color("#GG0000") end))"##,
            ##"Scripts/main.lua:1: sb.color: "#GG0000" is not a colour"##
        ),
        (##"select(2, pcall(sb.rgb, 1, 2))"##, "sb.rgb: argument 3 is nil, expected 0-255"),
        // What was written is kept: the space, the components, the text.
        (##"sb.color("oklch(62.31% 0.1872 259.81 / 0.85)"):space()"##, "oklch"),
        (
            ##"table.concat(sb.color("oklch(62.31% 0.1872 259.81 / 0.85)"):components(), " ")"##,
            "0.6231 0.1872 259.81"
        ),
        (##"tostring(select(2, sb.color("oklch(0.5 0.1 20 / 0.85)"):components()))"##, "0.85"),
        (##"sb.color("oklch(62.31% 0.1872 259.81 / 0.85)"):css()"##, "oklch(62.31% 0.1872 259.81 / 0.85)"),
        (##"sb.color("oklch(62.31% 0.1872 259.81 / 0.85)"):hex()"##, "#3B82F6D9"),
        (##"sb.color("#fff"):css()"##, "#fff"),
        (##"sb.color("#FFFFFF"):space()"##, "srgb"),
        (##"table.concat(sb.color("oklch(0.985 0 none)"):components(), " ")"##, "0.985 0.0 none"),
        (##"table.concat(sb.color("hsl(120 50% 25%)"):components(), " ")"##, "120.0 50.0 25.0"),
        (##"sb.color("color(xyz 0.2 0.25 0.4)"):space()"##, "xyz-d65"),
        (##"sb.color{ space = "lab", components = { 50, 20, -30 } }:css()"##, "lab(50 20 -30)"),
        (
            ##"sb.color{ space = "display-p3", components = { 0.2, 0.5, 0.9 }, alpha = 0.85 }:css()"##,
            "color(display-p3 0.2 0.5 0.9 / 0.85)"
        ),
        (##"sb.color{ space = "cmyk", components = { 0, 1, 0, 0 } }:hex()"##, "#FF00FF"),
        (##"sb.color{ space = "cmyk", components = { 0, 1, 0, 0 } }:space()"##, "cmyk"),
        (##"sb.color{ space = "gray", components = { 0.5 } }:hex()"##, "#808080"),
        (##"sb.color{ space = "oklch", components = { 0.5, 0, "none" } }:css()"##, "oklch(0.5 0 none)"),
        (##"sb.color(sb.color("lab(50 20 -30)")):space()"##, "lab"),
        (##"sb.color("lab(50 20 -30)"):lighten(0.1):space()"##, "srgb"),
        (
            ##"select(2, pcall(sb.color, { space = "cmyk", components = { 0, 1, 0 } }))"##,
            "sb.color: a cmyk colour of 3 components is not a colour (expected 4 components)"
        ),
        (
            ##"select(2, pcall(sb.color, { space = "okhsv", components = { 0, 1, 0 } }))"##,
            ##"sb.color: space = "okhsv" is not a colour (expected one of srgb, srgb-linear, display-p3, a98-rgb, prophoto-rgb, rec2020, xyz-d50, xyz-d65, lab, lch, oklab, oklch, hsl, hwb, cmyk, gray)"##
        ),
        (
            ##"select(2, pcall(sb.color, { space = "srgb", components = { 0, 1, 0 }, alpha = 2 }))"##,
            "sb.color: alpha = 2 is not a colour (expected a number from 0 to 1)"
        ),
        (
            ##"select(2, pcall(sb.color, { space = "srgb", components = { 0, 0/0, 0 } }))"##,
            ##"sb.color: component 2 = nan is not a colour (expected a finite number or "none")"##
        ),
        // CSS Color 5: the text kept as written, the space the function's,
        // the components those it computes to; light-dark() by the scheme.
        (##"sb.color("light-dark(#fff, #000)"):hex()"##, "#FFFFFF"),
        (##"sb.color("light-dark(#fff, #000)", { scheme = "dark" }):hex()"##, "#000000"),
        (##"sb.color("light-dark(#fff, #000)", { scheme = "light" }):hex()"##, "#FFFFFF"),
        (##"sb.color("light-dark(#fff, #000)", { scheme = "dark" }):css()"##, "light-dark(#fff, #000)"),
        (##"sb.color(sb.color("light-dark(#fff, #000)", { scheme = "dark" })):hex()"##, "#000000"),
        (##"sb.color("light-dark(red, lab(40 20 30))", { scheme = "dark" }):space()"##, "lab"),
        (##"sb.color("color-mix(in oklch, red, blue)"):space()"##, "oklch"),
        (##"sb.color("color-mix(in xyz, red, blue)"):space()"##, "xyz-d65"),
        (##"sb.color("color-mix(in srgb, red, blue)"):css()"##, "color-mix(in srgb, red, blue)"),
        (##"table.concat(sb.color("color-mix(in srgb, red, blue)"):components(), " ")"##, "0.5 0.0 0.5"),
        (##"sb.color("color-mix(in srgb, red, blue)"):hex()"##, "#800080"),
        (
            ##"table.concat(sb.color("oklch(from #ff0000 l 0 h)"):components(), " ")"##,
            "0.62795536061455 0.0 29.233885192343"
        ),
        (##"table.concat(sb.color("rgb(calc(255 / 5) calc(20% * 2) 0)"):components(), " ")"##, "0.2 0.4 0.0"),
        (##"sb.color("oklch(98% calc(0.03 * 1.2) calc(200 + 10))"):hex()"##, "#DEFFFF"),
        (
            ##"select(2, pcall(sb.color, "light-dark(#fff, #000)", { scheme = "drak" }))"##,
            ##"sb.color: option scheme = "drak", expected "light" or "dark" (did you mean "dark"?)"##
        ),
        (
            ##"select(2, pcall(sb.color, "light-dark(#fff, #000)", { shceme = "dark" }))"##,
            ##"sb.color: option "shceme" is unknown, expected scheme (did you mean "scheme"?)"##
        ),
        (
            ##"select(2, pcall(sb.color, "#fff", "dark"))"##,
            ##"sb.color: argument 2 (options) is "dark", expected {scheme = "dark"}"##
        ),
        (
            ##"select(2, pcall(sb.color, "rgb(calc(50% + 10) 0 0)"))"##,
            ##"sb.color: "rgb(calc(50% + 10) 0 0)" is not a colour"##
        ),
        (
            ##"select(2, pcall(sb.color, "color-mix(in srgb, ff0000, blue)"))"##,
            ##"sb.color: "color-mix(in srgb, ff0000, blue)" is not a colour"##
        ),
    ]

    @Test(arguments: expressions)
    func evaluates(_ expression: String, _ expected: String) throws {
        let runtime = try ScriptFixture().runtime()
        #expect(try runtime.evaluate("local sb = require 'swatchbook' return \(expression)") == expected)
    }
}

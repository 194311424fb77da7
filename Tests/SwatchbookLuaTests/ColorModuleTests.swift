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
    ]

    @Test(arguments: expressions)
    func evaluates(_ expression: String, _ expected: String) throws {
        let runtime = try ScriptFixture().runtime()
        #expect(try runtime.evaluate("local sb = require 'swatchbook' return \(expression)") == expected)
    }
}

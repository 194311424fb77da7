import Foundation
import SwatchbookCore
import Testing

@testable import SwatchbookLua

@Suite("Plugin loading and validation")
struct PluginLoaderTests {
    @Test func loadsNestedData() throws {
        let fixture = ScriptFixture([
            "ok.lua": plugin(
                data: """
                    {
                      { name = "Reds", rows = {
                        { name = "Light", items = {
                          { name = "Salmon", color = "#FA8072", id = "salmon" },
                          { name = "Table", color = { 1, 2, 3, 128 } },
                          { name = "Userdata", color = require("swatchbook").rgb(4, 5, 6) },
                          { name = "Named", color = "Tomato" } } },
                        { name = "Facts", fields = { { "Latitude", 37.33 }, { key = "Speed", value = "3 m/s" } } },
                        { name = "Tree", children = { { name = "A", expanded = true, children = { { name = "B", color = "#fff" } } } } } } } }
                    """)
        ])
        let plugin = try fixture.load("ok.lua")
        #expect(plugin.name == "Test")
        #expect(plugin.version == "1.0.0")
        let rows = try #require(plugin.catalogue).sections[0].rows
        guard case .items(let items) = rows[0].content else {
            Issue.record("row 1 should hold items")
            return
        }
        #expect(items.map(\.color.hex) == ["#FA8072", "#01020380", "#040506", "#FF6347"])
        #expect(items[0].id == "salmon")
        #expect(
            rows[1].content
                == .fields([Field(key: "Latitude", value: "37.33"), Field(key: "Speed", value: "3 m/s")]))
        guard case .children(let nodes) = rows[2].content else {
            Issue.record("row 3 should hold children")
            return
        }
        #expect(nodes[0].expanded && nodes[0].children[0].color?.hex == "#FFFFFF")
    }

    @Test func dataMayBeAFunctionOfContext() throws {
        let fixture = ScriptFixture([
            "fn.lua": plugin(
                data: """
                    function(ctx)
                      return { { name = "W" .. ctx.width .. " " .. ctx.options.tone, rows = {} } }
                    end
                    """)
        ])
        var context = PluginContext()
        context.width = 99
        context.options = ["tone": "warm"]
        let loaded = try PluginLoader.load(
            file: fixture.folder.appendingPathComponent("fn.lua"), displayName: "fn.lua", context: context)
        #expect(try #require(loaded.catalogue).sections.map(\.name) == ["W99 warm"])
    }

    static let badData: [(String, String)] = [
        (
            ##"{ { name = "A", rows = { { name = "r", items = { {name="x", color="#fff"}, {name="y", color="#fff"}, { name = "z", color = "#GG0000" } } } } } }"##,
            ##"Scripts/bad.lua: data[1].rows[1].items[3].color: "#GG0000" is not a colour"##
        ),
        (
            ##"{ { name = "A", rows = { { name = "r", items = { { name = "z", color = { 300, 0, 0 } } } } } } }"##,
            "Scripts/bad.lua: data[1].rows[1].items[1].color: component 1 = 300 is not a colour (expected whole numbers from 0 to 255)"
        ),
        (##"{ { rows = {} } }"##, "Scripts/bad.lua: data[1].name: expected a string, got nil"),
        (##"{ "oops" }"##, ##"Scripts/bad.lua: data[1]: expected a section table, got "oops""##),
        (
            ##"{ { name = "A", rows = { { name = "r", items = {}, fields = {} } } } }"##,
            "Scripts/bad.lua: data[1].rows[1]: a row holds one of items, fields or children, not items and fields"
        ),
        (
            ##"{ { name = "A", rows = { { name = "r", items = { { name = "n" } } } } } }"##,
            "Scripts/bad.lua: data[1].rows[1].items[1].color: expected a colour, got nil"
        ),
        (
            ##"{ { name = "A", rows = { { name = "r", children = { { name = "n", expanded = "yes" } } } } } }"##,
            ##"Scripts/bad.lua: data[1].rows[1].children[1].expanded: expected true or false, got "yes""##
        ),
        (
            ##"{ name = "not an array" }"##,
            "Scripts/bad.lua: data: expected an array, got a table with named keys"
        ),
    ]

    @Test("bad data names its data path", arguments: badData)
    func badDataPath(_ data: String, _ expected: String) {
        let fixture = ScriptFixture(["bad.lua": plugin(data: data)])
        let failure = fixture.failure("bad.lua")
        #expect(failure?.formatted == expected)
        #expect(failure?.exitCode == 65)
    }

    static let badPlugins: [(String, String)] = [
        ("return 42", "Scripts/bad.lua: a plugin must return a table, this one returned 42"),
        (
            ##"return { api = 1, data = {} }"##,
            "Scripts/bad.lua: name: expected a string naming the plugin, got nil"
        ),
        (
            ##"return { name = "x", api = 2, data = {} }"##,
            "Scripts/bad.lua: api: this host supports api 1, the plugin asks for 2"
        ),
        (
            ##"return { name = "x", data = {} }"##,
            "Scripts/bad.lua: api: this host supports api 1, the plugin asks for nil"
        ),
        (
            ##"return { name = "x", api = 1 }"##,
            "Scripts/bad.lua: data: expected a table or a function returning one (or a lazy source), got nil"
        ),
        (
            ##"return { name = "x", api = 1, data = {}, layout = { style = "shelfs" } }"##,
            ##"Scripts/bad.lua: layout.style: "shelfs" is not one of shelves, outline, details (did you mean "shelves"?)"##
        ),
        (
            ##"return { name = "x", api = 1, data = {}, layout = { item = { width = 0 } } }"##,
            "Scripts/bad.lua: layout.item.width: expected a whole number from 1 to 200, got 0"
        ),
        ("local x = \n\n return {", "Scripts/bad.lua:3: unexpected symbol near 'return'"),
        ("local t = nil\nreturn t.x", "Scripts/bad.lua:2: attempt to index a nil value (local 't')"),
        ("error('\\27[2J boom')", "Scripts/bad.lua:1: \u{1B}[2J boom"),
        (
            ##"return { name = "x", api = 1, data = function() error("no data") end }"##,
            "Scripts/bad.lua:1: in data(ctx): no data"
        ),
    ]

    @Test("bad plugins name file and line", arguments: badPlugins)
    func badPlugin(_ source: String, _ expected: String) {
        let fixture = ScriptFixture(["bad.lua": source])
        #expect(fixture.failure("bad.lua")?.formatted == expected)
    }

    @Test func missingFileIsExit66() {
        let failure = ScriptFixture().failure("absent.lua")
        #expect(failure?.exitCode == 66)
        #expect(failure?.formatted == "Scripts/absent.lua: no such file")
    }

    @Test func unknownKeysWarnWithASuggestion() throws {
        let fixture = ScriptFixture([
            "warn.lua":
                ##"return { name = "x", api = 1, data = {}, descripton = "typo", layout = { wrapp = true } }"##
        ])
        let loaded = try fixture.load("warn.lua")
        #expect(
            loaded.warnings.map(\.formatted) == [
                ##"Scripts/warn.lua: warning: unknown key "descripton" (did you mean "description"?)"##,
                ##"Scripts/warn.lua: layout: warning: unknown key "wrapp" (did you mean "wrap"?)"##,
            ])
    }

    @Test func layoutSettingsAreRead() throws {
        let fixture = ScriptFixture([
            "layout.lua": plugin(
                data: "{}",
                extra:
                    ##"layout = { item = { width = 9, height = 3 }, spacing = { item = 2, line = 1 }, insets = { left = 0, right = 2 }, wrap = true, selection = "multiple" },"##
            )
        ])
        let settings = try fixture.load("layout.lua").settings
        #expect(settings.itemWidth == 9 && settings.itemHeight == 3)
        #expect(settings.itemSpacing == 2 && settings.lineSpacing == 1)
        #expect(settings.insetLeft == 0 && settings.insetRight == 2)
        #expect(settings.wrap && settings.selection == .multiple)
    }
}

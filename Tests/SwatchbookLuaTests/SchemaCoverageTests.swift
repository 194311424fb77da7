import Foundation
import SwatchbookCore
import SwatchbookSession
import Testing

@testable import SwatchbookLua

/// What the host hands a script is what ``LuaSchema`` declares: every key
/// of `ev` (and its section, row, item, node and field) and of `ctx`, as a
/// script finds them, is declared, and every key declared required is there.
@Suite struct SchemaCoverageTests {
    /// The keys a script found, `section.index` for a sub-table's, against
    /// the declared ones: none undeclared, none required missing.
    static func compare(
        _ seen: Set<String>, _ tables: [(prefix: String, table: LuaSchema.Table)],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var declared: Set<String> = []
        var required: Set<String> = []
        for (prefix, table) in tables {
            declared.formUnion(table.keyList.map { prefix + $0 })
            required.formUnion(table.requiredKeys.map { prefix + $0 })
        }
        #expect(seen.subtracting(declared).isEmpty, "undeclared", sourceLocation: sourceLocation)
        #expect(required.subtracting(seen).isEmpty, "required but missing", sourceLocation: sourceLocation)
    }

    @Test func theEventIsWhatTheSchemaDeclares() throws {
        let source = """
            local sb = require "swatchbook"
            local seen = {}
            local function note(prefix, t)
              for k in pairs(t or {}) do seen[#seen + 1] = prefix .. k end
            end
            return {
              name = "Events", api = 1,
              data = {
                { name = "Reds", id = "reds", rows = {
                    { name = "Light", id = 3, items = {
                        { name = "Salmon", id = "s", color = "#FA8072", data = { code = 7 }, fields = { a = 1 } } } },
                    { name = "Facts", fields = { { "Hue", "0" } } } } },
                { name = "Tree", rows = {
                    { name = "Families", children = {
                        { name = "Warm", id = "w", color = "red", children = { { name = "Red", color = "red" } } } } } } },
              },
              on_tap = function(ev)
                note("", ev)
                note("section.", ev.section)
                note("row.", ev.row)
                note("item.", ev.item)
                note("node.", ev.node)
                note("node.", ev.node and ev.node.children and ev.node.children[1])
                note("field.", ev.field)
                sb.status(table.concat(seen, " "))
              end,
            }
            """
        let fixture = ScriptFixture(["events.lua": source])
        let plugin = try fixture.load("events.lua")
        let session = Session(
            script: plugin, settings: plugin.settings, screen: Screen(width: 80, height: 20), state: nil,
            measure: { $0.count })
        try session.start()
        for path in ["1", "1.1", "1.1.1", "1.2.1", "2.1.1"] {
            _ = try session.tap(ElementPath(parsing: path)!, mouse: true)
        }
        let seen = Set((session.status ?? "").split(separator: " ").map(String.init))
        Self.compare(
            seen,
            [
                ("", LuaSchema.event), ("section.", LuaSchema.eventSection), ("row.", LuaSchema.eventRow),
                ("item.", LuaSchema.eventItem), ("node.", LuaSchema.eventNode),
                ("field.", LuaSchema.eventField),
            ])
        // Each kind was tapped, with an id, data and fields, so all but the
        // screen position (which a tap by path has not) was seen.
        for key in [
            "item.id", "item.data", "item.fields", "node.children", "node.color", "row.id", "field.key",
        ] {
            #expect(seen.contains(key), "\(key)")
        }
    }

    @Test func theContextIsWhatTheSchemaDeclares() throws {
        let fixture = ScriptFixture([
            "ctx.lua": """
            return {
              name = "Context", api = 1, options = { steps = 3 },
              data = function(ctx)
                local items = {}
                for k in pairs(ctx) do items[#items + 1] = { name = k, color = "#000000" } end
                for k in pairs(ctx.input or {}) do items[#items + 1] = { name = "input." .. k, color = "#000000" } end
                return { { name = "ctx", rows = { { name = "keys", items = items } } } }
              end,
            }
            """
        ])
        // A reader's context: with the palette file it is handed.
        var context = PluginContext()
        context.input = InputFile(
            url: fixture.folder.appendingPathComponent("brand.gpl"), displayName: "brand.gpl")
        let plugin = try PluginLoader.load(
            file: fixture.folder.appendingPathComponent("ctx.lua"), displayName: "ctx.lua", context: context)
        guard case .items(let items) = plugin.catalogue!.sections[0].rows[0].content else {
            Issue.record("no items")
            return
        }
        let seen = Set(items.map(\.name))
        Self.compare(seen, [("", LuaSchema.context), ("input.", LuaSchema.input)])
        #expect(seen.contains("input.stem"))
    }
}

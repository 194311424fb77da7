import Foundation
import SwatchbookCore
import Testing

@testable import SwatchbookLua

@Suite("Lazy sources")
struct LuaSourceTests {
    static let counting = """
        local calls = { sections = 0, rows = 0, row = 0, item = 0 }
        return {
          name = "Lazy", api = 1,
          source = {
            sections = function() return 1000 end,
            section = function(s) return { name = "S" .. s } end,
            rows = function(s) return 1000 end,
            row = function(s, r) return { name = "R" .. s .. "." .. r, count = 1000 } end,
            item = function(s, r, i) return { name = "I" .. i, color = { s % 256, r % 256, i % 256 } } end,
          },
        }
        """

    @Test func opensWithoutWalkingTheCatalogue() throws {
        let fixture = ScriptFixture(["lazy.lua": Self.counting])
        let plugin = try fixture.load("lazy.lua")
        let layout = CatalogueLayout(
            source: plugin.source, settings: plugin.settings, width: 120, state: ViewState())
        #expect(plugin.sourceCalls == ["sections": 1, "rows": 1000])
        let window = layout.layout(Viewport(height: 40))
        let items = window.elements.filter { $0.kind == .item }.count
        let rows = window.elements.filter { $0.kind == .row }.count
        #expect(plugin.sourceCalls["item"] == items)
        #expect(plugin.sourceCalls["row"] == rows)
        #expect(plugin.sourceCalls["section"] == 1)
        // Answers are cached: the same screen again asks nothing.
        _ = layout.layout(Viewport(height: 40))
        #expect(plugin.sourceCalls["item"] == items)
        #expect(plugin.sourceFailure == nil)
    }

    @Test func anyWindowAsksOnlyForItsCells() throws {
        let fixture = ScriptFixture(["lazy.lua": Self.counting])
        let plugin = try fixture.load("lazy.lua")
        let layout = CatalogueLayout(
            source: plugin.source, settings: plugin.settings, width: 120, state: ViewState())
        let window = layout.layout(Viewport(height: 40, top: 2_500_000))
        let items = window.elements.filter { $0.kind == .item }
        #expect(plugin.sourceCalls["item"] == items.count)
        #expect(items.first?.path.indices.first == 500)
    }

    static let failures: [(String, String)] = [
        (
            "item = function() return { name = 'x', color = '#GG0000' } end",
            ##"Scripts/bad.lua: source.item(1, 1, 1).color: "#GG0000" is not a colour"##
        ),
        (
            "item = function() error('no item here') end",
            "Scripts/bad.lua:1: in source.item(1, 1, 1): no item here"
        ),
        (
            "item = function() while true do end end",
            "Scripts/bad.lua:1: source.item(1, 1, 1) ran past its 0.3 s time budget (--script-timeout)"
        ),
        (
            "item = function() return 42 end",
            "Scripts/bad.lua: source.item(1, 1, 1): expected an item table, got 42"
        ),
        (
            "item = function() return { color = 'red' } end",
            "Scripts/bad.lua: source.item(1, 1, 1).name: expected a string, got nil"
        ),
        (
            "item = function(s, r, i) return { name = 'x', color = 'red', id = {} } end",
            "Scripts/bad.lua: source.item(1, 1, 1).id: expected a string or a number, got a table"
        ),
    ]

    @Test("a failing source call is reported with its call", arguments: failures)
    func failingCall(_ item: String, _ expected: String) throws {
        let source = """
            return { name = "Bad", api = 1, source = { sections = function() return 1 end, rows = function() return 1 end, row = function() return { name = "r", count = 3 } end, \(item) } }
            """
        let fixture = ScriptFixture(["bad.lua": source])
        let plugin = try fixture.load("bad.lua", limits: ScriptLimits(timeout: 0.3))
        let layout = CatalogueLayout(
            source: plugin.source, settings: plugin.settings, width: 80, state: ViewState())
        _ = layout.layout(Viewport(height: 10))
        #expect(plugin.sourceFailure?.formatted == expected)
        // After the first failure the source is not asked again.
        #expect(plugin.sourceCalls["item"] == 1)
    }

    @Test func aSourceMissingAFunctionIsRefusedAtLoad() {
        let fixture = ScriptFixture([
            "bad.lua":
                "return { name = 'x', api = 1, source = { sections = function() return 1 end, rows = function() return 1 end, item = function() end } }"
        ])
        #expect(
            fixture.failure("bad.lua")?.formatted
                == "Scripts/bad.lua: source.row: expected a function, got nil")
    }

    /// `item` is asked for only by rows that give a count instead of items.
    @Test func itemIsNeededOnlyForCountedRows() throws {
        let fixture = ScriptFixture([
            "fields.lua": """
            return { name = 'x', api = 1, source = { sections = function() return 1 end,
              rows = function() return 2 end,
              row = function(s, r) return { name = "Row " .. r, fields = { { "Key", "Value" } } } end } }
            """,
            "counted.lua": """
            return { name = 'x', api = 1, source = { sections = function() return 1 end,
              rows = function() return 1 end, row = function(s, r) return { name = "Row", count = 3 } end } }
            """,
        ])
        let fields = try fixture.load("fields.lua")
        _ = CatalogueLayout(source: fields.source, settings: fields.settings, width: 40, state: ViewState())
            .layout(Viewport())
        #expect(fields.sourceFailure == nil)
        let counted = try fixture.load("counted.lua")
        _ = CatalogueLayout(source: counted.source, settings: counted.settings, width: 40, state: ViewState())
            .layout(Viewport())
        #expect(
            counted.sourceFailure?.formatted
                == "Scripts/counted.lua: source.item: expected a function (a row gives a count of items, not the items), got nil"
        )
    }

    @Test func rowsMayCarryTheirContent() throws {
        let fixture = ScriptFixture([
            "rows.lua": """
            return { name = "x", api = 1, source = {
              sections = function() return 1 end, rows = function() return 2 end,
              row = function(s, r)
                if r == 1 then return { name = "Facts", fields = { { "Speed", 3 } } } end
                return { name = "Strip", items = { { name = "A", color = "red" } } }
              end,
              item = function() error("not asked: the row carried its items") end } }
            """
        ])
        let plugin = try fixture.load("rows.lua")
        let layout = CatalogueLayout(
            source: plugin.source, settings: plugin.settings, width: 80, state: ViewState())
        let window = layout.layout(Viewport(height: 20))
        #expect(window.elements.contains { $0.fieldContent?.value == "3" })
        #expect(window.elements.contains { $0.kind == .item && $0.title == "A" })
        #expect(plugin.sourceFailure == nil)
    }

    /// A plugin's end that serves the Lua array `list` as a lazy source of
    /// one section of one row.
    static func oneRowSource(of list: String) -> String {
        """
        return { name = "x", api = 1, source = {
          sections = function() return 1 end, rows = function() return 1 end,
          row = function() return { name = "r", count = #\(list) } end,
          item = function(s, r, i) return \(list)[i] end } }
        """
    }

    /// The common `{ name, color }` item is read on a quick path; every other
    /// shape is read in full. Both give what the item says, reading fields
    /// raw (no metamethod runs) and keeping `id` and `data`.
    @Test func everyShapeOfItemReadsAsItSays() throws {
        let fixture = ScriptFixture([
            "shapes.lua": """
            local shapes = {
              { name = "Plain", color = "#FA8072" },
              { name = "Named colour", color = "teal" },
              { name = 42, color = "#000001" },
              { name = "With id", color = "#000002", id = "seven" },
              { name = "With data", color = "#000003", data = { n = 1 } },
              { name = "Table colour", color = { 1, 2, 3, 128 } },
              { name = "Userdata colour", color = require("swatchbook").color("#000004") },
              { "array part", name = "Other keys", color = "#000006", note = "not read", [7] = true },
              setmetatable({ color = "#000005" }, { __index = function() error("index ran") end }),
            }

            """ + Self.oneRowSource(of: "shapes")
        ])
        let plugin = try fixture.load("shapes.lua")
        let source = plugin.source
        #expect(source.item(0, 0, 0) == Item(name: "Plain", color: Color(rgb: 0xFA8072)))
        // A name says more than its hex: it is kept as written.
        #expect(
            source.item(0, 0, 1)
                == Item(
                    name: "Named colour", color: Color(rgb: 0x008080),
                    authored: Authored(color: AuthoredColor(css: "teal"))))
        #expect(source.item(0, 0, 2) == Item(name: "42", color: Color(rgb: 0x000001)))
        #expect(source.item(0, 0, 3).id == "seven")
        #expect(source.item(0, 0, 4).data != nil)
        #expect(source.item(0, 0, 5).color == Color(red: 1, green: 2, blue: 3, alpha: 128))
        #expect(source.item(0, 0, 6).color == Color(rgb: 0x000004))
        // Keys an item does not have are left alone, on either path.
        #expect(source.item(0, 0, 7) == Item(name: "Other keys", color: Color(rgb: 0x000006)))
        #expect(plugin.sourceFailure == nil)
        // The last has no name of its own; the metamethod is not consulted.
        _ = source.item(0, 0, 8)
        #expect(
            plugin.sourceFailure?.formatted
                == "Scripts/shapes.lua: source.item(1, 1, 9).name: expected a string, got nil")
    }

    /// An item as a palette file's reader writes it (an id, what the file
    /// said of it, a colour value keeping how it was written) is read on
    /// the quick path to the very item the full reader makes: each is
    /// asked twice, the second time with an empty `fields`, which only the
    /// full reader takes.
    @Test func aReadersItemReadsTheSameOnTheQuickPathAsInFull() throws {
        let fixture = ScriptFixture([
            "listed.lua": """
            local sb = require("swatchbook")
            local listed = {
              { name = "Hex value", color = sb.color("#ABC"), id = "a", key = "--a" },
              { name = "Modern", color = sb.color("oklch(62% 0.19 259.8 / 0.5)"), key = "--b", scope = ".dark",
                ref = "var(--x)", description = "Step 5" },
              { name = "Dark", color = sb.color("light-dark(#fff, #000)", { scheme = "dark" }), id = "c" },
              { name = "String", color = "#123456", description = "" },
              { name = "Eight bits", color = sb.rgb(1, 2, 3), ref = "{x.y}" },
              { name = "Spot", color = sb.color("lab(50% 20 -30)"), swatch = "spot" },
              { name = "Not a type", color = "#000001", swatch = "special" },
            }
            local items = {}
            for _, item in ipairs(listed) do
              local full = { fields = {} }
              for k, v in pairs(item) do full[k] = v end
              items[#items + 1] = item
              items[#items + 1] = full
            end

            """ + Self.oneRowSource(of: "items")
        ])
        let plugin = try fixture.load("listed.lua")
        let source = plugin.source
        for k in 0..<6 {
            let quick = source.item(0, 0, 2 * k)
            #expect(quick == source.item(0, 0, 2 * k + 1), "item \(k + 1)")
        }
        #expect(source.item(0, 0, 0).authored?.key == "--a")
        #expect(source.item(0, 0, 2).authored?.color?.space == .oklch)
        #expect(source.item(0, 0, 2).authored?.scope == ".dark")
        #expect(source.item(0, 0, 6).authored?.description == "")
        #expect(source.item(0, 0, 10).authored?.swatch == .spot)
        #expect(plugin.sourceFailure == nil)
        // A swatch type there is none of is the full reader's to report.
        _ = source.item(0, 0, 12)
        #expect(
            plugin.sourceFailure?.formatted.hasSuffix(
                #".swatch: expected one of global, spot, process, got "special""#) == true)
    }

    /// Rows too: `{ name, count }` on the quick path, any other shape read in full.
    @Test func everyShapeOfRowReadsAsItSays() throws {
        let fixture = ScriptFixture([
            "rows.lua": """
            local rows = {
              { name = "Plain", count = 3 },
              { name = "Float count", count = 2.0 },
              { name = "With id", count = 1, id = "r3" },
              { name = "Other keys", count = 5, note = "not read" },
              { name = 7, count = 4 },
              { name = "Carried", items = { { name = "A", color = "red" } } },
              { name = "Negative", count = -1 },
            }
            return { name = "x", api = 1, source = {
              sections = function() return 1 end, rows = function() return #rows end,
              row = function(s, r) return rows[r] end,
              item = function(s, r, i) return { name = "I" .. i, color = "#000000" } end } }
            """
        ])
        let plugin = try fixture.load("rows.lua")
        let source = plugin.source
        #expect(source.rowSummary(0, 0) == RowSummary(name: "Plain", kind: .items, count: 3))
        #expect(source.rowSummary(0, 1) == RowSummary(name: "Float count", kind: .items, count: 2))
        #expect(source.rowSummary(0, 2) == RowSummary(name: "With id", id: "r3", kind: .items, count: 1))
        #expect(source.rowSummary(0, 3) == RowSummary(name: "Other keys", kind: .items, count: 5))
        #expect(source.rowSummary(0, 4) == RowSummary(name: "7", kind: .items, count: 4))
        #expect(source.rowSummary(0, 5) == RowSummary(name: "Carried", kind: .items, count: 1))
        #expect(source.item(0, 5, 0).name == "A")
        #expect(plugin.sourceFailure == nil)
        _ = source.rowSummary(0, 6)
        #expect(
            plugin.sourceFailure?.formatted
                == "Scripts/rows.lua: source.row(1, 7).count: expected the number of items, a whole number from 0 to 1000000000, got -1"
        )
    }

    /// Items are kept in runs per row: asking across runs, out of order and
    /// again after a reload gives each item once per reload.
    @Test func itemsAreCachedPerItemUntilReload() throws {
        let fixture = ScriptFixture(["lazy.lua": Self.counting])
        let plugin = try fixture.load("lazy.lua")
        let source = plugin.source
        let asked = [0, 15, 16, 17, 999, 3, 16, 0, 998]
        for i in asked { #expect(source.item(4, 7, i).name == "I\(i + 1)") }
        #expect(source.item(5, 7, 0).name == "I1")
        #expect(plugin.sourceCalls["item"] == Set(asked).count + 1)
        (plugin.source as? LuaSource)?.reload()
        #expect(source.item(4, 7, 16).name == "I17")
        #expect(plugin.sourceCalls["item"] == Set(asked).count + 2)
    }

    /// A strip's items are asked for as one batch: in order and each once,
    /// the common shape read as it comes and any other read in full before
    /// the next call; a failure stops the batch where it happens.
    @Test func aBatchAsksInOrderAndStopsAtAFailure() throws {
        let fixture = ScriptFixture([
            "batch.lua": """
            local asked = {}
            return { name = "x", api = 1, source = {
              sections = function() return 1 end, rows = function() return 1 end,
              row = function() return { name = "r", count = 6 } end,
              item = function(s, r, i)
                asked[#asked + 1] = i
                if i == 2 then return { name = "Named", color = "teal" } end
                if i == 3 then return { name = "With id", color = "#000003", id = "three" } end
                if i == 5 then error("fifth") end
                return { name = table.concat(asked, ","), color = "#000001" }
              end } }
            """
        ])
        let plugin = try fixture.load("batch.lua")
        let items = plugin.source.items(0, 0, 0..<6)
        #expect(items.map(\.name) == ["1", "Named", "With id", "1,2,3,4", "", ""])
        #expect(items[1].color == Color(rgb: 0x008080))
        #expect(items[2].id == "three")
        #expect(plugin.sourceCalls["item"] == 5)
        #expect(plugin.sourceFailure?.formatted == "Scripts/batch.lua:9: in source.item(1, 1, 5): fifth")
        // Every answer is kept, the placeholders too: nothing is asked again.
        #expect(plugin.source.items(0, 0, 2..<6).map(\.name) == ["With id", "1,2,3,4", "", ""])
        #expect(plugin.sourceCalls["item"] == 5)
    }

    /// Each call of a batch has its own time budget, and one that runs past
    /// it is named by its own index.
    @Test func aBatchCallRunningPastItsBudgetIsNamed() throws {
        let fixture = ScriptFixture([
            "slow.lua": """
            return { name = "x", api = 1, source = {
              sections = function() return 1 end, rows = function() return 1 end,
              row = function() return { name = "r", count = 20 } end,
              item = function(s, r, i)
                if i == 4 then while true do end end
                return { name = "I" .. i, color = "#000001" }
              end } }
            """
        ])
        let plugin = try fixture.load("slow.lua", limits: ScriptLimits(timeout: 0.3))
        let items = plugin.source.items(0, 0, 1..<20)
        #expect(items.count == 19)
        #expect(items.prefix(3).map(\.name) == ["I2", "I3", ""])
        #expect(plugin.sourceCalls["item"] == 3)
        #expect(
            plugin.sourceFailure?.formatted
                == "Scripts/slow.lua:5: source.item(1, 1, 4) ran past its 0.3 s time budget (--script-timeout)"
        )
    }
}

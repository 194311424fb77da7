import Foundation
import SwatchbookCore
import Testing

@testable import SwatchbookLua

@Suite("Sessions: taps, callbacks, focus and view state")
struct SessionTests {
    /// Two sections: a strip of three items, a key/value row, and a tree.
    static func plugin(selection: String = "single", extra: String = "") -> String {
        """
        local sb = require "swatchbook"
        local log = {}
        local function record(name)
          return function(ev)
            local what = ev.item and ev.item.name or ev.node and ev.node.name or ev.field and ev.field.key
              or ev.row and ev.row.name or ev.section.name
            log[#log + 1] = name .. " " .. ev.kind .. " " .. table.concat(ev.path, ".") .. " " .. what
            sb.status(table.concat(log, "; "))
          end
        end
        return {
          name = "Events", api = 1,
          data = {
            { name = "Reds", rows = {
                { name = "Light", items = {
                    { name = "Salmon", color = "#FA8072", data = { code = 7 } },
                    { name = "Pink", color = "pink" }, { name = "Coral", color = "coral" } } },
                { name = "Facts", fields = { { "Hue", "0" }, { "Warmth", "high" } } } } },
            { name = "Tree", rows = {
                { name = "Families", children = {
                    { name = "Warm", children = { { name = "Red", color = "red" }, { name = "Gold", color = "gold", selected = true } } },
                    { name = "Cool", children = { { name = "Blue", color = "blue" } } } } } } },
          },
          layout = { selection = "\(selection)" },
          on_tap = record("tap"),
          on_select = record("select"),
          on_deselect = record("deselect"),
          on_expand = record("expand"),
          on_collapse = record("collapse"),
          \(extra)
        }
        """
    }

    static func session(_ source: String, width: Int = 80, height: Int = 20) throws -> PluginSession {
        let fixture = ScriptFixture(["events.lua": source])
        let plugin = try fixture.load("events.lua")
        let session = PluginSession(
            plugin: plugin, settings: plugin.settings, width: width, height: height, state: nil,
            measure: { $0.count })
        try session.start()
        return session
    }

    static let taps: [(String, String)] = [
        ("1", "tap header 1 Reds"),
        ("1.1", "tap row 1.1 Light"),
        ("1.1.2", "tap item 1.1.2 Pink; deselect node 2.1.1.2 Gold; select item 1.1.2 Pink"),
        ("1.2.2", "tap field 1.2.2 Warmth"),
        ("2.1.1", "tap node 2.1.1 Warm; expand node 2.1.1 Warm"),
    ]

    @Test("events carry the kind and path of what was tapped", arguments: taps)
    func eventPaths(_ path: String, _ expected: String) throws {
        let session = try Self.session(Self.plugin())
        try session.tap(ElementPath(parsing: path)!)
        #expect(session.status == expected)
    }

    @Test func aTapOnANestedNodeAndItsDataComeBack() throws {
        let session = try Self.session(
            Self.plugin(
                extra:
                    "should_select = function(ev) return not ev.item or ev.item.data == nil or ev.item.data.code == 7 end,"
            ))
        try session.tap(ElementPath([2, 1, 1]))
        try session.tap(ElementPath([2, 1, 1, 2]))
        #expect(
            session.status?.hasSuffix("tap node 2.1.1.2 Gold") == true,
            "Gold starts selected: no second select")
        try session.tap(ElementPath([1, 1, 1]))
        #expect(session.status?.contains("select item 1.1.1 Salmon") == true)
    }

    @Test func singleSelectionMovesAndFiresDeselect() throws {
        let session = try Self.session(Self.plugin())
        try session.tap(ElementPath([1, 1, 1]))
        try session.tap(ElementPath([1, 1, 3]))
        #expect(session.status?.contains("deselect item 1.1.1 Salmon") == true)
        #expect(session.state.selected.count == 1)
        #expect(session.state.selected.first?.hasSuffix("Coral") == true)
    }

    @Test func multipleSelectionToggles() throws {
        let session = try Self.session(Self.plugin(selection: "multiple"))
        try session.tap(ElementPath([1, 1, 1]))
        try session.tap(ElementPath([1, 1, 2]))
        try session.tap(ElementPath([1, 1, 1]))
        #expect(session.state.selected.contains { $0.hasSuffix("Pink") })
        #expect(!session.state.selected.contains { $0.hasSuffix("Salmon") })
        #expect(session.status?.hasSuffix("deselect item 1.1.1 Salmon") == true)
    }

    @Test func selectionNoneSelectsNothing() throws {
        let session = try Self.session(Self.plugin(selection: "none"))
        try session.tap(ElementPath([1, 1, 1]))
        #expect(session.state.selected.filter { $0.contains("Salmon") }.isEmpty)
    }

    @Test func onTapFalseCancelsTheDefaultAndAStringIsThePick() throws {
        let cancel = try Self.session(Self.plugin(extra: "on_tap = function() return false end,"))
        try cancel.tap(ElementPath([2, 1, 1]))
        #expect(cancel.state.expanded.isEmpty)
        let pick = try Self.session(
            Self.plugin(extra: "on_tap = function(ev) return 'picked ' .. ev.index end,"))
        #expect(try pick.tap(ElementPath([1, 1, 2])) == "picked 2")
        let hex = try Self.session(Self.plugin())
        #expect(try hex.tap(ElementPath([1, 1, 1])) == "#FA8072")
    }

    @Test func initialSelectionComesFromTheData() throws {
        let session = try Self.session(Self.plugin())
        #expect(session.state.selected.contains { $0.hasSuffix("Gold") })
    }

    @Test func focusMovesLikeUIKit() throws {
        let session = try Self.session(Self.plugin())
        #expect(session.state.focusPath == ElementPath([1, 1, 1]))
        try session.press(.right)
        try session.press(.right)
        try session.press(.right)  // stops at the end of the strip
        #expect(session.state.focusPath == ElementPath([1, 1, 3]))
        try session.press(.down)  // skips the key/value row into the tree
        #expect(session.state.focusPath == ElementPath([2, 1, 1]))
        try session.press(.up)  // back to the strip, on the item it last had focused
        #expect(session.state.focusPath == ElementPath([1, 1, 3]))
        try session.press(.character("G"))
        #expect(session.state.focusPath == ElementPath([2, 1, 2]))
        try session.press(.character("g"))
        #expect(session.state.focusPath == ElementPath([1, 1, 3]))
    }

    @Test func aNarrowStripScrollsTheFocusIntoViewWithTheSmallestMove() throws {
        let session = try Self.session(Self.plugin(), width: 20, height: 20)
        try session.press(.right)
        let key = session.state.offsets.keys.first
        #expect(session.state.offsets.values.first == 11, "item 2 spans 15..<29; the strip shows 18 columns")
        try session.press(.left)
        #expect(key.map { session.state.offset(ofRow: $0) } == 0)
    }

    @Test func stateSurvivesFilteringAndItsClearing() throws {
        let session = try Self.session(Self.plugin())
        try session.tap(ElementPath([1, 1, 2]))
        let before = session.state.expanded
        try session.setFilter("blue")
        #expect(session.state.expanded.count == 1, "Cool opens to show Blue")
        #expect(session.layout.layout(Viewport(width: 80)).elements.map(\.title).contains("Blue"))
        #expect(!session.layout.layout(Viewport(width: 80)).elements.map(\.title).contains("Pink"))
        try session.setFilter("")
        #expect(session.state.expanded == before)
        #expect(session.state.selected.contains { $0.hasSuffix("Pink") })
        #expect(session.state.filter == nil)
    }

    @Test func aPasteIsTypedIntoTheFilterOnly() throws {
        let session = try Self.session(Self.plugin())
        var interpreter = KeyInterpreter(session: session)
        try interpreter.type("q")
        #expect(session.state.filter == nil, "no filter is being typed: nothing happens")
        _ = try interpreter.press(.character("/"))
        try interpreter.type("bl\nue")
        #expect(interpreter.typing == "bl ue")
        #expect(session.state.filter == "bl ue")
    }

    @Test func stateFunctionsActOnTheSession() throws {
        let session = try Self.session(
            Self.plugin(
                extra: """
                    on_load = function(ctx)
                      sb.expand("2.1.1")
                      sb.select({1, 1, 3})
                      sb.focus("1.1.2")
                      local paths = {}
                      for _, p in ipairs(sb.selected()) do paths[#paths + 1] = table.concat(p, ".") end
                      sb.status(table.concat(paths, " ") .. " " .. sb.viewport().width .. " " .. #sb.visible())
                    end,
                    """))
        // Single selection: selecting 1.1.3 let go of Gold, selected in the data.
        #expect(session.status == "1.1.3 80 \(session.visibleLayout().elements.count)")
        #expect(session.state.expanded.count == 1)
        #expect(session.state.focusPath == ElementPath([1, 1, 2]))
    }

    @Test func aFailingCallbackIsAnErrorWithItsLine() throws {
        let session = try Self.session(Self.plugin(extra: "on_tap = function(ev) error('tap broke') end,"))
        #expect(throws: Diagnostic.self) { try session.tap(ElementPath([1, 1, 1])) }
        do {
            try session.tap(ElementPath([1, 1, 1]))
        } catch {
            #expect(error.formatted.hasPrefix("Scripts/events.lua:"))
            #expect(error.formatted.hasSuffix("tap broke"))
        }
    }
}

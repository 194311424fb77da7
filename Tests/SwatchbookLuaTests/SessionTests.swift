import Foundation
import SwatchbookCore
import SwatchbookSession
import Testing

@testable import SwatchbookLua

/// The Lua side of a session: the `ev` a callback gets, the `sb.*` state
/// functions, and errors. What a tap does is tested in SwatchbookSessionTests.
@Suite("Sessions: a plugin's callbacks and state functions")
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

    static func session(_ source: String, width: Int = 80, height: Int = 20) throws -> Session {
        let fixture = ScriptFixture(["events.lua": source])
        let plugin = try fixture.load("events.lua")
        let session = Session(
            script: plugin, settings: plugin.settings, screen: Screen(width: width, height: height),
            state: nil,
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

    /// `status(ctx)` gives text, a number or nothing; anything else is the
    /// plugin's error, which browse shows on the status line.
    @Test func aStatusThatIsNoTextIsAnError() throws {
        let text = try Self.session(Self.plugin(extra: "status = function(ctx) return 'w' .. ctx.width end,"))
        #expect(try text.script.status(on: Screen(width: 80, height: 20)) == "w80")
        let table = try Self.session(Self.plugin(extra: "status = function(ctx) return {} end,"))
        #expect(
            throws: Diagnostic(.data, file: "Scripts/events.lua", "status: expected text or nil, got a table")
        ) {
            _ = try table.script.status(on: Screen(width: 80, height: 20))
        }
    }

    /// `sb.status(nil)` takes the script's message off the status line.
    @Test func statusNilClearsTheMessage() throws {
        let session = try Self.session(
            Self.plugin(extra: "on_load = function() sb.status('hello') sb.status(nil) end,"))
        #expect(session.status == nil)
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

import Foundation
import SwatchbookCore
import SwatchbookSession
import Testing

@testable import SwatchbookLua

/// A Lua state lives exactly as long as what uses it: host functions must not
/// keep their runtime alive, or every theme load, check and reload would
/// leak a whole state (browse loads every theme again on each `t`).
@Suite struct RuntimeLifetimeTests {
    @Test func aRuntimeWithTheModuleIsFreedWhenDropped() throws {
        weak var dropped: LuaRuntime?
        do {
            let runtime = try LuaRuntime(
                file: URL(fileURLWithPath: "/nonexistent/x.lua"), displayName: "x.lua",
                limits: ScriptLimits(),
                seed: 1)
            SwatchbookModule.install(in: runtime)
            try runtime.runMainChunk(
                source: Array(#"local sb = require "swatchbook"; sb.log("x"); return sb.color("red")"#.utf8))
            dropped = runtime
        }
        #expect(dropped == nil)
    }

    @Test func aLoadedPluginFreesItsRuntimeWithItsSession() throws {
        let fixture = ScriptFixture([
            "p.lua":
                ##"local sb = require "swatchbook"; return { name = "p", api = 1, data = { { name = "s", rows = { { name = "r", items = { { name = "a", color = "#FF0000" } } } } } }, on_tap = function() sb.status("hi") end }"##
        ])
        weak var dropped: LuaRuntime?
        do {
            let plugin = try fixture.load("p.lua")
            let session = Session(
                script: plugin, settings: plugin.settings, screen: Screen(width: 80, height: 24), state: nil,
                measure: { $0.count })
            _ = try session.tap(ElementPath([1, 1, 1]))
            dropped = plugin.runtime
        }
        #expect(dropped == nil)
    }
}

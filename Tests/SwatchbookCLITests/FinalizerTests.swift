import Foundation
import Testing

/// `__gc` finalizers are script code that Lua runs whenever its collector
/// decides: inside host code, or as a state closes, and always with hooks
/// off, so no budget could stop one. The sandbox refuses them; these are
/// the hostile trial's cases, which each end in one line and exit 65.
@Suite("finalizers")
struct FinalizerTests {
    static let data =
        #"data = { { name = "S", rows = { { name = "R", items = { { name = "A", color = "red" } } } } } }"#

    /// Garbage whose finalizers fill the memory cap, made on every tap.
    static let greedy = """
        local keep = {}
        local function garbage()
          return setmetatable({}, { __gc = function()
            local t = {} for i = 1, 2e5 do t[i] = i end keep[#keep + 1] = t
          end })
        end
        return { name = "Greedy", api = 1, \(data),
          on_tap = function(ev) for i = 1, 50 do garbage() end end }
        """

    /// A finalizer that calls the module as the state closes.
    static let callsBack = """
        local sb = require "swatchbook"
        keep = setmetatable({}, { __gc = function()
          sb.log("closing"); sb.status("x"); sb.select("1.1.1"); sb.viewport()
        end })
        return { name = "Calls back", api = 1, \(data) }
        """

    /// A finalizer that never ends.
    static let endless = """
        keep = setmetatable({}, { __gc = function() while true do end end })
        return { name = "Endless", api = 1, \(data) }
        """

    @Test(
        .timeLimit(.minutes(10)),
        arguments: [
            (
                "greedy.lua", greedy,
                ["render", "greedy.lua", "--max-memory", "8", "--tap", "1.1.1", "--tap", "1.1.1"],
                "greedy.lua:3: in on_tap(item 1.1.1): "
            ),
            ("back.lua", callsBack, ["check", "back.lua"], "back.lua:2: "),
            ("back.lua", callsBack, ["render", "back.lua"], "back.lua:2: "),
            ("endless.lua", endless, ["check", "endless.lua"], "endless.lua:1: "),
            ("endless.lua", endless, ["render", "endless.lua", "--tap", "9"], "endless.lua:1: "),
        ])
    func aFinalizerIsRefused(_ file: String, _ source: String, _ arguments: [String], _ at: String) throws {
        let scratch = ScratchFolder()
        scratch.write(file, source)
        let result = try CommandRunner.run(arguments, in: scratch.url)
        #expect(result.status == 65, "\(arguments): \(result.stderr)")
        let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(
            first == at + "setmetatable: __gc finalizers are not available to plugins", "\(result.stderr)")
    }

    /// A plugin that fails to load on the search path is listed with its
    /// error, and `plugins` goes on.
    @Test(.timeLimit(.minutes(10)))
    func pluginsListsAPluginWithAFinalizerAsBroken() throws {
        let scratch = ScratchFolder()
        scratch.write("Scripts/endless.lua", Self.endless)
        let result = try CommandRunner.run(["plugins"], in: scratch.url)
        #expect(result.status == 0)
        #expect(
            result.text.contains("error: line 1: setmetatable: __gc finalizers are not available to plugins"))
    }

    @Test func everyOtherMetatableIsTaken() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "meta.lua",
            """
            local t = setmetatable({}, { __index = function(_, k) return k .. "!" end })
            local hello = t.hello
            local same = setmetatable(t, nil) == t
            local weak = setmetatable({}, { __mode = "k" })
            return { name = "Meta", api = 1, data = { { name = hello .. tostring(same), rows = {} } } }
            """)
        let result = try CommandRunner.run(["render", "meta.lua", "--format", "plain"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.hasPrefix(" hello!true"))
    }
}

import Foundation
import SwatchbookCore
import Testing

@testable import SwatchbookLua

@Suite("Sandbox")
struct SandboxTests {
    static let forbidden = [
        "io", "debug", "package", "dofile", "loadfile", "os.execute", "os.remove", "os.rename",
        "os.exit", "os.getenv", "os.tmpname", "os.setlocale",
    ]

    /// string.dump stays (it is only bytes), but no binary chunk loads:
    /// `load` takes text alone, whatever mode the script asks for.
    @Test func aDumpedFunctionDoesNotLoad() throws {
        let runtime = try ScriptFixture().runtime()
        #expect(try runtime.evaluate("return type(string.dump)") == "function")
        let result = try runtime.evaluate(
            "local f, e = load(string.dump(function() return 1 end), 'x', 'b') return tostring(f) .. ': ' .. e"
        )
        #expect(result == "nil: attempt to load a binary chunk (mode is 't')")
    }

    @Test("forbidden names are absent", arguments: forbidden)
    func absent(_ name: String) throws {
        let runtime = try ScriptFixture().runtime()
        #expect(try runtime.evaluate("return type(\(name))") == "nil")
    }

    static let allowed = [
        "string.format", "table.concat", "math.floor", "utf8.char", "coroutine.create", "os.time",
        "os.clock", "os.date", "print", "require", "load", "pcall", "error", "setmetatable",
    ]

    @Test("the allowed library is there", arguments: allowed)
    func present(_ name: String) throws {
        let runtime = try ScriptFixture().runtime()
        #expect(try runtime.evaluate("return type(\(name))") == "function")
    }

    @Test func binaryChunksAreRefused() throws {
        let runtime = try ScriptFixture().runtime()
        let result = try runtime.evaluate(
            """
            local ok, bytes = pcall(string.dump, function() return 1 end)
            if not ok then return "no dump" end
            local f, err = load(bytes, "x", "b")
            return f == nil and err or "loaded"
            """)
        #expect(result != "loaded")
        #expect(result.contains("binary") || result == "no dump")
    }

    @Test func requireStaysInThePluginFolder() throws {
        let fixture = ScriptFixture(["lib/util.lua": "return { answer = 42 }"])
        let runtime = try fixture.runtime()
        #expect(try runtime.evaluate("return tostring(require('lib.util').answer)") == "42")
        #expect(try runtime.evaluate("return tostring(require('lib.util') == require('lib.util'))") == "true")
        let escape = try runtime.evaluate("local ok, e = pcall(require, '../../etc/passwd') return e")
        #expect(escape.contains("inside the plugin's folder"))
        let missing = try runtime.evaluate("local ok, e = pcall(require, 'nope') return e")
        #expect(missing.contains("not found"))
    }

    @Test func errorsInRequiredFilesNameThatFile() throws {
        let fixture = ScriptFixture(["broken.lua": "local x = nil\nreturn x.field\n"])
        let runtime = try fixture.runtime()
        #expect(throws: Diagnostic.self) { try runtime.evaluate("return require 'broken'") }
        do {
            _ = try runtime.evaluate("return require 'broken'")
        } catch {
            #expect(error.formatted.hasPrefix("Scripts/broken.lua:2:"))
        }
    }

    @Test func mathRandomFollowsTheSeed() throws {
        let draw = "local t = {} for i = 1, 5 do t[i] = math.random(1, 1000) end return table.concat(t, ',')"
        let a = try ScriptFixture().runtime(seed: 7).evaluate(draw)
        let b = try ScriptFixture().runtime(seed: 7).evaluate(draw)
        let c = try ScriptFixture().runtime(seed: 8).evaluate(draw)
        #expect(a == b)
        #expect(a != c)
    }

    @Test func printGoesToTheLogNotTheScreen() throws {
        let runtime = try ScriptFixture().runtime()
        var lines: [String] = []
        runtime.host.log = { lines.append($0) }
        _ = try runtime.evaluate("require('swatchbook').log('hello', 3) return 1")
        #expect(lines == ["hello\t3"])
    }
}

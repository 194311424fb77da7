import Foundation
import Testing

/// What a script's output functions take, through the real binary: the
/// arguments `sb.status` takes.
@Suite("sb.status")
struct ScriptOutputTests {
    static let status = """
        local sb = require "swatchbook"
        local value
        return { name = "s", api = 1, options = { value = "text" },
          data = { { name = "S", rows = { { name = "R", items = { { name = "a", color = "red" } } } } } },
          on_load = function(ctx) value = ctx.options.value end,
          on_tap = function()
            sb.status(({ text = "hello", none = nil, table = {}, number = 42, yes = true })[value])
          end }
        """

    /// A string or nil; anything else (a number too: Lua would turn it
    /// into text, but a status of 42 is a slip) names the argument.
    @Test(
        arguments: [
            ("text", nil), ("none", nil),
            ("table", "sb.status: argument 1 (text) is a table, expected a string or nil"),
            ("number", "sb.status: argument 1 (text) is 42, expected a string or nil"),
            ("yes", "sb.status: argument 1 (text) is true, expected a string or nil"),
        ] as [(String, String?)])
    func statusTakesAStringOrNil(_ value: String, _ error: String?) throws {
        let scratch = ScratchFolder()
        scratch.write("status.lua", Self.status)
        let result = try CommandRunner.run(
            ["render", "status.lua", "--set", "value=\(value)", "--tap", "1.1.1", "--format", "plain"],
            in: scratch.url)
        if let error {
            #expect(result.status == 65)
            #expect(result.stderr == "status.lua:7: \(error)\n")
        } else {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.isEmpty)
        }
    }
}

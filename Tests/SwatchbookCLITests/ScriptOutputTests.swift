import Foundation
import Testing

/// What a script's output functions take, through the real binary: the
/// arguments `sb.status` takes, and the one thing `sb.update` does.
@Suite("sb.status and sb.update")
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
            #expect(result.stderr == "status.lua:7: in on_tap(item 1.1.1): \(error)\n")
        } else {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.isEmpty)
        }
    }

    static let update = """
        local sb = require "swatchbook"
        local case
        local cases = {
          rename = function()
            sb.update("1", { name = "Warm reds" })
            sb.update("1.1", { name = "Soft" })
            sb.update("1.1.2", { name = "Rose", color = "#FF007F" })
            sb.update({ 2, 1, 1, 1 }, { color = "#AA0000" })
            sb.update("2.1.1", { name = "Hot" })
          end,
          row_colour = function() sb.update("1.1", { color = "red" }) end,
          replace = function() sb.update("1.1.1", { name = "X", items = {} }) end,
          slip = function() sb.update("1.1.1", { colour = "red" }) end,
          field = function() sb.update("1.2.1", { name = "Tone" }) end,
          nothing = function() sb.update("9.1", { name = "X" }) end,
          bad_name = function() sb.update("1.1.1", { name = 42 }) end,
          bad_colour = function() sb.update("1.1.1", { color = "#GG0000" }) end,
          no_table = function() sb.update("1.1.1", "Rose") end,
        }
        return { name = "Update", api = 1, options = { case = "rename" },
          data = {
            { name = "Reds", rows = {
                { name = "Light", items = { { name = "Salmon", color = "#FA8072" }, { name = "Pink", color = "pink" } } },
                { name = "Facts", fields = { { "Hue", "0" } } } } },
            { name = "Tree", rows = { { name = "Families", children = {
                { name = "Warm", expanded = true, children = { { name = "Red", color = "red" } } } } } } },
          },
          on_load = function(ctx) case = ctx.options.case end,
          on_tap = function() cases[case]() return false end,
        }
        """

    /// `sb.update(path, changes)` renames a section, row, item or node and
    /// recolours an item or node of a `data` catalogue, in place.
    @Test func updateRenamesAndRecolours() throws {
        let scratch = ScratchFolder()
        scratch.write("update.lua", Self.update)
        let result = try CommandRunner.run(
            ["render", "update.lua", "--tap", "1.1.1", "--format", "transcript"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.text.split(separator: "\n") == [
                "Warm reds, section 1",
                "Warm reds › Soft, row 1 of 2, 2 items",
                "Warm reds › Soft › Salmon #FA8072, 1 of 2, focused",
                "Warm reds › Soft › Rose #FF007F, 2 of 2",
                "Warm reds › Facts, row 2 of 2, 1 field",
                "Warm reds › Facts › Hue: 0, 1 of 1",
                "Tree, section 2",
                "Tree › Families, row 1 of 1, 2 nodes",
                "Tree › Families › Hot, expanded, 1 of 2",
                "Tree › Families › Hot › Red #AA0000, 2 of 2",
            ])
    }

    /// Everything else is refused, the catalogue left as it was: it never
    /// replaces an element, and a lazy source changes through its own
    /// functions and `sb.reload()`.
    @Test(arguments: [
        ("row_colour", 11, "sb.update: 1.1 is a row, which has no colour; only items and nodes have one"),
        ("replace", 12, #"sb.update: key "items" is unknown, expected name or color"#),
        ("slip", 13, #"sb.update: key "colour" is unknown, expected name or color (did you mean "color"?)"#),
        ("field", 14, "sb.update: 1.2.1 is a field, which sb.update does not change"),
        ("nothing", 15, "sb.update: 9.1 names no element of the catalogue"),
        ("bad_name", 16, "sb.update: name: expected a string, got 42"),
        ("bad_colour", 17, ##"sb.update: color: "#GG0000" is not a colour"##),
        ("no_table", 18, #"sb.update: argument 2 (changes) is "Rose", expected a table of name and color"#),
    ])
    func updateRefusesEverythingElse(_ name: String, _ line: Int, _ message: String) throws {
        let scratch = ScratchFolder()
        scratch.write("update.lua", Self.update)
        let result = try CommandRunner.run(
            ["render", "update.lua", "--set", "case=\(name)", "--tap", "1.1.1", "--format", "plain"],
            in: scratch.url)
        #expect(result.status == 65)
        #expect(result.stderr == "update.lua:\(line): in on_tap(item 1.1.1): \(message)\n")
    }

    @Test func updateRefusesALazySource() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "lazy.lua",
            """
            local sb = require "swatchbook"
            return { name = "l", api = 1, source = {
              sections = function() return 1 end, rows = function() return 1 end,
              row = function() return { name = "r", count = 2 } end,
              item = function(s, r, i) return { name = "x" .. i, color = "red" } end },
              on_tap = function() sb.update("1.1.1", { name = "y" }) end }
            """)
        let result = try CommandRunner.run(
            ["render", "lazy.lua", "--tap", "1.1.1", "--format", "plain"], in: scratch.url)
        #expect(result.status == 65)
        #expect(
            result.stderr
                == "lazy.lua:6: in on_tap(item 1.1.1): sb.update: a lazy source is changed by its own functions and sb.reload()\n"
        )
    }
}

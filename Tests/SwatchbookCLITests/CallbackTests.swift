import Foundation
import Testing

/// What a plugin's callbacks see and say: `status(ctx)` on the status line,
/// a node's children as a list, and `sb.log` and `print` line by line.
@Suite("callbacks", .serialized)
struct CallbackTests {
    static let tree = """
        local sb = require "swatchbook"
        local taps = 0
        local function describe(node)
          if not node.children then return node.name .. " (leaf)" end
          local names = {}
          for i, child in ipairs(node.children) do
            names[i] = child.name .. (child.is_leaf and "" or "+")
          end
          return node.name .. ": " .. table.concat(names, ", ") .. (node.is_leaf and " leaf" or "")
        end
        return { name = "Tree", api = 1, options = { label = "taps" },
          data = { { name = "S", rows = { { name = "R", children = {
            { name = "Top", expanded = true, children = {
                { name = "Leaf", color = "#FF0000" },
                { name = "Inner", children = { { name = "Deep" } } } } } } } } } },
          on_tap = function(ev) taps = taps + 1; return describe(ev.node) end,
          status = function(ctx) return ctx.options.label .. ": " .. taps .. ", width " .. ctx.width end }
        """

    @Test(arguments: [
        ("<Enter>", "Top: Leaf, Inner+"),
        ("j<Enter>", "Leaf (leaf)"),
        ("jj<Enter>", "Inner: Deep"),
    ])
    func aNodesChildrenAreAList(_ keys: String, _ expected: String) throws {
        let scratch = ScratchFolder()
        scratch.write("tree.lua", Self.tree)
        let result = try CommandRunner.runWithoutATerminal(
            ["pick", "tree.lua", "--keys", keys], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text == expected + "\n")
    }

    @Test func logAndPrintKeepLineBreaksAndCleanEachLine() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "log.lua",
            """
            local sb = require "swatchbook"
            return { name = "Log", api = 1, data = function()
              sb.log("first\\nsecond \\27[31mred", 2, 0.1 + 0.2, sb.color("red"))
              print("third\\r", true, nil)
              return {}
            end }
            """)
        let result = try CommandRunner.run(["render", "log.lua"], in: scratch.url)
        #expect(result.status == 0)
        #expect(result.stderr == "first\nsecond \u{FFFD}[31mred\t2\t0.3\t#FF0000\nthird\u{FFFD}\ttrue\tnil\n")
    }
}

/// `sb.visible()` and an event's `x` and `y` describe the window the user
/// sees: scrolled into a section, that is its header stuck on the first line.
@Suite("the visible window")
struct VisibleWindowTests {
    static let plugin = """
        local sb = require "swatchbook"
        return { name = "Window", api = 1,
          data = { { name = "Reds", rows = { { name = "Light", items = {
            { name = "Salmon", color = "#FA8072" }, { name = "Pink", color = "pink" } } } } } },
          on_tap = function(ev)
            local first = sb.visible()[1]
            print(first.kind .. " " .. table.concat(first.path, ".") .. " at " .. first.y
              .. "; tapped at " .. tostring(ev.y))
          end }
        """

    @Test func aScriptSeesTheStickyHeaderTheScreenShows() throws {
        let scratch = ScratchFolder()
        scratch.write("window.lua", Self.plugin)
        let result = try CommandRunner.run(
            ["render", "window.lua", "--height", "3", "--format", "plain", "--tap", "1"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let screen = result.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(screen.first?.contains("Reds") == true, "the screen's first line is the stuck header")
        #expect(result.stderr == "header 1 at 0; tapped at 0\n")
    }

    @Test func jsonDescribesTheWindowWithoutDrawingOverIt() throws {
        let scratch = ScratchFolder()
        scratch.write("window.lua", Self.plugin)
        let result = try CommandRunner.run(
            ["render", "window.lua", "--height", "3", "--format", "json", "--tap", "1.1.1"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("row 1.1 at"), "\(result.stderr)")
    }
}

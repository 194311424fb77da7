import Foundation
import Testing

/// Trees nested deeper than anyone draws by hand: built by a loop, read from
/// JSON, or given by a lazy source. Every walk over them is bounded, so they
/// render or fail with one line, never a crash.
@Suite("deep trees")
struct DeepTreeTests {
    /// A plugin whose one row holds a chain of `depth` nested nodes (or
    /// `--set depth=N`), every one open, ending in a leaf.
    static func chain(depth: Int = 21) -> String {
        """
        return { name = "Deep", api = 1,
          data = function(ctx)
            local node = { name = "leaf", color = "#FF0000" }
            for i = tonumber(ctx.options.depth) or \(depth), 1, -1 do
              node = { name = "level " .. i, expanded = true, children = { node } }
            end
            return { { name = "S", rows = { { name = "Tree", children = { node } } } } }
          end,
          layout = { indent = 0 } }
        """
    }

    /// The same chain served by a lazy source's `row`.
    static let lazyChain = """
        return { name = "Deep lazy", api = 1,
          source = {
            sections = function() return 1 end,
            rows = function() return 1 end,
            row = function(s, r)
              local node = { name = "leaf" }
              for i = DEPTH, 1, -1 do node = { name = "level " .. i, expanded = true, children = { node } } end
              return { name = "Tree", children = { node } }
            end },
          layout = { indent = 0 },
        }
        """

    static func plugin(_ scratch: ScratchFolder) -> String {
        scratch.write("deep.lua", chain())
    }

    @Test(arguments: [21, 200])
    func aDeepTreeRendersWhole(depth: Int) throws {
        let scratch = ScratchFolder()
        let file = Self.plugin(scratch)
        let result = try CommandRunner.run([
            "render", file, "--set", "depth=\(depth)", "--format", "plain", "--width", "40",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.text.split(separator: "\n")
        #expect(lines.contains { $0.contains("level \(depth)") })
        #expect(lines.contains { $0.contains("leaf") })
        // A header, a row title, the chain and its leaf.
        #expect(lines.count == 2 + depth + 1)
    }

    @Test(arguments: [21, 200])
    func aDeepTreeChecks(depth: Int) throws {
        let scratch = ScratchFolder()
        scratch.write("deep.lua", Self.chain(depth: depth))
        let result = try CommandRunner.run(["check", "deep.lua"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasSuffix("1 file checked, 0 problems, 0 warnings\n"))
    }

    @Test func aTreeTooDeepToDrawIsOneLineAndExit65() throws {
        let scratch = ScratchFolder()
        scratch.write("deep.lua", Self.chain(depth: 100_000))
        for command in ["render", "check"] {
            let result = try CommandRunner.run([command, "deep.lua"], in: scratch.url)
            #expect(result.status == 65, "\(command): \(result.stderr)")
            let problem = result.stderr.split(separator: "\n").first ?? ""
            #expect(problem.hasPrefix("deep.lua: data[1].rows[1].children[1]"), "\(command)")
            #expect(problem.contains("nest at most 1000 levels"), "\(command)")
            #expect(problem.count < 200, "\(command): one short line, not the whole path")
            #expect(result.stdout.isEmpty)
        }
        let render = try CommandRunner.run(["render", "deep.lua"], in: scratch.url)
        #expect(render.stderr.split(separator: "\n").count == 1, "\(render.stderr)")
    }

    /// The depth limit is Swatchbook's, not the main thread's stack: the
    /// command runs on a stack of its own, so a shell's small `ulimit -s`
    /// (or a sanitizer's bigger frames) does not crash the deepest tree.
    @Test func theDeepestTreeRendersUnderASmallStackLimit() throws {
        let scratch = ScratchFolder()
        let file = Self.plugin(scratch)
        let result = try CommandRunner.runShell(
            "ulimit -s 1024 && \"$B\" render '\(file)' --set depth=999 --format plain --width 20 --height 3")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains("level 1"), "\(result.text)")
    }

    @Test func theDeepestTreeAllowedRenders() throws {
        let scratch = ScratchFolder()
        let file = Self.plugin(scratch)
        let result = try CommandRunner.run([
            "render", file, "--set", "depth=999", "--format", "plain", "--width", "20", "--height", "5",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let over = try CommandRunner.run([
            "render", file, "--set", "depth=1000", "--format", "plain", "--width", "20", "--height", "5",
        ])
        #expect(over.status == 65, "\(over.stderr)")
    }

    @Test(arguments: [21, 200, 100_000])
    func aLazySourcesDeepRowIsBoundedToo(depth: Int) throws {
        let scratch = ScratchFolder()
        scratch.write("lazy.lua", "local DEPTH = \(depth)\n" + Self.lazyChain)
        let result = try CommandRunner.run(
            ["render", "lazy.lua", "--format", "plain", "--width", "30"], in: scratch.url)
        if depth < 1000 {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.text.contains("leaf"))
        } else {
            #expect(result.status == 65, "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
            #expect(result.stderr.hasPrefix("lazy.lua: source.row(1, 1).children[1]"))
        }
    }

    /// The tutorial's JSON tree format nests three JSON levels a tree level.
    @Test func aDeepTreeReadFromJSONRenders() throws {
        let scratch = ScratchFolder()
        var json = #"{"name": "leaf"}"#
        for i in stride(from: 200, through: 1, by: -1) {
            json = #"{"name": "level \#(i)", "children": {"category": [\#(json)]}}"#
        }
        scratch.write("tree.json", json)
        scratch.write(
            "tree.lua",
            """
            local sb = require "swatchbook"
            local function node(t)
              local kids = t.children and t.children.category
              local out = { name = t.name, expanded = true }
              if kids then out.children = { node(kids[1]) } end
              return out
            end
            return { name = "JSON tree", api = 1, data = function()
              return { { name = "S", rows = { { name = "R", children = { node(sb.json.read("tree.json")) } } } } }
            end, layout = { indent = 0 } }
            """)
        let result = try CommandRunner.run(
            ["render", "tree.lua", "--format", "plain", "--width", "30"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains("leaf"))
    }

    @Test(.tags(.tmux)) func aDeepTreeBrowses() throws {
        let scratch = ScratchFolder()
        let file = Self.plugin(scratch)
        let screen = try TmuxScreen(
            "\(TmuxScreen.binary) browse '\(file)' --set depth=200; echo \"EXIT:$?\"; sleep 30",
            width: 60, height: 12)
        let shown = try screen.waitFor { $0.last?.contains("Deep") == true }
        #expect(shown.contains { $0.contains("level 1") })
        try screen.press("G")
        try screen.waitFor { $0.joined().contains("leaf") }
        try screen.press("q")
        try screen.waitFor { $0.contains { $0.contains("EXIT:0") } }
    }
}

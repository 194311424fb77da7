import Foundation
import Testing

/// A lazy source sees its options before it is first asked anything:
/// `on_load(ctx)` runs first, and every function of the source is handed
/// `ctx` as its last argument, whatever order a viewport asks rows in.
@Suite("lazy sources and ctx")
struct LazyContextTests {
    /// Each function fails loudly when it sees the default rather than
    /// `--set label=mine`, through what `on_load` kept or through its `ctx`.
    static let plugin = """
        local label = "default"
        local function seen(call, ctx)
          if label ~= "mine" then error(call .. " ran before on_load: label " .. label) end
          if type(ctx) ~= "table" then error(call .. " got no ctx") end
          if ctx.options.label ~= "mine" then error(call .. " got ctx.options.label " .. ctx.options.label) end
          if ctx.width ~= 60 then error(call .. " got ctx.width " .. tostring(ctx.width)) end
        end
        return {
          name = "Lazy options", api = 1,
          options = { label = "default" },
          on_load = function(ctx) label = ctx.options.label end,
          source = {
            sections = function(ctx) seen("sections", ctx); return 2 end,
            section = function(s, ctx) seen("section", ctx); return { name = "Part " .. s } end,
            rows = function(s, ctx) seen("rows", ctx); return 9 end,
            row = function(s, r, ctx)
              seen("row", ctx)
              return { name = "r" .. s .. "." .. r .. " " .. label, count = 4 }
            end,
            item = function(s, r, i, ctx)
              seen("item", ctx)
              return { name = label .. i, color = "#336699" }
            end,
            search = function(query, ctx)
              seen("search", ctx)
              return { { 2, 9, 4 } }
            end,
          },
        }
        """

    static func scratch() -> ScratchFolder {
        let scratch = ScratchFolder()
        scratch.write("lazyopt.lua", plugin)
        return scratch
    }

    /// Every way a screen can start somewhere other than the top, or ask
    /// for rows out of order.
    @Test(arguments: [
        [String](),
        ["--height", "6"],
        ["--height", "6", "--focus", "2.9.4"],
        ["--height", "6", "--keys", "G"],
        ["--height", "6", "--keys", "<End><Up><Up>"],
        ["--height", "6", "--filter", "mine4"],
        ["--layout", "outline", "--expand", "all"],
        ["--layout", "details", "--height", "8", "--keys", "G"],
        ["--inspect", "2.9.4"],
        ["--height", "6", "--keys", "<PgDn><PgDn>"],
    ])
    func noCallSeesTheDefault(_ arguments: [String]) throws {
        let scratch = Self.scratch()
        let result = try CommandRunner.run(
            ["render", "lazyopt.lua", "--set", "label=mine", "--width", "60", "--format", "plain"]
                + arguments,
            in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.text.contains("default"))
        #expect(result.stderr.isEmpty)
    }

    /// A saved state that puts the screen at the end asks the last rows
    /// first, before any at the top.
    @Test func aSavedScreenAtTheEndSeesTheOptionsToo() throws {
        let scratch = Self.scratch()
        let base = ["render", "lazyopt.lua", "--set", "label=mine", "--width", "60", "--height", "6"]
        let save = try CommandRunner.run(base + ["--keys", "G", "--state", "view.json"], in: scratch.url)
        #expect(save.status == 0, "\(save.stderr)")
        let reopened = try CommandRunner.run(
            base + ["--state", "view.json", "--format", "plain"], in: scratch.url)
        #expect(reopened.status == 0, "\(reopened.stderr)")
        #expect(reopened.text.contains("r2.9 mine"))
    }

    @Test func checkRunsOnLoadBeforeTheSource() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "loaded.lua",
            """
            local loaded = false
            local function need() if not loaded then error("asked before on_load") end end
            return { name = "Loaded", api = 1,
              on_load = function() loaded = true end,
              source = {
                sections = function() need(); return 1 end,
                rows = function() need(); return 30 end,
                row = function(s, r) need(); return { name = "row " .. r, count = 1 } end,
                item = function() need(); return { name = "x", color = "#123456" } end,
              } }
            """)
        let result = try CommandRunner.run(["check", "loaded.lua"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "1 file checked, 0 problems, 0 warnings\n")
    }

    @Test func aSourceMayBeAFunctionOfCtx() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "made.lua",
            """
            return { name = "Made", api = 1, options = { rows = 2 },
              source = function(ctx)
                local n = ctx.options.rows
                return {
                  sections = function() return 1 end,
                  rows = function() return n end,
                  row = function(s, r) return { name = "row " .. r .. " of " .. n, count = 1 } end,
                  item = function(s, r, i, c) return { name = "w" .. c.width, color = "#808080" } end,
                }
              end }
            """)
        let result = try CommandRunner.run(
            ["render", "made.lua", "--set", "rows=3", "--width", "50", "--format", "plain"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains("row 3 of 3"))
        #expect(result.text.contains("w50"))
    }

    @Test(arguments: [
        ("source = function() return 7 end", "made.lua: source(ctx): expected a table of functions, got 7"),
        (
            "source = function() return { sections = function() return 1 end } end",
            "made.lua: source(ctx).rows: expected a function, got nil"
        ),
    ])
    func aSourceFunctionMustReturnASource(_ source: String, _ message: String) throws {
        let scratch = ScratchFolder()
        scratch.write("made.lua", "return { name = \"Made\", api = 1, \(source) }")
        let result = try CommandRunner.run(["render", "made.lua", "--format", "plain"], in: scratch.url)
        #expect(result.status == 65)
        #expect(result.stderr == message + "\n")
    }
}

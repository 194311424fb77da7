import Foundation
import Testing

/// A lazy source draws byte for byte what the same data given eagerly
/// draws: rows of every kind (counted strips, carried strips, empty strips,
/// key/value tables, trees, open and closed) take their exact height once
/// asked, whole and in a viewport reached by keys.
@Suite("a lazy source and its eager twin")
struct LazyTwinTests {
    /// The data both plugins draw: 30 sections of six rows of every kind,
    /// long enough to be drawn in several bands.
    static let data = """
        local M = {}
        function M.sections()
          local sections = {}
          for s = 1, 30 do
            local strip = {}
            for i = 1, 3 + s % 9 do
              strip[i] = { name = "C" .. s .. "." .. i, color = string.format("#%02X%02X%02X", s * 8, i * 20, 90) }
            end
            local fields = {}
            for f = 1, 1 + s % 5 do fields[f] = { "Key " .. f, "value " .. s * f } end
            sections[s] = { name = "Section " .. s, rows = {
              { name = "Strip", items = strip },
              { name = "Facts", fields = fields },
              { name = "Empty", items = {} },
              { name = "Tree", children = {
                  { name = "Open " .. s, expanded = s % 2 == 0, children = {
                      { name = "Leaf a", color = "#336699" },
                      { name = "Inner", expanded = true, children = { { name = "Leaf b" }, { name = "Leaf c" } } } } },
                  { name = "Closed", children = { { name = "Hidden" } } },
                  { name = "Alone", color = "#AA3300" } } },
              { name = "Carried", items = { { name = "One", color = "#123456" }, { name = "Two", color = "teal" } } },
              { name = "Table of " .. s, fields = { { "Only", "one" } } },
            } }
          end
          return sections
        end
        return M
        """

    static let eager = """
        local data = require "data"
        return { name = "Twin", api = 1, data = data.sections(), layout = LAYOUT }
        """

    /// Strips are served a count and their items one by one; every other
    /// row carries its content.
    static let lazy = """
        local sections = require("data").sections()
        return { name = "Twin", api = 1, layout = LAYOUT,
          source = {
            sections = function() return #sections end,
            section = function(s) return { name = sections[s].name } end,
            rows = function(s) return #sections[s].rows end,
            row = function(s, r)
              local row = sections[s].rows[r]
              if row.name == "Strip" then return { name = row.name, count = #row.items } end
              return row
            end,
            item = function(s, r, i) return sections[s].rows[r].items[i] end,
          } }
        """

    static func twins(layout: String) -> ScratchFolder {
        let scratch = ScratchFolder()
        scratch.write("data.lua", data)
        scratch.write("eager.lua", eager.replacingOccurrences(of: "LAYOUT", with: layout))
        scratch.write("lazy.lua", lazy.replacingOccurrences(of: "LAYOUT", with: layout))
        return scratch
    }

    static let layouts = [
        "{ item = { width = 8, height = 3 } }",
        "{ item = { width = 8, height = 2 }, wrap = true, spacing = { line = 1 } }",
    ]

    static let whole: [[String]] = [
        ["--format", "plain"],
        ["--format", "ansi", "--color", "truecolor"],
        ["--format", "html"],
        ["--format", "json"],
        ["--format", "transcript"],
    ]

    @Test(arguments: layouts, whole)
    func theWholeDocumentIsTheSame(layout: String, options: [String]) throws {
        let scratch = Self.twins(layout: layout)
        let eager = try CommandRunner.run(
            ["render", "eager.lua", "--width", "50"] + options, in: scratch.url)
        let lazy = try CommandRunner.run(["render", "lazy.lua", "--width", "50"] + options, in: scratch.url)
        #expect(eager.status == 0 && lazy.status == 0, "\(eager.stderr) \(lazy.stderr)")
        #expect(eager.stdout.count > 10_000)
        #expect(lazy.text == eager.text)
    }

    /// `--expand all` opens the lazy twin's nodes as the eager twin's, and a
    /// saved state names the same open nodes, whether or not anything was
    /// asked of the source before it was saved.
    @Test(arguments: [["--format", "plain"], ["--format", "plain", "--height", "5"]])
    func expandAllOpensAndSavesTheSameNodes(options: [String]) throws {
        let scratch = Self.twins(layout: Self.layouts[0])
        var saved: [[String]] = []
        var drawn: [String] = []
        for twin in ["eager", "lazy"] {
            let result = try CommandRunner.run(
                ["render", "\(twin).lua", "--width", "50", "--expand", "all", "--state", "\(twin).json"]
                    + options,
                in: scratch.url)
            #expect(result.status == 0, "\(result.stderr)")
            drawn.append(result.text)
            let state = try #require(
                try JSONSerialization.jsonObject(
                    with: Data(contentsOf: scratch.url.appendingPathComponent("\(twin).json")))
                    as? [String: Any])
            saved.append(try #require(state["expanded"] as? [String]))
        }
        #expect(drawn[1] == drawn[0])
        #expect(saved[0].count == 90)
        #expect(saved[1] == saved[0])
    }

    static let viewports: [[String]] = [
        [],
        ["--keys", "jjjjjj"],
        ["--keys", "G"],
        ["--keys", "Gkkkkkkkkkkkkk"],
        ["--keys", "<PgDn><PgDn><PgDn><PgDn>"],
        ["--keys", "<Tab><Tab><Tab><Tab><Tab>jj"],
        ["--keys", "G<PgUp><PgUp>"],
        ["--focus", "20.4.1"],
        ["--focus", "20.1.2", "--keys", "kkkk"],
        ["--tap", "3.4.1", "--keys", "jjjjj<Enter>jj"],
    ]

    @Test(arguments: layouts, viewports)
    func everyViewportIsTheSame(layout: String, options: [String]) throws {
        let scratch = Self.twins(layout: layout)
        let common = ["--width", "50", "--height", "15", "--format", "ansi", "--color", "256"]
        let eager = try CommandRunner.run(["render", "eager.lua"] + common + options, in: scratch.url)
        let lazy = try CommandRunner.run(["render", "lazy.lua"] + common + options, in: scratch.url)
        #expect(eager.status == 0 && lazy.status == 0, "\(eager.stderr) \(lazy.stderr)")
        #expect(lazy.text == eager.text)
    }

    /// A viewport first draws the rows it shows at their exact height: a
    /// tall table or tree is never squeezed into a strip's estimate.
    @Test func rowsNeverOverlap() throws {
        let scratch = Self.twins(layout: Self.layouts[0])
        let result = try CommandRunner.run(
            ["render", "lazy.lua", "--width", "50", "--height", "40", "--format", "plain"], in: scratch.url)
        let lines = result.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let facts = try #require(lines.firstIndex { $0.contains("Facts") })
        // Section 1 has two fields, then the empty strip's title.
        #expect(lines[facts + 1].contains("Key 1"))
        #expect(lines[facts + 2].contains("Key 2"))
        #expect(lines[facts + 3].contains("Empty"))
    }
}

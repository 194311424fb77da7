import Foundation
import Testing

/// `sb.match(query, text)` through the real binary: a lazy source's
/// `search` runs the host's own matcher, fzf's syntax and all.
@Suite("sb.match")
struct MatchFunctionTests {
    /// A lazy source of vendor names whose search keeps what `sb.match`
    /// keeps, best score first.
    static let vendors = """
        local sb = require "swatchbook"
        local names = { "NVIDIA Corporation", "Intel Corporation", "Advanced Micro Devices", "Nvidia Shield" }
        return { name = "Vendors", api = 1,
          source = {
            sections = function() return 1 end,
            section = function() return { name = "PCI" } end,
            rows = function() return 1 end,
            row = function() return { name = "Vendors", count = #names } end,
            item = function(s, r, i) return { name = names[i], color = "#76B900" } end,
            search = function(query)
              local found = {}
              for i, name in ipairs(names) do
                local ok, score = sb.match(query, name)
                if ok then found[#found + 1] = { i = i, score = score } end
              end
              table.sort(found, function(a, b) return a.score > b.score end)
              local paths = {}
              for n, hit in ipairs(found) do paths[n] = { 1, 1, hit.i } end
              return paths
            end,
          } }
        """

    @Test func aLazySearchKeepsWhatTheFilterWouldKeep() throws {
        let scratch = ScratchFolder()
        scratch.write("vendors.lua", Self.vendors)
        for (query, kept) in [
            ("'nvidia corp", ["NVIDIA Corporation"]),
            ("nvidia !shield", ["NVIDIA Corporation"]),
            ("^intel | devices$", ["Intel Corporation", "Advanced Micro Devices"]),
            ("corp", ["NVIDIA Corporation", "Intel Corporation"]),
        ] {
            let lines = try FilterCommandTests.transcript(
                ["vendors.lua", "--filter", query], in: scratch.url)
            #expect(FilterCommandTests.items(lines) == kept, "\(query)")
        }
    }

    /// What a script gets back: true, the score, and the 1-based codepoint
    /// positions `utf8.offset` takes; false alone when it does not match.
    @Test func answersMatchedScoreAndCodepointPositions() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "m.lua",
            """
            local sb = require "swatchbook"
            local function show(query, text)
              local ok, score, positions = sb.match(query, text)
              if not ok then return print(query, tostring(ok), select("#", sb.match(query, text))) end
              local picked = {}
              for n, p in ipairs(positions) do
                picked[n] = text:sub(utf8.offset(text, p), utf8.offset(text, p + 1) - 1)
              end
              print(query, score, table.concat(positions, ","), table.concat(picked))
            end
            show("sea grn", "Sea Green")
            show("noir", "Café noir")
            show("noir", "Cafe\\u{301} noir")
            show("'ee !sea", "Sea Green")
            show("", "anything")
            return { name = "m", api = 1, data = {} }
            """)
        let result = try CommandRunner.run(["render", "m.lua"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.split(separator: "\n") == [
                "sea grn\t162\t1,2,3,5,6,9\tSeaGrn",
                "noir\t114\t6,7,8,9\tnoir",
                "noir\t114\t7,8,9,10\tnoir",
                "'ee !sea\tfalse\t1",
                "\t0\t\t",
            ])
    }

    @Test(arguments: [
        ("sb.match(42, 'x')", "sb.match: argument 1 (query) is 42, expected a string"),
        ("sb.match('x')", "sb.match: argument 2 (text) is nil, expected a string"),
        ("sb.match('x', {})", "sb.match: argument 2 (text) is a table, expected a string"),
        ("sb.match('x', '\\xff')", "sb.match: argument 2 (text) is not UTF-8"),
    ])
    func wrongArgumentsAreErrors(_ call: String, _ message: String) throws {
        let scratch = ScratchFolder()
        scratch.write("bad.lua", "local sb = require 'swatchbook'\n\(call)\nreturn {}\n")
        let result = try CommandRunner.run(["render", "bad.lua"], in: scratch.url)
        #expect(result.status == 65)
        #expect(result.stderr == "bad.lua:2: \(message)\n")
    }
}

import Foundation
import Testing

/// `render` gives the same bytes on every run for ordinary plugins: `pairs`
/// visits a table in the same order every run, and a decoded JSON object
/// keeps its document's order.
@Suite("the same render every run")
struct DeterminismTests {
    static let plugin = """
        local sb = require "swatchbook"
        local palette = {
          red = "#FF0000", green = "#00FF00", blue = "#0000FF", teal = "teal", gold = "gold",
          plum = "plum", navy = "navy", coral = "coral", khaki = "khaki", ivory = "ivory",
          salmon = "salmon", orchid = "orchid", tomato = "tomato", linen = "linen",
          [3] = "#333333", [1.5] = "#151515", [true] = "#FFFFFF", [10] = "#101010",
        }
        local tokens = sb.json.decode([[
          {"zeta": "#112233", "alpha": "#445566", "mid": {"b": "#778899", "a": "#AABBCC"}, "omega": "#DDEEFF"}
        ]])
        return { name = "Pairs", api = 1, data = function()
          local items = {}
          for name, color in pairs(palette) do items[#items + 1] = { name = tostring(name), color = color } end
          local order = {}
          for key in pairs(tokens) do order[#order + 1] = { name = key, color = "#000000" } end
          for key in pairs(tokens.mid) do order[#order + 1] = { name = "mid." .. key, color = "#000000" } end
          return {
            { name = "Pairs", rows = { { name = "Palette", items = items } } },
            { name = "Tokens", rows = { { name = sb.json.encode(tokens), items = order } } },
          }
        end, layout = { item = { width = 8, height = 2 }, wrap = true } }
        """

    @Test func pairsGivesOneOrderEveryRun() throws {
        let scratch = ScratchFolder()
        scratch.write("pairs.lua", Self.plugin)
        let first = try CommandRunner.run(
            ["render", "pairs.lua", "--format", "transcript"], in: scratch.url)
        #expect(first.status == 0, "\(first.stderr)")
        for _ in 0..<6 {
            let again = try CommandRunner.run(
                ["render", "pairs.lua", "--format", "transcript"], in: scratch.url)
            #expect(again.stdout == first.stdout)
        }
        // The array part, then numbers, then strings by their bytes, then booleans.
        let names = first.text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("Pairs › Palette › ") else { return nil }
            return String(line.dropFirst("Pairs › Palette › ".count).split(separator: " ").first ?? "")
        }
        #expect(
            names == [
                "1.5", "3", "10", "blue", "coral", "gold", "green", "ivory", "khaki", "linen", "navy",
                "orchid",
                "plum", "red", "salmon", "teal", "tomato", "true",
            ])
    }

    @Test func decodedJSONKeepsItsDocumentOrder() throws {
        let scratch = ScratchFolder()
        scratch.write("pairs.lua", Self.plugin)
        let result = try CommandRunner.run(
            ["render", "pairs.lua", "--format", "transcript"], in: scratch.url)
        let tokens = result.text.split(separator: "\n").filter { $0.hasPrefix("Tokens › ") }
        #expect(
            tokens.first?.hasPrefix(
                ##"Tokens › {"zeta":"#112233","alpha":"#445566","mid":{"b":"#778899","a":"#AABBCC"},"omega":"#DDEEFF"}, row 1 of 1"##
            ) == true, "\(tokens)")
        let names = tokens.dropFirst().compactMap {
            $0.split(separator: "›").last?.split(separator: " ").first
        }
        #expect(names == ["zeta", "alpha", "mid", "omega", "mid.b", "mid.a"])
    }
}

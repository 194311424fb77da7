import Foundation
import Testing

/// Tree nodes carry `fields` as items do: details draws them beside the
/// node, the inspector and the JSON report list them, a callback gets
/// them, and `--filter-fields` finds a node by them. A node's `items` are
/// its leaf lines.
@Suite("node fields")
struct NodeFieldsTests {
    static let plugin = """
        return { name = "PCI", api = 1,
          data = { { name = "Vendors", rows = {
            { name = "NVIDIA", children = {
              { name = "GeForce RTX 3090", color = "#76B900", fields = { { "Device", "10de:2204" }, { "Class", "VGA" } } },
              { name = "A100", fields = { Device = "10de:20b0" } },
              { name = "Audio", children = { { name = "HDA", fields = { { "Device", "10de:1aef" } } } } },
              { name = "Swatches", items = { { name = "Green", color = "#76B900" }, { name = "Black", color = "#000000" } } },
            } } } } },
          on_tap = function(ev)
            local fields = ev.node.fields or {}
            return ev.node.name .. ": " .. #fields .. " fields, first " .. tostring(fields[1] and fields[1][2])
          end,
        }
        """

    func run(_ arguments: [String]) throws -> CommandRunner.Result {
        let scratch = ScratchFolder()
        scratch.write("pci.lua", Self.plugin)
        return try CommandRunner.run(arguments, in: scratch.url)
    }

    @Test func checkTakesThemWithoutAWarning() throws {
        let result = try run(["check", "pci.lua"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "1 file checked, 0 problems, 0 warnings\n")
    }

    @Test func detailsDrawsThemBesideTheNodesInOneColumn() throws {
        let result = try run([
            "render", "pci.lua", "--layout", "details", "--expand", "all", "--format", "plain", "--width",
            "80",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.text.split(separator: "\n").map(String.init) == [
                " Vendors",
                " NVIDIA",
                "   ▓▓ GeForce RTX 3090  #76B900  Device 10de:2204  Class VGA",
                "   A100                          Device 10de:20b0",
                " ▾ Audio",
                "     HDA                         Device 10de:1aef",
                " ▾ Swatches",
                "     ▓▓ Green           #76B900",
                "     ░░ Black           #000000",
            ], "\(result.text)")
    }

    @Test func outlineLeavesThemOut() throws {
        let result = try run([
            "render", "pci.lua", "--layout", "outline", "--format", "plain", "--width", "80",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.text.contains("10de"))
    }

    @Test func theInspectorListsThem() throws {
        let result = try run(["render", "pci.lua", "--inspect", "1.1.1", "--format", "plain"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.text.contains("  Device             10de:2204\n  Class              VGA\n"),
            "\(result.text)")
    }

    @Test func theJSONReportHasThem() throws {
        let result = try run(["render", "pci.lua", "--format", "json", "--expand", "all"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        let sections = try #require(report["sections"] as? [[String: Any]])
        let rows = try #require(sections.first?["rows"] as? [[String: Any]])
        let nodes = try #require(rows.first?["nodes"] as? [[String: Any]])
        let byPath = Dictionary(uniqueKeysWithValues: nodes.map { ($0["path"] as? String ?? "", $0) })
        let first = try #require(byPath["1.1.1"]?["fields"] as? [[String: String]])
        #expect(first == [["key": "Device", "value": "10de:2204"], ["key": "Class", "value": "VGA"]])
        let deep = try #require(byPath["1.1.3.1"]?["fields"] as? [[String: String]])
        #expect(deep == [["key": "Device", "value": "10de:1aef"]])
        #expect(byPath["1.1.4"]?["fields"] == nil, "a node without fields has none")
    }

    @Test func aCallbackGetsThem() throws {
        let result = try run(["pick", "pci.lua", "--keys", "<Enter>"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text == "GeForce RTX 3090: 2 fields, first 10de:2204\n")
    }

    @Test func filterFieldsFindsANodeByThem() throws {
        let without = try run(["render", "pci.lua", "--filter", "1aef", "--format", "plain"])
        #expect(!without.text.contains("HDA"))
        let with = try run(["render", "pci.lua", "--filter", "1aef", "--filter-fields", "--format", "plain"])
        #expect(with.status == 0, "\(with.stderr)")
        #expect(with.text.contains("HDA"), "\(with.text)")
        #expect(!with.text.contains("A100"))
    }

    /// A node's items are its leaves, after its children: drawn in every
    /// layout and written by every palette writer.
    @Test func aNodesItemsAreItsLeaves() throws {
        let shelves = try run(["render", "pci.lua", "--expand", "all", "--format", "plain"])
        #expect(
            shelves.text.contains(
                "▾ Swatches\n     ▓▓ Green           #76B900\n     ░░ Black           #000000\n"),
            "\(shelves.text)")
        let gpl = try run(["render", "pci.lua", "--format", "gpl"])
        #expect(gpl.status == 0, "\(gpl.stderr)")
        #expect(gpl.text.contains("Green"), "\(gpl.text)")
        #expect(gpl.text.contains("Black"))
    }
}

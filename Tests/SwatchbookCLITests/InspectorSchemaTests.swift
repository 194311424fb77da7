import Foundation
import Testing

/// `render --inspect PATH --format json` is the schema's second document:
/// it carries the format's version and follows `Schemas/render.schema.json`,
/// with numbers as numbers beside the text the panel shows.
@Suite("the inspector's JSON")
struct InspectorSchemaTests {
    /// An item, a tree node with a translucent colour, a row and a section,
    /// of the demo and of a plugin with a tree.
    static let plugin = """
        return { name = "tree", api = 1,
          data = { { name = "S", rows = {
            { name = "Items", items = { { name = "Brick", color = "#C8323C", fields = { Use = "alarms" } } } },
            { name = "Tree", children = { { name = "Group", children = {
              { name = "Glass", color = "#3250D280", fields = { Note = "translucent" } } } } } } } } } }
        """

    @Test func everyKindOfElementFollowsTheSchema() throws {
        let scratch = ScratchFolder()
        let plugin = scratch.write("tree.lua", Self.plugin)
        var files: [String] = []
        for (index, path) in ["1", "1.1", "1.1.1", "1.2.1", "1.2.1.1"].enumerated() {
            for height in [[], ["--height", "10"]] {
                let result = try CommandRunner.run(
                    ["render", plugin, "--inspect", path, "--format", "json"] + height)
                #expect(result.status == 0, "\(path): \(result.stderr)")
                let name = "inspect-\(index)-\(height.isEmpty ? "whole" : "screen").json"
                try Data(result.stdout).write(to: scratch.url.appendingPathComponent(name))
                files.append(scratch.path(name))
            }
        }
        let validated = try JSONModelTests.validate(files)
        #expect(validated.status == 0, "\(validated.output)")
    }

    @Test func numbersAreNumbersBesideTheirText() throws {
        let scratch = ScratchFolder()
        let plugin = scratch.write("tree.lua", Self.plugin)
        let result = try CommandRunner.run(["render", plugin, "--inspect", "1.2.1.1", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try JSONModelTests.decode(result.stdout)
        #expect(document["swatchbook"] as? Int == 2)
        let lines = try #require(document["lines"] as? [[String: Any]])
        func line(_ label: String) -> [String: Any]? { lines.first { $0["label"] as? String == label } }
        let white = try #require(line("Contrast on white"))
        let text = try #require(white["value"] as? String)
        let number = try #require(white["number"] as? Double)
        #expect(text == "\(String(format: "%g", number)):1", "\(white)")
        #expect(line("Contrast on black")?["number"] is Double)
        #expect(line("Alpha")?["number"] as? Double == 0.502)
        #expect(line("Hex")?["number"] == nil, "a text value has no number")
        let group = try CommandRunner.run(["render", plugin, "--inspect", "1.2.1", "--format", "json"])
        let groupLines = try #require(try JSONModelTests.decode(group.stdout)["lines"] as? [[String: Any]])
        #expect(groupLines.first { $0["label"] as? String == "Children" }?["number"] as? Double == 1)
    }

    /// The validator tells an inspection from a report by its lines, and
    /// names what is wrong with either.
    @Test func theSchemaRejectsAnInspectionWithoutItsVersion() throws {
        let scratch = ScratchFolder()
        let result = try CommandRunner.run(["render", "--inspect", "1.1.1", "--format", "json"])
        let text = result.text.replacingOccurrences(of: "\"swatchbook\": 2, ", with: "")
        #expect(text != result.text)
        scratch.write("broken.json", text)
        let validated = try JSONModelTests.validate([scratch.path("broken.json")])
        #expect(validated.status == 1, "the validator must notice: \(validated.output)")
        #expect(validated.output.contains("swatchbook"), "\(validated.output)")
    }
}

import Foundation
import Testing

/// `--format json` of a whole document is the whole model, and every report
/// follows the shipped schema, checked by a JSON Schema validator nobody
/// on the team wrote (Python's jsonschema, through `Tools/validate-json`).
@Suite("the JSON report")
struct JSONModelTests {
    static let scripts = ["", "Scripts/trips.lua", "Scripts/categories.lua"]
    static let layouts = ["shelves", "outline", "details"]

    /// Validates the files with the shipped schema; returns the validator's
    /// complaints, or throws when it cannot run.
    static func validate(_ files: [String]) throws -> (status: Int32, output: String) {
        let command =
            (["Tools/validate-json", "Schemas/render.schema.json"] + files)
            .map { "'" + $0 + "'" }.joined(separator: " ")
        try Requirement.need(
            "/usr/lib/python3/dist-packages/jsonschema", from: "the Debian package python3-jsonschema")
        let result = try CommandRunner.runShell(command)
        return (result.status, result.text + result.stderr)
    }

    static func decode(_ bytes: [UInt8]) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    @Test func everyLayoutOfEveryExampleFollowsTheSchema() throws {
        let scratch = ScratchFolder()
        var files: [String] = []
        for script in Self.scripts {
            for layout in Self.layouts {
                for viewport in [[], ["--height", "12"]] {
                    let arguments =
                        ["render"] + (script.isEmpty ? [] : [script])
                        + ["--layout", layout, "--format", "json", "--width", "60"] + viewport
                    let result = try CommandRunner.run(arguments)
                    #expect(result.status == 0, "\(arguments): \(result.stderr)")
                    let name =
                        "\(script.isEmpty ? "demo" : script.replacingOccurrences(of: "/", with: "-"))"
                        + "-\(layout)\(viewport.isEmpty ? "" : "-viewport").json"
                    try Data(result.stdout).write(to: scratch.url.appendingPathComponent(name))
                    files.append(scratch.path(name))
                }
            }
        }
        let validated = try Self.validate(files)
        #expect(validated.status == 0, "\(validated.output)")
    }

    @Test func theSchemaRejectsAReportMissingAFlag() throws {
        let scratch = ScratchFolder()
        let result = try CommandRunner.run(["render", "--format", "json", "--width", "60"])
        var text = result.text
        text = text.replacingOccurrences(of: "\"clipped\": false,", with: "")
        scratch.write("broken.json", text)
        let validated = try Self.validate([scratch.path("broken.json")])
        #expect(validated.status == 1, "the validator must notice: \(validated.output)")
        #expect(validated.output.contains("clipped"))
    }

    /// A clipped strip (`--no-wrap`) of 40 items at 60 columns shows four;
    /// the report has all 40, with their fields, and flags those not drawn.
    @Test func aLongStripIsReportedWhole() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "strip.lua",
            """
            local items = {}
            for i = 1, 40 do
              items[i] = { name = "Shade " .. i, id = "shade-" .. i, color = string.format("#%02X%02X%02X", i * 6, 0, 255 - i * 6),
                           fields = { Token = "shade." .. i, Step = tostring(i * 25) },
                           data = (i % 2 == 0) and { step = i, tags = { "even" } } or function() end }
            end
            return { name = "strip", api = 1, data = { { name = "Ramp", rows = { { name = "Forty", items = items } } } } }
            """)
        let result = try CommandRunner.run(
            ["render", "strip.lua", "--format", "json", "--width", "60", "--no-wrap"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        scratch.write("strip.json", result.text)
        let validated = try Self.validate([scratch.path("strip.json")])
        #expect(validated.status == 0, "\(validated.output)")

        let document = try Self.decode(result.stdout)
        #expect(document["whole"] as? Bool == true)
        let sections = try #require(document["sections"] as? [[String: Any]])
        let rows = try #require(sections.first?["rows"] as? [[String: Any]])
        let items = try #require(rows.first?["items"] as? [[String: Any]])
        #expect(items.count == 40)
        #expect(items.map { $0["id"] as? String } == (1...40).map { "shade-\($0)" })
        let fields = items.compactMap { $0["fields"] as? [[String: String]] }
        #expect(fields.count == 40)
        #expect(fields[6] == [["key": "Step", "value": "175"], ["key": "Token", "value": "shade.7"]])
        let drawn = items.filter { $0["rect"] is [String: Any] }
        #expect(drawn.count == 4, "four cells fit in 58 columns")
        #expect(
            items.filter { $0["clipped"] as? Bool == true }.count == 40 - 3, "the fourth is cut by the edge")
        #expect(items.dropFirst(4).allSatisfy { $0["rect"] is NSNull && $0["clip"] is NSNull })
        let data = items[1]["data"] as? [String: Any]
        #expect(data?["step"] as? Int == 2 && data?["tags"] as? [String] == ["even"])
        #expect(items[0]["data"] == nil, "a function has no JSON form and is left out")
    }

    @Test func aViewportDescribesTheViewportOnly() throws {
        let result = try CommandRunner.run(["render", "--format", "json", "--width", "60", "--height", "6"])
        let document = try Self.decode(result.stdout)
        #expect(document["whole"] as? Bool == false)
        let sections = try #require(document["sections"] as? [[String: Any]])
        #expect(sections.count == 1)
        let items = (sections[0]["rows"] as? [[String: Any]])?.flatMap {
            $0["items"] as? [[String: Any]] ?? []
        }
        #expect(items?.allSatisfy { $0["rect"] is [String: Any] } == true)
    }

    @Test func nodesInsideAClosedParentAreListedAndFlagged() throws {
        let result = try CommandRunner.run([
            "render", "Scripts/categories.lua", "--format", "json", "--width", "60", "--collapse",
        ])
        let document = try Self.decode(result.stdout)
        let sections = try #require(document["sections"] as? [[String: Any]])
        let nodes = try #require(
            (sections[0]["rows"] as? [[String: Any]])?.first?["nodes"] as? [[String: Any]])
        #expect(nodes.contains { $0["name"] as? String == "Salmon" && $0["rect"] is NSNull })
        #expect(
            nodes.filter { $0["rect"] is [String: Any] }.map { $0["name"] as? String } == [
                "Warm", "Cool", "Neutrals",
            ])
    }
}

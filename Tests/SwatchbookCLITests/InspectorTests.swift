import Foundation
import Testing

/// The inspector (issue 14, item 3): an element's fields and, for a colour,
/// its codes, contrast and nearest name; `i` in browse, `--inspect` in render.
@Suite("the inspector", .serialized)
struct InspectorTests {
    static let salmon = [
        "Salmon", "Path               1.1.2", "Kind               item", "Hex                #FA8072",
        "RGB                rgb(250 128 114)", "HSL                hsl(6.2 93.2% 71.4%)",
        "OKLCH              oklch(0.735 0.152 28.1)", "Contrast on white  2.5:1",
        "Contrast on black  8.4:1", "Nearest name       salmon",
    ]

    @Test func renderInspectWritesTheInspectorInPlainText() throws {
        let result = try CommandRunner.run([
            "render", "--inspect", "1.1.2", "--format", "plain", "--width", "60",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        #expect(lines == Self.salmon)
    }

    /// With a height, the screen browse shows after `i`: the catalogue in
    /// the columns left of the panel, the inspected element focused and
    /// scrolled into them with the strip's `‹` and `›`, the panel as tall
    /// as the screen.
    @Test func renderInspectWithAHeightDrawsTheScreenBesideThePanel() throws {
        let result = try CommandRunner.run([
            "render", "--inspect", "1.1.4", "--height", "16", "--width", "60", "--format", "plain",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
            String.init)
        #expect(lines.count == 16, "\(result.text)")
        #expect(lines.allSatisfy { $0.count <= 60 })
        let left = lines.map { String($0.prefix(30)) }
        let right = lines.map { String($0.dropFirst(30)) }
        #expect(left.first == " Category #1", "the catalogue is on the left:\n\(result.text)")
        #expect(left.contains { $0.contains("Aqua") }, "1.1.4, beside the panel:\n\(result.text)")
        #expect(left.contains { $0.hasPrefix("‹") } && left.contains { $0.hasSuffix("›") })
        #expect(right.contains { $0.contains("Aqua") } && right.contains { $0.contains("#00FFFF") })
        #expect(!left.contains { $0.contains("Contrast") }, "the panel keeps to its columns")
        let json = try CommandRunner.run([
            "render", "--inspect", "1.1.4", "--height", "12", "--format", "json",
        ])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout)) as? [String: Any])
        #expect(root["path"] as? String == "1.1.4", "JSON describes the inspection alone")
    }

    @Test func renderInspectAsJSONDecodes() throws {
        let result = try CommandRunner.run(["render", "--inspect", "1.1.2", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        #expect(root["path"] as? String == "1.1.2")
        #expect(root["color"] as? String == "#FA8072")
        let lines = try #require(root["lines"] as? [[String: Any]])
        #expect(lines.first { $0["label"] as? String == "Nearest name" }?["value"] as? String == "salmon")
        #expect(lines.count == Self.salmon.count - 1)
    }

    @Test func anItemsFieldsAreShown() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "tokens.lua",
            """
            return { name = "Tokens", api = 1, data = { { name = "Brand", rows = { { name = "Core", items = {
              { name = "Primary", color = "#3366CC", id = "brand-primary",
                fields = { { "Token", "color.brand.primary" }, { "Use", "buttons\\u{1B}[2J" } } } } } } } } }
            """)
        let result = try CommandRunner.run(
            ["render", "tokens.lua", "--inspect", "1.1.1", "--format", "transcript"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.text.split(separator: "\n").map(String.init)
        #expect(lines.first == "Primary, item 1.1.1")
        #expect(lines.contains("Id: brand-primary"))
        #expect(lines.contains("Token: color.brand.primary"))
        #expect(lines.contains("Use: buttons\u{FFFD}[2J"), "a field cannot drive the terminal")
        #expect(lines.contains("Nearest name: royalblue"))
    }

    @Test func aPathThatNamesNothingIsAUsageError() throws {
        let result = try CommandRunner.run(["render", "--inspect", "9.9"])
        #expect(result.status == 64)
        #expect(result.stderr == "--inspect: 9.9 names no element of the catalogue\n")
    }
}

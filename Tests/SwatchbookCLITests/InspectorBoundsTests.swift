import Foundation
import Testing

/// The inspector under the hostile trial (issue 25, item 15): a field of
/// 60,000 bytes keeps the panel inside its bounds, cut with `…`. (That
/// browse keeps the catalogue beside it is BrowseScreenTests'.)
@Suite("the inspector's bounds", .serialized)
struct InspectorBoundsTests {
    /// Two colours, the first with a 60,000-byte field of words, one of
    /// 60,000 bytes with no space to break at, and a 4,000-byte label.
    static let plugin = """
        return { name = "Huge", api = 1, data = { { name = "Brand", rows = { { name = "Core", items = {
          { name = "Primary", color = "#3366CC", fields = {
            { "Notes", string.rep("lorem ipsum ", 5000) }, { "Blob", string.rep("x", 60000) },
            { string.rep("K", 4000), "short" } } },
          { name = "Second", color = "#CC6633" } } } } } } }
        """

    @Test func renderInspectWrapsAndCutsALongValue() throws {
        let scratch = ScratchFolder()
        scratch.write("huge.lua", Self.plugin)
        let result = try CommandRunner.run(
            ["render", "huge.lua", "--inspect", "1.1.1", "--format", "plain", "--width", "80"],
            in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.allSatisfy { $0.count <= 80 })
        let notes = lines.filter { $0.contains("lorem") }
        #expect((2...4).contains(notes.count), "the words wrap onto a few lines: \(notes.count)")
        #expect(
            notes.last?.trimmingCharacters(in: .whitespaces).hasSuffix("…") == true, "\(notes.last ?? "")")
        let blob = lines.filter { $0.contains("xxxx") }
        #expect((2...4).contains(blob.count), "a value with no space wraps too: \(blob.count)")
        #expect(blob.last?.trimmingCharacters(in: .whitespaces).hasSuffix("…") == true, "\(blob.last ?? "")")
        // Padding stays on the right: nothing is drawn in the last two columns.
        #expect(lines.allSatisfy { $0.count <= 78 || $0.suffix(2).allSatisfy(\.isWhitespace) })
        let label = try #require(lines.first { $0.contains("KKK") })
        #expect(label.contains("…") && label.contains("short"), "a long label is cut, and its value shown")
        #expect(lines.contains { $0.contains("Nearest name") && $0.contains("royalblue") })
    }
}

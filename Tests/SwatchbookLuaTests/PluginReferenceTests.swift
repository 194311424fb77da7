import Foundation
import SwatchbookTestSupport
import Testing

@testable import SwatchbookLua

/// The plugin reference in docs/PLUGINS.md is ``LuaSchema/markdownReference``:
/// it names every key the host accepts, with its type and default, and no
/// other. `RECORD_GOLDEN=1` rewrites it in the page, as a golden file.
@Suite struct PluginReferenceTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/PLUGINS.md")

    /// The page's text and the range of its reference, between the markers.
    static func reference() throws -> (page: String, range: Range<String.Index>) {
        let text = try String(contentsOf: page, encoding: .utf8)
        let begin = try #require(
            text.range(of: LuaSchema.referenceBegin + "\n"), "docs/PLUGINS.md has no reference")
        let end = try #require(
            text.range(of: "\n" + LuaSchema.referenceEnd, range: begin.upperBound..<text.endIndex),
            "docs/PLUGINS.md's reference has no end")
        return (text, begin.upperBound..<end.lowerBound)
    }

    @Test func thePluginPageReferenceIsGeneratedFromTheSchema() throws {
        let (text, range) = try Self.reference()
        let generated = LuaSchema.markdownReference
        if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" {
            try text.replacingCharacters(in: range, with: generated).write(
                to: Self.page, atomically: true, encoding: .utf8)
            Issue.record(
                "rewrote the plugin reference in docs/PLUGINS.md; review it and run again without RECORD_GOLDEN"
            )
            return
        }
        let written = String(text[range])
        #expect(
            written == generated,
            "docs/PLUGINS.md's reference differs from the schema's (RECORD_GOLDEN=1 rewrites it):\n\(Golden.lineDiff(expected: written, actual: generated))"
        )
    }

    /// Every key named in the page's reference, as `Class.key`.
    static func namedKeys(in reference: Substring) -> Set<String> {
        var keys: Set<String> = []
        var table: String?
        for line in reference.split(separator: "\n") {
            if line.hasPrefix("**`swatchbook.") {
                table = line.dropFirst("**`swatchbook.".count).prefix { $0 != "`" }.description
            } else if let table, line.hasPrefix("| `") {
                keys.insert(table + "." + line.dropFirst(3).prefix { $0 != "`" })
            }
        }
        return keys
    }

    /// Said apart from the whole text's comparison, so that a failure names the key.
    @Test func thePluginPageNamesEveryKeyTheSchemaDeclaresAndNoOther() throws {
        let (text, range) = try Self.reference()
        let named = Self.namedKeys(in: text[range])
        let declared = Set(LuaSchema.tables.flatMap { table in table.keyList.map { table.name + "." + $0 } })
        #expect(declared.subtracting(named).sorted() == [], "declared, missing from docs/PLUGINS.md")
        #expect(named.subtracting(declared).sorted() == [], "in docs/PLUGINS.md, not declared")
        #expect(named.contains("Glyphs.more_left") && named.contains("Swatch.show_hex"))
    }
}

import Foundation
import Testing

@testable import SwatchbookCore

/// docs/REFERENCE.md lists every ``DiagnosticCode`` with its name and
/// summary, between its markers, as ``table`` makes it: a code added or
/// reworded is documented or this fails. `RECORD_GOLDEN=1` rewrites it.
@Suite struct DiagnosticCodeTableTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/REFERENCE.md")
    static let begin = "<!-- BEGIN generated: DiagnosticCode -->"
    static let end = "<!-- END generated: DiagnosticCode -->"

    /// The Markdown table of the codes, one row each, in order.
    static var table: String {
        let rows = DiagnosticCode.allCases.map { code in
            "| `\(code.rawValue)` | `\(code.name)` | \(code.summary) |"
        }
        return (["| Code | Rule | What it finds |", "| --- | --- | --- |"] + rows).joined(separator: "\n")
    }

    @Test func theDocumentedTableIsTheCodes() throws {
        let text = try String(contentsOf: Self.file, encoding: .utf8)
        let start = try #require(text.range(of: Self.begin + "\n"), "docs/REFERENCE.md has no begin marker")
        let stop = try #require(
            text.range(of: "\n" + Self.end, range: start.upperBound..<text.endIndex), "no end marker")
        let range = start.upperBound..<stop.lowerBound
        if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" {
            try text.replacingCharacters(in: range, with: Self.table).write(
                to: Self.file, atomically: true, encoding: .utf8)
            Issue.record("rewrote docs/REFERENCE.md; review it and run again without RECORD_GOLDEN")
            return
        }
        #expect(
            String(text[range]) == Self.table, "docs/REFERENCE.md differs (RECORD_GOLDEN=1 rewrites it)")
    }

    @Test func codesAreNumberedInOrderWithoutGaps() {
        let numbers = DiagnosticCode.allCases.map { Int($0.rawValue.dropFirst(2)) }
        #expect(numbers == Array(1...DiagnosticCode.allCases.count))
        #expect(Set(DiagnosticCode.allCases.map(\.name)).count == DiagnosticCode.allCases.count)
    }
}

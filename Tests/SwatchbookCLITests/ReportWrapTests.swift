import Foundation
import SwatchbookTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A whole-document report shows every colour: its strips wrap, where
/// browse's scroll. `--no-wrap` keeps the clipped look.
@Suite struct ReportWrapTests {
    static let tango = "/usr/share/gimp/2.0/palettes/Tango.gpl"

    /// Tango's colour names, as the palette lists them.
    static func names() throws -> [String] {
        try Requirement.need(tango, from: "gimp-data")
        let text = try String(contentsOfFile: tango, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "\t", maxSplits: 1)
            guard parts.count == 2, line.first?.isNumber == true || line.first == " " else { return nil }
            return String(parts[1])
        }
    }

    static func render(_ format: String, _ extra: [String] = []) throws -> CommandRunner.Result {
        try CommandRunner.run(["render", tango, "--format", format, "--width", "100"] + extra)
    }

    @Test func plainShowsEveryColour() throws {
        let names = try Self.names()
        #expect(names.count == 27)
        let result = try Self.render("plain")
        #expect(result.status == 0, "\(result.stderr)")
        let missing = names.filter { !result.text.contains($0) }
        #expect(missing.isEmpty, "not drawn: \(missing)")
        #expect(!result.text.contains("›"))
    }

    @Test func htmlShowsEveryColour() throws {
        let names = try Self.names()
        let result = try Self.render("html")
        #expect(result.status == 0, "\(result.stderr)")
        let body = result.text.replacingOccurrences(of: "<!DOCTYPE html>", with: "")
        let document = try XMLDocument(xmlString: body, options: .nodePreserveWhitespace)
        let pre = try #require(try document.nodes(forXPath: "//pre").first)
        let shown = pre.stringValue ?? ""
        let missing = names.filter { !shown.contains($0) }
        #expect(missing.isEmpty, "not drawn: \(missing)")
    }

    @Test func noWrapClipsAtTheEdge() throws {
        let names = try Self.names()
        let result = try Self.render("plain", ["--no-wrap"])
        #expect(result.status == 0, "\(result.stderr)")
        let drawn = names.filter { result.text.contains($0) }
        #expect(drawn == Array(names.prefix(drawn.count)))
        #expect(drawn.count < 10)
        #expect(result.text.contains("›"))
    }

    @Test func aPluginsWrapFalseKeepsItClipped() throws {
        let scratch = ScratchFolder()
        let items = (1...30).map {
            "{ name = \"Colour \($0)\", color = \"#1020\(String(format: "%02X", $0))\" }"
        }
        let plugin = """
            return { name = "clipped", api = 1, layout = { wrap = false },
              data = { { name = "S", rows = { { name = "R", items = { \(items.joined(separator: ", ")) } } } } } }
            """
        let path = scratch.path("clipped.lua")
        try plugin.write(toFile: path, atomically: true, encoding: .utf8)
        let clipped = try CommandRunner.run(["render", path, "--format", "plain", "--width", "80"])
        #expect(clipped.status == 0, "\(clipped.stderr)")
        #expect(!clipped.text.contains("Colour 30") && clipped.text.contains("›"))
        let wrapped = try CommandRunner.run(["render", path, "--format", "plain", "--width", "80", "--wrap"])
        #expect(wrapped.text.contains("Colour 30"))
    }

    @Test func wrapAndNoWrapTogetherIsAUsageError() throws {
        let result = try CommandRunner.run(["render", "--wrap", "--no-wrap"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--wrap and --no-wrap"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}

import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("render formats through the command line")
struct FormatTests {
    @Test func jsonDecodesToTheWholeTree() throws {
        let result = try CommandRunner.run(["render", "--format", "json", "--width", "80"])
        #expect(result.status == 0, "\(result.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        let sections = try #require(root["sections"] as? [[String: Any]])
        #expect(sections.count == 5)
        let rows = sections.flatMap { ($0["rows"] as? [[String: Any]]) ?? [] }
        #expect(rows.count == 9)
        let first = try #require((rows[0]["items"] as? [[String: Any]])?.first)
        #expect(first["path"] as? String == "1.1.1")
        #expect(first["name"] as? String == "Orchid")
        #expect(first["color"] as? String == "#DA70D6")
        #expect(first["focused"] as? Bool == false, "a whole-document report shows no focus unless asked")
        let rect = try #require(first["rect"] as? [String: Int])
        #expect(rect == ["x": 1, "y": 2, "width": 14, "height": 4])
    }

    /// A report is the catalogue, not a screen: it shows a focus only when
    /// `--focus`, `--keys` or `--tap` asks for one; a viewport keeps its own.
    @Test(arguments: [
        ([] as [String], [String]()), (["--focus", "1.1.2"], ["1.1.2"]), (["--keys", "l"], ["1.1.2"]),
        (["--tap", "1.1.3"], ["1.1.3"]), (["--height", "20"], ["1.1.1"]),
    ])
    func aReportShowsAFocusOnlyWhenAsked(_ options: [String], _ focused: [String]) throws {
        let result = try CommandRunner.run(["render", "--format", "json", "--width", "80"] + options)
        #expect(result.status == 0, "\(result.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        let sections = try #require(root["sections"] as? [[String: Any]])
        let items = sections.flatMap { ($0["rows"] as? [[String: Any]]) ?? [] }
            .flatMap { ($0["items"] as? [[String: Any]]) ?? [] }
        let paths = items.filter { $0["focused"] as? Bool == true }.compactMap { $0["path"] as? String }
        #expect(paths == focused)
    }

    /// A viewport's transcript names its section, row and position on every
    /// line, though the section's header is scrolled off.
    @Test func transcriptLinesOfAViewportStandAlone() throws {
        let result = try CommandRunner.run([
            "render", "--format", "transcript", "--width", "80", "--height", "8", "--keys", "jj",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.text.split(separator: "\n").map(String.init)
        #expect(lines.first == "Category #1 › SubCategory #1.2, row 2 of 2, 3 items")
        #expect(lines.dropFirst().first == "Category #1 › SubCategory #1.2 › Dark Slate Gray #2F4F4F, 1 of 3")
        #expect(!lines.contains { $0.hasPrefix("section ") || $0.contains("› row ") }, "\(lines)")
    }

    @Test func wrapFlowsAStripSoEverySwatchIsDrawn() throws {
        let narrow = ["render", "Scripts/colors.lua", "--format", "plain", "--width", "40"]
        let scrolled = try CommandRunner.run(narrow + ["--no-wrap"])
        let wrapped = try CommandRunner.run(narrow)
        #expect(wrapped.status == 0, "\(wrapped.stderr)")
        for hex in ["#DA70D6", "#FA8072", "#FDF5E6", "#00FFFF"] {
            #expect(wrapped.text.contains(hex), "\(hex)")
        }
        #expect(
            !scrolled.text.contains("#00FFFF"),
            "with --no-wrap the fourth swatch is scrolled out of 40 columns")
        #expect(!wrapped.text.contains("›"), "nothing is clipped")
    }

    @Test func htmlIsAPageThatParses() throws {
        let result = try CommandRunner.run(["render", "--format", "html", "--width", "80"])
        #expect(result.status == 0)
        let text = result.text
        #expect(text.hasPrefix("<!DOCTYPE html>"))
        #expect(text.contains("background:#da70d6") || text.contains("background: #da70d6"))
        let body = text.replacingOccurrences(of: "<!DOCTYPE html>", with: "")
        let document = try XMLDocument(xmlString: body, options: [])
        let pre = try #require(try document.nodes(forXPath: "//pre").first)
        #expect(pre.stringValue?.contains("SubCategory #5.2") == true)
    }

    @Test func transcriptIsOneLinePerElement() throws {
        let result = try CommandRunner.run(["render", "--format", "transcript", "--tap", "1.1.2"])
        #expect(result.status == 0)
        let lines = result.text.split(separator: "\n").map(String.init)
        #expect(lines.first == "Category #1, section 1")
        #expect(lines.contains("Category #1 › SubCategory #1.1 › Salmon #FA8072, 2 of 5, selected, focused"))
        // One line per element laid out: strips clipped at 80 columns list
        // the cells drawn, the ones the whole-model JSON gives a rectangle.
        let json = try CommandRunner.run(["render", "--format", "json", "--tap", "1.1.2"])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout)) as? [String: Any])
        let rows = ((root["sections"] as? [[String: Any]]) ?? []).flatMap {
            ($0["rows"] as? [[String: Any]]) ?? []
        }
        let items = rows.reduce(0) {
            $0 + (($1["items"] as? [[String: Any]])?.filter { $0["rect"] is [String: Any] }.count ?? 0)
        }
        #expect(lines.count == 5 + 9 + items)
        #expect(!result.stdout.contains(0x1B))
    }

    @Test func everyFormatIsDeterministic() throws {
        for format in ["ansi", "plain", "html", "json", "transcript"] {
            let arguments = [
                "render", "Scripts/random-palette.lua", "--format", format, "--color", "truecolor",
            ]
            #expect(
                try CommandRunner.run(arguments).stdout == CommandRunner.run(arguments).stdout, "\(format)")
        }
    }
}

import Foundation
import Testing

/// A design-tokens file whose groups nest three levels and more becomes a
/// tree; a report of it shows every colour with its hex, in every format
/// and layout, the tree open unless `--collapse` keeps it as the file has it.
@Suite("deep token groups in reports")
struct DeepTokenReportTests {
    static let tokens = """
        {
          "color": {
            "$type": "color",
            "base": { "red": { "$value": "#cc3333", "$description": "Brand red" } },
            "semantic": {
              "text": {
                "default": { "$value": "#112233", "$description": "Body text" },
                "muted": { "$value": "{color.base.red}" }
              },
              "surface": { "raised": { "elevated": { "$value": "#f0f0f0" } } }
            }
          }
        }
        """
    static let hexes = ["#CC3333", "#112233", "#F0F0F0"]
    /// The tree's colours, which before were drawn as chips alone.
    static let nodeNames = ["default", "muted", "elevated"]

    static func file(_ scratch: ScratchFolder) -> String { scratch.write("deep.tokens.json", tokens) }

    /// The lines of a text report naming `name`.
    static func line(naming name: String, in text: String) -> String? {
        text.split(separator: "\n").first { $0.contains(" \(name) ") || $0.hasSuffix(" \(name)") }.map(
            String.init)
    }

    @Test(arguments: ["shelves", "outline", "details"])
    func everyColourHasItsHexInPlainText(layout: String) throws {
        let scratch = ScratchFolder()
        let result = try CommandRunner.run([
            "render", Self.file(scratch), "--format", "plain", "--width", "100", "--layout", layout,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let expected = ["default": "#112233", "muted": "#CC3333", "elevated": "#F0F0F0"]
        for (name, hex) in expected {
            let line = try #require(Self.line(naming: name, in: result.text), "\(layout): \(name) not drawn")
            #expect(line.contains(hex), "\(layout): \(line)")
        }
        if layout == "details" {
            let line = try #require(Self.line(naming: "default", in: result.text))
            #expect(line.contains("Body text"), "the description is in its line: \(line)")
            let muted = try #require(Self.line(naming: "muted", in: result.text))
            #expect(muted.contains("{color.base.red}") || muted.contains("#cc3333"), "\(muted)")
        }
    }

    @Test func theANSIReportHasEveryHexAndChip() throws {
        let scratch = ScratchFolder()
        let result = try CommandRunner.run([
            "render", Self.file(scratch), "--format", "ansi", "--color", "truecolor", "--width", "80",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        for hex in Self.hexes {
            #expect(result.text.contains(hex), "\(hex)")
            let rgb = [1, 3, 5].map { Int(hex.dropFirst($0).prefix(2), radix: 16)! }
            #expect(result.text.contains("48;2;\(rgb[0]);\(rgb[1]);\(rgb[2])m"), "a chip of \(hex)")
        }
    }

    @Test func theTranscriptNamesEveryColourWithItsHex() throws {
        let scratch = ScratchFolder()
        let result = try CommandRunner.run(["render", Self.file(scratch), "--format", "transcript"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains("text › default #112233"), "\(result.text)")
        #expect(result.text.contains("text › muted #CC3333"))
        #expect(result.text.contains("raised › elevated #F0F0F0"))
    }

    @Test(arguments: ["shelves", "outline", "details"])
    func theHTMLReportShowsEveryHexAndChip(layout: String) throws {
        let scratch = ScratchFolder()
        let page = scratch.path("deep.html")
        let result = try CommandRunner.run([
            "render", Self.file(scratch), "-o", page, "--width", "100", "--layout", layout,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try HTMLSummary.read(page)
        for hex in Self.hexes {
            #expect(summary.text.contains(hex), "\(layout): \(hex) in the text")
            #expect(summary.backgrounds.contains(hex.lowercased()), "\(layout): a chip of \(hex)")
        }
    }

    @Test func theJSONGivesEveryNodeItsIdAndColour() throws {
        let scratch = ScratchFolder()
        let result = try CommandRunner.run(["render", Self.file(scratch), "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try JSONModelTests.decode(result.stdout)
        var nodes: [[String: Any]] = []
        func visit(_ value: Any) {
            if let object = value as? [String: Any] {
                if let list = object["nodes"] as? [[String: Any]] { nodes += list }
                object.values.forEach(visit)
            } else if let array = value as? [Any] {
                array.forEach(visit)
            }
        }
        visit(document)
        #expect(nodes.count == 6)
        for node in nodes { #expect(node.keys.contains("id"), "\(node)") }
        let colours = Dictionary(
            nodes.compactMap { node in (node["color"] as? String).map { (node["id"] as? String ?? "", $0) } },
            uniquingKeysWith: { a, _ in a })
        #expect(colours["color.semantic.text.default"] == "#112233")
        #expect(colours["color.semantic.text.muted"] == "#CC3333")
        #expect(colours["color.semantic.surface.raised.elevated"] == "#F0F0F0")
        // Open in a whole-document report: every node laid out.
        for node in nodes { #expect(!(node["rect"] is NSNull), "\(node["name"] ?? "")") }
    }

    @Test func collapseKeepsTheTreeAsTheFileHasIt() throws {
        let scratch = ScratchFolder()
        let file = Self.file(scratch)
        let open = try CommandRunner.run(["render", file, "--format", "plain"])
        let closed = try CommandRunner.run(["render", file, "--format", "plain", "--collapse"])
        #expect(open.status == 0 && closed.status == 0, "\(open.stderr)\(closed.stderr)")
        #expect(open.text.contains("▾ text"))
        #expect(closed.text.contains("▸ text"))
        #expect(!closed.text.contains("default"))
        // A viewport is a screen, as browse shows it: closed.
        let viewport = try CommandRunner.run(["render", file, "--format", "plain", "--height", "20"])
        #expect(viewport.text.contains("▸ text"), "\(viewport.text)")
    }

    @Test func theInspectorShowsANodesDescriptionAndAuthoredValue() throws {
        let scratch = ScratchFolder()
        let result = try CommandRunner.run([
            "render", Self.file(scratch), "--inspect", "1.2.1.2", "--format", "plain",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains("{color.base.red}"), "\(result.text)")
        #expect(result.text.contains("#CC3333"))
        let described = try CommandRunner.run([
            "render", Self.file(scratch), "--inspect", "1.2.1.1", "--format", "plain",
        ])
        #expect(described.text.contains("Body text"), "\(described.text)")
    }
}

/// What Python's HTML parser reads in a page (`Tools/html-summary`).
struct HTMLSummary: Decodable {
    struct Link: Decodable {
        var href: String?
        var text: String
    }

    var text: String
    var links: [Link]
    var backgrounds: [String]
    var chips: [[String]]
    var titles: [String]

    static func read(_ page: String) throws -> HTMLSummary {
        let result = try CommandRunner.runShell("Tools/html-summary '\(page)'")
        guard result.status == 0 else { throw Failure(message: result.stderr) }
        return try JSONDecoder().decode(HTMLSummary.self, from: Data(result.stdout))
    }

    struct Failure: Error {
        var message: String
    }
}

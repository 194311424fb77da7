import Foundation
import Testing

/// `render FILE.yaml` and `theme import base16 FILE.yaml` read a scheme
/// with one parser (libyaml and the importer's checks, through
/// `sb.base16.decode`). Before, render read YAML line by line: flow style
/// and anchors failed, `scheme: "Solar # night"` lost its `# night`, and a
/// key given twice was taken by render and refused by import.
@Suite struct Base16AgreementTests {
    static let slots = (0..<16).map { String(format: "base%02X", $0) }

    /// Schemes the two readers took differently.
    static let crafted: [(name: String, text: String)] = [
        (
            "flow.yaml",
            "{scheme: \"Flow\", author: A, "
                + slots.enumerated().map {
                    "\($0.element): \"\(String(format: "%02x30%02x", $0.offset * 16, 255 - $0.offset))\""
                }
                .joined(separator: ", ") + "}\n"
        ),
        (
            "anchors.yaml",
            "scheme: Anchors\nbase00: &dark \"101010\"\n"
                + slots.dropFirst().map { "\($0): *dark\n" }.joined()
        ),
        (
            "hash.yaml",
            "scheme: \"Solar # night\" # the name holds a #\n"
                + slots.map { "\($0): \"2b303b\"\n" }.joined()
        ),
        (
            "twice.yaml",
            "scheme: Twice\n" + slots.map { "\($0): \"2b303b\"\n" }.joined() + "base05: \"ffffff\"\n"
        ),
        (
            "cased.yaml",
            "scheme: Cased\n" + slots.map { "\($0): \"2b303b\"\n" }.joined() + "base0c: \"ffffff\"\n"
        ),
        ("unclosed.yaml", "scheme: [Unclosed\nbase00: \"000000\"\n"),
    ]

    static var fixtures: [(name: String, text: String)] {
        ["Tests/Fixtures/base16", "Tests/Fixtures/base16-bad"].flatMap { folder in
            let url = CommandRunner.root.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            return names.sorted().map { name in
                (name, (try? String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)) ?? "")
            }
        }
    }

    /// The slot colours of a GIMP palette render wrote, by name.
    static func rendered(_ gpl: String) -> [String: String] {
        var colours: [String: String] = [:]
        for line in gpl.split(separator: "\n") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count == 4, let r = Int(fields[0]), let g = Int(fields[1]), let b = Int(fields[2])
            else {
                continue
            }
            colours[String(fields[3])] = String(format: "#%02X%02X%02X", r, g, b)
        }
        return colours
    }

    /// The slot colours of a theme `theme import` wrote, by name.
    static func imported(_ theme: String) -> [String: String] {
        var colours: [String: String] = [:]
        for match in theme.matches(of: /(base[0-9A-F]{2}) = "(#[0-9A-F]{6})"/) {
            colours[String(match.1)] = String(match.2)
        }
        return colours
    }

    @Test(arguments: fixtures + crafted)
    func renderAndImportAgree(_ name: String, _ text: String) throws {
        let scratch = ScratchFolder()
        scratch.write(name, text)
        let render = try CommandRunner.run(["render", name, "--format", "gpl"], in: scratch.url)
        let imported = try CommandRunner.run(
            ["theme", "import", "base16", name, "-o", "pack"], in: scratch.url)
        #expect(render.status == imported.status, "render: \(render.stderr) import: \(imported.stderr)")
        guard imported.status == 0 else {
            #expect(imported.status == 65)
            #expect(render.stderr == imported.stderr)
            #expect(render.stderr.hasPrefix(name + ":"), "\(render.stderr)")
            return
        }
        let themes = try FileManager.default.contentsOfDirectory(atPath: scratch.path("pack"))
            .filter { $0 != "pack.lua" && $0.hasSuffix(".lua") }
        let theme = try String(contentsOfFile: scratch.path("pack/" + themes.joined()), encoding: .utf8)
        let colours = Self.imported(theme)
        #expect(colours.count == 16 || colours.count == 24, "\(themes)")
        #expect(Self.rendered(render.text) == colours)
    }

    @Test func aQuotedHashIsPartOfTheName() throws {
        let scratch = ScratchFolder()
        let (name, text) = Self.crafted.first { $0.name == "hash.yaml" }!
        scratch.write(name, text)
        let render = try CommandRunner.run(
            ["render", name, "--format", "plain", "--width", "60"], in: scratch.url)
        #expect(render.text.hasPrefix(" Solar # night\n"), "\(render.text)")
        #expect(
            try CommandRunner.run(["theme", "import", "base16", name, "-o", "pack"], in: scratch.url).status
                == 0)
        let theme = try String(contentsOfFile: scratch.path("pack/base16-hash.lua"), encoding: .utf8)
        #expect(theme.contains("Solar # night"), "\(theme)")
    }
}

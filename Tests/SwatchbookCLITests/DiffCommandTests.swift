import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import Testing

/// `swatchbook diff OLD NEW` through the binary, over a real GIMP palette
/// edited as a pull request would edit it, and a design-tokens file whose
/// alias is retargeted.
@Suite("swatchbook diff")
struct DiffCommandTests {
    static let gimpPalette = "/usr/share/gimp/2.0/palettes/Named_Colors.gpl"

    /// The GIMP palette and a copy with one entry removed, one added, one
    /// recoloured and one renamed.
    static func editedGIMP(in scratch: ScratchFolder) throws -> (old: String, new: String) {
        try Requirement.need(gimpPalette, from: "gimp-data")
        let text = try String(contentsOfFile: gimpPalette, encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        lines.removeAll { $0 == "253 245 230\told lace (253 245 230)" }
        lines = lines.map { line in
            switch line {
            case "250 240 230\tlinen (250 240 230)": "250 200 200\tlinen (250 240 230)"
            case "220 220 220\tgainsboro (220 220 220)": "220 220 220\tgainsborough (220 220 220)"
            default: line
            }
        }
        #expect(lines.count == text.components(separatedBy: "\n").count - 1, "the edits found their lines")
        let edited =
            lines.joined(separator: "\n").trimmingCharacters(in: .newlines)
            + "\n  0 128 128\tswatchbook teal\n"
        return (scratch.write("Named_Colors.gpl", text), scratch.write("edited.gpl", edited))
    }

    static func json(_ result: CommandRunner.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
    }

    static func list(_ root: [String: Any], _ key: String) -> [[String: Any]] {
        root[key] as? [[String: Any]] ?? []
    }

    static func side(_ pair: [String: Any], _ key: String) -> [String: Any] {
        pair[key] as? [String: Any] ?? [:]
    }

    @Test func anEditedGIMPPaletteReportsEveryEdit() throws {
        let scratch = ScratchFolder()
        let (old, new) = try Self.editedGIMP(in: scratch)
        let result = try CommandRunner.run(["diff", old, new, "--format", "json"])
        #expect(result.status == 1, "\(result.stderr)")
        let root = try Self.json(result)
        #expect(root["version"] as? Int == 1)
        #expect(Self.list(root, "added").map { $0["name"] as? String } == ["swatchbook teal"])
        #expect(Self.list(root, "added").first?["hex"] as? String == "#008080")
        #expect(Self.list(root, "added").first?["path"] as? [String] == ["Named Colors", "Named Colors"])
        #expect(Self.list(root, "removed").map { $0["name"] as? String } == ["old lace (253 245 230)"])
        let renamed = Self.list(root, "renamed")
        #expect(renamed.map { Self.side($0, "old")["name"] as? String } == ["gainsboro (220 220 220)"])
        #expect(renamed.map { Self.side($0, "new")["name"] as? String } == ["gainsborough (220 220 220)"])
        #expect(Self.list(root, "moved").isEmpty)
        let changed = Self.list(root, "changed")
        #expect(changed.map { Self.side($0, "new")["name"] as? String } == ["linen (250 240 230)"])
        #expect(changed.first.map { Self.side($0, "old")["hex"] as? String } == "#FAF0E6")
        #expect(changed.first.map { Self.side($0, "new")["hex"] as? String } == "#FAC8C8")

        let plain = try CommandRunner.run(["diff", old, new])
        #expect(plain.status == 1)
        #expect(!plain.stdout.contains(0x1B), "plain when stdout is no terminal")
        for text in [
            "added", "swatchbook teal", "#008080", "removed", "old lace (253 245 230)", "renamed",
            "gainsboro (220 220 220) → gainsborough (220 220 220)", "changed", "#FAF0E6", "#FAC8C8", "ΔE OK",
        ] {
            #expect(plain.text.contains(text), "\(text)\n\(plain.text)")
        }
        let ansi = try CommandRunner.run(["diff", old, new, "--color", "truecolor"])
        #expect(ansi.stdout.contains(0x1B), "--color asks for the swatches")
        #expect(ansi.text.contains("48;2;250;240;230") && ansi.text.contains("48;2;250;200;200"))
    }

    /// Blue and green tokens, `accent` an alias of `target`, and `red`
    /// under `group`.
    static func tokens(accent target: String, redGroup group: String) -> String {
        """
        { "color": { "$type": "color",
            "base": { "blue": { "$value": "#3B82F6" }, "green": { "$value": "#22C55E" } },
            "\(group)": { "red": { "$value": "oklch(0.63 0.24 29)" } },
            "accent": { "$value": "{color.base.\(target)}" } } }
        """
    }

    @Test(.tags(.references)) func aRetargetedAliasIsAChangedReference() throws {
        let scratch = ScratchFolder()
        let old = scratch.write("old.tokens.json", Self.tokens(accent: "blue", redGroup: "warm"))
        let new = scratch.write("new.tokens.json", Self.tokens(accent: "green", redGroup: "hot"))
        let result = try CommandRunner.run(["diff", old, new, "--format", "json"])
        #expect(result.status == 1, "\(result.stderr)")
        let root = try Self.json(result)
        #expect(Self.list(root, "added").isEmpty && Self.list(root, "removed").isEmpty)
        let moved = Self.list(root, "moved")
        #expect(moved.map { Self.side($0, "old")["path"] as? [String] } == [["color", "warm"]])
        #expect(moved.map { Self.side($0, "new")["path"] as? [String] } == [["color", "hot"]])
        #expect(moved.first.map { Self.side($0, "new")["authored"] as? String } == "oklch(0.63 0.24 29)")
        let changed = try #require(Self.list(root, "changed").first)
        #expect(Self.list(root, "changed").count == 1)
        #expect(Self.side(changed, "new")["name"] as? String == "accent")
        #expect(Self.side(changed, "old")["reference"] as? String == "{color.base.blue}")
        #expect(Self.side(changed, "new")["reference"] as? String == "{color.base.green}")
        #expect(changed["referenceChanged"] as? Bool == true)
        #expect(Self.side(changed, "old")["hex"] as? String == "#3B82F6")
        #expect(Self.side(changed, "new")["hex"] as? String == "#22C55E")
        let expected = try Reference.askJSON(
            "delta-e-ok", input: [["#3B82F6", "#22C55E"]], as: [Double].self)
        let deltaE = try #require(changed["deltaE"] as? Double)
        // coloraide computes its OKLab matrices at higher precision: agree to 1e-6.
        #expect(abs(deltaE - 100 * expected[0]) < 1e-6, "ΔE OK is coloraide's distance × 100")
    }

    @Test func htmlShowsOldAndNewSwatches() throws {
        let scratch = ScratchFolder()
        let old = scratch.write("old.tokens.json", Self.tokens(accent: "blue", redGroup: "warm"))
        let new = scratch.write("new.tokens.json", Self.tokens(accent: "green", redGroup: "warm"))
        let out = scratch.path("diff.html")
        let result = try CommandRunner.run(["diff", old, new, "--format", "html", "-o", out])
        #expect(result.status == 1, "\(result.stderr)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.hasPrefix("<!DOCTYPE html>"))
        let document = try XMLDocument(
            xmlString: text.replacingOccurrences(of: "<!DOCTYPE html>", with: ""), options: [])
        let styles = try document.nodes(forXPath: "//*[@style]").compactMap {
            ($0 as? XMLElement)?.attribute(forName: "style")?.stringValue
        }
        #expect(styles.contains { $0.contains("background:#3b82f6") }, "\(styles)")
        #expect(styles.contains { $0.contains("background:#22c55e") }, "\(styles)")
        let body = try #require(try document.nodes(forXPath: "//body").first?.stringValue)
        #expect(body.contains("accent") && body.contains("{color.base.green}"))
    }

    @Test func thresholdHidesSmallChanges() throws {
        let scratch = ScratchFolder()
        let old = scratch.write("old.gpl", "GIMP Palette\nName: P\n#\n250 240 230\tlinen\n 10  20  30\tink\n")
        let new = scratch.write("new.gpl", "GIMP Palette\nName: P\n#\n250 240 231\tlinen\n 10  20  30\tink\n")
        let all = try CommandRunner.run(["diff", old, new, "--format", "json"])
        #expect(all.status == 1)
        #expect(Self.list(try Self.json(all), "changed").count == 1)
        let hidden = try CommandRunner.run(["diff", old, new, "--format", "json", "--threshold", "1"])
        #expect(hidden.status == 0, "\(hidden.stderr)")
        #expect(Self.list(try Self.json(hidden), "changed").isEmpty)
        let bad = try CommandRunner.run(["diff", old, new, "--threshold", "much"])
        #expect(bad.status == 64)
    }

    @Test func identicalFilesExitZeroWithNothingToReport() throws {
        let scratch = ScratchFolder()
        let old = scratch.write("a.tokens.json", Self.tokens(accent: "blue", redGroup: "warm"))
        let new = scratch.write("b.tokens.json", Self.tokens(accent: "blue", redGroup: "warm"))
        let plain = try CommandRunner.run(["diff", old, new])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.text.isEmpty)
        let json = try Self.json(try CommandRunner.run(["diff", old, new, "--format", "json"]))
        for key in ["added", "removed", "renamed", "moved", "changed"] {
            #expect(Self.list(json, key).isEmpty, "\(key)")
        }
    }

    @Test func usageMissingFilesAndLazySources() throws {
        let scratch = ScratchFolder()
        let old = scratch.write("a.gpl", "GIMP Palette\nName: P\n#\n250 240 230\tlinen\n")
        #expect(try CommandRunner.run(["diff", old]).status == 64)
        #expect(try CommandRunner.run(["diff", old, scratch.path("missing.gpl")]).status == 66)
        let bad = scratch.write("bad.gpl", "GIMP Palette\n#\n300 0 0 x\n")
        #expect(try CommandRunner.run(["diff", old, bad]).status == 65)
        let lazy = try CommandRunner.run(["diff", old, "Scripts/huge.lua"])
        #expect(lazy.status == 64)
        #expect(lazy.stderr.contains("lazy"), "\(lazy.stderr)")
    }

    @Test func helpManPageAndCompletionsKnowDiff() throws {
        let help = try CommandRunner.run(["help", "diff"])
        #expect(help.status == 0 && help.text.contains("--threshold"))
        #expect(try CommandRunner.run(["--help"]).text.contains("swatchbook diff OLD NEW"))
        #expect(try CommandRunner.run(["manpage"]).text.contains("threshold"))
        #expect(try CommandRunner.run(["completions", "bash"]).text.contains("--threshold"))
    }
}

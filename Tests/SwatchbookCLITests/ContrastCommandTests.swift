import Foundation
import SwatchbookTestSupport
import Testing

/// `swatchbook contrast` through the binary: its ratios against coloraide's
/// WCAG 2.1 contrast, `--min`'s exit code and list, declared and given pairs.
@Suite("contrast")
struct ContrastCommandTests {
    /// Black, white, a grey that passes on neither at AAA, and a translucent red.
    static let plugin = """
        return { name = "ink", api = 1,
          pairs = {
            { fg = "ink", bg = "paper" },
            { fg = "1.1.3", bg = "paper", min = 7 },
          },
          data = { { name = "Text", rows = {
            { name = "Inks", items = {
              { name = "Ink", id = "ink", color = "#000000" },
              { name = "Paper", id = "paper", color = "#FFFFFF" },
              { name = "Grey", color = "#767676" } } },
            { name = "Washes", items = {
              { name = "Wash", color = "#FF000080" },
              { name = "Cream", color = "#FFF8E7" } } } } } } }
        """

    /// The pairs of a JSON report: fg hex, bg hex, ratio, level, backdrop.
    static func pairs(_ result: CommandRunner.Result) throws -> [[String: Any]] {
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        return try #require(object["pairs"] as? [[String: Any]])
    }

    static func hex(_ pair: [String: Any], _ side: String) -> String {
        ((pair[side] as? [String: Any])?["hex"] as? String) ?? ""
    }

    @Test(.tags(.references)) func gimpPaletteAgreesWithColoraide() throws {
        let palette = "/usr/share/gimp/2.0/palettes/Pastels.gpl"
        try Requirement.need(palette, from: "the Debian package gimp-data")
        let result = try CommandRunner.run(["contrast", palette, "--scope", "all", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let pairs = try Self.pairs(result)
        let colours = Set(pairs.map { Self.hex($0, "fg") })
        #expect(colours.count > 10)
        #expect(pairs.count == colours.count * (colours.count - 1))
        let answers = try Reference.askJSON(
            "contrast", input: pairs.map { [Self.hex($0, "fg"), Self.hex($0, "bg")] }, as: [[Any]].self)
        for (pair, answer) in zip(pairs, answers) {
            let ratio = try #require(pair["ratio"] as? Double)
            let expected = try #require(answer[0] as? Double)
            #expect(abs(ratio - expected) <= 0.0051, "\(pair): coloraide \(expected)")
            let level = pair["level"] as? String
            let wanted = expected >= 7 ? "AAA" : expected >= 4.5 ? "AA" : expected >= 3 ? "AA large" : "fail"
            #expect(level == wanted || abs(expected - 7) < 0.01 || abs(expected - 4.5) < 0.01, "\(pair)")
        }
    }

    /// Under `--simulate`, each colour is coloraide's filtered colour within
    /// one 8-bit step, the ratios are measured on those, and a red and a
    /// green a deuteranope confuses are listed as hard to tell apart.
    @Test(.tags(.references)) func simulationMeasuresTheColoursAsSeen() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "okabe.gpl", "GIMP Palette\nName: Marks\n#\n76 175 80 Leaf\n244 67 54 Tomato\n86 180 233 Sky\n")
        let result = try CommandRunner.run(
            ["contrast", "okabe.gpl", "--simulate", "deutan", "--format", "json"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        #expect((object["simulation"] as? [String: Any])?["deficiency"] as? String == "deutan")
        let pairs = try Self.pairs(result)
        let drawn = ["Leaf": "#4CAF50", "Tomato": "#F44336", "Sky": "#56B4E9"]
        let seen = try Reference.askJSON(
            "cvd", input: drawn.values.sorted().map { ["color": $0, "vision": "deutan", "severity": 1] },
            as: [[Double]].self)
        let expected = Dictionary(uniqueKeysWithValues: zip(drawn.values.sorted(), seen))
        for pair in pairs {
            for side in ["fg", "bg"] {
                let swatch = try #require(pair[side] as? [String: Any])
                let name = try #require(swatch["name"] as? String)
                let rgb = try #require(expected[drawn[name] ?? ""])
                let hex = Self.hex(pair, side)
                let channels = stride(from: 1, to: 7, by: 2).map {
                    Int(hex.dropFirst($0).prefix(2), radix: 16) ?? -1
                }
                for (channel, wanted) in zip(channels, rgb) {
                    #expect(
                        abs(Double(channel) - min(255, max(0, wanted * 255))) <= 1.0, "\(name): \(hex) \(rgb)"
                    )
                }
            }
        }
        let ratios = try Reference.askJSON(
            "contrast", input: pairs.map { [Self.hex($0, "fg"), Self.hex($0, "bg")] }, as: [[Any]].self)
        for (pair, answer) in zip(pairs, ratios) {
            #expect(abs((pair["ratio"] as? Double ?? 0) - (answer[0] as? Double ?? -1)) <= 0.0051)
        }
        let confused = try #require(object["indistinguishable"] as? [[String: Any]])
        let names = confused.map { entry in
            [entry["first"], entry["second"]].compactMap { ($0 as? [String: Any])?["name"] as? String }
        }
        #expect(names == [["Leaf", "Tomato"]], "\(confused)")
        let plain = try CommandRunner.run(
            ["contrast", "okabe.gpl", "--simulate", "deutan", "--format", "plain"], in: scratch.url)
        #expect(plain.text.contains("Simulated: deutan; colours hard to tell apart (ΔE OK below 5):\n"))
        #expect(plain.text.contains("  1.1.1 Leaf #4CAF50 and 1.1.2 Tomato #F44336: ΔE OK 32.2 as drawn"))
    }

    /// A design-tokens file declares its pairs under
    /// `$extensions["org.swatchbook"].pairs`, by token path, aliased or bare.
    @Test func aTokensFileDeclaresItsPairs() throws {
        let scratch = ScratchFolder()
        let tokens = ##"""
            { "color": { "$type": "color",
                "text": { "$value": "#767676" }, "page": { "$value": "#FFFFFF" }, "muted": { "$value": "#AAAAAA" } },
              "$extensions": { "org.swatchbook": { "pairs": [
                { "fg": "{color.text}", "bg": "{color.page}", "min": 4.5 },
                { "fg": "color.muted", "bg": "{color.page}" } ] } } }
            """##
        scratch.write("brand.tokens.json", tokens)
        let result = try CommandRunner.run(
            ["contrast", "brand.tokens.json", "--min", "4.5", "--format", "plain"], in: scratch.url)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.text
                == "Declared pairs\n  1.1.1 text #767676 on 1.1.2 page #FFFFFF   4.54:1 AA (min 4.5:1)\n"
                + "  1.1.3 muted #AAAAAA on 1.1.2 page #FFFFFF   2.32:1 fail\n")
        #expect(
            result.stderr
                == "brand.tokens.json: fg 1.1.3 muted #AAAAAA on bg 1.1.2 page #FFFFFF: 2.32:1, below 4.5:1\n"
        )
        scratch.write("bad.tokens.json", tokens.replacingOccurrences(of: "color.muted", with: "color.nope"))
        let bad = try CommandRunner.run(["contrast", "bad.tokens.json"], in: scratch.url)
        #expect(bad.status == 65)
        #expect(
            bad.stderr.hasPrefix(
                #"bad.tokens.json: $extensions["org.swatchbook"].pairs[2].fg: "color.nope" names no colour"#),
            "\(bad.stderr)")
    }

    /// A matrix wider than the screen is cut into blocks of backgrounds,
    /// every line within `--width`, and no cell lost.
    @Test func aWideMatrixFitsTheWidthInBlocks() throws {
        let scratch = ScratchFolder()
        let colours = (0..<10).map { "\($0 * 25) \(255 - $0 * 25) 128 Colour \($0)" }
        scratch.write("ten.gpl", "GIMP Palette\nName: Ten\n#\n" + colours.joined(separator: "\n") + "\n")
        for width in [80, 120] {
            let result = try CommandRunner.run(
                ["contrast", "ten.gpl", "--format", "plain", "--width", "\(width)"], in: scratch.url)
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.text.split(separator: "\n")
            #expect(lines.allSatisfy { $0.count <= width }, "\(result.text)")
            #expect(lines.map { $0.components(separatedBy: ":1 ").count - 1 }.reduce(0, +) == 10 * 9)
            #expect(lines.filter { $0.hasPrefix("fg \\ bg") }.count == (width == 80 ? 3 : 2))
        }
    }

    @Test func aLazySourceIsRefused() throws {
        let result = try CommandRunner.run(["contrast", "huge", "--format", "plain"])
        #expect(result.status == 64)
        #expect(
            result.stderr.hasSuffix(
                "is a lazy source, which is never read whole; contrast measures a catalogue given as data\n"))
    }

    @Test(.tags(.references)) func translucentColoursAreComposited() throws {
        let scratch = ScratchFolder()
        scratch.write("ink.lua", Self.plugin)
        let result = try CommandRunner.run(
            [
                "contrast", "ink.lua", "--format", "json", "--pair", "1.2.1:1.1.2", "--pair",
                "#000:#FFFFFF80",
                "--pair", "#FF000080:#00000080",
            ], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let pairs = try Self.pairs(result)
        #expect(pairs.count == 3)
        let answers = try Reference.askJSON(
            "contrast", input: pairs.map { [Self.hex($0, "fg"), Self.hex($0, "bg")] }, as: [[Any]].self)
        for (pair, answer) in zip(pairs, answers) {
            let ratio = try #require(pair["ratio"] as? Double)
            #expect(abs(ratio - (answer[0] as? Double ?? 0)) < 0.01, "\(pair): coloraide \(answer)")
            #expect((pair["backdrop"] as? String) == (answer[1] as? String), "\(pair): \(answer)")
        }
    }

    @Test func minExitsOneAndListsTheFailingPairs() throws {
        let scratch = ScratchFolder()
        scratch.write("ink.lua", Self.plugin)
        let pass = try CommandRunner.run(
            ["contrast", "ink.lua", "--scope", "row", "--min", "1.05"], in: scratch.url)
        #expect(pass.status == 0, "\(pass.stderr)")
        let failing = try CommandRunner.run(
            ["contrast", "ink.lua", "--pair", "1.1.3:1.1.2", "--pair", "ink:paper", "--min", "4.6"],
            in: scratch.url)
        #expect(failing.status == 1)
        #expect(
            failing.stderr
                == "ink.lua: fg 1.1.3 Grey #767676 on bg 1.1.2 Paper #FFFFFF: 4.54:1, below 4.6:1\n")
        #expect(failing.text.contains("4.54"))
    }

    @Test func declaredPairsByIdAndPathWithTheirOwnMinimum() throws {
        let scratch = ScratchFolder()
        scratch.write("ink.lua", Self.plugin)
        let result = try CommandRunner.run(["contrast", "ink.lua", "--format", "json"], in: scratch.url)
        let pairs = try Self.pairs(result)
        #expect(pairs.map { Self.hex($0, "fg") } == ["#000000", "#767676"])
        #expect(pairs.map { $0["ratio"] as? Double } == [21, 4.54])
        // The declared pair's own min (7) overrides --min 4.5.
        let checked = try CommandRunner.run(["contrast", "ink.lua", "--min", "4.5"], in: scratch.url)
        #expect(checked.status == 1)
        #expect(checked.stderr.hasSuffix("4.54:1, below 7:1\n"), "\(checked.stderr)")
        let plain = try CommandRunner.run(["contrast", "ink.lua"], in: scratch.url)
        #expect(plain.status == 0)
        #expect(plain.text.contains("Ink") && plain.text.contains("21.00:1") && plain.text.contains("AAA"))
    }

    @Test func badDeclaredPairsNameTheirDataPath() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "bad.lua",
            """
            return { name = "bad", api = 1,
              pairs = { { fg = "1.1.1", bg = "1.1.1" }, { fg = 3, bg = "1.1.1" } },
              data = { { name = "S", rows = { { name = "R", items = { { name = "A", color = "#000" } } } } } } }
            """)
        let wrongType = try CommandRunner.run(["contrast", "bad.lua"], in: scratch.url)
        #expect(wrongType.status == 65)
        #expect(wrongType.stderr.contains("pairs[2].fg: "), "\(wrongType.stderr)")
        scratch.write(
            "unknown.lua",
            """
            return { name = "bad", api = 1,
              pairs = { { fg = "1.1.1", bg = "nope" } },
              data = { { name = "S", rows = { { name = "R", items = { { name = "A", color = "#000" } } } } } } }
            """)
        let unknown = try CommandRunner.run(["contrast", "unknown.lua"], in: scratch.url)
        #expect(unknown.status == 65)
        #expect(unknown.stderr.contains("pairs[1].bg: "), "\(unknown.stderr)")
    }

    @Test func formatsAndErrors() throws {
        let scratch = ScratchFolder()
        scratch.write("ink.lua", Self.plugin)
        let html = try CommandRunner.run(
            ["contrast", "ink.lua", "--scope", "section", "--format", "html"], in: scratch.url)
        #expect(html.status == 0, "\(html.stderr)")
        #expect(html.text.hasPrefix("<!DOCTYPE html>"))
        // Every cell carries its pair's colours inline: fg as color, bg as background.
        let cells = html.text.components(separatedBy: "<td class=\"pair\"").dropFirst()
        #expect(cells.count == 5 * 4)
        for cell in cells {
            #expect(cell.contains("color:#") && cell.contains("background:#"), "\(cell.prefix(120))")
        }
        let transcript = try CommandRunner.run(
            ["contrast", "ink.lua", "--scope", "row", "--format", "transcript"], in: scratch.url)
        #expect(transcript.text.split(separator: "\n").count == 3 * 2 + 2 * 1)
        // Ink on paper, at the depth asked for, as render draws at it.
        let truecolor = try CommandRunner.run(
            ["contrast", "ink.lua", "--scope", "row", "--color", "truecolor"], in: scratch.url)
        #expect(truecolor.text.contains("\u{1B}[38;2;0;0;0;48;2;255;255;255m"), "\(truecolor.text)")
        let indexed = try CommandRunner.run(
            ["contrast", "ink.lua", "--scope", "row", "--color", "256"], in: scratch.url)
        #expect(indexed.text.contains("\u{1B}[38;5;16;48;5;231m"), "\(indexed.text)")
        #expect(!indexed.text.contains("38;2;"))
        let written = try CommandRunner.run(
            ["contrast", "ink.lua", "--scope", "all", "-o", "out.json"], in: scratch.url)
        #expect(written.status == 0 && written.stdout.isEmpty)
        #expect(FileManager.default.contents(atPath: scratch.path("out.json"))?.first == UInt8(ascii: "{"))

        #expect(
            try CommandRunner.run(["contrast", "ink.lua", "--scope", "page"], in: scratch.url).status == 64)
        #expect(try CommandRunner.run(["contrast", "ink.lua", "--min", "x"], in: scratch.url).status == 64)
        #expect(
            try CommandRunner.run(["contrast", "ink.lua", "--pair", "1.1.1"], in: scratch.url).status == 64)
        #expect(
            try CommandRunner.run(["contrast", "ink.lua", "--pair", "9.9.9:1.1.1"], in: scratch.url).status
                == 65)
        #expect(try CommandRunner.run(["contrast", "nope.gpl"], in: scratch.url).status == 66)
        #expect(try CommandRunner.run(["help", "contrast"]).text.contains("--scope"))
    }
}

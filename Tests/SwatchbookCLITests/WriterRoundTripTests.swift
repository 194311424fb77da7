import Foundation
import SwatchbookCore
import Testing

/// The palette writers' own cases, beside the round-trip matrix
/// (``RoundTripMatrixTests``): Sass, which the matrix does not write, and
/// the references a tokens file or a plugin makes.
@Suite("palette writers read back")
struct WriterRoundTripTests {
    /// The Sass written reads back, by the scss reader, as the same colours
    /// in the same order under the same title; written again, it is the
    /// same file.
    @Test func sassReadsBackAsTheSameColoursInTheSameOrder() throws {
        let scratch = ScratchFolder()
        let out = scratch.path("out.scss")
        let written = try CommandRunner.run(["render", "Scripts/colors.lua", "--format", "scss", "-o", out])
        try #require(written.status == 0, "\(written.stderr)")
        let back = try RoundTripMatrixTests.entries(out)
        let original = try RoundTripMatrixTests.entries("Scripts/colors.lua")
        #expect(back.count == original.count && !back.isEmpty)
        #expect(back.map(\.color) == original.map(\.color), "\(back.map(\.color))")
        #expect(back.allSatisfy { $0.key?.hasPrefix("$") == true })
        let again = scratch.path("again.scss")
        let second = try CommandRunner.run(["render", out, "--format", "scss", "-o", again])
        try #require(second.status == 0, "\(second.stderr)")
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: again)) == Data(contentsOf: URL(fileURLWithPath: out)),
            "the title comes back from the comment the writer put first, and every name is kept")
    }

    /// The trial's case: tokens at the top of the file, one an alias of
    /// another, and one aliasing a token of another colour type.
    @Test func topLevelTokensAndTheirAliasesReadBack() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "top.tokens.json",
            """
            { "base": { "$type": "color", "$value": "#336699" },
              "accent": { "$type": "color", "$value": "{base}", "$description": "the base, again" },
              "brand": { "$type": "color", "primary": { "$value": "{accent}" } } }
            """)
        let written = try CommandRunner.run(
            ["render", "top.tokens.json", "--format", "tokens", "-o", "out.tokens.json"], in: scratch.url)
        try #require(written.status == 0, "\(written.stderr)")
        let text = try String(
            contentsOf: scratch.url.appendingPathComponent("out.tokens.json"), encoding: .utf8)
        let again = try CommandRunner.run(
            ["render", "out.tokens.json", "--format", "tokens", "-o", "again.tokens.json"], in: scratch.url)
        #expect(again.status == 0, "the written file reads back:\n\(again.stderr)\n\(text)")
        let twice = try String(
            contentsOf: scratch.url.appendingPathComponent("again.tokens.json"), encoding: .utf8)
        #expect(twice == text, "written again, the file is the same")
        // Written over the document read, the aliases are as they were.
        #expect(text.contains("\"$value\": \"{base}\""), "\(text)")
        #expect(text.contains("\"$value\": \"{accent}\""), "\(text)")
    }

    /// A plugin's references (`ref`) are its own: one that names an id
    /// written with the same colour stays an alias, one that would close a
    /// cycle, name itself or change the colour is written as the colour.
    @Test func aPluginsAliasesNeverMakeAFileThatCannotBeRead() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "cycle.lua",
            """
            return { name = "Cycle", api = 1, data = { { name = "Brand", rows = { { name = "Core", items = {
              { name = "a", id = "a", color = "#336699", ref = "{b}" },
              { name = "b", id = "b", color = "#336699", ref = "{a}" },
              { name = "c", id = "c", color = "#336699", ref = "{c}" },
              { name = "d", id = "d", color = "#112233", ref = "{a}" },
              { name = "e", color = "#336699", ref = "{b}" } } } } } } }
            """)
        let written = try CommandRunner.run(
            ["render", "cycle.lua", "--format", "tokens", "-o", "out.tokens.json"], in: scratch.url)
        try #require(written.status == 0, "\(written.stderr)")
        let text = try String(
            contentsOf: scratch.url.appendingPathComponent("out.tokens.json"), encoding: .utf8)
        let back = try CommandRunner.run(
            ["render", "out.tokens.json", "--format", "transcript"], in: scratch.url)
        #expect(back.status == 0, "\(back.stderr)\n\(text)")
        #expect(back.text.contains("Brand › Core › d #112233"), "\(back.text)")
        let aliases = text.split(separator: "\n").filter { $0.contains("\"$value\": \"{") }
        #expect(
            aliases.map { $0.trimmingCharacters(in: .whitespaces).prefix(3) } == ["\"a\"", "\"e\""], "\(text)"
        )
    }
}

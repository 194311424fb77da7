import Foundation
import Testing
import SwatchbookTestSupport

/// The filter through the real binary: `--filter` and `/` in `--keys`, on
/// the demo and on the Unicode emoji list (Debian's unicode-data).
@Suite("the filter")
struct FilterCommandTests {
    static func transcript(_ arguments: [String], in folder: URL = CommandRunner.root) throws -> [String] {
        let result = try CommandRunner.run(["render"] + arguments + ["--format", "transcript"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        return result.text.split(separator: "\n").map(String.init)
    }

    /// The names of the items a transcript lists.
    static func items(_ lines: [String]) -> [String] {
        lines.compactMap { line in
            let parts = line.components(separatedBy: " › ")
            guard parts.count == 3 else { return nil }
            return parts[2].components(separatedBy: " #").first
        }
    }

    @Test func severalFuzzyWordsAndHexCodes() throws {
        #expect(
            Self.items(try Self.transcript(["--filter", "sea grn"])) == [
                "Sea Green", "Medium Sea Green", "Light Sea Green",
            ])
        #expect(Self.items(try Self.transcript(["--filter", "2e8b57"])) == ["Sea Green"])
        #expect(Self.items(try Self.transcript(["--filter", "#2E8B57"])) == ["Sea Green"])
        #expect(Self.items(try Self.transcript(["--filter", "^sea"])) == ["Sea Green", "Seashell"])
    }

    @Test func diacriticsFold() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "cities.lua",
            """
            return { name = "cities", api = 1, data = { { name = "Albania", rows = { { name = "Ports", items = {
              { name = "Durrës", color = "#336699" }, { name = "Vlorë", color = "#993366" }, { name = "Sarandë", color = "#669933" } } } } } } }
            """)
        #expect(
            Self.items(try Self.transcript(["cities.lua", "--filter", "durres"], in: scratch.url)) == [
                "Durrës"
            ])
        #expect(
            Self.items(try Self.transcript(["cities.lua", "--filter", "e$"], in: scratch.url)) == [
                "Vlorë", "Sarandë",
            ])
    }

    @Test func nothingMatchingIsSaid() throws {
        let result = try CommandRunner.run(["render", "--filter", "zzqx", "--format", "plain"])
        #expect(result.status == 0)
        #expect(result.stderr == "no match for \"zzqx\"\n")
        #expect(result.text.isEmpty)
    }

    /// The best match takes the focus, wherever it is in catalogue order:
    /// of the names starting with "sea" the shortest, as in fzf.
    @Test func theBestMatchTakesTheFocus() throws {
        let lines = try Self.transcript(["--filter", "sea", "--height", "30"])
        #expect(
            lines.filter { $0.hasSuffix("focused") } == [
                "Category #4 › SubCategory #4.1 › Seashell #FFF5EE, 1 of 1, focused"
            ])
        let green = try Self.transcript(["--filter", "sea gr", "--height", "30"])
        #expect(
            green.filter { $0.hasSuffix("focused") } == [
                "Category #1 › SubCategory #1.1 › Sea Green #2E8B57, 1 of 1, focused"
            ])
    }

    /// Esc takes the filter back, and with it the view: the focus, the
    /// strip's offset and the scroll are as they were.
    @Test func clearingTheFilterRestoresTheView() throws {
        let before = try CommandRunner.run([
            "render", "--keys", "lllll", "--height", "12", "--format", "plain",
        ])
        let after = try CommandRunner.run([
            "render", "--keys", "lllll/sea<Enter>jj<Esc>", "--height", "12", "--format", "plain",
        ])
        #expect(after.text == before.text)
        let state = try Self.transcript(["--keys", "lllll/sea<Enter>jj<Esc>", "--height", "12"])
        #expect(state.contains { $0.contains("Sea Green") && $0.hasSuffix("focused") })
    }

    @Test func matchedCharactersAreHighlighted() throws {
        let result = try CommandRunner.run([
            "render", "--filter", "sea grn", "--format", "ansi", "--color", "truecolor", "--width", "60",
        ])
        // The default theme's match role: bold, underlined, in #EBCB8B.
        #expect(
            result.text.contains("\u{1B}[1;4;38;2;235;203;139mSea\u{1B}[0m"), "\(Golden.visible(result.text))"
        )
    }

    /// The emoji list's "family" subgroup matches and so do the emoji in
    /// it: all of them are shown, the subgroup opened.
    @Test func everyFamilyEmojiIsShown() throws {
        let list = "/usr/share/unicode/emoji/emoji-test.txt"
        try Requirement.need(list, from: "the Debian package unicode-data")
        let text = try String(contentsOfFile: list, encoding: .utf8)
        let families = text.split(separator: "\n").filter {
            $0.contains("; fully-qualified") && $0.contains(" family")
        }
        let scratch = ScratchFolder()
        let fixture = CommandRunner.root.appendingPathComponent("Tests/Fixtures/emoji/emoji.lua")
        scratch.write("emoji.lua", try String(contentsOf: fixture, encoding: .utf8))
        scratch.write("emoji-test.txt", text)
        let lines = try Self.transcript(["emoji.lua", "--filter", "family"], in: scratch.url)
        let shown = lines.filter { $0.contains("› family ›") }
        #expect(shown.count == families.count, "\(families.count) family emoji, \(shown.count) shown")
        #expect(lines.contains { $0.contains("› family, expanded") })
        #expect(shown.contains { $0.contains("👨‍👩‍👧‍👦 family: man, woman, girl, boy") })
    }

    /// A lazy source filters itself through its optional search(query):
    /// the catalogue shown is what that answers, its section numbered as in
    /// the whole catalogue.
    @Test func aLazySourceFiltersThroughItsSearch() throws {
        let lines = try Self.transcript(["huge", "--filter", "row 12.34.56", "--height", "8"])
        #expect(
            lines == [
                "Category 12, section 12", "Category 12 › Row 12.34, row 1 of 1, 1 item",
                "Category 12 › Row 12.34 › #78D2D9, 1 of 1, focused",
            ])
        let row = try Self.transcript(["huge", "--filter", "12.34", "--height", "8"])
        #expect(row[1] == "Category 12 › Row 12.34, row 1 of 1, 1000 items")
        let none = try CommandRunner.run(["render", "huge", "--filter", "hello", "--height", "4"])
        #expect(none.status == 0 && none.stderr == "no match for \"hello\"\n")
    }

    /// What a lazy source's search found is highlighted as an eager
    /// catalogue's matches are: the host's matcher runs on the names shown.
    @Test(arguments: ["shelves", "outline", "details"])
    func aLazySearchsResultsAreHighlighted(_ layout: String) throws {
        let scratch = ScratchFolder()
        scratch.write(
            "lazy.lua",
            """
            local names = { "Sea Green", "Salmon", "Seashell" }
            return { name = "l", api = 1, source = {
              sections = function() return 1 end,
              rows = function() return 1 end,
              row = function() return { name = "All", count = #names } end,
              item = function(s, r, i) return { name = names[i], color = "#336699" } end,
              search = function(q)
                local found = {}
                for i, name in ipairs(names) do
                  if name:lower():find(q, 1, true) then found[#found + 1] = { 1, 1, i } end
                end
                return found
              end } }
            """)
        let result = try CommandRunner.run(
            [
                "render", "lazy.lua", "--filter", "sea", "--layout", layout, "--format", "ansi", "--color",
                "truecolor", "--width", "60",
            ], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        // The default theme's match role: bold, underlined, in #EBCB8B.
        #expect(
            result.text.contains("\u{1B}[1;4;38;2;235;203;139mSea\u{1B}[0mshell"),
            "\(Golden.visible(result.text))")
        #expect(!result.text.contains("Salmon"))
    }

    @Test func aLazySourceWithoutSearchSaysItCannotBeFiltered() throws {
        let scratch = ScratchFolder()
        let source = """
            sections = function() return 1 end, rows = function() return 1 end,
            row = function() return { name = "r", count = 3 } end,
            item = function(s, r, i) return { name = "x" .. i, color = "red" } end
            """
        scratch.write("plain.lua", "return { name = 'p', api = 1, source = { \(source) } }")
        let plain = try CommandRunner.run(
            ["render", "plain.lua", "--filter", "x", "--height", "3"], in: scratch.url)
        #expect(plain.status == 64)
        #expect(
            plain.stderr
                == "plain.lua: this catalogue cannot be filtered: its lazy source has no search(query) function\n"
        )
        scratch.write(
            "bad.lua",
            "return { name = 'b', api = 1, source = { \(source), search = function(q) return { { 1, 'x' } } end } }"
        )
        let bad = try CommandRunner.run(
            ["render", "bad.lua", "--filter", "x", "--height", "3"], in: scratch.url)
        #expect(bad.status == 65)
        #expect(
            bad.stderr == "bad.lua: source.search(\"x\")[1][2]: expected an index of at least 1, got \"x\"\n")
    }
}

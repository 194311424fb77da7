import Foundation
import Testing

/// Outline and details through the real binary: the same paths and taps
/// as shelves, and what each projection makes of them.
@Suite("outline and details")
struct ProjectionCommandTests {
    static func transcript(_ arguments: [String]) throws -> [String] {
        let result = try CommandRunner.run(
            ["render", "Scripts/colors.lua", "--format", "transcript", "--width", "60"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return result.text.split(separator: "\n").map(String.init)
    }

    @Test func anOutlineDrawsEveryItemOnItsOwnLineWithItsHex() throws {
        let result = try CommandRunner.run([
            "render", "Scripts/colors.lua", "--layout", "outline", "--format", "plain", "--width", "60",
        ])
        let lines = result.text.split(separator: "\n").map(String.init)
        #expect(
            lines.prefix(4) == [
                " ▾ Category #1", "   ▾ SubCategory #1.1", "     ▓▓ Orchid     #DA70D6",
                "     ▓▓ Salmon     #FA8072",
            ])
        let items = try Self.transcript(["--layout", "outline"]).filter {
            $0.contains(" of ") && !$0.contains(", row ")
        }
        let leaves = lines.filter { $0.wholeMatch(of: #/ {5}.. .+ {2,}#[0-9A-F]{6}/#) != nil }
        #expect(leaves.count == items.count, "one line per item, with its hex")
    }

    @Test func tappingAnOutlineRowClosesIt() throws {
        let lines = try Self.transcript(["--layout", "outline", "--tap", "1.1"])
        #expect(lines[1] == "Category #1 › SubCategory #1.1, row 1 of 2, 5 items, collapsed, focused")
        #expect(!lines.contains { $0.contains("Orchid") })
        let again = try Self.transcript(["--layout", "outline", "--tap", "1.1", "--tap", "1.1"])
        #expect(again.contains { $0.hasPrefix("Category #1 › SubCategory #1.1 › Orchid") })
    }

    @Test func theSamePathsNameTheSameElements() throws {
        for layout in ["shelves", "outline"] {
            let lines = try Self.transcript(["--layout", layout, "--focus", "1.1.2"])
            #expect(
                lines.filter { $0.hasSuffix("focused") } == [
                    "Category #1 › SubCategory #1.1 › Salmon #FA8072, 2 of 5, focused"
                ], "\(layout)")
        }
    }

    @Test func aDetailsTableIsChosenWholeNotByItsLines() throws {
        let lines = try Self.transcript(["--layout", "details", "--tap", "1.1.3"])
        #expect(lines[1] == "Category #1 › SubCategory #1.1, row 1 of 2, 5 items, selected, focused")
        #expect(!lines.contains { $0.contains("Old Lace") && $0.contains("selected") })
    }

    @Test func aDetailsTableHasAColumnPerFieldKey() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "tokens.lua",
            """
            return { name = "tokens", api = 1, data = { { name = "Brand", rows = { { name = "Ink", items = {
              { name = "Ink 900", color = "#111827", fields = { Token = "ink-900", Use = "body text on paper" } },
              { name = "Ink 500", color = "#6B7280", fields = { Token = "ink-500" } },
              { name = "Ink 100 with a name far longer than any column", color = "#F3F4F6",
                fields = { Use = "hairlines, dividers and the quiet backgrounds of tables" } },
            } } } } } }
            """)
        let result = try CommandRunner.run(
            ["render", "tokens.lua", "--layout", "details", "--format", "plain", "--width", "72"],
            in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.text.split(separator: "\n").map(String.init)
        #expect(lines[2].split(separator: " ").map(String.init) == ["Name", "Hex", "Token", "Use"])
        #expect(lines[3].hasPrefix(" ░░ Ink 900 "))
        #expect(lines[3].contains("#111827  ink-900  body text on p…"), "the last column is cut at the edge")
        #expect(lines[4].contains("#6B7280  ink-500"), "a missing field is an empty cell")
        #expect(lines[5].contains("Ink 100 with a name far longer …"), "names cut with an ellipsis")
        #expect(lines.allSatisfy { $0.count <= 72 })
    }

    static let longName = "Ink 100 with a name far longer than thirty-two columns, as vendor names are"

    /// An outline of one long name, with `layout` as the plugin's layout table.
    static func longOutline(_ layout: String, width: Int) throws -> CommandRunner.Result {
        let scratch = ScratchFolder()
        scratch.write(
            "long.lua",
            """
            return { name = "long", api = 1, layout = \(layout), data = { { name = "S", rows = { { name = "R",
              items = { { name = "\(longName)", color = "#F3F4F6" }, { name = "Short", color = "#111827" } } } } } } }
            """)
        return try CommandRunner.run(
            ["render", "long.lua", "--format", "plain", "--width", String(width)], in: scratch.url)
    }

    /// By default an outline's names take the room the screen gives: the
    /// width less the indent, the chip and the hex column.
    @Test func anOutlinesNamesTakeTheScreensWidth() throws {
        let wide = try Self.longOutline("{ style = 'outline' }", width: 160)
        #expect(wide.status == 0, "\(wide.stderr)")
        let lines = wide.text.split(separator: "\n").map(String.init)
        #expect(lines[2] == "     ██ \(Self.longName)  #F3F4F6")
        #expect(
            lines[3] == "     ░░ Short" + String(repeating: " ", count: Self.longName.count - 3) + "#111827")
        let narrow = try Self.longOutline("{ style = 'outline' }", width: 60)
        let cut = narrow.text.split(separator: "\n").map(String.init)
        #expect(cut[2] == "     ██ Ink 100 with a name far longer than thirt…  #F3F4F6")
        #expect(cut.allSatisfy { $0.count <= 60 })
    }

    /// `layout.outline.name_width` sets the widest a name grows; "auto" is
    /// the default.
    @Test func anOutlinesNameWidthIsASetting() throws {
        let set = try Self.longOutline("{ style = 'outline', outline = { name_width = 20 } }", width: 160)
        #expect(set.status == 0, "\(set.stderr)")
        let lines = set.text.split(separator: "\n").map(String.init)
        #expect(lines[2] == "     ██ Ink 100 with a name…  #F3F4F6")
        #expect(lines[3] == "     ░░ Short                 #111827")
        let auto = try Self.longOutline(
            "{ style = 'outline', outline = { name_width = 'auto' } }", width: 160)
        #expect(auto.text == (try Self.longOutline("{ style = 'outline' }", width: 160)).text)
        let bad = try Self.longOutline("{ style = 'outline', outline = { name_width = 0 } }", width: 160)
        #expect(bad.status == 65)
        #expect(
            bad.stderr
                == "long.lua: layout.outline.name_width: expected \"auto\" or a whole number from 1 to 1000, got 0\n"
        )
        let slip = try Self.longOutline("{ style = 'outline', outline = { name_widht = 20 } }", width: 160)
        #expect(
            slip.stderr.contains(
                #"long.lua: layout.outline: warning: unknown key "name_widht" (did you mean "name_width"?)"#))
    }
}

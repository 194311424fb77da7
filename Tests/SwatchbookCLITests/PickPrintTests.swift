import Foundation
import Testing

/// pick as fzf users expect it: `--multi` marks with Tab and prints every
/// marked colour on Enter, a line each; `--print` chooses what is printed,
/// and an `on_tap` string still wins.
@Suite struct PickPrintTests {
    static func pick(_ arguments: [String]) throws -> CommandRunner.Result {
        try CommandRunner.run(["pick"] + arguments)
    }

    @Test(arguments: [
        ("hex", "#FA8072"), ("rgb", "rgb(250 128 114)"), ("hsl", "hsl(6.2 93.2% 71.4%)"),
        ("oklch", "oklch(0.735 0.152 28.1)"), ("name", "Salmon"), ("path", "1.1.2"),
        ("json", ##"{"path": "1.1.2", "name": "Salmon", "hex": "#FA8072"}"##),
    ])
    func printChoosesWhatIsPrinted(format: String, expected: String) throws {
        let result = try Self.pick(["--print", format, "--keys", "l<Enter>"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text == expected + "\n")
    }

    @Test func anOnTapStringWinsOverPrint() throws {
        let scratch = ScratchFolder()
        let plugin = scratch.write(
            "tap.lua",
            """
            return { name = "tap", api = 1, on_tap = function(ev) return "picked " .. ev.item.name end,
              data = { { name = "S", rows = { { name = "R", items = { { name = "Salmon", color = "#FA8072" } } } } } } }
            """)
        let result = try Self.pick([plugin, "--print", "oklch", "--keys", "<Enter>"])
        #expect(result.text == "picked Salmon\n", "\(result.stderr)")
    }

    @Test func multiPrintsEveryMarkedColourInCatalogueOrder() throws {
        // Mark Salmon, then Orchid before it, then the first colour of the next row.
        let result = try Self.pick(["--multi", "--print", "oklch", "--keys", "l<Tab>hh<Tab>j<Tab><Enter>"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.text.split(separator: "\n")
        #expect(lines.count == 3, "\(result.text)")
        #expect(lines.first == "oklch(0.702 0.181 328.7)", "Orchid, first in the catalogue")
        #expect(lines.dropFirst().first == "oklch(0.735 0.152 28.1)", "then Salmon")
        // Tab on a marked colour unmarks it; with none marked, Enter picks the focused one.
        let none = try Self.pick(["--multi", "--keys", "<Tab>h<Tab><Enter>"])
        #expect(none.text == "#FA8072\n", "\(none.text)")
        // Shift-Tab marks and moves back.
        let back = try Self.pick(["--multi", "--print", "name", "--keys", "l<S-Tab><S-Tab><Enter>"])
        #expect(back.text == "Orchid\nSalmon\n", "\(back.text)")
    }

    @Test func anUnknownPrintFormatIsAUsageError() throws {
        let result = try Self.pick(["--print", "cmyk", "--keys", "<Enter>"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--print"), "\(result.stderr)")
    }

    /// In a real terminal, as a shell's `$(…)` uses it.
    @Test(.tags(.tmux)) func multiInATerminal() throws {
        let screen = try TmuxScreen(
            "r=$(\(TmuxScreen.binary) pick --multi --print name); echo \"RESULT:[$r]\"; sleep 30",
            width: 70, height: 20)
        try screen.waitFor { $0.last?.contains("Colours") == true }
        try screen.press("Tab")
        try screen.press("Tab")
        try screen.press("Enter")
        let shown = try screen.waitFor { $0.contains { $0.hasPrefix("RESULT:") } }
        let start = try #require(shown.firstIndex { $0.hasPrefix("RESULT:") })
        #expect(shown[start] == "RESULT:[Orchid", "\(shown)")
        #expect(shown[start + 1] == "Salmon]", "\(shown)")
    }
}

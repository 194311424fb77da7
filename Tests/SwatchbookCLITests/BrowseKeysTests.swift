import Foundation
import Testing

/// Keys that end, or do not end, browse and pick, as fzf users expect:
/// Ctrl-C is 130, Esc takes back a kept filter before it quits, and pick
/// starts from a query and keys.
@Suite("browse and pick keys", .serialized)
struct BrowseKeysTests {
    static func screen(_ command: String) throws -> TmuxScreen {
        let screen = try TmuxScreen(
            "r=$(\(TmuxScreen.binary) \(command)); echo \"RESULT:[$r]:$?\"; sleep 30", width: 70, height: 20)
        try screen.waitFor { $0.last?.hasPrefix(" Colours") == true }
        return screen
    }

    static func result(_ screen: TmuxScreen) throws -> String? {
        try screen.waitFor(seconds: 5) { $0.contains { $0.hasPrefix("RESULT:") } }
            .first { $0.hasPrefix("RESULT:") }
    }

    @Test(.tags(.tmux)) func ctrlCInBrowseIs130() throws {
        let screen = try Self.screen("browse")
        try screen.press("C-c")
        #expect(try Self.result(screen) == "RESULT:[]:130")
    }

    @Test(.tags(.tmux)) func escClearsAKeptFilterBeforeItQuits() throws {
        let screen = try Self.screen("browse")
        for key in ["/", "s", "e", "a", "Enter"] { try screen.press(key) }
        let filtered = try screen.waitFor { $0.last?.contains("/sea (Esc clears)") == true }
        #expect(!filtered.joined().contains("Orchid"))
        try screen.press("Escape")
        let cleared = try screen.waitFor { $0.joined().contains("Orchid") }
        #expect(cleared.last?.contains("/sea") == false)
        #expect(!cleared.contains { $0.hasPrefix("RESULT:") }, "the first Esc does not quit")
        try screen.press("Escape")
        #expect(try Self.result(screen) == "RESULT:[]:0")
    }

    /// The same keys headless: the filter is gone after the Esc, the
    /// catalogue whole again, and the session still running for more keys.
    @Test func renderKeysClearAKeptFilterWithEsc() throws {
        let result = try CommandRunner.run([
            "render", "--keys", "/sea<Enter><Esc>j", "--format", "transcript",
        ])
        #expect(result.status == 0)
        #expect(result.text.contains("Category #1 › SubCategory #1.1 › Orchid #DA70D6"))
        #expect(result.text.contains("SubCategory #1.2, row 2 of 2, 3 items"))
    }

    @Test(.tags(.tmux)) func pickWithAFilterPicksTheFocusedMatchWithOneEnter() throws {
        let screen = try Self.screen("pick --filter \"sea gr\"")
        try screen.press("Enter")
        #expect(try Self.result(screen) == "RESULT:[#2E8B57]:0")
    }

    @Test(.tags(.tmux)) func pickPlaysItsKeysFirst() throws {
        let screen = try Self.screen("pick --keys jj")
        let shown = try screen.waitFor { $0.last?.contains("2.1.1") == true }
        #expect(shown.last?.contains("Moccasin") == true)
        try screen.press("Enter")
        #expect(try Self.result(screen) == "RESULT:[#FFE4B5]:0")
    }

    @Test func pickWithoutATerminalSaysItNeedsOne() throws {
        let result = try CommandRunner.runWithoutATerminal(["pick"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("pick needs a terminal: cannot open /dev/tty"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stdout.isEmpty)
        let browse = try CommandRunner.runWithoutATerminal(["browse"])
        #expect(browse.stderr.hasPrefix("browse needs a terminal"))
    }

    @Test func keysThatPickNeedNoTerminal() throws {
        let picked = try CommandRunner.runWithoutATerminal([
            "pick", "--filter", "sea gr", "--keys", "<Enter>",
        ])
        #expect(picked.status == 0, "\(picked.stderr)")
        #expect(picked.text == "#2E8B57\n")
        let cancelled = try CommandRunner.runWithoutATerminal(["pick", "--keys", "q"])
        #expect(cancelled.status == 130)
        #expect(cancelled.stdout.isEmpty)
    }
}

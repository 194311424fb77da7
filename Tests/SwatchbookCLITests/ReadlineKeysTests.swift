import Foundation
import Testing

/// fzf's keys in a real terminal: the filter line edited with readline's
/// chords, `--bind` with fzf's key and action names, and `pick --multi`'s
/// Tab going on over a row's end.
@Suite("readline and fzf keys", .serialized)
struct ReadlineKeysTests {
    @Test(.tags(.tmux)) func theFilterLineIsEditedWithReadlineKeys() throws {
        let screen = try BrowseKeysTests.screen("pick")
        try screen.press("/")
        try screen.type("zz sea grx")
        try screen.waitFor { $0.last?.contains("/zz sea grx▏") == true }
        try screen.press("Left")
        try screen.waitFor { $0.last?.contains("/zz sea gr▏x") == true }
        try screen.press("DC")
        try screen.waitFor { $0.last?.contains("/zz sea gr▏") == true }
        try screen.press("C-w")
        try screen.waitFor { $0.last?.contains("/zz sea ▏") == true }
        try screen.type("gr")
        try screen.press("C-a")
        try screen.waitFor { $0.last?.contains("/▏zz sea gr") == true }
        try screen.press("Right", "Right", "Right", "C-u")
        try screen.waitFor { $0.last?.contains("/▏sea gr") == true }
        try screen.press("Right", "Right", "Right", "C-k")
        try screen.waitFor { $0.last?.contains("/sea▏") == true && $0.last?.contains("gr") == false }
        try screen.type(" gr")
        try screen.press("Enter")
        try screen.waitFor { $0.last?.contains("/sea gr (Esc clears)") == true }
        try screen.press("Enter")
        #expect(try BrowseKeysTests.result(screen) == "RESULT:[#2E8B57]:0")
    }

    /// Ctrl-J is its own key (LF), not Enter; Alt-X comes as ESC x.
    @Test(.tags(.tmux)) func fzfKeyAndActionNamesBindInATerminal() throws {
        let screen = try BrowseKeysTests.screen("pick --bind ctrl-j:down,alt-x:accept")
        try screen.press("C-j")
        try screen.waitFor { $0.last?.contains("Dark Slate Gray") == true }
        try screen.press("M-x")
        #expect(try BrowseKeysTests.result(screen) == "RESULT:[#2F4F4F]:0")
    }

    @Test func fzfNamesBindThroughTheBinary() throws {
        let picked = try CommandRunner.run([
            "pick", "--bind", "ctrl-j:down,alt-x:accept", "--keys", "<C-j><A-x>",
        ])
        #expect(picked.status == 0 && picked.text == "#2F4F4F\n", "\(picked.stderr)")
        // select-all marks what the filter shows: the items render lists for it.
        let chained = try CommandRunner.run([
            "pick", "--multi", "--print", "name", "--bind", "f2:select-all+accept", "--keys",
            "/sea gr<Enter><F2>",
        ])
        let shown = try CommandRunner.run(["render", "--filter", "sea gr", "--format", "transcript"])
        let names = shown.text.split(separator: "\n").compactMap { line in
            line.firstMatch(of: /› ([^›]+) #[0-9A-F]{6}, \d+ of \d+/).map { String($0.1) }
        }
        #expect(names.count > 1 && names.count < 10, "\(shown.text)")
        #expect(chained.text == names.map { $0 + "\n" }.joined(), "\(chained.stderr)")
        let flipped = try CommandRunner.run([
            "pick", "--multi", "--print", "name", "--bind", "f2:select-all+toggle-all+accept", "--keys",
            "/sea gr<Enter><F2>",
        ])
        #expect(flipped.text == names[0] + "\n", "none marked: the focused one is picked")
        // A lazy source is never read whole: select-all says so rather than ask for a billion.
        let lazy = try CommandRunner.run([
            "pick", "huge", "--multi", "--bind", "f2:select-all", "--keys", "<F2><Enter>",
        ])
        #expect(lazy.status == 64 && lazy.stderr.contains("cannot all be marked"), "\(lazy.stderr)")
        let bad = try CommandRunner.run(["pick", "--bind", "ctrl-j:dwon", "--keys", "<Enter>"])
        #expect(bad.status == 64, "\(bad.stderr)")
        #expect(bad.stderr.contains("(did you mean down?); actions: up down left"), "\(bad.stderr)")
        #expect(bad.stderr.contains("unix-word-rubout"), "\(bad.stderr)")
    }

    /// `help keys`, the man page and the `?` overlay draw the one table.
    @Test func helpKeysAndTheManPageListTheKeyTable() throws {
        let help = try CommandRunner.run(["help", "keys"])
        #expect(help.status == 0, "\(help.stderr)")
        for needed in [
            "accept, tap", "unix-word-rubout      ctrl-w", "alt-bs", "toggle+next-item", "ctrl-a…ctrl-z",
        ] {
            #expect(help.text.contains(needed), "\(needed)")
        }
        let page = try CommandRunner.run(["manpage"])
        #expect(page.text.contains(".SH KEYS"))
        #expect(page.text.contains("unix\\-word\\-rubout"))
        let typo = try CommandRunner.run(["help", "kyes"])
        #expect(typo.status == 64 && typo.stderr.contains("did you mean 'keys'"), "\(typo.stderr)")
    }

    /// Tab marks and steps on to the next row's first colour at a row's
    /// end; Shift-Tab marks and steps back to the previous row's last.
    @Test(.tags(.tmux)) func multiTabGoesOnOverARowsEnd() throws {
        let screen = try TmuxScreen(
            "r=$(\(TmuxScreen.binary) pick --multi --print name); echo \"RESULT:[$r]\"; sleep 30",
            width: 70, height: 20)
        try screen.waitFor { $0.last?.contains("Colours") == true }
        try screen.press("$")
        try screen.waitFor { $0.last?.contains("Sea Green") == true }
        try screen.press("Tab")
        try screen.waitFor { $0.last?.contains("Dark Slate Gray") == true }
        try screen.press("Tab")
        try screen.waitFor { $0.last?.contains("Honeydew") == true }
        try screen.press("BTab")
        try screen.waitFor { $0.last?.contains("Dark Slate Gray") == true }
        try screen.press("BTab")
        try screen.waitFor { $0.last?.contains("Sea Green") == true }
        try screen.press("Enter")
        let shown = try screen.waitFor { $0.contains { $0.hasPrefix("RESULT:") } }
        let start = try #require(shown.firstIndex { $0.hasPrefix("RESULT:") })
        #expect(shown[start] == "RESULT:[Sea Green", "\(shown)")
        #expect(shown[start + 1] == "Honeydew]", "Dark Slate Gray was marked, then unmarked: \(shown)")
    }
}

import Foundation
import Testing

/// The key map as fzf users expect it: `--bind KEY:ACTION` remaps keys, the
/// help draws the map as it is, and `y` copies the focused colour through
/// OSC 52.
@Suite struct KeyBindingTests {
    @Test func bindRemapsAKey() throws {
        let moved = try CommandRunner.run(["pick", "--bind", "J:right", "--keys", "J<Enter>"])
        #expect(moved.status == 0 && moved.text == "#FA8072\n", "\(moved.stderr)")
        // Several at once, fzf's comma form; named keys in any case.
        let named = try CommandRunner.run([
            "pick", "--bind", "x:right,SPACE:right", "--keys", "x<Space><Enter>",
        ])
        #expect(named.text == "#FDF5E6\n", "\(named.stderr)")
        // ignore unbinds: l no longer moves.
        let ignored = try CommandRunner.run(["pick", "--bind", "l:ignore", "--keys", "l<Enter>"])
        #expect(ignored.text == "#DA70D6\n", "\(ignored.stderr)")
        // render --keys takes the same map.
        let rendered = try CommandRunner.run(
            ["render", "--bind", "J:right", "--keys", "J", "--format", "transcript", "--height", "6"])
        #expect(rendered.text.contains("Salmon #FA8072, 2 of 5, focused"), "\(rendered.text)")
    }

    @Test func badBindingsAreUsageErrors() throws {
        let action = try CommandRunner.run(["pick", "--bind", "J:dwon", "--keys", "<Enter>"])
        #expect(
            action.status == 64 && action.stderr.contains("unknown action \"dwon\" (did you mean down?)"),
            "\(action.stderr)")
        let key = try CommandRunner.run(["pick", "--bind", "Hyper-Q:down", "--keys", "<Enter>"])
        #expect(key.status == 64 && key.stderr.contains("unknown key"), "\(key.stderr)")
        #expect(key.stderr.contains("keys: a character, ctrl-a…ctrl-z"), "\(key.stderr)")
        let shape = try CommandRunner.run(["pick", "--bind", "down", "--keys", "<Enter>"])
        #expect(shape.status == 64 && shape.stderr.contains("expected KEY:ACTION"), "\(shape.stderr)")
    }

    /// y in a real terminal: tmux takes the OSC 52 into its paste buffer.
    @Test(.tags(.tmux)) func yCopiesTheFocusedColourThroughOSC52() throws {
        let screen = try TmuxScreen("sleep 30", width: 80, height: 24)
        try screen.tmux(["set-option", "-g", "set-clipboard", "on"])
        try screen.tmux(["respawn-pane", "-k", "-t", "main", "\(TmuxScreen.binary) browse; sleep 30"])
        try screen.waitFor { $0.last?.contains("Colours") == true }
        try screen.press("l")
        try screen.press("y")
        try screen.waitFor { $0.last?.contains("copied #FA8072 to the clipboard (OSC 52)") == true }
        var buffer = ""
        for _ in 0..<50 {
            buffer = (try? screen.tmux(["show-buffer"])) ?? ""
            if buffer == "#FA8072" { break }
            usleep(100_000)
        }
        #expect(buffer == "#FA8072")
    }
}

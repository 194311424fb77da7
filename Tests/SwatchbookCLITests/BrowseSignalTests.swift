import Foundation
import Testing

/// Signals sent to browse from outside, in a real terminal (tmux): every
/// fatal one restores the terminal and ends the process by that signal, and
/// SIGTSTP hands the terminal to the shell until `fg`.
@Suite("browse under signals")
struct BrowseSignalTests {
    static let width = 70
    static let height = 20

    /// The pid of the swatchbook the shell `parent` runs now (the shell
    /// also has the screen's watchdog among its children).
    static func swatchbook(under parent: pid_t) throws -> pid_t {
        for _ in 0..<200 {
            let children =
                (try? String(contentsOfFile: "/proc/\(parent)/task/\(parent)/children", encoding: .utf8))
                ?? ""
            for child in children.split(separator: " ").compactMap({ pid_t($0) }) {
                let name = try? String(contentsOfFile: "/proc/\(child)/comm", encoding: .utf8)
                if name == "swatchbook\n" { return child }
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        throw TmuxScreen.TmuxError(message: "no swatchbook under \(parent)")
    }

    /// Whether the shell's prompt is the last line written.
    static func prompted(_ lines: [String]) -> Bool {
        lines.last { !$0.isEmpty }?.hasPrefix("READY$") == true
    }

    func flag(_ screen: TmuxScreen, _ name: String) throws -> String {
        try screen.tmux(["display-message", "-p", "-t", "main", "#{\(name)}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(.tags(.tmux), arguments: [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE])
    func aFatalSignalRestoresTheTerminalAndEndsByIt(_ signal: Int32) throws {
        let folder = ScratchFolder()
        let pidFile = folder.path("pid")
        let screen = try TmuxScreen(
            "ulimit -c 0; \(TmuxScreen.binary) browse & echo $! > '\(pidFile)'; wait $!; echo \"EXIT:$?\"; stty -a; echo END; sleep 30",
            width: Self.width, height: Self.height)
        try screen.waitFor { $0.last?.contains("Colours") == true }
        let pid = try String(contentsOfFile: pidFile, encoding: .utf8)
        let target = try #require(pid_t(pid.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(target, signal) == 0)
        let shown = try screen.waitFor { $0.contains("END") }
        #expect(shown.contains("EXIT:\(128 + signal)"), "\(shown)")
        let settings = shown.joined(separator: " ")
        #expect(settings.contains(" icanon") && !settings.contains("-icanon"))
        #expect(settings.contains(" echo ") && settings.contains(" isig") && settings.contains(" opost"))
        #expect(try flag(screen, "alternate_on") == "0")
        #expect(try flag(screen, "cursor_flag") == "1")
        #expect(try flag(screen, "mouse_any_flag") == "0")
    }

    /// SIGTSTP: the shell's prompt is usable, in cooked mode, on its own
    /// screen with the cursor shown and the mouse off; after `fg` browse
    /// is whole again and a key moves the focus.
    @Test(.tags(.tmux)) func jobControlStopsAndContinues() throws {
        let folder = ScratchFolder()
        let shellFile = folder.path("shell")
        let screen = try TmuxScreen(
            "PS1='READY$ ' exec bash --norc --noprofile -i", width: Self.width, height: Self.height)
        try screen.waitFor { $0.contains { $0.hasPrefix("READY$") } }
        try screen.type("echo $$ > '\(shellFile)'; \(TmuxScreen.binary) browse\n")
        try screen.waitFor { $0.last?.contains("Colours") == true }
        let before = try screen.screen()
        let shell = try #require(
            pid_t(
                try String(contentsOfFile: shellFile, encoding: .utf8).trimmingCharacters(
                    in: .whitespacesAndNewlines)))
        let browse = try Self.swatchbook(under: shell)
        #expect(kill(browse, SIGTSTP) == 0)

        try screen.waitFor { $0.contains { $0.contains("Stopped") } && Self.prompted($0) }
        #expect(try flag(screen, "alternate_on") == "0")
        #expect(try flag(screen, "cursor_flag") == "1")
        #expect(try flag(screen, "mouse_any_flag") == "0")
        // The shell's line discipline again: what is typed echoes, and a
        // command runs on Enter.
        try screen.type(
            "stty -a | tr ' ' '\\n' | grep -x -e icanon -e echo -e -icanon -e -echo | tr '\\n' ,\n")
        try screen.waitFor { $0.contains { $0.hasPrefix("icanon,echo,") } }

        try screen.type("fg\n")
        let back = try screen.waitFor { $0.last?.contains("Colours") == true }
        #expect(back == before, "the whole frame is drawn again")
        #expect(try flag(screen, "alternate_on") == "1")
        #expect(try flag(screen, "mouse_any_flag") == "1")
        // Raw mode: one key, no Enter, moves the focus.
        try screen.press("l")
        try screen.waitFor { $0 != before && $0.last?.contains("Colours") == true }
        try screen.press("q")
        try screen.waitFor { Self.prompted($0) }
    }
}

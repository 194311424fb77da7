import Foundation
import Testing

/// browse and pick in a real terminal (tmux): keys and mouse in, the screen
/// read back and compared with what render draws for the same keys.
@Suite("browse and pick in a terminal", .serialized)
struct BrowseTests {
    static let width = 70
    static let height = 20

    /// What render draws above the status line after the same keys, in
    /// the terminal's 256 colours, as the text a terminal shows (swatches
    /// are coloured blanks).
    static func rendered(
        _ keys: String, width: Int = width, height: Int = height, options: [String] = []
    ) throws -> [String] {
        let result = try CommandRunner.run(
            [
                "render", "--keys", keys, "--width", "\(width)", "--height", "\(height - 1)", "--format",
                "ansi",
                "--color", "256",
            ] + options)
        #expect(result.status == 0, "\(result.stderr)")
        var lines = result.text.replacingOccurrences(
            of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression
        ).components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    static func browse(_ arguments: String = "") throws -> TmuxScreen {
        let screen = try TmuxScreen(
            "\(TmuxScreen.binary) browse \(arguments); echo \"EXIT:$?\"; stty -a; echo END; sleep 30",
            width: width, height: height)
        try screen.waitFor { $0.last?.contains("Colours") == true || $0.last?.contains(" 1.") == true }
        return screen
    }

    /// (keys for render, the same keys for tmux)
    static let sequences: [(String, [String])] = [
        ("", []),
        ("jjl", ["j", "j", "l"]),
        ("<Tab><Tab>l", ["Tab", "Tab", "l"]),
        ("G", ["G"]),
        ("llllll<Enter>", ["l", "l", "l", "l", "l", "l", "Enter"]),
        ("<PgDn>", ["NPage"]),
        ("/sea<Enter>", ["/", "s", "e", "a", "Enter"]),
    ]

    @Test("the screen equals render --height H-1 after the same keys", .tags(.tmux), arguments: sequences)
    func screenMatchesRender(_ keys: String, _ tmuxKeys: [String]) throws {
        let screen = try Self.browse()
        for key in tmuxKeys { try screen.press(key) }
        let shown = try screen.settle()
        let expected = try Self.rendered(keys)
        #expect(Array(shown.prefix(Self.height - 1)) == expected)
        #expect(shown.count == Self.height)
        #expect(shown.last?.hasPrefix(" Colours") == true)
    }

    /// `browse --keys K` starts on the screen `render --keys K --height H-1`
    /// draws: the same replay, so a filter typed without Enter is applied
    /// before the first frame (browse drew the catalogue unfiltered).
    @Test(.tags(.tmux), arguments: ["/sea", "/sea<Enter>l", "jjl", "G"])
    func browseKeysStartsWhereRenderKeysEnds(_ keys: String) throws {
        let screen = try Self.browse("--keys '\(keys)'")
        let shown = try screen.settle()
        #expect(Array(shown.prefix(Self.height - 1)) == (try Self.rendered(keys)), "\(keys)")
    }

    /// Outline and details in browse: the same screen as render after the
    /// same keys (closing a row with Enter, walking lines, a table chosen whole).
    @Test(
        .tags(.tmux),
        arguments: [
            ("outline", "k<Enter>jjj", ["k", "Enter", "j", "j", "j"]),
            ("outline", "kkhG", ["k", "k", "h", "G"]),
            ("details", "jj<Enter>", ["j", "j", "Enter"]),
        ])
    func otherLayoutsMatchRender(_ layout: String, _ keys: String, _ tmuxKeys: [String]) throws {
        let screen = try Self.browse("--layout \(layout)")
        for key in tmuxKeys { try screen.press(key) }
        let shown = try screen.settle()
        #expect(
            Array(shown.prefix(Self.height - 1)) == (try Self.rendered(keys, options: ["--layout", layout])))
    }

    @Test(.tags(.tmux)) func aClickOnADetailsLineChoosesItsTable() throws {
        let screen = try Self.browse("--layout details")
        // Line 5 (1-based): Salmon's line in the first table.
        try screen.type("\u{1B}[<0;6;5M\u{1B}[<0;6;5m")
        let shown = try screen.waitFor { $0.joined().contains("☑ SubCategory #1.1") }
        #expect(shown.last?.contains("1.1") == true)
    }

    @Test(.tags(.tmux)) func quittingRestoresTheTerminal() throws {
        let screen = try Self.browse()
        try screen.press("q")
        let shown = try screen.waitFor { $0.contains("END") }
        #expect(shown.contains("EXIT:0"))
        let settings = shown.joined(separator: " ")
        #expect(settings.contains(" icanon") && settings.contains(" echo"))
        #expect(!settings.contains("-icanon") && !settings.contains("-echo "))
        #expect(!shown.contains { $0.contains("SubCategory") }, "the alternate screen is gone")
    }

    /// A tap stuck in a C function of Lua's library, which no hook can
    /// stop, ends browse a second past its budget with the terminal restored.
    @Test(.tags(.tmux)) func aCallStuckInTheLibraryEndsBrowseAndRestoresTheTerminal() throws {
        let folder = ScratchFolder()
        let plugin = folder.write(
            "stuck.lua",
            """
            return { name = "Stuck", api = 1,
              data = { { name = "Colours", rows = { { name = "Row", items = { { name = "Red", color = "#FF0000" } } } } } },
              on_tap = function() string.find(("a"):rep(40), ("a*"):rep(12) .. "b") end }
            """)
        let screen = try TmuxScreen(
            "\(TmuxScreen.binary) browse '\(plugin)' --script-timeout 0.2; echo \"EXIT:$?\"; stty -a | tr ' ;' '\\n\\n' | grep -x -- '-*icanon'; echo END; sleep 30",
            width: Self.width, height: Self.height)
        try screen.waitFor { $0.last?.contains("Stuck") == true }
        try screen.press("Enter")
        let shown = try screen.waitFor { $0.contains("END") }
        #expect(shown.contains("EXIT:65"))
        // The line wraps at 70 columns, where tmux drops the space.
        let text = shown.joined().filter { $0 != " " }
        let line = "stuck.lua:acallranasecondpastits0.2stimebudget"
        #expect(text.contains(line), "the error is shown after the screen")
        #expect(shown.contains("icanon"), "the terminal is back in line mode")
        #expect(!shown.contains { $0.contains("Colours") }, "the alternate screen is gone")
    }

    /// A paste whose end marker is lost ends after a second of quiet, and
    /// the keys after it are keys again.
    @Test(.tags(.tmux)) func aPasteWithoutItsEndDoesNotLockTheKeys() throws {
        let screen = try Self.browse()
        try screen.type("\u{1B}[200~lost end")
        Thread.sleep(forTimeInterval: 1.5)
        try screen.press("q")
        let shown = try screen.waitFor(seconds: 5) { $0.contains("END") }
        #expect(shown.contains("EXIT:0"))
    }

    /// A long paste into the filter is filtered for once, not once a
    /// character: it is done well within the seconds it took before.
    @Test(.tags(.tmux)) func aLongPasteIntoTheFilterIsQuick() throws {
        let screen = try Self.browse()
        try screen.press("/")
        try screen.paste(String(repeating: "sea ", count: 2_000))
        // The status line shows the filter typed so far, cut to its width.
        try screen.waitFor(seconds: 3) {
            $0.last?.contains("/sea sea") == true && $0.last?.hasSuffix("…") == true
        }
        try screen.press("Escape")
        try screen.waitFor { $0.last?.contains("/sea") == false }
        try screen.press("q")
        #expect(try screen.waitFor(seconds: 3) { $0.contains("END") }.contains("EXIT:0"))
    }

    /// What a plugin prints, and what a pick answers, cannot drive the
    /// terminal: a clipboard write (OSC 52) and a title (OSC 2), printed on
    /// a tap while browse runs and shown after it ends, or returned by
    /// on_tap as the pick, reach neither tmux's buffers nor the title.
    @Test(
        .tags(.tmux),
        arguments: [
            ("browse", "print(\"tapped\" .. loud)", "tapped"),
            ("pick", "return \"picked\" .. loud", "picked"),
        ])
    func scriptTextCannotDriveTheTerminal(_ command: String, _ onTap: String, _ word: String) throws {
        let folder = ScratchFolder()
        let plugin = folder.write(
            "loud.lua",
            #"""
            local loud = "\27]52;c;cHduZWQ=\7\27]2;pwned\7\27[2J"
            return { name = "Loud", api = 1,
              data = { { name = "Colours", rows = { { name = "Row", items = { { name = "Red", color = "#FF0000" } } } } } },
              on_tap = function() \#(onTap) end }
            """#)
        let screen = try TmuxScreen(
            "printf '\\033]2;before\\007'; \(TmuxScreen.binary) \(command) '\(plugin)'; echo \"EXIT:$?\"; echo END; sleep 30",
            width: Self.width, height: Self.height)
        try screen.tmux(["set-option", "-g", "set-clipboard", "on"])
        try screen.waitFor { $0.last?.contains("Loud") == true }
        try screen.press("Enter")
        if command == "browse" {
            try screen.waitFor { $0.last?.contains("Red") == true }
            try screen.press("q")
        }
        let shown = try screen.waitFor { $0.contains("END") }
        #expect(shown.contains("EXIT:0"))
        #expect(
            shown.contains { $0.hasPrefix(word + "\u{FFFD}]52;c;cHduZWQ=") },
            "the text is shown, made harmless")
        #expect(try screen.tmux(["list-buffers"]).isEmpty, "no clipboard write reached the terminal")
        #expect(try screen.tmux(["display-message", "-p", "#{pane_title}"]) == "before\n")
    }

    @Test(.tags(.tmux)) func sigtermRestoresTheTerminal() throws {
        let folder = ScratchFolder()
        let pidFile = folder.path("pid")
        let screen = try TmuxScreen(
            "\(TmuxScreen.binary) browse & echo $! > '\(pidFile)'; wait $!; echo \"EXIT:$?\"; stty -a; echo END; sleep 30",
            width: Self.width, height: Self.height)
        try screen.waitFor { $0.last?.contains("Colours") == true }
        let pid = try String(contentsOfFile: pidFile, encoding: .utf8)
        let target = try #require(pid_t(pid.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(target, SIGTERM) == 0)
        let shown = try screen.waitFor { $0.contains("END") }
        #expect(shown.contains("EXIT:143"))
        let settings = shown.joined(separator: " ")
        #expect(settings.contains(" icanon") && !settings.contains("-icanon"))
    }

    @Test(.tags(.tmux)) func aResizeRedrawsEverything() throws {
        let screen = try Self.browse()
        let expected = try Self.rendered("", width: 50, height: 14)
        try screen.resize(width: 50, height: 14)
        // The first screen of 14 lines may be tmux's, before the redraw lands.
        let shown = try screen.waitFor { $0.count == 14 && Array($0.prefix(13)) == expected }
        #expect(shown.last?.contains("Colours") == true)
    }

    @Test(.tags(.tmux)) func pickPrintsTheTappedHex() throws {
        let screen = try TmuxScreen(
            "r=$(\(TmuxScreen.binary) pick Scripts/picker.lua); echo \"RESULT:[$r]:$?\"; sleep 30",
            width: Self.width, height: Self.height)
        try screen.waitFor { $0.last?.contains("Picker") == true }
        try screen.press("l")
        try screen.press("Enter")
        let shown = try screen.waitFor { $0.contains { $0.hasPrefix("RESULT:") } }
        #expect(shown.contains("RESULT:[#A0001E]:0"))
    }

    @Test(.tags(.tmux)) func cancellingAPickIs130() throws {
        for key in ["Escape", "q", "C-c"] {
            let screen = try TmuxScreen(
                "r=$(\(TmuxScreen.binary) pick); echo \"RESULT:[$r]:$?\"; sleep 30",
                width: Self.width, height: Self.height)
            try screen.waitFor { $0.last?.contains("Colours") == true }
            try screen.press(key)
            let shown = try screen.waitFor(seconds: 5) { $0.contains { $0.hasPrefix("RESULT:") } }
            #expect(shown.contains("RESULT:[]:130"), "\(key)")
        }
    }
}

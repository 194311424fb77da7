import Foundation
import Testing

/// browse and pick on a real terminal of few columns and lines: the
/// inspector beside the catalogue, the help scrolled, and what the status
/// line says (a palette file's name, the marks of `pick --multi`).
@Suite("browse on a small terminal", .serialized)
struct BrowseScreenSizeTests {
    /// `command` (browse or pick and its arguments) in tmux, once its status line shows `ready`.
    static func start(_ command: String, width: Int, height: Int, ready: String) throws -> TmuxScreen {
        let screen = try TmuxScreen(
            "\(TmuxScreen.binary) \(command); echo \"EXIT:$?\"; sleep 30", width: width, height: height)
        try screen.waitFor { $0.last?.contains(ready) == true }
        return screen
    }

    /// At 40 × 10 the panel takes 20 columns: the focus, scrolled into the
    /// other 20, is beside it, and the screen is what `render --inspect
    /// --height` draws for the same keys.
    @Test(.tags(.tmux)) func theInspectorSplitsTheScreenWithTheFocusInView() throws {
        let screen = try Self.start("browse", width: 40, height: 10, ready: "Colours")
        for key in ["l", "l", "l", "l", "i"] { try screen.press(key) }
        let shown = try screen.waitFor { $0.joined().contains("Path") }
        let left = shown.prefix(9).map { String($0.prefix(20)) }
        #expect(left.contains { $0.contains("Sea Green") }, "the focus is left of the panel:\n\(shown)")
        #expect(left.contains { $0.hasSuffix("›") }, "a strip says it goes on under the panel")
        #expect(shown.last?.contains("1.1.5") == true)
        let expected = try BrowseTests.rendered(
            "llll", width: 40, height: 10, options: ["--inspect", "1.1.5"])
        #expect(Array(try screen.settle().prefix(9)) == expected)
        try screen.press("i")
        let whole = try screen.waitFor { !$0.joined().contains("Path") }
        #expect(Array(whole.prefix(9)) == (try BrowseTests.rendered("lllli", width: 40, height: 10)))
    }

    /// At 20 × 6 the help shows three of its lines: G scrolls to its last,
    /// and a key that does not scroll closes it.
    @Test(.tags(.tmux)) func theHelpScrollsToItsEndOnA20By6Terminal() throws {
        let screen = try Self.start("browse", width: 20, height: 6, ready: "Colours")
        try screen.press("?")
        try screen.waitFor { $0.joined().contains("↓") }
        try screen.press("G")
        let end = try screen.waitFor { $0.joined().contains("any other key") }
        #expect(end.contains { $0.contains("↑") && $0.contains("/") }, "where the help is:\n\(end)")
        try screen.press("k")
        try screen.waitFor { !$0.joined().contains("any other key") && $0.joined().contains("↓") }
        try screen.press("Escape")
        try screen.waitFor { !$0.joined().contains("↓") }
        try screen.press("q")
        #expect(try screen.waitFor { $0.contains { $0.hasPrefix("EXIT:") } }.contains("EXIT:0"))
    }

    @Test(.tags(.tmux)) func theStatusLineNamesThePaletteFileAndIsCutToFit() throws {
        let file = "Tests/Fixtures/palettes/solarized-dark.itermcolors"
        let screen = try Self.start("browse \(file)", width: 30, height: 20, ready: "solarized")
        let shown = try screen.settle()
        let status = try #require(shown.last)
        #expect(status.hasPrefix(" solarized-dark.itermcolors"), "\(status)")
        #expect(status.hasSuffix("…"), "cut at 30 columns: \(status)")
        #expect(!status.contains("iTerm2"))
        try screen.resize(width: 120, height: 30)
        try screen.press("i")
        let inspected = try screen.waitFor { $0.joined().contains("Read by") }
        #expect(inspected.contains { $0.contains("Read by") && $0.contains("iTerm2 colours") })
    }

    @Test(.tags(.tmux)) func pickMultiSaysHowManyAreMarked() throws {
        let screen = try Self.start("pick --multi", width: 70, height: 20, ready: "Colours")
        #expect(try screen.screen().last?.contains("0 marked") == true)
        try screen.press("Tab")
        try screen.waitFor { $0.last?.contains("1 marked") == true }
        try screen.press("Tab")
        let shown = try screen.waitFor { $0.last?.contains("2 marked") == true }
        #expect(shown.last?.contains("1.1.3") == true, "Tab marks and moves on")
    }
}

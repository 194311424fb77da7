import SwatchbookCore
import SwatchbookSession
import SwatchbookTestSupport
import Testing

@testable import SwatchbookTerminal

/// Hot reload in memory: what the loop hands the model when a watched file
/// changed (a fresh session, or why it did not load), and the screen after.
@Suite("browse in memory: hot reload")
struct BrowseReloadTests {
    typealias Harness = BrowseScreenTests.Harness

    /// A fresh session on `script`, as the reloader opens one.
    static func reopened(_ script: FakeScript, like browse: Harness) throws -> Session {
        let old = browse.model.session
        let fresh = Session(
            script: script, settings: old.settings, screen: old.screen, state: old.state,
            measure: { $0.count })
        try fresh.start()
        return fresh
    }

    /// What the loop does when a poll brought `result`: no key, one frame.
    static func reload(_ browse: Harness, _ result: Result<Session, Diagnostic>) {
        browse.model.adopt(result)
        _ = browse.screen.handle([], changed: true)
        browse.emulated.apply(browse.terminal.take())
    }

    @Test func aReloadShowsTheFreshScriptsStatusAtOnce() throws {
        let old = FakeScript.listening()
        old.statusText = "v1"
        let browse = try Harness(old)
        #expect(browse.statusLine.contains("v1"))
        let fresh = FakeScript.listening()
        fresh.statusText = "v2"
        Self.reload(browse, .success(try Self.reopened(fresh, like: browse)))
        #expect(fresh.statusAsks == 1)
        #expect(browse.statusLine.contains("reloaded fake.lua"), "\(browse.statusLine)")
        #expect(browse.statusLine.contains("v2"), "\(browse.statusLine)")
    }

    /// Whether the screen shows `text` whole, its wrapped lines read as one.
    static func shows(_ text: String, _ browse: Harness) -> Bool {
        browse.emulated.lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            .contains(text)
    }

    static let error = Diagnostic(
        .data, file: "plugins/emoji.lua", line: 15,
        "the group Hands lists no colours: every group needs at least one, or its row would be empty")

    @Test func aFailedReloadShowsTheWholeErrorUntilEscClosesIt() throws {
        let browse = try Harness(width: 40, height: 16)
        Self.reload(browse, .failure(Self.error))
        #expect(Self.shows(Self.error.formatted, browse), "\(browse.text)")
        #expect(Self.shows("still running the version that last loaded", browse))
        try browse.press("l")
        #expect(Self.shows(Self.error.formatted, browse), "a key leaves it up")
        #expect(browse.statusLine.contains("1.1.2"), "and does what it does")
        #expect(
            browse.emulated.mismatches(with: browse.model.frame(width: 40, height: 16), depth: .truecolor)
                == [])
        #expect(try browse.press("<Esc>") == nil, "Esc closes the error, not browse")
        #expect(!Self.shows(Self.error.formatted, browse))
        #expect(try browse.press("<Esc>") == .quit, "then Esc is itself again")
    }

    @Test func eachDistinctErrorIsKeptNamedFromTheWorkingFolderAndALoadClosesIt() throws {
        let browse = try Harness(width: 60, height: 16)
        browse.model.folder = WorkingFolder(path: "/home/ana/work", home: "/home/ana")
        let whole = Diagnostic(
            .data, file: "/home/ana/work/plugins/emoji.lua", line: 15, "attempt to call a nil value")
        Self.reload(browse, .failure(whole))
        Self.reload(browse, .failure(whole))
        Self.reload(browse, .failure(Self.error))
        #expect(
            browse.model.reloadErrors == [
                "plugins/emoji.lua:15: attempt to call a nil value", Self.error.formatted,
            ])
        #expect(Self.shows(Self.error.formatted, browse), "the latest error is the one up")
        Self.reload(browse, .success(try Self.reopened(FakeScript.listening(), like: browse)))
        #expect(!browse.model.showsReloadError)
        #expect(!Self.shows("Reload failed", browse))
        #expect(browse.model.session.screen.height == 15, "the catalogue has its lines back")
        #expect(browse.model.reloadErrors.count == 2, "kept for stderr after the panel has gone")
    }

    @Test func aLongErrorScrollsUnderTheWheelAndEscWhileTypingIsTheFilters() throws {
        let browse = try Harness(width: 40, height: 12)
        let words = (1...40).map { "word\($0)" }.joined(separator: " ")
        Self.reload(browse, .failure(Diagnostic(.data, file: "long.lua", line: 1, words)))
        #expect(browse.model.session.screen.height >= 1)
        #expect(!Self.shows("word40", browse), "more than half the screen is not taken")
        #expect(browse.text.contains("↓"))
        let panelLine = browse.emulated.lines.firstIndex { $0.contains("Reload failed") } ?? 0
        let statusBefore = browse.statusLine
        for _ in 0..<20 {
            browse.send([.mouse(MouseEvent(action: .wheelDown, x: 5, y: panelLine + 1))])
        }
        #expect(Self.shows("word40", browse), "the wheel over it reads the end")
        browse.send([
            .mouse(MouseEvent(action: .press(.left), x: 5, y: panelLine + 1)),
            .mouse(MouseEvent(action: .release(.left), x: 5, y: panelLine + 1)),
        ])
        #expect(browse.statusLine == statusBefore, "a click on the panel taps nothing under it")
        try browse.press("/s<Esc>")
        #expect(browse.model.showsReloadError, "Esc cleared the filter being typed")
        try browse.press("<Esc>")
        #expect(!browse.model.showsReloadError)
    }

    @Test(arguments: [3, 4, 5, 8, 30])
    func theTerminalShowsTheModelsFrameWithAnErrorUpOnAnyHeight(_ height: Int) throws {
        let browse = try Harness(FakeScript.listening(BrowseScreenTests.long), width: 30, height: height)
        Self.reload(browse, .failure(Self.error))
        for key in ["j", "l", "G", "i", "l", "i", "g"] {
            try browse.press(key)
            #expect(
                browse.emulated.mismatches(
                    with: browse.model.frame(width: 30, height: height), depth: .truecolor) == [])
            #expect(browse.model.session.screen.height >= 1)
            let focus = try #require(
                browse.model.session.navigator.currentTarget(in: browse.model.session.state))
            let shown = browse.model.session.visibleLayout().elements.contains { $0.path == focus.path }
            #expect(shown, "the focus is on screen, above the panel, after \(key)")
        }
    }
}

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
        browse.screen.handle([], changed: true)
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
}

import SwatchbookCore
import SwatchbookRender
import SwatchbookSession
import SwatchbookTerminal
import SwatchbookTestSupport
import Testing

/// The screen shared and small: the inspector beside the catalogue, the
/// help scrolled on a screen of a few lines, and a status line cut to fit.
@Suite("browse in memory: the inspector's split, small screens, the status line")
struct BrowseSplitScreenTests {
    typealias Harness = BrowseScreenTests.Harness

    /// The columns left of the panel of each line of a screen 60 columns wide.
    static func left(_ browse: Harness) -> [String] {
        browse.emulated.lines.map { String($0.prefix(60 - InspectorPanel.width(onScreen: 60))) }
    }

    @Test func theInspectorTakesItsColumnsFromTheCatalogueAndTheFocusStaysInView() throws {
        let browse = try Harness(FakeScript.listening(BrowseScreenTests.long), width: 60, height: 16)
        try browse.press("i" + String(repeating: "l", count: 6))
        #expect(browse.model.session.screen.width == 30, "the panel has half of the 60 columns")
        let left = Self.left(browse)
        #expect(left.contains { $0.contains("C1-7") }, "the focus is left of the panel:\n\(browse.text)")
        #expect(left.contains { $0.contains("›") }, "the strip says it goes on under the panel")
        #expect(left.contains { $0.contains("‹") }, "and that it was scrolled")
        #expect(browse.emulated.lines.contains { $0.dropFirst(30).contains("C1-7") }, "the panel shows it")
        #expect(browse.statusLine.contains("1.1.7"))
    }

    @Test func closingTheInspectorGivesTheColumnsBack() throws {
        let browse = try Harness(FakeScript.listening(BrowseScreenTests.long), width: 60, height: 16)
        try browse.press("$i")
        #expect(Self.left(browse).contains { $0.contains("C1-30") }, "the last item beside the panel")
        try browse.press("i")
        #expect(browse.model.session.screen.width == 60)
        let never = try Harness(FakeScript.listening(BrowseScreenTests.long), width: 60, height: 16)
        try never.press("$")
        #expect(browse.text == never.text, "the strip's offset is clamped to the wider screen again")
    }

    /// The panel is as wide whatever has the focus: moving it lays nothing out again.
    @Test func thePanelsWidthDoesNotFollowTheFocus() throws {
        let browse = try Harness(width: 100, height: 24)
        try browse.press("i")
        let width = browse.model.session.screen.width
        #expect(width == 50)
        try browse.press("jlj")
        #expect(browse.model.session.screen.width == width)
    }

    @Test func theHelpScrollsToItsEndOnATinyScreenAndAnyOtherKeyClosesIt() throws {
        let browse = try Harness(width: 20, height: 6)
        try browse.press("?")
        #expect(browse.text.contains("↓"), "it says there is more:\n\(browse.text)")
        try browse.press("G")
        #expect(browse.model.showsHelp, "G scrolls the help, not the catalogue")
        #expect(browse.text.contains("any other key"), "its last line:\n\(browse.text)")
        #expect(browse.text.contains("↑"))
        try browse.press("kj<PgUp><PgDn>")
        #expect(browse.model.showsHelp)
        #expect(browse.text.contains("any other key"))
        let focus = browse.statusLine
        try browse.press("l")
        #expect(!browse.model.showsHelp)
        #expect(browse.statusLine == focus, "the key that closed the help did not move the focus")
    }

    @Test func aLongStatusLineIsCutWithAnEllipsis() throws {
        let browse = try Harness(width: 20, height: 6)
        #expect(browse.statusLine.hasSuffix("…"), "\(browse.statusLine)")
        #expect(browse.statusLine.hasPrefix(" Fake  1.1.1"))
    }

    @Test func theStatusLineNamesThePaletteFileAndTheInspectorItsReader() throws {
        let browse = try Harness(width: 100, height: 24)
        browse.model.title = "solarized-dark.itermcolors"
        browse.model.reader = "iTerm2 colours"
        try browse.press("i")
        #expect(browse.statusLine.hasPrefix(" solarized-dark.itermcolors  1.1.1"), "\(browse.statusLine)")
        #expect(browse.emulated.lines.contains { $0.contains("Read by") && $0.contains("iTerm2 colours") })
    }

    @Test func aMultiplePickSaysHowManyAreMarked() throws {
        let browse = try Harness(mode: .pick, width: 80, multi: true)
        let marked = browse.model.session.state.selected.count
        #expect(browse.statusLine.hasPrefix(" Fake  \(marked) marked  1.1.1"), "\(browse.statusLine)")
        try browse.press("<Tab><Tab>")
        #expect(browse.statusLine.hasPrefix(" Fake  \(marked + 2) marked  1.1.3"), "\(browse.statusLine)")
        let single = try Harness(mode: .pick, width: 80)
        #expect(!single.statusLine.contains("marked"))
    }
}

import SwatchbookCore
import SwatchbookTestSupport
import Testing

@testable import SwatchbookSession

/// What a tap does, with no Lua: the session asks a fake script, which
/// logs each callback and answers as the test says.
@Suite("Session: taps, selection, expansion, filter and the screen")
struct SessionTests {
    @Test func aTapOnAnItemAsksOnTapThenShouldSelectThenOnSelect() throws {
        let script = FakeScript.listening()
        let session = try Session.open(script)
        #expect(try session.tap(ElementPath([1, 1, 2])) == "#FFC0CB", "the pick is the tapped colour")
        #expect(
            script.log == [
                "on_tap item 1.1.2 Pink", "should_select item 1.1.2 Pink",
                // Single selection lets go of Gold, which the data selects.
                "on_deselect node 2.1.1.2 Gold", "on_select item 1.1.2 Pink",
            ])
        #expect(session.state.focusPath == ElementPath([1, 1, 2]), "a tap takes the focus")
    }

    @Test("headers, row titles and fields run on_tap only", arguments: ["1", "1.1", "1.2.2"])
    func tapsWithNoDefault(_ path: String) throws {
        let script = FakeScript.listening()
        let session = try Session.open(script)
        let before = session.state.selected
        #expect(try session.tap(ElementPath(parsing: path)!) == nil)
        #expect(script.log.count == 1)
        #expect(script.log.first?.hasPrefix("on_tap ") == true)
        #expect(session.state.selected == before)
    }

    @Test func aNodeWithChildrenOpensAndClosesAndALeafIsSelected() throws {
        let script = FakeScript.listening()
        let session = try Session.open(script)
        try session.tap(ElementPath([2, 1, 1]))
        #expect(script.log.last == "on_expand node 2.1.1 Warm")
        #expect(script.events.last?.element.isExpanded == true, "the event says what the tap made of it")
        try session.tap(ElementPath([2, 1, 1, 1]))
        #expect(script.log.last == "on_select node 2.1.1.1 Red")
        try session.tap(ElementPath([2, 1, 1]))
        #expect(script.log.last == "on_collapse node 2.1.1 Warm")
        #expect(session.state.expanded.isEmpty)
    }

    @Test func onTapFalseCancelsTheDefaultAndTextIsThePick() throws {
        let cancel = FakeScript(answers: [.onTap: .no])
        let cancelled = try Session.open(cancel)
        #expect(try cancelled.tap(ElementPath([2, 1, 1])) == nil)
        #expect(cancelled.state.expanded.isEmpty)

        let pick = FakeScript(answers: [.onTap: .text("picked\u{1B}[2J 2\n")])
        let session = try Session.open(pick)
        #expect(
            try session.tap(ElementPath([1, 1, 2])) == "picked\u{FFFD}[2J 2\n",
            "escapes never reach the shell")
        #expect(session.state.selected.contains { $0.hasSuffix("Pink") }, "the default still runs")
    }

    @Test func shouldSelectFalseVetoesTheSelection() throws {
        let script = FakeScript(answers: [.shouldSelect: .no, .onSelect: .nothing])
        let session = try Session.open(script)
        try session.tap(ElementPath([1, 1, 1]))
        #expect(!session.state.selected.contains { $0.hasSuffix("Salmon") })
        #expect(!script.log.contains { $0.hasPrefix("on_select") })
    }

    @Test func selectionModes() throws {
        let multiple = try Session.open(FakeScript(), selection: .multiple)
        for path in [[1, 1, 1], [1, 1, 2], [1, 1, 1]] { try multiple.tap(ElementPath(path)) }
        #expect(multiple.state.selected.contains { $0.hasSuffix("Pink") })
        #expect(
            multiple.state.selected.contains { $0.hasSuffix("Gold") }, "multiple keeps what the data selected"
        )
        #expect(!multiple.state.selected.contains { $0.hasSuffix("Salmon") }, "a second tap deselects")

        let none = try Session.open(FakeScript(), selection: .none)
        try none.tap(ElementPath([1, 1, 1]))
        #expect(none.state.selected.count == 1, "only Gold, from the data")
    }

    @Test func aCallbackActsOnTheSessionWhileItRuns() throws {
        let script = FakeScript(answers: [.onSelect: .nothing])
        script.during = { _, _, session in try? session.focus(ElementPath([1, 1, 3])) }
        let session = try Session.open(script)
        try session.tap(ElementPath([1, 1, 1]))
        #expect(session.state.focusPath == ElementPath([1, 1, 3]))
    }

    @Test func startLoadsOnTheScreenAndStatusIsSanitised() throws {
        let script = FakeScript()
        script.statusText = "ok\u{1B}]0;title\u{07}"
        let session = try Session.open(script, width: 50, height: 12)
        #expect(script.loads == [Screen(width: 50, height: 12)])
        #expect(session.state.focusPath == ElementPath([1, 1, 1]), "the focus starts on the first item")
        try session.refreshStatus()
        #expect(session.scriptStatus?.contains("\u{1B}") == false)
        session.status = "line\none"
        #expect(session.status?.contains("\n") == false)
    }

    @Test func filteringKeepsStateAndClearingRestoresIt() throws {
        let session = try Session.open(FakeScript())
        try session.tap(ElementPath([1, 1, 2]))
        let before = session.state.expanded
        try session.setFilter("blue")
        #expect(session.state.expanded.count == 1, "Cool opens to show Blue")
        let titles = session.layout.layout(Viewport()).elements.map(\.title)
        #expect(titles.contains("Blue") && !titles.contains("Pink"))
        try session.setFilter("")
        #expect(session.state.expanded == before)
        #expect(session.state.selected.contains { $0.hasSuffix("Pink") })
        #expect(session.state.filter == nil)
    }

    /// A hot reload opens a fresh session with the view state the old one
    /// had and puts the filter back: the focus stays on its element.
    @Test func aFilterPutBackKeepsTheFocusWhereTheBestMatchWouldTakeIt() throws {
        let session = try Session.open(FakeScript())
        try session.setFilter("al")
        let best = try #require(session.state.focus)
        // Salmon and Coral match: the focus goes to the one that is not the best.
        try session.focus(ElementPath(best.hasSuffix("Salmon") ? [1, 1, 3] : [1, 1, 1]))
        let focused = try #require(session.state.focus)
        #expect(focused != best)
        func reopened(keepingFocus: Bool) throws -> Session {
            let fresh = Session(
                script: FakeScript(), settings: session.settings, screen: session.screen,
                state: session.state,
                measure: { $0.count })
            try fresh.start()
            try fresh.setFilter("al", keepingFocus: keepingFocus)
            return fresh
        }
        #expect(try reopened(keepingFocus: true).state.focus == focused)
        #expect(try reopened(keepingFocus: false).state.focus == best, "a filter typed anew takes the best")
    }

    @Test func aLazySourceIsNotFilteredOrUpdated() throws {
        let session = try Session.open(FakeScript(LazyCopy(FakeScript.catalogue)))
        #expect(throws: Diagnostic.self) { try session.setFilter("blue") }
        #expect(throws: Diagnostic.self) { try session.updateCatalogue { _ in } }
        session.reload()
        #expect((session.script as? FakeScript)?.reloads == 1)
    }

    @Test func anUpdateShowsThroughTheFilter() throws {
        let session = try Session.open(FakeScript())
        try session.setFilter("sal")
        try session.updateCatalogue { catalogue in
            catalogue.sections[0].rows[0].content = .items([
                Item(name: "Salmon", color: Color(rgb: 0xFA8072)),
                Item(name: "Salsa", color: Color(rgb: 0xC0392B)),
            ])
        }
        let items = session.visibleLayout().elements.filter { $0.kind == .item }.map(\.title)
        #expect(items == ["Salmon", "Salsa"])
    }

    @Test func expandOpensEveryNodeAboveAndRefusesWhatIsNoNode() throws {
        let session = try Session.open(
            FakeScript(
                Catalogue(sections: [
                    Section(
                        name: "S",
                        rows: [
                            Row(
                                name: "R",
                                content: .children([
                                    Node(name: "A", children: [Node(name: "B", children: [Node(name: "C")])])
                                ]))
                        ])
                ])))
        try session.expand(ElementPath([1, 1, 1, 1]))
        #expect(session.state.expanded.count == 2)
        for path in [[1], [1, 1], [1, 1, 1, 1, 1], [9]] {
            #expect(throws: Diagnostic.self) { try session.expand(ElementPath(path)) }
        }
    }

    /// The screen, `sb.visible()` and an event's `x`/`y` use one window:
    /// scrolled into a section, it has that section's header stuck on top.
    @Test func theVisibleWindowIsTheScreensWithItsStickyHeader() throws {
        let script = FakeScript(answers: [.onTap: .nothing])
        let session = try Session.open(script, height: 4)
        // Four lines cannot show the first strip with its header above it.
        #expect(session.state.top > 0, "the focus on 1.1.1 scrolled past the first header")
        let window = session.visibleLayout()
        let first = try #require(window.elements.first)
        #expect(first.isSticky && first.path == ElementPath([1]) && first.clip.y == 0)
        try session.tap(first.path)
        #expect(script.events.last?.frame?.y == 0, "the event is placed where the header is drawn")

        let unstuck = try Session.open(FakeScript(), height: 4)
        unstuck.resize(width: 80, height: 4)
        #expect(unstuck.viewport.stickyHeaders)
        #expect(Screen(height: 4, stickyHeaders: false).stickyHeaders == false)
    }

    @Test func aResizeKeepsTheFocusInView() throws {
        let session = try Session.open(FakeScript(), height: 20)
        session.move(.last)
        session.resize(width: 30, height: 3)
        let focused = session.visibleLayout().elements.first { $0.path == session.state.focusPath }
        #expect(focused != nil)
        #expect(session.screen == Screen(width: 30, height: 3))
    }

    @Test func theScriptHoldsTheSessionWeakly() throws {
        let script = FakeScript()
        do {
            let session = try Session.open(script)
            #expect(script.session === session)
        }
        #expect(script.session == nil, "the session is freed with its last owner")
    }
}

/// The same catalogue, answered as a lazy source is: asked only for what
/// is drawn, never read whole.
struct LazyCopy: CatalogueSource {
    let catalogue: Catalogue
    init(_ catalogue: Catalogue) { self.catalogue = catalogue }
    var isEager: Bool { false }
    var sectionCount: Int { catalogue.sectionCount }
    func sectionSummary(_ section: Int) -> SectionSummary { catalogue.sectionSummary(section) }
    func rowCount(_ section: Int) -> Int { catalogue.rowCount(section) }
    func rowSummary(_ section: Int, _ row: Int) -> RowSummary { catalogue.rowSummary(section, row) }
    func item(_ section: Int, _ row: Int, _ index: Int) -> Item { catalogue.item(section, row, index) }
    func fields(_ section: Int, _ row: Int) -> [Field] { catalogue.fields(section, row) }
    func nodes(_ section: Int, _ row: Int) -> [Node] { catalogue.nodes(section, row) }
}

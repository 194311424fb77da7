import Testing

@testable import SwatchbookCore

/// Focus moves, path resolution and scrolling, on catalogues built in the
/// test: the navigator is a pure function of (catalogue, settings, screen,
/// view state).
@Suite struct NavigatorTests {
    static func strip(_ name: String, _ count: Int) -> Row {
        Row(
            name: name,
            content: .items(
                (0..<count).map { Item(name: "\(name)\($0 + 1)", color: Color(rgb: UInt32($0) * 0x10101)) }))
    }

    /// Three sections: two strips of different lengths, a key/value row
    /// and a tree, then one more strip.
    static let catalogue = Catalogue(sections: [
        Section(name: "A", rows: [strip("a", 8), strip("b", 3)]),
        Section(
            name: "B",
            rows: [
                Row(name: "facts", content: .fields([Field(key: "k", value: "v")])),
                Row(
                    name: "tree",
                    content: .children([
                        Node(name: "top", children: [Node(name: "leaf1"), Node(name: "leaf2")]),
                        Node(name: "solo"),
                    ])),
            ]),
        Section(name: "C", rows: [strip("c", 5)]),
    ])

    static func navigator(
        _ catalogue: Catalogue = catalogue, width: Int = 80, height: Int = 20, wrap: Bool = false
    ) -> Navigator {
        var settings = LayoutSettings()
        settings.wrap = wrap
        return Navigator(source: catalogue, settings: settings, width: width, height: height)
    }

    static func started(_ nav: Navigator) -> ViewState {
        var state = ViewState()
        nav.ensureFocus(in: &state)
        return state
    }

    @Test func locateNamesEveryKindOfElement() throws {
        let nav = Self.navigator()
        var state = ViewState()
        let expected: [([Int], LayoutElement.Kind?)] = [
            ([1], .header), ([1, 2], .row), ([1, 1, 8], .item), ([2, 1, 1], .field), ([2, 2, 1], .node),
            // A closed node's children are found too: `--expand 2.2.1.1` opens the way to one.
            ([2, 2, 1, 1], .node), ([1, 1, 9], nil), ([4], nil), ([2, 2, 2, 1], nil),
            ([0], nil), ([1, 0], nil), ([1, 1, 0], nil),
        ]
        for (path, kind) in expected {
            #expect(nav.locate(ElementPath(path), in: state)?.kind == kind, "\(path)")
        }
        let top = try #require(nav.locate(ElementPath([2, 2, 1]), in: state))
        #expect(top.isExpanded == false)
        state.expanded.insert(top.key)
        #expect(nav.locate(ElementPath([2, 2, 1]), in: state)?.isExpanded == true)
        #expect(nav.locate(ElementPath([2, 2, 1, 2]), in: state)?.node?.name == "leaf2")
    }

    @Test func targetsAreItemsAndVisibleNodesOnly() {
        let nav = Self.navigator()
        let state = ViewState()
        #expect(nav.target(at: ElementPath([1, 1, 3]), in: state) != nil)
        #expect(nav.target(at: ElementPath([2, 2, 2]), in: state)?.path == ElementPath([2, 2, 2]))
        for path in [[1], [1, 1], [2, 1, 1], [2, 2, 1, 1], [1, 1, 0]] {
            #expect(nav.target(at: ElementPath(path), in: state) == nil, "\(path)")
        }
    }

    @Test func theFocusStartsOnTheFirstItem() {
        #expect(Self.started(Self.navigator()).focusPath == ElementPath([1, 1, 1]))
    }

    @Test func sidewaysStopsAtTheEndsAndHomeEndJump() {
        let nav = Self.navigator()
        var state = Self.started(nav)
        nav.move(.left, in: &state)
        #expect(state.focusPath == ElementPath([1, 1, 1]), "nothing left of the first item")
        nav.move(.end, in: &state)
        #expect(state.focusPath == ElementPath([1, 1, 8]))
        nav.move(.right, in: &state)
        #expect(state.focusPath == ElementPath([1, 1, 8]), "nothing right of the last")
        nav.move(.home, in: &state)
        #expect(state.focusPath == ElementPath([1, 1, 1]))
    }

    @Test func downLandsNearTheColumnAndUpReturnsToTheRemembered() {
        let nav = Self.navigator()
        var state = Self.started(nav)
        for _ in 0..<6 { nav.move(.right, in: &state) }
        nav.move(.down, in: &state)
        #expect(state.focusPath == ElementPath([1, 2, 3]), "the shorter strip's last item is nearest")
        nav.move(.down, in: &state)
        #expect(state.focusPath == ElementPath([2, 2, 1]), "the key/value row is skipped")
        nav.move(.down, in: &state)
        #expect(state.focusPath == ElementPath([2, 2, 2]), "down a tree goes line by line")
        nav.move(.up, in: &state)
        nav.move(.up, in: &state)
        #expect(state.focusPath == ElementPath([1, 2, 3]))
        nav.move(.up, in: &state)
        #expect(state.focusPath == ElementPath([1, 1, 7]), "the row's own last focus, not the column")
    }

    @Test func firstLastAndSections() {
        let nav = Self.navigator()
        var state = Self.started(nav)
        nav.move(.last, in: &state)
        #expect(state.focusPath == ElementPath([3, 1, 1]), "the start of the last row, as vim's G")
        nav.move(.first, in: &state)
        #expect(state.focusPath == ElementPath([1, 1, 1]))
        nav.move(.nextSection, in: &state)
        #expect(state.focusPath == ElementPath([2, 2, 1]))
        nav.move(.nextSection, in: &state)
        #expect(state.focusPath?.indices.first == 3)
        nav.move(.nextSection, in: &state)
        #expect(state.focusPath?.indices.first == 3, "no section after the last")
        nav.move(.previousSection, in: &state)
        #expect(state.focusPath == ElementPath([2, 2, 1]))
    }

    @Test func aPageMovesAboutAScreenOfRows() {
        let rows = (1...30).map { Self.strip("r\($0)-", 2) }
        let nav = Self.navigator(Catalogue(sections: [Section(name: "S", rows: rows)]), height: 24)
        var state = Self.started(nav)
        nav.move(.pageDown, in: &state)
        let row = state.focusPath?.indices[1] ?? 0
        #expect(row > 3 && row < 10, "row \(row)")
        #expect(state.top > 0, "the page scrolled to show it")
        nav.move(.pageUp, in: &state)
        #expect(state.focusPath == ElementPath([1, 1, 1]))
        #expect(state.top == 0)
    }

    @Test func aNarrowStripScrollsTheSmallestMove() {
        let nav = Self.navigator(width: 30)
        var state = Self.started(nav)
        nav.move(.end, in: &state)
        let key = nav.locate(ElementPath([1, 1]), in: state)!.key
        let offset = state.offset(ofRow: key)
        #expect(offset > 0)
        #expect(nav.clampedOffset(offset, count: 8) == offset, "never past the strip's end")
        #expect(nav.clampedOffset(1_000_000, count: 8) == offset, "the last item ends at the right edge")
        nav.move(.home, in: &state)
        #expect(state.offset(ofRow: key) == 0)
    }

    @Test func theFocusFollowsItsKeyWhenItsPathChanges() {
        let nav = Self.navigator()
        var state = Self.started(nav)
        nav.move(.right, in: &state)  // a2
        var moved = Self.catalogue
        moved.sections.insert(Section(name: "New", rows: [Self.strip("n", 1)]), at: 0)
        let after = Self.navigator(moved)
        #expect(after.currentTarget(in: state)?.path == ElementPath([2, 1, 2]))
        after.ensureFocus(in: &state)
        #expect(state.focusPath == ElementPath([2, 1, 2]))
    }

    @Test func aFocusWhoseElementIsGoneGoesToTheStart() {
        let nav = Self.navigator()
        var state = Self.started(nav)
        nav.move(.last, in: &state)
        let shorter = Catalogue(sections: [Section(name: "A", rows: [Self.strip("a", 2)])])
        Self.navigator(shorter).ensureFocus(in: &state)
        #expect(state.focusPath == ElementPath([1, 1, 1]))
    }
}

import Testing

@testable import SwatchbookCore

/// Outline and details as projections of any catalogue: what each lays
/// out, and how focus and taps move over it.
@Suite struct ProjectionTests {
    static let catalogue = NavigatorTests.catalogue

    static func settings(_ style: LayoutSettings.Style) -> LayoutSettings {
        var settings = LayoutSettings()
        settings.style = style
        return settings
    }

    static func layout(_ style: LayoutSettings.Style, _ state: ViewState = ViewState(), width: Int = 60)
        -> Layout
    {
        CatalogueLayout(source: catalogue, settings: settings(style), width: width, state: state).layout(
            Viewport())
    }

    static func navigator(_ style: LayoutSettings.Style, height: Int = 40) -> Navigator {
        Navigator(source: catalogue, settings: settings(style), width: 60, height: height)
    }

    /// The path and line of every element, as `path@y`.
    static func lines(_ layout: Layout) -> [String] {
        layout.elements.map { "\($0.path)@\($0.frame.y)" }
    }

    @Test func anOutlineIsOneLinePerElementWithNoGaps() {
        let layout = Self.layout(.outline)
        // A: header, row a (8 items), row b (3); B: header, facts (1 field),
        // tree (2 top nodes, closed); C: header, row c (5).
        #expect(layout.documentHeight == 1 + 9 + 4 + 1 + 2 + 3 + 1 + 6)
        let items = layout.elements.filter { $0.kind == .item }
        #expect(items.count == 16)
        #expect(items.allSatisfy { $0.frame.height == 1 && $0.frame.x == 1 + 4 })
        let salmonLike = layout.elements.first { $0.path == ElementPath([1, 1, 2]) }
        #expect(salmonLike?.title == "a2" && salmonLike?.frame.y == 3, "1.1.2 is still the second item")
        let headers = layout.elements.filter { $0.kind == .header }
        #expect(headers.map(\.frame.y) == [0, 14, 20], "no blank line between sections")
        #expect(headers.allSatisfy { $0.hasChildren && $0.isExpanded })
        let rows = layout.elements.filter { $0.kind == .row }
        #expect(rows.allSatisfy { $0.depth == 1 && $0.hasChildren && $0.isExpanded })
    }

    @Test func closingARowOrASectionTakesItsLines() {
        let nav = Self.navigator(.outline)
        var state = ViewState()
        state.collapsed = [nav.rowKey(0, 0), nav.sectionKey(1)]
        let layout = Self.layout(.outline, state)
        #expect(layout.documentHeight == 1 + 1 + 4 + 1 + 1 + 6)
        #expect(!layout.elements.contains { $0.path.indices.starts(with: [1, 1]) && $0.kind == .item })
        #expect(!layout.elements.contains { $0.path.indices.first == 2 && $0.kind != .header })
        let closedRow = layout.elements.first { $0.path == ElementPath([1, 1]) }
        #expect(closedRow?.isExpanded == false && closedRow?.frame.height == 1)
    }

    @Test func outlineFocusWalksEveryOpenLine() {
        let nav = Self.navigator(.outline)
        var state = ViewState()
        nav.ensureFocus(in: &state)
        #expect(state.focusPath == ElementPath([1, 1, 1]), "the focus starts on the first item")
        nav.move(.up, in: &state)
        #expect(state.focusPath == ElementPath([1, 1]))
        nav.move(.up, in: &state)
        #expect(state.focusPath == ElementPath([1]))
        var visited: [String] = []
        repeat {
            visited.append(state.focusPath!.description)
            let before = state.focusPath
            nav.move(.down, in: &state)
            if state.focusPath == before { break }
        } while visited.count < 100
        let expected =
            ["1", "1.1"] + (1...8).map { "1.1.\($0)" } + ["1.2"] + (1...3).map { "1.2.\($0)" }
            + ["2", "2.1", "2.2", "2.2.1", "2.2.2", "3", "3.1"] + (1...5).map { "3.1.\($0)" }
        #expect(visited == expected, "fields are not focusable; the tree's closed node hides its leaves")
        nav.move(.left, in: &state)
        #expect(state.focusPath == ElementPath([3, 1]), "left goes to the parent")
        nav.move(.left, in: &state)
        #expect(state.focusPath == ElementPath([3]))
        nav.move(.right, in: &state)
        #expect(state.focusPath == ElementPath([3, 1]), "right goes into an open parent")
        nav.move(.previousSection, in: &state)
        #expect(state.focusPath == ElementPath([3]))
        nav.move(.previousSection, in: &state)
        #expect(state.focusPath == ElementPath([2]))
        nav.move(.first, in: &state)
        #expect(state.focusPath == ElementPath([1]))
        nav.move(.last, in: &state)
        #expect(state.focusPath == ElementPath([3, 1, 5]))
    }

    @Test func aClosedRowIsOneLineToFocus() {
        let nav = Self.navigator(.outline)
        var state = ViewState()
        state.collapsed = [nav.rowKey(0, 0)]
        nav.focus(FocusTarget(section: 0, row: 0, kind: .title), in: &state)
        nav.move(.down, in: &state)
        #expect(state.focusPath == ElementPath([1, 2]), "down skips the closed row's items")
        #expect(nav.target(at: ElementPath([1, 1, 2]), in: state) == nil, "a hidden item is no target")
    }

    @Test func aDetailsRowIsATableOfItsItemsAndFieldKeys() throws {
        let items = [
            Item(name: "Ink", color: Color(rgb: 0x112233), fields: [Field(key: "Token", value: "ink-900")]),
            Item(
                name: "Paper", color: Color(rgb: 0xFFFFFF),
                fields: [Field(key: "Use", value: "page background"), Field(key: "Token", value: "paper")]),
        ]
        let catalogue = Catalogue(sections: [
            Section(name: "S", rows: [Row(name: "r", content: .items(items))])
        ])
        let layout = CatalogueLayout(
            source: catalogue, settings: Self.settings(.details), width: 60, state: ViewState()
        )
        .layout(Viewport())
        let row = try #require(layout.elements.first { $0.kind == .row })
        #expect(row.frame.height == 1 + 1 + 2, "title, column titles, a line per item")
        let table = try #require(row.rowContent?.table)
        #expect(table.columns.map(\.title) == ["Name", "Hex", "Token", "Use"])
        #expect(table.columns.map(\.x) == [3, 3 + 5 + 2, 10 + 7 + 2, 19 + 7 + 2])
        let lines = layout.elements.filter { $0.kind == .item }
        #expect(
            lines.map { $0.itemContent?.cells ?? [] } == [["ink-900", ""], ["paper", "page background"]])
        #expect(lines.map(\.frame.y) == [3, 4])
    }

    @Test func aColumnPastTheEdgeIsCutAndTheRestDropped() {
        let item = Item(
            name: "Name", color: Color(rgb: 0),
            fields: [Field(key: "a", value: String(repeating: "x", count: 30)), Field(key: "b", value: "y")])
        let table = ItemTable(items: [item], width: 30, fields: true, measure: { $0.count })
        #expect(table.columns.map(\.width) == [4, 7, 30 - 18, 0])
    }

    @Test func detailsFocusRestsOnTablesNotTheirLines() {
        let nav = Self.navigator(.details)
        var state = ViewState()
        nav.ensureFocus(in: &state)
        #expect(state.focusPath == ElementPath([1, 1]))
        nav.move(.down, in: &state)
        #expect(state.focusPath == ElementPath([1, 2]))
        nav.move(.down, in: &state)
        #expect(state.focusPath == ElementPath([2, 2, 1]), "a tree keeps its lines")
        #expect(nav.target(at: ElementPath([1, 1, 3]), in: state)?.path == ElementPath([1, 1]))
        #expect(nav.chosen(ElementPath([1, 1, 3])) == ElementPath([1, 1]))
        #expect(nav.chosen(ElementPath([2, 2, 1])) == ElementPath([2, 2, 1]))
        let layout = Self.layout(.details, state)
        #expect(layout.elements.filter(\.isFocused).map(\.kind) == [.node])
    }
}

/// A long tree is drawn band by band from one walk of it: each band takes
/// the tree's lines the layout made once, and only the lines in the band.
@Suite struct TreeBandTests {
    /// A catalogue that counts how often its trees are asked for.
    final class CountingSource: CatalogueSource {
        let base: Catalogue
        var nodeCalls = 0
        init(_ base: Catalogue) { self.base = base }
        var isEager: Bool { true }
        var sectionCount: Int { base.sectionCount }
        func sectionSummary(_ section: Int) -> SectionSummary { base.sectionSummary(section) }
        func rowCount(_ section: Int) -> Int { base.rowCount(section) }
        func rowSummary(_ section: Int, _ row: Int) -> RowSummary { base.rowSummary(section, row) }
        func item(_ section: Int, _ row: Int, _ index: Int) -> Item { base.item(section, row, index) }
        func fields(_ section: Int, _ row: Int) -> [Field] { base.fields(section, row) }
        func nodes(_ section: Int, _ row: Int) -> [Node] {
            nodeCalls += 1
            return base.nodes(section, row)
        }
    }

    @Test func everyBandReusesTheTreesLines() {
        let leaves = (1...2000).map { Node(name: "leaf \($0)") }
        let tree = [Node(name: "top", expanded: true, children: leaves)]
        let source = CountingSource(
            Catalogue(sections: [Section(name: "S", rows: [Row(name: "R", content: .children(tree))])]))
        var settings = LayoutSettings()
        settings.style = .outline
        let layout = CatalogueLayout(source: source, settings: settings, width: 40, state: ViewState())
        #expect(source.nodeCalls == 1, "measured once")
        var lines = 0
        for band in stride(from: 0, to: layout.documentHeight, by: 100) {
            let laid = layout.layout(Viewport(height: 100, top: band))
            let nodes = laid.elements.filter { $0.kind == .node }
            #expect(nodes.count <= 100)
            lines += nodes.count
        }
        #expect(lines == 2001)
        #expect(source.nodeCalls == 1, "no band walks the tree again")
    }
}

/// Opening or closing a node splices its lines into the layout's: the
/// same layout as measuring the document again, for what is on screen.
@Suite struct TreeToggleTests {
    static func tree(_ depth: Int, _ prefix: String) -> [Node] {
        guard depth > 0 else { return [] }
        return (1...3).map { i in Node(name: "\(prefix)\(i)", children: tree(depth - 1, "\(prefix)\(i).")) }
    }

    @Test(arguments: [LayoutSettings.Style.shelves, .outline])
    func aToggledLayoutIsTheLayoutMeasuredAgain(_ style: LayoutSettings.Style) throws {
        let catalogue = Catalogue(sections: [
            Section(
                name: "A",
                rows: [NavigatorTests.strip("a", 4), Row(name: "T", content: .children(Self.tree(4, "n")))]),
            Section(name: "B", rows: [NavigatorTests.strip("b", 2)]),
        ])
        var settings = LayoutSettings()
        settings.style = style
        var state = ViewState()
        var layout = CatalogueLayout(source: catalogue, settings: settings, width: 40, state: state)
        let nav = Navigator(source: catalogue, settings: settings, width: 40, height: 20)
        var generator = SystemRandomNumberGenerator()
        var toggles = 0
        for _ in 0..<60 {
            // A node on screen somewhere in the tree's open lines.
            let lines = layout.treeLines(section: 0, row: 1).filter { !$0.node.children.isEmpty }
            let line = lines[Int.random(in: 0..<lines.count, using: &generator)]
            if state.expanded.contains(line.key) {
                state.expanded.remove(line.key)
            } else {
                state.expanded.insert(line.key)
            }
            let toggled = try #require(layout.toggled(nodeAt: line.path, in: state))
            let fresh = CatalogueLayout(source: catalogue, settings: settings, width: 40, state: state)
            #expect(toggled.documentHeight == fresh.documentHeight)
            for top in stride(from: 0, to: fresh.documentHeight, by: 7) {
                #expect(
                    toggled.layout(Viewport(height: 9, top: top))
                        == fresh.layout(Viewport(height: 9, top: top)))
            }
            #expect(nav.locate(line.path, in: state)?.isExpanded == state.expanded.contains(line.key))
            layout = toggled
            toggles += 1
        }
        #expect(toggles == 60)
    }
}

/// A tree's hex codes line up two columns past its widest line, worked
/// out once for its lines: a toggle that shows a wider line, or hides it,
/// moves them, in the bands drawn after it as in a fresh layout.
@Suite struct TreeColumnTests {
    static func hexX(_ layout: CatalogueLayout) -> Int? {
        for element in layout.layout(Viewport(height: 20, top: 0)).elements {
            if case .node(let content) = element.content { return content.hexX }
        }
        return nil
    }

    @Test func aToggleMovesTheHexColumnAsAFreshLayoutPlacesIt() throws {
        let wide = Node(name: "a much longer name", color: Color(rgb: 0x336699))
        let catalogue = Catalogue(sections: [
            Section(
                name: "A",
                rows: [
                    Row(
                        name: "T",
                        content: .children([
                            Node(name: "p", color: Color(rgb: 0x112233), children: [wide]),
                            Node(name: "q", color: Color(rgb: 0x445566)),
                        ]))
                ])
        ])
        var settings = LayoutSettings()
        settings.style = .outline
        var state = ViewState()
        let closed = CatalogueLayout(source: catalogue, settings: settings, width: 80, state: state)
        let before = try #require(Self.hexX(closed))
        let parent = closed.treeLines(section: 0, row: 0)[0]
        state.setOpen(parent.key, true)
        let opened = try #require(closed.toggled(nodeAt: parent.path, in: state))
        let fresh = CatalogueLayout(source: catalogue, settings: settings, width: 80, state: state)
        #expect(try #require(Self.hexX(opened)) > before, "the wide line pushes the codes right")
        #expect(Self.hexX(opened) == Self.hexX(fresh))
        #expect(opened.layout(Viewport(height: 20, top: 0)) == fresh.layout(Viewport(height: 20, top: 0)))
        state.setOpen(parent.key, false)
        let closedAgain = try #require(opened.toggled(nodeAt: parent.path, in: state))
        #expect(Self.hexX(closedAgain) == before)
    }
}

/// A tree's open lines are kept in chunks: splices anywhere, across chunk
/// edges, leave the same lines in the same order as one array would hold.
@Suite struct OutlineLinesTests {
    static func line(_ number: Int) -> OutlineLine {
        OutlineLine(
            node: Node(name: "n\(number)"), depth: 0, path: ElementPath([1, 1, number]), key: "k\(number)",
            isExpanded: false)
    }

    @Test func splicesKeepTheLinesOneArrayWould() {
        var generator = SystemRandomNumberGenerator()
        var model = (0..<20_000).map(Self.line)
        var lines = OutlineLines(model)
        var next = model.count
        for step in 0..<100 {
            if Bool.random(using: &generator) || model.count < 100 {
                let at = Int.random(in: 0...model.count, using: &generator)
                let added = (next..<(next + Int.random(in: 1...9_000, using: &generator))).map(Self.line)
                next += added.count
                model.insert(contentsOf: added, at: at)
                lines.insert(contentsOf: OutlineLines(added), at: at)
            } else {
                let start = Int.random(in: 0..<model.count, using: &generator)
                let end = min(model.count, start + Int.random(in: 1...9_000, using: &generator))
                model.removeSubrange(start..<end)
                lines.removeSubrange(start..<end)
            }
            #expect(lines.count == model.count)
            // Read whole now and then: reading a line is a search for its chunk.
            if step % 10 == 9 { #expect(lines.map(\.key) == model.map(\.key)) }
        }
        // Set through the subscript, read back.
        let middle = model.count / 2
        lines[middle].isExpanded = true
        #expect(lines[middle].isExpanded && lines.filter(\.isExpanded).count == 1)
    }

    /// A tree of 29,523 open nodes, several chunks long: each toggle gives
    /// the layout measured again, around the toggled node and at the end.
    @Test func aToggleInALongTreeIsTheLayoutMeasuredAgain() throws {
        let catalogue = Catalogue(sections: [
            Section(name: "A", rows: [Row(name: "T", content: .children(TreeToggleTests.tree(9, "n")))])
        ])
        var settings = LayoutSettings()
        settings.style = .outline
        var state = ViewState()
        state.expandsAll = true
        var layout = CatalogueLayout(source: catalogue, settings: settings, width: 40, state: state)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<12 {
            let lines = layout.treeLines(section: 0, row: 0)
            let at = Int.random(in: 0..<lines.count, using: &generator)
            guard let index = lines[at...].firstIndex(where: { !$0.node.children.isEmpty }) else { continue }
            let line = lines[index]
            state.setOpen(line.key, !line.isExpanded)
            let toggled = try #require(layout.toggled(nodeAt: line.path, in: state))
            let fresh = CatalogueLayout(source: catalogue, settings: settings, width: 40, state: state)
            #expect(toggled.documentHeight == fresh.documentHeight)
            for top in [max(0, index - 4), index + 2, max(0, fresh.documentHeight - 9)] {
                #expect(
                    toggled.layout(Viewport(height: 9, top: top))
                        == fresh.layout(Viewport(height: 9, top: top)))
            }
            layout = toggled
        }
    }
}

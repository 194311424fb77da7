import Testing

@testable import SwatchbookCore

/// The shelves layout: document height, item frames, horizontal offsets kept
/// by row key, wrapping, and touching only what meets the viewport (SPEC §4).
@Suite struct CatalogueLayoutTests {
    // MARK: building catalogues

    static func items(_ count: Int, _ prefix: String = "c") -> [Item] {
        (0..<count).map {
            Item(name: "\(prefix)\($0 + 1)", color: Color(rgb: UInt32($0 * 0x010203)))
        }
    }

    /// Reds: Light (3 items), Empty (no items), Info (2 fields);
    /// Blues: Deep (12 items).
    static let catalogue = Catalogue(sections: [
        Section(
            name: "Reds",
            rows: [
                Row(name: "Light", content: .items(items(3, "light"))),
                Row(name: "Empty", content: .items([])),
                Row(
                    name: "Info",
                    content: .fields([Field(key: "a", value: "1"), Field(key: "bb", value: "2")])),
            ]),
        Section(name: "Blues", rows: [Row(name: "Deep", content: .items(items(12, "deep")))]),
    ])

    static func rowKey(_ section: String, _ row: String) -> String {
        ModelKey.child(of: ModelKey.section(name: section, id: nil), name: row, id: nil)
    }

    static func layout(
        _ source: any CatalogueSource = catalogue, settings: LayoutSettings = LayoutSettings(),
        width: Int = 80, state: ViewState = ViewState()
    ) -> CatalogueLayout {
        CatalogueLayout(source: source, settings: settings, width: width, state: state)
    }

    static func elements(_ layout: Layout, _ kind: LayoutElement.Kind) -> [LayoutElement] {
        layout.elements.filter { $0.kind == kind }
    }

    // MARK: document height

    @Test func documentHeightOfTheSampleCatalogue() {
        // Reds header 1; Light 1+4; Empty 1+0; Info 1+2; blank 1; Blues header 1; Deep 1+4.
        #expect(Self.layout().documentHeight == 17)
        var spaced = LayoutSettings()
        spaced.lineSpacing = 2
        #expect(Self.layout(settings: spaced).documentHeight == 17 + 4 * 2)
        var short = LayoutSettings()
        short.itemHeight = 2
        #expect(Self.layout(settings: short).documentHeight == 17 - 2 * 2)
    }

    /// The height formula, written out independently of the layout.
    static func expectedHeight(of catalogue: Catalogue, settings: LayoutSettings, width: Int) -> Int {
        let content = width - settings.insetLeft - settings.insetRight
        let perLine = max(
            1, (content + settings.itemSpacing) / (settings.itemWidth + settings.itemSpacing))
        var height = 0
        for (s, section) in catalogue.sections.enumerated() {
            height += s > 0 ? 2 : 1  // blank line between sections, then the header
            for row in section.rows {
                height += 1 + settings.lineSpacing  // title, and spacing after the row
                switch row.content {
                case .items(let items) where !items.isEmpty:
                    let lines = settings.wrap ? (items.count + perLine - 1) / perLine : 1
                    height += lines * settings.itemHeight
                case .items: break
                case .fields(let fields): height += fields.count
                case .children: Issue.record("not used here")
                }
            }
        }
        return height
    }

    @Test(arguments: [1, 2, 4, 7], [0, 1, 3])
    func documentHeightFollowsTheFormula(itemHeight: Int, lineSpacing: Int) {
        for wrap in [false, true] {
            for width in [20, 47, 80, 200] {
                var settings = LayoutSettings()
                settings.itemHeight = itemHeight
                settings.lineSpacing = lineSpacing
                settings.wrap = wrap
                let layout = Self.layout(settings: settings, width: width)
                #expect(
                    layout.documentHeight
                        == Self.expectedHeight(of: Self.catalogue, settings: settings, width: width),
                    "wrap \(wrap), width \(width)")
                #expect(
                    layout.layout(Viewport()).documentHeight == layout.documentHeight)
            }
        }
    }

    /// An item's key is its id when it has one, else the path of names
    /// (escaped) from its section, in every layout; layout makes it only
    /// when asked, and it is the key the view state keys by.
    @Test(arguments: [LayoutSettings.Style.shelves, .outline, .details])
    func anItemsKeyIsItsIDElseItsNamePath(_ style: LayoutSettings.Style) {
        let catalogue = Catalogue(sections: [
            Section(
                name: "Reds/Pinks",
                rows: [
                    Row(
                        name: "Light",
                        content: .items([
                            Item(name: "a/b\\c", color: Color(rgb: 0xFF0000)),
                            Item(name: "named", color: Color(rgb: 0x00FF00), id: "brand/red"),
                        ]))
                ])
        ])
        var settings = LayoutSettings()
        settings.style = style
        let items = Self.elements(Self.layout(catalogue, settings: settings).layout(Viewport()), .item)
        let row = Self.rowKey("Reds/Pinks", "Light")
        #expect(items.map(\.key) == [ModelKey.child(of: row, name: "a/b\\c", id: nil), "#brand\\/red"])
        #expect(items[0].key == row + "/=a\\/b\\\\c")
    }

    @Test func anEmptyCatalogueHasNoHeight() {
        let layout = Self.layout(Catalogue(sections: []))
        #expect(layout.documentHeight == 0)
        #expect(layout.layout(Viewport()).elements.isEmpty)
    }

    @Test func anExpandedTreeGrowsTheDocument() {
        let tree = Catalogue(sections: [
            Section(
                name: "T",
                rows: [
                    Row(
                        name: "Tree",
                        content: .children([
                            Node(name: "a", children: [Node(name: "a1"), Node(name: "a2")]),
                            Node(name: "b", expanded: true, children: [Node(name: "b1")]),
                        ]))
                ])
        ])
        // Header 1, title 1, a, b, b1.
        #expect(Self.layout(tree).documentHeight == 5)
        var state = ViewState()
        state.expanded.insert(ModelKey.child(of: Self.rowKey("T", "Tree"), name: "a", id: nil))
        #expect(Self.layout(tree, state: state).documentHeight == 7)
    }

    // MARK: positions

    @Test func headersRowsAndItemsAreWhereTheFormulaPutsThem() {
        let whole = Self.layout().layout(Viewport())
        #expect(whole.documentHeight == 17)
        #expect(whole.viewport == Rect(x: 0, y: 0, width: 80, height: 17))

        let headers = Self.elements(whole, .header)
        #expect(headers.map(\.title) == ["Reds", "Blues"])
        #expect(
            headers.map(\.frame) == [
                Rect(x: 0, y: 0, width: 80, height: 1), Rect(x: 0, y: 11, width: 80, height: 1),
            ])
        #expect(headers.map(\.path.description) == ["1", "2"])

        let rows = Self.elements(whole, .row)
        #expect(rows.map(\.title) == ["Light", "Empty", "Info", "Deep"])
        #expect(rows.map(\.frame.y) == [1, 6, 7, 12])
        #expect(rows[0].frame == Rect(x: 1, y: 1, width: 78, height: 5))
        #expect(rows[0].rowContent?.strip == Rect(x: 1, y: 2, width: 78, height: 4))
        #expect(rows[3].rowContent?.strip == Rect(x: 1, y: 13, width: 78, height: 4))
        #expect(rows[0].key == Self.rowKey("Reds", "Light"))
        #expect(rows.map(\.path.description) == ["1.1", "1.2", "1.3", "2.1"])

        let fields = Self.elements(whole, .field)
        #expect(fields.map(\.frame.y) == [8, 9])

        let light = Self.elements(whole, .item).filter { $0.path.indices.prefix(2) == [1, 1] }
        #expect(light.map(\.title) == ["light1", "light2", "light3"])
        #expect(
            light.map(\.frame) == (0..<3).map { Rect(x: 1 + $0 * 15, y: 2, width: 14, height: 4) })
        #expect(light.allSatisfy { $0.clip == $0.frame })
        #expect(light.map(\.path.description) == ["1.1.1", "1.1.2", "1.1.3"])
    }

    @Test func itemsOutsideTheStripAreNotLaidOutAndTheLastVisibleIsClipped() {
        let whole = Self.layout().layout(Viewport())
        let deep = Self.elements(whole, .item).filter { $0.path.indices.prefix(2) == [2, 1] }
        // Content is 78 columns from x = 1; pitch 15: cells 0...5 meet it.
        #expect(deep.map(\.path.indices.last!) == [1, 2, 3, 4, 5, 6])
        #expect(deep.map(\.frame.x) == [1, 16, 31, 46, 61, 76])
        #expect(deep.last!.clip == Rect(x: 76, y: 13, width: 3, height: 4))
    }

    @Test(arguments: [0, 1, 14, 15, 20, 37, 71])
    func itemFramesFollowTheStoredOffset(offset: Int) {
        var state = ViewState()
        state.offsets[Self.rowKey("Blues", "Deep")] = offset
        let layout = Self.layout(state: state).layout(Viewport())
        let deep = Self.elements(layout, .item).filter { $0.path.indices.prefix(2) == [2, 1] }
        let strip = Rect(x: 1, y: 13, width: 78, height: 4)
        var expected: [Int] = []
        for i in 0..<12 {
            let frame = Rect(x: 1 + i * 15 - offset, y: 13, width: 14, height: 4)
            if !frame.intersection(strip).isEmpty { expected.append(i + 1) }
        }
        #expect(deep.map(\.path.indices.last!) == expected)
        for element in deep {
            let i = element.path.indices.last! - 1
            #expect(element.frame == Rect(x: 1 + i * 15 - offset, y: 13, width: 14, height: 4))
            #expect(element.clip == element.frame.intersection(strip))
            #expect(!element.clip.isEmpty)
        }
        // Other rows keep their own offset.
        let light = Self.elements(layout, .item).filter { $0.path.indices.prefix(2) == [1, 1] }
        #expect(light.first?.frame.x == 1)
    }

    // MARK: indicators and offsets

    static func deepRow(offset: Int?, width: Int = 80) -> LayoutElement {
        var state = ViewState()
        if let offset { state.offsets[Self.rowKey("Blues", "Deep")] = offset }
        let layout = Self.layout(width: width, state: state).layout(Viewport())
        return Self.elements(layout, .row).first { $0.title == "Deep" }!
    }

    @Test func atOffsetZeroOnlyTheRightIsClipped() {
        let row = Self.deepRow(offset: nil)
        #expect(row.rowContent?.moreLeft == false)
        #expect(row.rowContent?.moreRight == true)
    }

    @Test func atAStoredOffsetBothSidesAreClipped() {
        let row = Self.deepRow(offset: 30)
        #expect(row.rowContent?.moreLeft == true)
        #expect(row.rowContent?.moreRight == true)
    }

    @Test func atTheEndOnlyTheLeftIsClipped() {
        // 12 cells: 12 * 15 - 1 = 179 columns in a 78-column strip: at most 101.
        let row = Self.deepRow(offset: 101)
        #expect(row.rowContent?.moreLeft == true)
        #expect(row.rowContent?.moreRight == false)
    }

    @Test(arguments: [101, 102, 500, Int.max / 2])
    func offsetsPastTheEndAreClamped(offset: Int) {
        var state = ViewState()
        state.offsets[Self.rowKey("Blues", "Deep")] = offset
        let layout = Self.layout(state: state).layout(Viewport())
        let deep = Self.elements(layout, .item).filter { $0.path.indices.prefix(2) == [2, 1] }
        #expect(deep.last?.path.indices.last == 12)
        #expect(deep.last?.frame.maxX == 79)
        #expect(deep.last?.clip == deep.last?.frame)
        #expect(Self.deepRow(offset: offset) == Self.deepRow(offset: 101))
    }

    @Test(arguments: [-1, -50, Int.min / 2])
    func negativeOffsetsAreClampedToZero(offset: Int) {
        #expect(Self.deepRow(offset: offset) == Self.deepRow(offset: nil))
        let layout = Self.layout(
            state: {
                var state = ViewState()
                state.offsets[Self.rowKey("Blues", "Deep")] = offset
                return state
            }()
        ).layout(Viewport())
        let deep = Self.elements(layout, .item).filter { $0.path.indices.prefix(2) == [2, 1] }
        #expect(deep.first?.frame.x == 1)
    }

    @Test func aStripThatFitsIgnoresItsOffset() {
        var state = ViewState()
        state.offsets[Self.rowKey("Reds", "Light")] = 40
        let layout = Self.layout(state: state).layout(Viewport())
        let row = Self.elements(layout, .row).first { $0.title == "Light" }!
        #expect(row.rowContent?.moreLeft == false && row.rowContent?.moreRight == false)
        let light = Self.elements(layout, .item).filter { $0.path.indices.prefix(2) == [1, 1] }
        #expect(light.map(\.frame.x) == [1, 16, 31])
    }

    @Test func offsetsFollowTheRowKeyNotItsIndex() {
        var state = ViewState()
        state.offsets[Self.rowKey("Blues", "Deep")] = 30
        // A reload that inserts a row before Deep: Deep is now row 2 but keeps its offset.
        var reloaded = Self.catalogue
        reloaded.sections[1].rows.insert(Row(name: "New", content: .items(Self.items(20))), at: 0)
        let layout = Self.layout(reloaded, state: state).layout(Viewport())
        let rows = Self.elements(layout, .row)
        let deep = rows.first { $0.title == "Deep" }!
        let new = rows.first { $0.title == "New" }!
        #expect(deep.path.description == "2.2")
        #expect(deep.rowContent?.moreLeft == true)
        #expect(new.rowContent?.moreLeft == false)
        let deepItems = Self.elements(layout, .item).filter { $0.path.indices.prefix(2) == [2, 2] }
        #expect(deepItems.first?.frame.x == 1 + 2 * 15 - 30)
    }

    @Test func rowsWithAnIdAreKeyedByIt() {
        let catalogue = Catalogue(sections: [
            Section(
                name: "S",
                rows: [
                    Row(name: "Same", id: "one", content: .items(Self.items(20))),
                    Row(name: "Same", id: "two", content: .items(Self.items(20))),
                ])
        ])
        var state = ViewState()
        state.offsets[ModelKey.child(of: "S", name: "Same", id: "two")] = 45
        #expect(ModelKey.child(of: "S", name: "Same", id: "two") == "#two")
        let layout = Self.layout(catalogue, state: state).layout(Viewport())
        let rows = Self.elements(layout, .row)
        #expect(rows.map { $0.rowContent?.moreLeft == true } == [false, true])
        #expect(rows.map(\.key) == ["#one", "#two"])
    }

    // MARK: wrap

    @Test func wrapFlowsItemsOntoLines() {
        var settings = LayoutSettings()
        settings.wrap = true
        var state = ViewState()
        state.offsets[Self.rowKey("Blues", "Deep")] = 30  // ignored when wrapping
        let layout = Self.layout(settings: settings, state: state)
        // 78 columns hold 5 cells of 14 + 1: Deep's 12 cells take 3 lines.
        #expect(layout.documentHeight == 17 + 2 * 4)
        let whole = layout.layout(Viewport())
        let deepRow = Self.elements(whole, .row).first { $0.title == "Deep" }!
        #expect(deepRow.rowContent?.moreLeft == false && deepRow.rowContent?.moreRight == false)
        #expect(deepRow.rowContent?.strip == Rect(x: 1, y: 13, width: 78, height: 12))
        let deep = Self.elements(whole, .item).filter { $0.path.indices.prefix(2) == [2, 1] }
        #expect(deep.count == 12)
        for (i, element) in deep.enumerated() {
            #expect(element.path.indices.last == i + 1)
            #expect(
                element.frame
                    == Rect(x: 1 + (i % 5) * 15, y: 13 + (i / 5) * 4, width: 14, height: 4))
            #expect(element.clip == element.frame)
        }
    }

    @Test func wrapWithCellsWiderThanTheContentPutsOnePerLine() {
        var settings = LayoutSettings()
        settings.wrap = true
        settings.itemWidth = 30
        let layout = Self.layout(settings: settings, width: 20)
        let whole = layout.layout(Viewport())
        let light = Self.elements(whole, .item).filter { $0.path.indices.prefix(2) == [1, 1] }
        #expect(light.map(\.frame.y) == [2, 6, 10])
        #expect(light.allSatisfy { $0.clip.maxX <= 19 && $0.clip.x >= 1 })
    }

    // MARK: viewports

    @Test func aViewportShiftsFramesAndDropsWhatItMisses() {
        let layout = Self.layout()
        let window = layout.layout(Viewport(height: 5, top: 12))
        #expect(window.top == 12)
        #expect(window.viewport == Rect(x: 0, y: 0, width: 80, height: 5))
        #expect(Self.elements(window, .header).isEmpty)
        #expect(Self.elements(window, .row).map(\.title) == ["Deep"])
        let deep = Self.elements(window, .item)
        #expect(deep.count == 6)
        #expect(deep.allSatisfy { $0.frame.y == 1 })

        let partial = layout.layout(Viewport(height: 2, top: 3))
        #expect(Self.elements(partial, .row).map(\.title) == ["Light"])
        let light = Self.elements(partial, .item)
        #expect(light.count == 3)
        #expect(light.allSatisfy { $0.frame.y == -1 && $0.clip.y == 0 && $0.clip.height == 2 })

        let blank = layout.layout(Viewport(height: 1, top: 10))
        #expect(blank.elements.isEmpty)

        let header = layout.layout(Viewport(height: 1, top: 11))
        #expect(header.elements.map(\.kind) == [.header])
        #expect(header.elements[0].frame.y == 0)
    }

    @Test func everyElementMeetsTheViewport() {
        let layout = Self.layout()
        for top in 0..<20 {
            for height in 1..<8 {
                let window = layout.layout(Viewport(height: height, top: top))
                for element in window.elements {
                    #expect(
                        !element.clip.isEmpty, "\(element.path) at top \(top), height \(height)")
                    #expect(
                        element.clip == element.frame.intersection(window.viewport)
                            || element.kind == .item)
                }
            }
        }
    }
}

import Testing

@testable import SwatchbookCore

/// Drawing cost follows the screen, not the catalogue: a viewport asks the
/// source for exactly the items that meet it, and measuring asks for none.
@Suite struct CatalogueLayoutLazinessTests {
    static func layout(
        _ source: any CatalogueSource, settings: LayoutSettings = LayoutSettings(),
        width: Int, state: ViewState = ViewState()
    ) -> CatalogueLayout {
        CatalogueLayout(source: source, settings: settings, width: width, state: state)
    }

    static func items(in layout: Layout) -> [LayoutElement] {
        layout.elements.filter { $0.kind == .item }
    }

    /// A catalogue of any size that answers from arithmetic and counts what it is asked.
    final class CountingSource: CatalogueSource {
        let sections: Int
        let rows: Int
        let itemsPerRow: Int
        let isEager: Bool
        var itemCalls: [[Int]] = []
        var rowCalls: [[Int]] = []
        var otherCalls = 0

        init(sections: Int, rows: Int, items: Int, eager: Bool = true) {
            self.sections = sections
            self.rows = rows
            self.itemsPerRow = items
            self.isEager = eager
        }

        var sectionCount: Int { sections }
        func sectionSummary(_ section: Int) -> SectionSummary {
            SectionSummary(name: "S\(section)")
        }
        func rowCount(_ section: Int) -> Int { rows }
        func rowSummary(_ section: Int, _ row: Int) -> RowSummary {
            rowCalls.append([section, row])
            return RowSummary(name: "R\(row)", kind: .items, count: itemsPerRow)
        }
        func item(_ section: Int, _ row: Int, _ index: Int) -> Item {
            itemCalls.append([section, row, index])
            return Item(name: "I\(index)", color: Color(rgb: 0x808080))
        }
        func fields(_ section: Int, _ row: Int) -> [Field] {
            otherCalls += 1
            return []
        }
        func nodes(_ section: Int, _ row: Int) -> [Node] {
            otherCalls += 1
            return []
        }
    }

    /// The cells of a uniform catalogue that meet a window, counted by brute
    /// force from the layout rules rather than by the layout.
    static func visibleCells(
        source: CountingSource, settings: LayoutSettings, width: Int, top: Int, height: Int,
        offsets: [String: Int] = [:]
    ) -> Set<[Int]> {
        let contentX = settings.insetLeft
        let contentWidth = width - settings.insetLeft - settings.insetRight
        let pitch = settings.itemWidth + settings.itemSpacing
        let perLine = max(1, (contentWidth + settings.itemSpacing) / pitch)
        let lines = settings.wrap ? (source.itemsPerRow + perLine - 1) / perLine : 1
        let rowHeight = 1 + lines * settings.itemHeight + settings.lineSpacing
        let sectionHeight = 1 + source.rows * rowHeight + 1
        let stripWidth = source.itemsPerRow * pitch - settings.itemSpacing
        var cells: Set<[Int]> = []
        let first = max(0, top / sectionHeight - 1)
        for s in first..<min(source.sections, (top + height) / sectionHeight + 1) {
            for r in 0..<source.rows {
                let stripTop = s * sectionHeight + 1 + r * rowHeight + 1
                let key = ModelKey.child(of: ModelKey.section(name: "S\(s)", id: nil), name: "R\(r)", id: nil)
                let stored = settings.wrap ? 0 : offsets[key] ?? 0
                let offset = max(0, min(stored, stripWidth - contentWidth))
                for i in 0..<source.itemsPerRow {
                    let line = settings.wrap ? i / perLine : 0
                    let column = settings.wrap ? i % perLine : i
                    let x = contentX + column * pitch - offset
                    let y = stripTop + line * settings.itemHeight
                    let across = x < contentX + contentWidth && x + settings.itemWidth > contentX
                    let down = y < top + height && y + settings.itemHeight > top
                    if across && down { cells.insert([s, r, i]) }
                }
            }
        }
        return cells
    }

    @Test func aScreenAsksOnlyForTheItemsOnIt() {
        let source = CountingSource(sections: 1_000, rows: 10, items: 1_000)
        let shelves = Self.layout(source, width: 120)
        #expect(source.itemCalls.isEmpty, "measuring the document must not fetch items")
        // 1,000 sections of a header, 10 rows of 1 + 4 lines, and 999 blank lines.
        #expect(shelves.documentHeight == 1_000 * 51 + 999)

        let window = shelves.layout(Viewport(height: 40, top: 0))
        // 8 rows meet lines 0..<40, and 8 cells of 15 columns meet 118 columns.
        #expect(source.itemCalls.count == 64)
        let expected = Self.visibleCells(
            source: source, settings: LayoutSettings(), width: 120, top: 0, height: 40)
        #expect(expected.count == 64)
        #expect(Set(source.itemCalls) == expected)
        #expect(Self.items(in: window).count == source.itemCalls.count)
        #expect(source.otherCalls == 0)
    }

    @Test(arguments: [0, 1, 3, 26, 51, 52, 53, 26_000 + 23, 51_960, 51_999 - 40])
    func anyScreenAsksForExactlyItsItems(top: Int) {
        let source = CountingSource(sections: 1_000, rows: 10, items: 1_000)
        var state = ViewState()
        // Scroll every row near the window sideways, some into a cell's gap, some past the end.
        let section = top / 52
        let amounts = [7, 14, 15, 29, 450, 14_984, 100_000, 0, 1, 2]
        for s in max(0, section - 1)...min(999, section + 1) {
            for r in 0..<10 {
                state.offsets[
                    ModelKey.child(of: ModelKey.section(name: "S\(s)", id: nil), name: "R\(r)", id: nil)] =
                    amounts[(r + s) % 10]
            }
        }
        let shelves = Self.layout(source, width: 120, state: state)
        let window = shelves.layout(Viewport(height: 40, top: top))
        let expected = Self.visibleCells(
            source: source, settings: LayoutSettings(), width: 120, top: top, height: 40,
            offsets: state.offsets)
        #expect(source.itemCalls.count == expected.count)
        #expect(Set(source.itemCalls) == expected)
        #expect(Set(source.itemCalls).count == source.itemCalls.count, "an item was fetched twice")
        #expect(Self.items(in: window).count == expected.count)
        #expect(expected.count <= 9 * 9)
    }

    @Test(arguments: [0, 40, 573 * 3 + 100, 52_000])
    func aWrappedScreenAsksForExactlyItsItems(top: Int) {
        let source = CountingSource(sections: 20, rows: 10, items: 1_000)
        var settings = LayoutSettings()
        settings.wrap = true
        let shelves = Self.layout(source, settings: settings, width: 120)
        // 118 columns hold 7 cells: 1,000 cells take 143 lines of 4.
        #expect(shelves.documentHeight == 20 * (1 + 10 * (1 + 143 * 4)) + 19)
        let window = shelves.layout(Viewport(height: 40, top: top))
        let expected = Self.visibleCells(
            source: source, settings: settings, width: 120, top: top, height: 40)
        #expect(source.itemCalls.count == expected.count)
        #expect(Set(source.itemCalls) == expected)
        #expect(Self.items(in: window).count == expected.count)
        #expect(expected.count <= 11 * 7)
    }

    /// A lazy source of a million rows is never walked: opening it asks for
    /// no row at all, and a screen asks only for the rows and cells it shows.
    @Test func aLazySourceIsAskedOnlyForTheScreen() {
        let source = CountingSource(sections: 1_000, rows: 1_000, items: 1_000, eager: false)
        let layout = CatalogueLayout(
            source: source, settings: LayoutSettings(), width: 120, state: ViewState())
        #expect(source.rowCalls.isEmpty && source.itemCalls.isEmpty)
        #expect(layout.documentHeight == 1_000 * (1 + 1_000 * 5) + 999)
        for top in [0, 2_500_000, layout.documentHeight - 40] {
            source.rowCalls = []
            source.itemCalls = []
            let window = layout.layout(Viewport(height: 40, top: top))
            let rows = window.elements.filter { $0.kind == .row }
            #expect(source.rowCalls.count == rows.count)
            #expect(rows.count <= 9)
            #expect(source.itemCalls.count == Self.items(in: window).count)
            #expect(source.itemCalls.count <= rows.count * 8)
        }
    }
}

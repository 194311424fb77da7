/// Lays a catalogue out as shelves: a header per section, and per row a
/// title above a strip of swatch cells that scrolls sideways on its own.
///
/// Construction measures every row once (heights only, from row summaries);
/// ``layout(_:state:)`` then touches only the rows and items that meet the
/// viewport, so drawing cost follows the screen, not the catalogue.
public struct ShelvesLayout {
    public let settings: LayoutSettings
    public let width: Int
    public let state: ViewState
    private let source: any CatalogueSource
    private let geometry: StripGeometry
    private let rows: [MeasuredRow]
    private let sectionTops: [Int]
    public let documentHeight: Int

    /// A row's place in the document.
    private struct MeasuredRow {
        var section: Int
        var row: Int
        var top: Int
        var height: Int
        var summary: RowSummary
        var key: String
    }

    /// - Parameter measure: display columns of a string, for aligning the
    ///   key column of field tables; the renderer supplies Unicode widths.
    public init(
        source: any CatalogueSource, settings: LayoutSettings, width: Int, state: ViewState,
        measure: @escaping @Sendable (String) -> Int = { $0.count }
    ) {
        self.source = source
        self.settings = settings
        self.width = max(1, width)
        self.state = state
        let geometry = StripGeometry(settings: settings, width: self.width, measure: measure)
        self.geometry = geometry
        var rows: [MeasuredRow] = []
        var sectionTops: [Int] = []
        var y = 0
        for s in 0..<source.sectionCount {
            if s > 0 { y += 1 }  // a blank line between sections
            sectionTops.append(y)
            let section = source.sectionSummary(s)
            let sectionKey = ModelKey.section(name: section.name, id: section.id)
            y += 1
            for r in 0..<source.rowCount(s) {
                let summary = source.rowSummary(s, r)
                let key = ModelKey.child(of: sectionKey, name: summary.name, id: summary.id)
                let content =
                    summary.kind == .children
                    ? OutlineRows.lines(
                        of: source.nodes(s, r), parentKey: key, path: ElementPath([s + 1, r + 1]),
                        state: state
                    ).count
                    : geometry.contentHeight(of: summary)
                let height = 1 + content + settings.lineSpacing
                rows.append(
                    MeasuredRow(section: s, row: r, top: y, height: height, summary: summary, key: key))
                y += height
            }
        }
        self.rows = rows
        self.sectionTops = sectionTops
        self.documentHeight = y
    }

    /// The elements that meet `viewport`, in drawing order.
    public func layout(_ viewport: Viewport) -> Layout {
        let top = max(0, viewport.top)
        let height = viewport.height ?? max(0, documentHeight - top)
        let window = Rect(x: 0, y: 0, width: width, height: height)
        var elements: [LayoutElement] = []
        let bottom = top + height

        // Rows that meet the window, found by binary search on their tops,
        // with each section's header before its first row: elements come in
        // document order, which the transcript and JSON writers rely on.
        var index = firstRow(endingAfter: top)
        var nextHeader = firstIndex(in: sectionTops, atOrAfter: top)
        func appendHeaders(before y: Int) {
            while nextHeader < sectionTops.count && sectionTops[nextHeader] < min(y, bottom) {
                let s = nextHeader
                let summary = source.sectionSummary(s)
                let frame = Rect(x: 0, y: sectionTops[s] - top, width: width, height: 1)
                elements.append(
                    LayoutElement(
                        kind: .header, path: ElementPath([s + 1]),
                        key: ModelKey.section(name: summary.name, id: summary.id),
                        frame: frame, clip: frame.intersection(window), title: summary.name))
                nextHeader += 1
            }
        }
        while index < rows.count && rows[index].top < bottom {
            let row = rows[index]
            appendHeaders(before: row.top)
            geometry.append(
                row: row.summary, key: row.key, section: row.section, index: row.row,
                at: row.top - top, height: row.height - settings.lineSpacing, source: source,
                state: state, window: window, into: &elements)
            index += 1
        }
        appendHeaders(before: bottom)
        return Layout(viewport: window, top: top, documentHeight: documentHeight, elements: elements)
    }

    private func firstIndex(in tops: [Int], atOrAfter y: Int) -> Int {
        var low = 0
        var high = tops.count
        while low < high {
            let mid = (low + high) / 2
            if tops[mid] < y { low = mid + 1 } else { high = mid }
        }
        return low
    }

    private func firstRow(endingAfter y: Int) -> Int {
        var low = 0
        var high = rows.count
        while low < high {
            let mid = (low + high) / 2
            if rows[mid].top + rows[mid].height <= y { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

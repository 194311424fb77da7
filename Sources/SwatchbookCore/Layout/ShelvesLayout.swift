/// Lays a catalogue out as shelves: a header per section, and per row a
/// title above a strip of swatch cells that scrolls sideways on its own.
///
/// Construction measures the document (every row of an eager catalogue, only
/// the row counts of a lazy source); ``layout(_:)`` then touches only the rows
/// and items that meet the viewport, so drawing cost follows the screen, not
/// the catalogue.
public struct ShelvesLayout {
    public let settings: LayoutSettings
    public let width: Int
    public private(set) var state: ViewState
    private let source: any CatalogueSource
    private let geometry: StripGeometry
    private let index: RowIndex

    public var documentHeight: Int { index.documentHeight }

    /// The document line of row `r` of section `s` (0-based), and its
    /// height including the spacing after it.
    public func rowFrame(section s: Int, row r: Int) -> (top: Int, height: Int) {
        let span = index.sections[s]
        return (span.top + 1 + span.rowTop(r), span.rowHeight(r))
    }

    /// The document line of section `s`'s header.
    public func sectionTop(_ s: Int) -> Int { index.sections[s].top }

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
        let estimate = 1 + settings.itemHeight + settings.lineSpacing
        var index = RowIndex()
        for s in 0..<source.sectionCount {
            let count = source.rowCount(s)
            guard source.isEager else {
                index.appendSection(rowCount: count, heights: nil, estimatedHeight: estimate)
                continue
            }
            let sectionKey = Self.sectionKey(source.sectionSummary(s))
            let heights = (0..<count).map { r in
                let summary = source.rowSummary(s, r)
                let key = ModelKey.child(of: sectionKey, name: summary.name, id: summary.id)
                return geometry.rowHeight(
                    of: summary, key: key, section: s, index: r, source: source, state: state)
            }
            index.appendSection(rowCount: count, heights: heights, estimatedHeight: estimate)
        }
        self.index = index
    }

    /// This layout for another view state, keeping the measured document
    /// when the new state cannot change any height: a lazy source's rows have
    /// fixed heights, and an eager catalogue's depend only on what is open.
    /// Nil when the document must be measured again.
    public func reused(for state: ViewState) -> ShelvesLayout? {
        guard !source.isEager || state.expanded == self.state.expanded else { return nil }
        var copy = self
        copy.state = state
        return copy
    }

    private static func sectionKey(_ summary: SectionSummary) -> String {
        ModelKey.section(name: summary.name, id: summary.id)
    }

    /// The elements that meet `viewport`, in document order: each section's
    /// header before its rows, each row before its cells.
    public func layout(_ viewport: Viewport) -> Layout {
        layout(viewport, asking: source)
    }

    /// Whether the source is lazy: a long document is then laid out by
    /// prefetching each band here and laying it out from the recording
    /// elsewhere (see ``SourceRecording``).
    public var isLazy: Bool { !source.isEager }

    /// Asks the source everything ``layout(_:)`` of `viewport` asks, in the
    /// same order, and records the answers; builds nothing.
    public func prefetch(_ viewport: Viewport) -> SourceRecording {
        let recorder = RecordingSource(source)
        var nothing = NoElements()
        walk(viewport, asking: recorder, into: &nothing)
        return recorder.recording
    }

    /// ``layout(_:)`` of `viewport` answered from what ``prefetch(_:)``
    /// recorded for it, without asking the source, so it may run on any
    /// thread. Nil when the layout asked something the recording does not
    /// hold next, which the same walk never does.
    public func layout(_ viewport: Viewport, replaying recording: SourceRecording) -> Layout? {
        let replay = ReplaySource(recording)
        let laidOut = layout(viewport, asking: replay)
        return replay.diverged ? nil : laidOut
    }

    private func layout(_ viewport: Viewport, asking source: any CatalogueSource) -> Layout {
        var list = ElementList()
        let window = walk(viewport, asking: source, into: &list)
        return Layout(
            viewport: window, top: max(0, viewport.top), documentHeight: documentHeight,
            elements: list.elements)
    }

    /// Lays the window out into `sink`, asking `source`; returns the window.
    @discardableResult
    private func walk(
        _ viewport: Viewport, asking source: any CatalogueSource, into elements: inout some LayoutSink
    ) -> Rect {
        let top = max(0, viewport.top)
        let height = viewport.height ?? max(0, documentHeight - top)
        let window = Rect(x: 0, y: 0, width: width, height: height)
        let bottom = top + height
        var first: (kind: LayoutElement.Kind, y: Int)?
        var s = index.firstSection(endingAfter: top)
        while s < index.sections.count && index.sections[s].top < bottom {
            let span = index.sections[s]
            let summary = source.sectionSummary(s)
            let sectionKey = Self.sectionKey(summary)
            if span.top >= top {
                let frame = Rect(x: 0, y: span.top - top, width: width, height: 1)
                first = first ?? (.header, frame.y)
                elements.add {
                    LayoutElement(
                        kind: .header, path: ElementPath([s + 1]), key: sectionKey, frame: frame,
                        clip: frame.intersection(window), title: summary.name)
                }
            }
            let firstRowTop = span.top + 1
            var r = span.firstRow(endingAfter: top - firstRowTop)
            while r < span.rowCount && firstRowTop + span.rowTop(r) < bottom {
                let row = source.rowSummary(s, r)
                let key = ModelKey.child(of: sectionKey, name: row.name, id: row.id)
                let y = firstRowTop + span.rowTop(r) - top
                first = first ?? (.row, y)
                geometry.append(
                    row: row, key: key, section: s, index: r, at: y,
                    height: span.rowHeight(r) - settings.lineSpacing, source: source, state: state,
                    window: window, into: &elements)
                r += 1
            }
            s += 1
        }
        // A viewport scrolled into a section keeps that section's header on
        // its first line, as a table view's sticky headers do.
        if viewport.stickyHeaders, viewport.height != nil, top > 0, let first,
            first.kind != .header || first.y > 0
        {
            let s = index.firstSection(endingAfter: top)
            if s < index.sections.count, index.sections[s].top < top {
                let summary = source.sectionSummary(s)
                let frame = Rect(x: 0, y: 0, width: width, height: 1)
                elements.addFirst {
                    var header = LayoutElement(
                        kind: .header, path: ElementPath([s + 1]), key: Self.sectionKey(summary),
                        frame: frame,
                        clip: frame.intersection(window), title: summary.name)
                    header.isSticky = true
                    return header
                }
            }
        }
        return window
    }
}

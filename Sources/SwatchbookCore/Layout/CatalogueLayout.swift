/// Lays a catalogue out in one of the three projections of its model: a
/// header per section and, per row, a title above its content, which the
/// style draws as a strip of swatch cells that scrolls sideways on its own
/// (shelves), one line per item (outline) or an aligned table (details).
/// See ``StripGeometry`` for what each row takes.
///
/// Construction measures the document (every row of an eager catalogue, only
/// the row counts of a lazy source); ``layout(_:)`` then touches only the rows
/// and items that meet the viewport, so drawing cost follows the screen, not
/// the catalogue.
public struct CatalogueLayout {
    public let settings: LayoutSettings
    public let width: Int
    public private(set) var state: ViewState
    /// The catalogue laid out.
    public let source: any CatalogueSource
    private let geometry: StripGeometry
    /// Where rows sit, shared by the copies of this layout for other view
    /// states (which keep every height) and kept up to date as a lazy
    /// source's rows are asked.
    private var measured: MeasuredIndex
    /// The open lines of each tree, made once for this layout's view state
    /// (and its copies, which share it) rather than for every band.
    private var trees = TreeLines()

    public var documentHeight: Int { synced().documentHeight }

    /// The document line of row `r` of section `s` (0-based), and its
    /// height including the spacing after it.
    public func rowFrame(section s: Int, row r: Int) -> (top: Int, height: Int) {
        let index = synced()
        let span = index.sections[s]
        return (index.sectionTop(s) + 1 + span.rowTop(r), span.rowHeight(r))
    }

    /// The open lines of the tree in row `r` of section `s` (0-based), as
    /// this layout draws them; empty for a row that holds no tree.
    func treeLines(section s: Int, row r: Int) -> OutlineLines {
        let summary = source.rowSummary(s, r)
        guard summary.kind == .children else { return OutlineLines() }
        let sectionKey = Self.sectionKey(source.sectionSummary(s))
        return geometry.measure(
            summary, key: ModelKey.child(of: sectionKey, name: summary.name, id: summary.id), section: s,
            index: r, source: source, state: state, trees: source.isEager ? trees : nil
        ).tree
    }

    /// The document line of section `s`'s header.
    public func sectionTop(_ s: Int) -> Int { synced().sectionTop(s) }

    /// The row that document line `y` falls in, if a row is there (not a
    /// header or the blank line between sections).
    public func row(atLine y: Int) -> RowPosition? {
        let index = synced()
        let s = index.firstSection(endingAfter: y)
        guard s < index.sections.count else { return nil }
        let firstRowTop = index.sectionTop(s) + 1
        guard y >= firstRowTop else { return nil }
        let r = index.sections[s].firstRow(endingAfter: y - firstRowTop)
        return r < index.sections[s].rowCount ? RowPosition(section: s, row: r) : nil
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
        var geometry = StripGeometry(settings: settings, width: self.width, measure: measure)
        geometry.highlight = state.filter.map(FilterQuery.init).flatMap { $0.isEmpty ? nil : $0 }
        self.geometry = geometry
        let estimate = 1 + settings.itemHeight + settings.lineSpacing
        var index = RowIndex(sectionGap: settings.style == .outline ? 0 : 1)
        for s in 0..<source.sectionCount {
            // A closed section's rows take no lines (outline).
            let open = geometry.isOpen(Self.sectionKey(source.sectionSummary(s)), state)
            index.appendSection(rowCount: source.rowCount(s), estimatedHeight: open ? estimate : 0)
        }
        // An eager catalogue is measured whole; a lazy source's rows only
        // once asked (those asked already are measured by the sync below).
        if source.isEager {
            for s in 0..<index.sections.count {
                let sectionKey = Self.sectionKey(source.sectionSummary(s))
                guard geometry.isOpen(sectionKey, state) else { continue }
                for r in 0..<index.sections[s].rowCount {
                    let summary = source.rowSummary(s, r)
                    let measured = geometry.measure(
                        summary, key: ModelKey.child(of: sectionKey, name: summary.name, id: summary.id),
                        section: s, index: r, source: source, state: state, trees: trees)
                    index.setRowHeight(s, r, measured.height)
                }
            }
        }
        measured = MeasuredIndex(index)
    }

    /// This layout for another view state, keeping the measured document
    /// when the new state cannot change any height: heights depend only on
    /// what is open. Nil when the document must be measured again.
    public func reused(for state: ViewState) -> CatalogueLayout? {
        guard state.opensTheSame(as: self.state), state.filter == self.state.filter
        else {
            return nil
        }
        var copy = self
        copy.state = state
        return copy
    }

    /// This layout after the node at `path` (a node of an eager tree whose
    /// lines this layout has made) was opened or closed, `state` saying
    /// which: the node's lines are spliced into or out of its tree's, and
    /// only that row's height changes, so the cost is the lines that come
    /// or go, not the tree. Nil when the layout cannot tell, and must be
    /// measured again.
    public func toggled(nodeAt path: ElementPath, in state: ViewState) -> CatalogueLayout? {
        let p = path.indices.map { $0 - 1 }
        guard source.isEager, p.count >= 3, state.collapsed == self.state.collapsed,
            state.filter == self.state.filter, p[0] < source.sectionCount, p[1] < source.rowCount(p[0])
        else { return nil }
        let position = RowPosition(section: p[0], row: p[1])
        // Taken out of the shared cache, the lines are this layout's alone
        // and change in place; a copy that still wants them makes them again.
        guard var lines = trees.rows.removeValue(forKey: position) else { return nil }
        var low = 0
        var high = lines.count
        while low < high {
            let mid = (low + high) / 2
            if lines[mid].path < path { low = mid + 1 } else { high = mid }
        }
        guard low < lines.count, lines[low].path == path else { return nil }
        let line = lines[low]
        let open = state.isOpen(line.key, line.node)
        if open != line.isExpanded {
            lines[low].isExpanded = open
            if open {
                let shown = OutlineRows.lines(
                    of: line.node.children, parentKey: line.key, path: path, depth: line.depth + 1,
                    state: state)
                lines.insert(contentsOf: shown, at: low + 1)
            } else {
                var end = low + 1
                while end < lines.count && lines[end].depth > line.depth { end += 1 }
                lines.removeSubrange((low + 1)..<end)
            }
        }
        var copy = self
        copy.state = state
        copy.trees = TreeLines(rows: trees.rows)
        copy.trees.rows[position] = lines
        var index = synced()
        index.setRowHeight(p[0], p[1], 1 + lines.count + settings.lineSpacing)
        copy.measured = MeasuredIndex(index)
        return copy
    }

    fileprivate static func sectionKey(_ summary: SectionSummary) -> String {
        ModelKey.section(name: summary.name, id: summary.id)
    }

    /// The index, with every row the source has answered so far measured.
    private func synced() -> RowIndex {
        measured.sync(source: source, geometry: geometry, state: state)
        return measured.index
    }

    /// The elements that meet `viewport`, in document order: each section's
    /// header before its rows, each row before its cells.
    public func layout(_ viewport: Viewport) -> Layout {
        var index = synced()
        var list = ElementList(lines: viewport.height)
        let window = walk(viewport, asking: source, index: &index, into: &list)
        measured.index = index
        return Layout(
            viewport: window, top: max(0, viewport.top), documentHeight: index.documentHeight,
            elements: list.elements)
    }

    /// Whether the source is lazy: a long document is then laid out by
    /// prefetching each band here and laying it out from the recording
    /// elsewhere (see ``SourceRecording``).
    public var isLazy: Bool { !source.isEager }

    /// Asks the source everything ``layout(_:)`` of `viewport` asks, in the
    /// same order, and records the answers with the heights they gave;
    /// builds nothing.
    public func prefetch(_ viewport: Viewport) -> SourceRecording {
        var index = synced()
        let recorder = RecordingSource(source)
        var nothing = NoElements()
        walk(viewport, asking: recorder, index: &index, into: &nothing)
        measured.index = index
        var recording = recorder.recording
        recording.index = index
        return recording
    }

    /// ``layout(_:)`` of `viewport` answered from what ``prefetch(_:)``
    /// recorded for it, without asking the source or touching anything the
    /// layout shares, so it may run on any thread. Nil when the layout asked
    /// something the recording does not hold next, which the same walk never
    /// does.
    public func layout(_ viewport: Viewport, replaying recording: SourceRecording) -> Layout? {
        guard var index = recording.index else { return nil }
        let replay = ReplaySource(recording)
        var list = ElementList(lines: viewport.height)
        let window = walk(viewport, asking: replay, index: &index, into: &list)
        guard !replay.diverged else { return nil }
        return Layout(
            viewport: window, top: max(0, viewport.top), documentHeight: index.documentHeight,
            elements: list.elements)
    }

    /// Lays the window out into `sink`, asking `source` and measuring in
    /// `index` each row it asks; returns the window.
    @discardableResult
    private func walk(
        _ viewport: Viewport, asking source: any CatalogueSource, index: inout RowIndex,
        into elements: inout some LayoutSink
    ) -> Rect {
        let top = max(0, viewport.top)
        // A whole document ends where its last row does, which moves down
        // as a lazy source's rows are measured on the way.
        let end = viewport.height.map { top + $0 }
        let window = Rect(x: 0, y: 0, width: width, height: viewport.height ?? Int.max / 4)
        var first: (kind: LayoutElement.Kind, y: Int)?
        var s = index.firstSection(endingAfter: top)
        while s < index.sections.count && index.sectionTop(s) < end ?? index.documentHeight {
            let sectionTop = index.sectionTop(s)
            let summary = source.sectionSummary(s)
            let sectionKey = Self.sectionKey(summary)
            let open = geometry.isOpen(sectionKey, state)
            if sectionTop >= top {
                let frame = Rect(x: 0, y: sectionTop - top, width: width, height: 1)
                first = first ?? (.header, frame.y)
                elements.add {
                    header(
                        s, summary, key: sectionKey, frame: frame, window: window, open: open, source: source)
                }
            }
            guard open else {
                s += 1
                continue
            }
            let firstRowTop = sectionTop + 1
            var r = index.sections[s].firstRow(endingAfter: top - firstRowTop)
            while r < index.sections[s].rowCount
                && firstRowTop + index.sections[s].rowTop(r) < end ?? index.documentHeight
            {
                let row = source.rowSummary(s, r)
                let key = ModelKey.child(of: sectionKey, name: row.name, id: row.id)
                let (tree, height) = geometry.measure(
                    row, key: key, section: s, index: r, source: source, state: state,
                    trees: source.isEager ? trees : nil)
                index.setRowHeight(s, r, height)
                let span = index.sections[s]
                let y = firstRowTop + span.rowTop(r) - top
                first = first ?? (.row, y)
                geometry.append(
                    row: row, key: key, section: s, index: r, at: y,
                    height: span.rowHeight(r) - settings.lineSpacing, tree: tree, source: source,
                    state: state, window: window, into: &elements)
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
            if s < index.sections.count, index.sectionTop(s) < top {
                let summary = source.sectionSummary(s)
                let frame = Rect(x: 0, y: 0, width: width, height: 1)
                elements.addFirst {
                    var header = header(
                        s, summary, key: Self.sectionKey(summary), frame: frame, window: window, open: true,
                        source: source)
                    header.isSticky = true
                    return header
                }
            }
        }
        let rest = max(0, index.documentHeight - top)
        let height = viewport.height.map { viewport.endsWithDocument ? min($0, rest) : $0 } ?? rest
        return Rect(x: 0, y: 0, width: width, height: height)
    }

    /// Section `s`'s header line: in outline a parent, open or closed.
    private func header(
        _ s: Int, _ summary: SectionSummary, key: String, frame: Rect, window: Rect, open: Bool,
        source: any CatalogueSource
    ) -> LayoutElement {
        var header = LayoutElement(
            .header, path: ElementPath([s + 1]), key: key, frame: frame,
            clip: frame.intersection(window), title: summary.name)
        header.matched = geometry.matched(summary.name)
        if settings.style == .outline {
            header.hasChildren = source.rowCount(s) > 0
            header.isExpanded = open
            header.isFocused = state.focus == key
        }
        return header
    }
}

/// A layout's row index, shared by the copies of the layout, with the rows
/// a lazy source has answered measured: a focus move or a tap asks for rows
/// outside any layout walk, and those rows must be placed at their true
/// height from then on. Used on the thread that asks the source only.
private final class MeasuredIndex {
    var index: RowIndex
    /// How many of the source's answered rows the index has measured.
    private var measuredAnswers = 0

    init(_ index: RowIndex) {
        self.index = index
    }

    func sync(source: any CatalogueSource, geometry: StripGeometry, state: ViewState) {
        guard !source.isEager else { return }
        let answered = source.answeredRows
        guard measuredAnswers < answered.count else { return }
        for position in answered[measuredAnswers...] {
            let (s, r) = (position.section, position.row)
            guard s < index.sections.count, r < index.sections[s].rowCount else { continue }
            let sectionKey = CatalogueLayout.sectionKey(source.sectionSummary(s))
            guard geometry.isOpen(sectionKey, state) else { continue }
            let summary = source.rowSummary(s, r)
            let measured = geometry.measure(
                summary, key: ModelKey.child(of: sectionKey, name: summary.name, id: summary.id),
                section: s, index: r, source: source, state: state)
            index.setRowHeight(s, r, measured.height)
        }
        measuredAnswers = answered.count
    }
}

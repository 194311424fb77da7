/// Moves focus the way UIKit focus moves: left and right within a strip,
/// up and down to the neighbouring row, landing on the item that row last
/// had focused (else the nearest column), and scrolls the focused cell into
/// view with the smallest move, sideways within its strip and down the page.
///
/// A pure function of (catalogue, settings, viewport, view state): every
/// method takes the state and returns it changed.
public struct Navigator {
    public enum Move: String, Sendable, CaseIterable {
        case left, right, up, down, pageUp, pageDown, home, end, first, last, nextSection, previousSection
    }

    public let source: any CatalogueSource
    public let settings: LayoutSettings
    public let width: Int
    /// Lines of the viewport.
    public let height: Int
    let measure: @Sendable (String) -> Int
    /// A layout of the same catalogue, settings and width to reuse when the
    /// state allows, so a key does not measure the whole document again.
    let measured: CatalogueLayout?

    public init(
        source: any CatalogueSource, settings: LayoutSettings, width: Int, height: Int,
        measure: @escaping @Sendable (String) -> Int = { $0.count }, measured: CatalogueLayout? = nil
    ) {
        self.source = source
        self.settings = settings
        self.width = max(1, width)
        self.height = max(1, height)
        self.measure = measure
        self.measured = measured
    }

    /// Whether the focus goes to the lines of a details table, one item a
    /// line, as `pick` needs, rather than to the table as a whole.
    public var focusesTableLines = false

    var geometry: StripGeometry { StripGeometry(settings: settings, width: width, measure: measure) }

    /// The clamped horizontal offset of a strip of `count` items.
    public func clampedOffset(_ offset: Int, count: Int) -> Int {
        geometry.clampedOffset(offset, count: count)
    }

    func layout(_ state: ViewState) -> CatalogueLayout {
        measured?.reused(for: state)
            ?? CatalogueLayout(
                source: source, settings: settings, width: width, state: state, measure: measure)
    }

    // MARK: Keys of rows and targets

    func sectionKey(_ s: Int) -> String {
        let summary = source.sectionSummary(s)
        return ModelKey.section(name: summary.name, id: summary.id)
    }

    func rowKey(_ s: Int, _ r: Int) -> String {
        let row = source.rowSummary(s, r)
        return ModelKey.child(of: sectionKey(s), name: row.name, id: row.id)
    }

    /// The open lines of row `r`'s tree, as the measured layout keeps them.
    func lines(_ s: Int, _ r: Int, _ state: ViewState) -> OutlineLines {
        layout(state).treeLines(section: s, row: r)
    }

    public func key(of target: FocusTarget, in state: ViewState) -> String {
        switch target.kind {
        case .item(let index):
            let item = source.item(target.section, target.row, index)
            return ModelKey.child(of: rowKey(target.section, target.row), name: item.name, id: item.id)
        case .node(let line, _):
            return lines(target.section, target.row, state)[line].key
        case .header:
            return sectionKey(target.section)
        case .title:
            return rowKey(target.section, target.row)
        }
    }

    var isOutline: Bool { settings.style == .outline }

    /// Whether section `s`'s rows are shown (an outline closes them).
    func isOpen(section s: Int, _ state: ViewState) -> Bool { geometry.isOpen(sectionKey(s), state) }

    /// Whether row `r`'s content is shown (an outline closes it).
    func isOpen(row s: Int, _ r: Int, _ state: ViewState) -> Bool { geometry.isOpen(rowKey(s, r), state) }

    /// Whether focus lands on a row's title rather than in its content: a
    /// details table, and a closed row of an outline.
    func focusesTitle(_ s: Int, _ r: Int, _ row: RowSummary, _ state: ViewState) -> Bool {
        (isTable(row) && !focusesTableLines) || (isOutline && !isOpen(row: s, r, state))
    }

    /// Whether the row is drawn as a details table of its items.
    func isTable(_ row: RowSummary) -> Bool {
        settings.style == .details && row.kind == .items
    }

    /// Rows focus can rest on: a strip with items, or a tree with lines;
    /// in an outline every row of an open section (its title is a line).
    func isFocusable(_ s: Int, _ r: Int, _ state: ViewState) -> Bool {
        if isOutline { return isOpen(section: s, state) }
        let row = source.rowSummary(s, r)
        switch row.kind {
        case .items: return row.count > 0
        case .children: return row.count > 0
        case .fields: return false
        }
    }

    // MARK: Resolving

    /// The target at a user's path (`2.1.3`, or a node path), if it names
    /// a focusable element.
    ///
    /// In an outline a section (`2`) and a row (`2.1`) are targets too;
    /// in details an item's path names its table, which takes the focus.
    public func target(at path: ElementPath, in state: ViewState) -> FocusTarget? {
        let p = path.indices.map { $0 - 1 }
        guard !p.isEmpty, p.allSatisfy({ $0 >= 0 }), p[0] < source.sectionCount else { return nil }
        if p.count == 1 { return isOutline ? FocusTarget(section: p[0], row: 0, kind: .header) : nil }
        guard p[1] < source.rowCount(p[0]), !isOutline || isOpen(section: p[0], state) else { return nil }
        let row = source.rowSummary(p[0], p[1])
        let title = FocusTarget(section: p[0], row: p[1], kind: .title)
        if p.count == 2 {
            return isOutline || (settings.style == .details && row.kind == .items && row.count > 0)
                ? title : nil
        }
        if isOutline && !isOpen(row: p[0], p[1], state) { return nil }
        switch row.kind {
        case .items:
            guard p.count == 3, p[2] < row.count else { return nil }
            if settings.style == .details && !focusesTableLines { return title }
            return FocusTarget(section: p[0], row: p[1], kind: .item(p[2]))
        case .children:
            guard let line = lines(p[0], p[1], state).firstIndex(where: { $0.path == path }) else {
                return nil
            }
            return FocusTarget(section: p[0], row: p[1], kind: .node(line: line, path: path))
        case .fields:
            return nil
        }
    }

    /// Where the focus is: the stored key at its hinted path, else (for a
    /// catalogue that can be searched) wherever that key now is.
    public func currentTarget(in state: ViewState) -> FocusTarget? {
        guard let focus = state.focus else { return nil }
        if let hint = state.focusPath, let target = target(at: hint, in: state),
            key(of: target, in: state) == focus
        {
            return target
        }
        guard source.isEager else { return nil }
        for s in 0..<source.sectionCount {
            if isOutline && sectionKey(s) == focus { return FocusTarget(section: s, row: 0, kind: .header) }
            for r in 0..<source.rowCount(s) where isFocusable(s, r, state) {
                for target in targets(inRow: s, r, state) where key(of: target, in: state) == focus {
                    return target
                }
            }
        }
        return nil
    }

    /// The targets of a row, in order: its title first in an outline, and
    /// only its title for a details table or a closed outline row.
    func targets(inRow s: Int, _ r: Int, _ state: ViewState) -> [FocusTarget] {
        let row = source.rowSummary(s, r)
        let title = FocusTarget(section: s, row: r, kind: .title)
        if focusesTitle(s, r, row, state) { return [title] }
        return (isOutline ? [title] : []) + contentTargets(inRow: s, r, row, state)
    }

    /// The items or tree lines of a row.
    func contentTargets(inRow s: Int, _ r: Int, _ row: RowSummary, _ state: ViewState) -> [FocusTarget] {
        switch row.kind {
        case .items: return (0..<row.count).map { FocusTarget(section: s, row: r, kind: .item($0)) }
        case .children:
            return lines(s, r, state).enumerated().map {
                FocusTarget(section: s, row: r, kind: .node(line: $0.offset, path: $0.element.path))
            }
        case .fields: return []
        }
    }

    // MARK: Changing focus

    /// Focuses `target`, remembers it as its row's last focus, and scrolls
    /// it into view.
    public func focus(_ target: FocusTarget, in state: inout ViewState) {
        let key = key(of: target, in: state)
        state.focus = key
        state.focusPath = target.path
        switch target.kind {
        case .item, .node: state.lastFocused[rowKey(target.section, target.row)] = key
        case .header, .title: break
        }
        scrollIntoView(target, in: &state)
    }

    /// Puts the focus on the first item or node of the first row when it is
    /// nowhere (a fresh start, or its element has gone).
    public func ensureFocus(in state: inout ViewState) {
        if let target = currentTarget(in: state) {
            state.focusPath = target.path
            return
        }
        if let first = firstRow(from: (0, 0), forward: true, state),
            let target = landing(in: first, from: nil, forward: true, state)
        {
            focus(target, in: &state)
        }
    }

    public func move(_ move: Move, in state: inout ViewState) {
        guard let current = currentTarget(in: state) else {
            ensureFocus(in: &state)
            return
        }
        if let target = destination(of: move, from: current, state) { focus(target, in: &state) }
    }

    private func destination(of move: Move, from current: FocusTarget, _ state: ViewState) -> FocusTarget? {
        if isOutline, let target = outlineDestination(of: move, from: current, state) { return target }
        let s = current.section
        let r = current.row
        switch (move, current.kind) {
        case (.left, .item(let i)):
            return i > 0 ? FocusTarget(section: s, row: r, kind: .item(i - 1)) : nil
        case (.right, .item(let i)):
            return i + 1 < source.rowSummary(s, r).count
                ? FocusTarget(section: s, row: r, kind: .item(i + 1)) : nil
        case (.home, .item):
            return FocusTarget(section: s, row: r, kind: .item(0))
        case (.end, .item):
            return FocusTarget(section: s, row: r, kind: .item(source.rowSummary(s, r).count - 1))
        case (.left, .node), (.right, .node), (.left, .header), (.right, .header), (.left, .title),
            (.right, .title), (.home, .header), (.end, .header), (.home, .title), (.end, .title):
            return nil  // trees open and close through taps and sb.expand
        case (.home, .node), (.end, .node):
            let rowTargets = contentTargets(inRow: s, r, source.rowSummary(s, r), state)
            return move == .home ? rowTargets.first : rowTargets.last
        case (.up, _), (.down, _):
            return vertical(from: current, forward: move == .down, state)
        case (.pageDown, _), (.pageUp, _):
            return page(from: current, forward: move == .pageDown, state)
        case (.first, _):
            return firstRow(from: (0, 0), forward: true, state).flatMap {
                tableEnd(of: $0, last: false) ?? landing(in: $0, from: nil, forward: true, state)
            }
        case (.last, _):
            guard let end = lastRowPosition() else { return nil }
            return firstRow(from: end, forward: false, state).flatMap {
                tableEnd(of: $0, last: true) ?? landing(in: $0, from: nil, forward: false, state)
            }
        case (.previousSection, _):
            // The start of this section, or of the one before when already there.
            let first = firstRow(from: (s, 0), forward: true, state)
            let target = first.map { $0 == (s, r) } ?? true ? max(0, s - 1) : s
            return firstRow(from: (target, 0), forward: true, state).flatMap {
                landing(in: $0, from: nil, forward: true, state)
            }
        case (.nextSection, _):
            guard s + 1 < source.sectionCount else { return nil }
            return firstRow(from: (s + 1, 0), forward: true, state).flatMap {
                landing(in: $0, from: nil, forward: true, state)
            }
        }
    }

    /// Up or down: the neighbouring line of a tree, else the next focusable
    /// row; in an outline, the neighbouring line.
    func vertical(from current: FocusTarget, forward: Bool, _ state: ViewState) -> FocusTarget? {
        if isOutline { return outlineStep(from: current, forward: forward, state) }
        if case .item(let i) = current.kind, isTable(source.rowSummary(current.section, current.row)) {
            let next = i + (forward ? 1 : -1)
            if next >= 0, next < source.rowSummary(current.section, current.row).count {
                return FocusTarget(section: current.section, row: current.row, kind: .item(next))
            }
        }
        if case .node(let line, _) = current.kind {
            let rowLines = lines(current.section, current.row, state)
            let next = line + (forward ? 1 : -1)
            if rowLines.indices.contains(next) {
                return FocusTarget(
                    section: current.section, row: current.row,
                    kind: .node(line: next, path: rowLines[next].path))
            }
        }
        guard let start = step((current.section, current.row), forward: forward),
            let row = firstRow(from: start, forward: forward, state)
        else { return nil }
        return landing(in: row, from: current, forward: forward, state)
    }

    /// A page: as many rows as fit on the screen, at least one.
    private func page(from current: FocusTarget, forward: Bool, _ state: ViewState) -> FocusTarget? {
        let layout = layout(state)
        // An outline moves by lines, the other styles by rows.
        func top(_ target: FocusTarget) -> Int {
            isOutline
                ? line(of: target, in: layout) : layout.rowFrame(section: target.section, row: target.row).top
        }
        let startTop = top(current)
        let room = isOutline ? height - 1 : height - settings.itemHeight - 1
        var target = current
        while let next = vertical(from: target, forward: forward, state) {
            target = next
            if abs(top(next) - startTop) >= room { break }
        }
        return target == current ? nil : target
    }

    /// The first or last line of a details table whose lines take the
    /// focus: where the first and last moves end, whatever the row last had.
    private func tableEnd(of row: (Int, Int), last: Bool) -> FocusTarget? {
        let summary = source.rowSummary(row.0, row.1)
        guard focusesTableLines, isTable(summary), summary.count > 0 else { return nil }
        return FocusTarget(section: row.0, row: row.1, kind: .item(last ? summary.count - 1 : 0))
    }

    /// Where focus lands in a row it enters: the item the row last had
    /// focused, else the column nearest the one it leaves; the first or last
    /// line of a tree; the title of a details table or a closed outline row.
    func landing(in row: (Int, Int), from current: FocusTarget?, forward: Bool, _ state: ViewState)
        -> FocusTarget?
    {
        let (s, r) = row
        let summary = source.rowSummary(s, r)
        let title = FocusTarget(section: s, row: r, kind: .title)
        if focusesTitle(s, r, summary, state) { return title }
        if summary.kind != .items || summary.count == 0 {
            // A tree's first or last line; an outline row with no line to
            // land on keeps the focus on its title.
            let content = contentTargets(inRow: s, r, summary, state)
            return (forward ? content.first : content.last) ?? (isOutline ? title : nil)
        }
        let key = rowKey(s, r)
        if let remembered = state.lastFocused[key],
            let index = itemIndex(ofKey: remembered, inRow: s, r, near: current, state)
        {
            return FocusTarget(section: s, row: r, kind: .item(index))
        }
        // A table is entered at its first line going down, its last going up.
        var index = isTable(summary) && !forward ? summary.count - 1 : 0
        if let current, case .item(let i) = current.kind, !settings.wrap, settings.style == .shelves {
            let g = geometry
            let fromOffset = g.clampedOffset(
                state.offset(ofRow: rowKey(current.section, current.row)),
                count: source.rowSummary(current.section, current.row).count)
            let screenX = i * g.pitch - fromOffset
            let toOffset = g.clampedOffset(state.offset(ofRow: key), count: summary.count)
            index = Int((Double(screenX + toOffset) / Double(g.pitch)).rounded())
        }
        return FocusTarget(section: s, row: r, kind: .item(max(0, min(summary.count - 1, index))))
    }

    /// Finds a remembered item by key: first near the column being left (a
    /// lazy row is never searched further), then anywhere in an eager row.
    private func itemIndex(
        ofKey key: String, inRow s: Int, _ r: Int, near current: FocusTarget?, _ state: ViewState
    ) -> Int? {
        let count = source.rowSummary(s, r).count
        let rowKey = rowKey(s, r)
        func matches(_ i: Int) -> Bool {
            let item = source.item(s, r, i)
            return ModelKey.child(of: rowKey, name: item.name, id: item.id) == key
        }
        if let hint = state.focusPath, hint.indices.count == 3, hint.indices[0] == s + 1,
            hint.indices[1] == r + 1
        {
            let i = hint.indices[2] - 1
            if i < count && matches(i) { return i }
        }
        guard source.isEager else { return nil }
        return (0..<count).first(where: matches)
    }
}

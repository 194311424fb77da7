/// The geometry of one row's content under given settings: how tall it is,
/// and which of its cells fall inside the window.
///
/// The style decides what a row of items takes: shelves a strip of swatch
/// cells (one line of cells, or several when it wraps); outline one line
/// per item under the row's title, at the next level of indent, with
/// sections and rows as parents that open and close; details a line of
/// column titles and one line per item of an aligned table. Key/value rows
/// and trees look the same in every style (indented in outline).
struct StripGeometry {
    let settings: LayoutSettings
    let width: Int
    let measure: @Sendable (String) -> Int
    /// The filter whose matches are highlighted, if one is on.
    var highlight: FilterQuery?

    /// The characters of `title` to highlight.
    func matched(_ title: String) -> [Int] {
        highlight?.matchedCharacters(in: title) ?? []
    }

    /// Where cells may be drawn: the width between the insets.
    var contentX: Int { min(settings.insetLeft, width - 1) }
    var contentWidth: Int { max(1, width - settings.insetLeft - settings.insetRight) }
    var pitch: Int { settings.itemWidth + settings.itemSpacing }

    /// Cells per line when a row wraps.
    var cellsPerLine: Int { max(1, (contentWidth + settings.itemSpacing) / pitch) }

    var isOutline: Bool { settings.style == .outline }

    /// Whether a section's rows, or a row's content, are laid out: always,
    /// but in an outline whose user closed it. The key is made only then.
    func isOpen(_ key: @autoclosure () -> String, _ state: ViewState) -> Bool {
        !isOutline || state.collapsed.isEmpty || !state.collapsed.contains(key())
    }

    /// Columns an outline indents the content of a row by: two levels, the
    /// section's and the row's.
    var outlineIndent: Int { isOutline ? min(2 * settings.indent, contentWidth - 1) : 0 }

    func contentHeight(of row: RowSummary) -> Int {
        switch row.kind {
        case .items:
            guard row.count > 0 else { return 0 }
            switch settings.style {
            case .shelves:
                let lines = settings.wrap ? (row.count + cellsPerLine - 1) / cellsPerLine : 1
                return lines * settings.itemHeight
            case .outline: return row.count
            case .details: return 1 + row.count
            }
        case .fields:
            return row.count
        case .children:
            preconditionFailure("a tree's height depends on what is expanded")
        }
    }

    /// Row `index` of `section` as layout places it: its open tree lines
    /// (none unless it is a tree, whose `key` is only then made) and its full
    /// height, title, content and the spacing after it.
    ///
    /// A tree's lines are kept in `trees` when given: a long document is
    /// laid out band by band, and each band that meets the tree would
    /// otherwise walk all of it again.
    func measure(
        _ row: RowSummary, key: @autoclosure () -> String, section: Int, index: Int,
        source: any CatalogueSource, state: ViewState, trees: TreeLines? = nil
    ) -> (tree: OutlineLines, height: Int) {
        if isOutline, !isOpen(key(), state) { return (OutlineLines(), 1 + settings.lineSpacing) }
        guard row.kind == .children else {
            return (OutlineLines(), 1 + contentHeight(of: row) + settings.lineSpacing)
        }
        let position = RowPosition(section: section, row: index)
        if var kept = trees?.rows[position] {
            if kept.columns == nil {
                kept.columns = nodeColumns(kept)
                trees?.rows[position] = kept
            }
            return (kept, 1 + kept.count + settings.lineSpacing)
        }
        var tree = OutlineRows.lines(
            of: source.nodes(section, index), parentKey: key(), path: ElementPath([section + 1, index + 1]),
            state: state)
        tree.columns = nodeColumns(tree)
        trees?.rows[position] = tree
        return (tree, 1 + tree.count + settings.lineSpacing)
    }

    /// Total columns of an unwrapped strip of `count` cells.
    func stripWidth(count: Int) -> Int {
        count == 0 ? 0 : count * pitch - settings.itemSpacing
    }

    /// The offset actually used: stored offsets are clamped to the content.
    func clampedOffset(_ offset: Int, count: Int) -> Int {
        max(0, min(offset, stripWidth(count: count) - contentWidth))
    }

    /// Lays out a row and what it holds; `tree` is a tree row's open lines.
    func append(
        row: RowSummary, key: String, section: Int, index: Int, at y: Int, height: Int,
        tree lines: OutlineLines, source: any CatalogueSource, state: ViewState, window: Rect,
        into elements: inout some LayoutSink
    ) {
        let path = ElementPath([section + 1, index + 1])
        let frame = Rect(x: contentX, y: y, width: contentWidth, height: height)
        let indent = outlineIndent
        let strip = Rect(x: contentX + indent, y: y + 1, width: contentWidth - indent, height: height - 1)
        let open = !isOutline || isOpen(key, state)
        func rowElement(_ change: (inout LayoutElement.RowContent) -> Void = { _ in }) -> LayoutElement {
            var content = LayoutElement.RowContent(holds: row.kind, strip: strip)
            change(&content)
            var element = LayoutElement(
                .row(content), path: path, key: key, frame: frame, clip: frame.intersection(window),
                title: row.name)
            element.matched = matched(row.name)
            if isOutline {
                element.depth = 1
                element.hasChildren = row.count > 0
                element.isExpanded = open
                element.isFocused = state.focus == key
            }
            return element
        }
        guard open else {
            elements.add { rowElement() }
            return
        }
        switch row.kind {
        case .items where settings.style == .shelves:
            let offset = settings.wrap ? 0 : clampedOffset(state.offset(ofRow: key), count: row.count)
            elements.add {
                rowElement { content in
                    guard !settings.wrap else { return }
                    content.moreLeft = offset > 0
                    content.moreRight = offset + contentWidth < stripWidth(count: row.count)
                }
            }
            appendItems(
                row: row, key: key, path: path, section: section, index: index, strip: strip,
                offset: offset, source: source, state: state, window: window, into: &elements)
        case .items:
            appendItemLines(
                row: row, key: key, path: path, section: section, index: index, strip: strip,
                source: source, state: state, window: window, rowElement: rowElement, into: &elements)
        case .fields:
            elements.add { rowElement() }
            let fields = source.fields(section, index)
            guard type(of: elements).buildsElements else { return }
            let keyWidth = fields.map { measure($0.key) }.max() ?? 0
            for i in Self.lines(count: fields.count, from: strip.y, in: window) {
                let field = fields[i]
                let frame = Rect(x: strip.x, y: strip.y + i, width: strip.width, height: 1)
                guard !frame.intersection(window).isEmpty else { continue }
                elements.add {
                    var line = LayoutElement(
                        .field(LayoutElement.FieldContent(value: field.value, keyWidth: keyWidth)),
                        path: path.child(i + 1), key: ModelKey.child(of: key, name: field.key, id: nil),
                        frame: frame, clip: frame.intersection(window), title: field.key)
                    line.index = i + 1
                    line.siblings = fields.count
                    return line
                }
            }
        case .children:
            elements.add { rowElement() }
            guard type(of: elements).buildsElements else { return }
            let columns = lines.columns ?? nodeColumns(lines)
            // Only the lines inside the window: a band of a long document
            // meets a few hundred of a tree's lines.
            lines.forEach(in: Self.lines(count: lines.count, from: strip.y, in: window)) { i, outline in
                let frame = Rect(x: strip.x, y: strip.y + i, width: strip.width, height: 1)
                guard !frame.intersection(window).isEmpty else { return }
                elements.add {
                    let content = LayoutElement.NodeContent(
                        fields: columns.fieldsX > 0 ? outline.node.shownFields : [], fieldsX: columns.fieldsX,
                        hexX: columns.hexX)
                    var line = LayoutElement(
                        .node(content), path: outline.path, key: outline.key, frame: frame,
                        clip: frame.intersection(window), title: outline.node.name)
                    line.color = outline.node.color
                    line.matched = matched(outline.node.name)
                    line.depth = outline.depth
                    line.hasChildren = !outline.node.children.isEmpty
                    line.isExpanded = outline.isExpanded
                    line.isSelected = !state.selected.isEmpty && state.selected.contains(outline.key)
                    line.isFocused = state.focus == outline.key
                    line.index = i + 1
                    line.siblings = lines.count
                    return line
                }
            }
        }
    }

    /// Where a tree's hex codes and, in details, its fields start: the
    /// hex two columns past the longest line before it (indent, disclosure,
    /// checkbox, chip and name) among the tree's first ``ItemTable/sampled``
    /// open lines, so the column stays put as the tree scrolls, at most two
    /// thirds of the way across; the fields two columns past the hex. Each
    /// is 0 when none of those lines has a colour, or fields.
    private func nodeColumns(_ lines: OutlineLines) -> (hexX: Int, fieldsX: Int) {
        let width = contentWidth - outlineIndent
        let fields = settings.style == .details
        var widest = 0
        var anyFields = false
        var anyColour = false
        var translucent = false
        lines.forEach(in: 0..<min(lines.count, ItemTable.sampled)) { _, line in
            anyFields = anyFields || (fields && !line.node.shownFields.isEmpty)
            if let color = line.node.color {
                anyColour = true
                translucent = translucent || color.alpha < 255
            }
            let box = settings.selection == .multiple ? 2 : 0
            let chip = line.node.color == nil ? 0 : ItemTable.chipWidth
            widest = max(widest, line.depth * settings.indent + 2 + box + chip + measure(line.node.name))
        }
        let hexX = anyColour ? max(1, min(widest + ItemTable.gap, width * 2 / 3)) : 0
        guard anyFields else { return (hexX, 0) }
        let afterHex = anyColour ? hexX + (translucent ? 9 : 7) : widest
        return (hexX, max(1, min(afterHex + ItemTable.gap, width * 2 / 3)))
    }

    /// Which of `count` one-line elements stacked from line `top` meet the window.
    static func lines(count: Int, from top: Int, in window: Rect) -> Range<Int> {
        let first = max(0, min(count, window.y - top))
        return first..<max(first, min(count, window.maxY - top))
    }

    /// A row of items as lines: outline's leaves, or details' table under
    /// its line of column titles. A details table is chosen as a whole, so
    /// the row takes the focus and selection, not its lines, except in
    /// `pick`, which picks the item on a line.
    private func appendItemLines(
        row: RowSummary, key: String, path: ElementPath, section: Int, index: Int, strip: Rect,
        source: any CatalogueSource, state: ViewState, window: Rect,
        rowElement: ((inout LayoutElement.RowContent) -> Void) -> LayoutElement,
        into elements: inout some LayoutSink
    ) {
        let details = settings.style == .details
        // The columns' widths come from the row's first items, asked whether
        // or not they are on screen, so that every band draws the same table.
        let table =
            row.count > 0
            ? ItemTable(
                items: source.items(section, index, 0..<min(row.count, ItemTable.sampled)),
                width: strip.width, fields: details,
                nameWidth: details ? ItemTable.widestName : settings.outlineNameWidth ?? .max,
                measure: measure)
            : nil
        elements.add {
            var element = rowElement { content in if details { content.table = table } }
            if details {
                element.isSelected = !state.selected.isEmpty && state.selected.contains(key)
                element.isFocused = state.focus == key
            }
            return element
        }
        let firstLine = strip.y + (details ? 1 : 0)
        let shown = Self.lines(count: row.count, from: firstLine, in: window)
        guard !shown.isEmpty else { return }
        let items = source.items(section, index, shown)
        for i in shown {
            let item = items[i - shown.lowerBound]
            let frame = Rect(x: strip.x, y: firstLine + i, width: strip.width, height: 1)
            elements.add {
                let cells = details ? table?.cells(of: item) ?? [] : []
                var element = LayoutElement(
                    .item(LayoutElement.ItemContent(table: table, cells: cells)), path: path.child(i + 1),
                    childOf: key, name: item.name, id: item.id,
                    frame: frame, clip: frame.intersection(window), title: item.name)
                element.color = item.color
                element.matched = matched(item.name)
                element.index = i + 1
                element.siblings = row.count
                if !details { element.depth = 2 }
                // A details table's line has the focus when `pick` puts it there.
                Self.mark(&element, in: state)
                return element
            }
        }
    }

    /// Marks an item selected or focused as `state` has it; its key is made
    /// only when the state selects or focuses something.
    private static func mark(_ element: inout LayoutElement, in state: ViewState) {
        guard !state.selected.isEmpty || state.focus != nil else { return }
        let key = element.key
        element.isSelected = state.selected.contains(key)
        element.isFocused = state.focus == key
    }

    private func appendItems(
        row: RowSummary, key: String, path: ElementPath, section: Int, index: Int, strip: Rect,
        offset: Int, source: any CatalogueSource, state: ViewState, window: Rect,
        into elements: inout some LayoutSink
    ) {
        let visible = strip.intersection(window)
        guard !visible.isEmpty, row.count > 0 else { return }
        let indices: Range<Int>
        if settings.wrap {
            let firstLine = max(0, (visible.y - strip.y) / settings.itemHeight)
            let lastLine = (visible.maxY - 1 - strip.y) / settings.itemHeight
            indices = min(row.count, firstLine * cellsPerLine)..<min(row.count, (lastLine + 1) * cellsPerLine)
        } else {
            let first = offset / pitch
            let last = (offset + contentWidth - 1) / pitch
            indices = min(row.count, first)..<min(row.count, last + 1)
        }
        func frame(_ i: Int) -> Rect {
            let column = settings.wrap ? i % cellsPerLine : i
            let line = settings.wrap ? i / cellsPerLine : 0
            return Rect(
                x: strip.x + column * pitch - offset, y: strip.y + line * settings.itemHeight,
                width: settings.itemWidth, height: settings.itemHeight)
        }
        // The cells that show lie side by side in a grid cut by one
        // rectangle, so they are a run of indices: asked for at once.
        func shows(_ i: Int) -> Bool { !frame(i).intersection(visible).isEmpty }
        guard let first = indices.first(where: shows), let last = indices.last(where: shows) else { return }
        let items = source.items(section, index, first..<(last + 1))
        for i in first...last {
            let frame = frame(i)
            let clip = frame.intersection(visible)
            if clip.isEmpty { continue }
            let item = items[i - first]
            elements.add {
                var element = LayoutElement(
                    .item(LayoutElement.ItemContent()), path: path.child(i + 1),
                    childOf: key, name: item.name, id: item.id, frame: frame, clip: clip, title: item.name)
                element.color = item.color
                element.matched = matched(item.name)
                element.index = i + 1
                element.siblings = row.count
                Self.mark(&element, in: state)
                return element
            }
        }
    }
}

/// The open lines of a layout's trees, by row, kept for the view state
/// they were made for. Used on the thread that asks the source only.
final class TreeLines {
    var rows: [RowPosition: OutlineLines]

    init(rows: [RowPosition: OutlineLines] = [:]) {
        self.rows = rows
    }
}

/// Where a walk over a window puts what it lays out.
protocol LayoutSink {
    /// False for a walk that only asks the source what layout will ask,
    /// building nothing (``CatalogueLayout/prefetch(_:)``).
    static var buildsElements: Bool { get }
    mutating func add(_ make: () -> LayoutElement)
    /// Puts an element before all the others (a sticky header).
    mutating func addFirst(_ make: () -> LayoutElement)
}

/// The elements of a window, in document order.
struct ElementList: LayoutSink {
    static var buildsElements: Bool { true }
    var elements: [LayoutElement] = []

    /// Room for a window of `lines` lines made at once: an outline has an
    /// element a line, and growing the list from nothing moved a band's
    /// elements ten times over.
    init(lines: Int? = nil) {
        // A band's lines, and a few rows and headers that begin above it: a
        // tree's band (a line an element, and its row) then never grows.
        elements.reserveCapacity(min((lines ?? 0) + 16, 1 << 12))
    }

    mutating func add(_ make: () -> LayoutElement) {
        elements.append(make())
    }

    mutating func addFirst(_ make: () -> LayoutElement) {
        elements.insert(make(), at: 0)
    }
}

/// Nothing: a prefetch walk's elements are never built.
struct NoElements: LayoutSink {
    static var buildsElements: Bool { false }
    /// A byte of storage, so that `inout` hands over a real address: with
    /// none, ThreadSanitizer's access checks in ``CatalogueLayout/prefetch(_:)``
    /// read through whatever address the empty value was given, and crashed
    /// (Swift 6.3, once `Viewport` lost its width and the frame moved).
    private var storage: UInt8 = 0
    mutating func add(_ make: () -> LayoutElement) {}
    mutating func addFirst(_ make: () -> LayoutElement) {}
}

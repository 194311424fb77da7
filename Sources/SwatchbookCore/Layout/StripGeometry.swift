/// The geometry of one row's content under given settings: how tall it is,
/// and which of its cells fall inside the window.
struct StripGeometry {
    let settings: LayoutSettings
    let width: Int
    let measure: @Sendable (String) -> Int

    /// Where cells may be drawn: the width between the insets.
    var contentX: Int { min(settings.insetLeft, width - 1) }
    var contentWidth: Int { max(1, width - settings.insetLeft - settings.insetRight) }
    var pitch: Int { settings.itemWidth + settings.itemSpacing }

    /// Cells per line when a row wraps.
    var cellsPerLine: Int { max(1, (contentWidth + settings.itemSpacing) / pitch) }

    func contentHeight(of row: RowSummary) -> Int {
        switch row.kind {
        case .items:
            guard row.count > 0 else { return 0 }
            let lines = settings.wrap ? (row.count + cellsPerLine - 1) / cellsPerLine : 1
            return lines * settings.itemHeight
        case .fields:
            return row.count
        case .children:
            preconditionFailure("a tree's height depends on what is expanded")
        }
    }

    /// Row `index` of `section` as layout places it: its open tree lines
    /// (none unless it is a tree, whose `key` is only then made) and its full
    /// height, title, content and the spacing after it.
    func measure(
        _ row: RowSummary, key: @autoclosure () -> String, section: Int, index: Int,
        source: any CatalogueSource, state: ViewState
    ) -> (tree: [OutlineLine], height: Int) {
        guard row.kind == .children else { return ([], 1 + contentHeight(of: row) + settings.lineSpacing) }
        let tree = OutlineRows.lines(
            of: source.nodes(section, index), parentKey: key(), path: ElementPath([section + 1, index + 1]),
            state: state)
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
        tree lines: [OutlineLine], source: any CatalogueSource, state: ViewState, window: Rect,
        into elements: inout some LayoutSink
    ) {
        let path = ElementPath([section + 1, index + 1])
        let frame = Rect(x: contentX, y: y, width: contentWidth, height: height)
        let strip = Rect(x: contentX, y: y + 1, width: contentWidth, height: height - 1)
        func rowElement() -> LayoutElement {
            var element = LayoutElement(
                kind: .row, path: path, key: key, frame: frame, clip: frame.intersection(window),
                title: row.name)
            element.strip = strip
            return element
        }
        switch row.kind {
        case .items:
            let offset = settings.wrap ? 0 : clampedOffset(state.offset(ofRow: key), count: row.count)
            elements.add {
                var element = rowElement()
                if !settings.wrap {
                    element.moreLeft = offset > 0
                    element.moreRight = offset + contentWidth < stripWidth(count: row.count)
                }
                return element
            }
            appendItems(
                row: row, key: key, path: path, section: section, index: index, strip: strip,
                offset: offset, source: source, state: state, window: window, into: &elements)
        case .fields:
            elements.add(rowElement)
            let fields = source.fields(section, index)
            guard type(of: elements).buildsElements else { return }
            let keyWidth = fields.map { measure($0.key) }.max() ?? 0
            for (i, field) in fields.enumerated() {
                let frame = Rect(x: strip.x, y: strip.y + i, width: strip.width, height: 1)
                guard !frame.intersection(window).isEmpty else { continue }
                elements.add {
                    var line = LayoutElement(
                        kind: .field, path: path.child(i + 1),
                        key: ModelKey.child(of: key, name: field.key, id: nil), frame: frame,
                        clip: frame.intersection(window), title: field.key)
                    line.value = field.value
                    line.keyWidth = keyWidth
                    line.index = i + 1
                    line.siblings = fields.count
                    return line
                }
            }
        case .children:
            elements.add(rowElement)
            guard type(of: elements).buildsElements else { return }
            for (i, outline) in lines.enumerated() {
                let frame = Rect(x: strip.x, y: strip.y + i, width: strip.width, height: 1)
                guard !frame.intersection(window).isEmpty else { continue }
                elements.add {
                    var line = LayoutElement(
                        kind: .node, path: outline.path, key: outline.key, frame: frame,
                        clip: frame.intersection(window), title: outline.node.name)
                    line.color = outline.node.color
                    line.depth = outline.depth
                    line.hasChildren = !outline.node.children.isEmpty
                    line.isExpanded = outline.isExpanded
                    line.isSelected = state.selected.contains(outline.key)
                    line.isFocused = state.focus == outline.key
                    line.index = i + 1
                    line.siblings = lines.count
                    return line
                }
            }
        }
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
                    kind: .item, path: path.child(i + 1),
                    key: ModelKey.child(of: key, name: item.name, id: item.id),
                    frame: frame, clip: clip, title: item.name)
                element.color = item.color
                element.index = i + 1
                element.siblings = row.count
                element.isSelected = !state.selected.isEmpty && state.selected.contains(element.key)
                element.isFocused = state.focus == element.key
                return element
            }
        }
    }
}

/// Where a walk over a window puts what it lays out.
protocol LayoutSink {
    /// False for a walk that only asks the source what layout will ask,
    /// building nothing (``ShelvesLayout/prefetch(_:)``).
    static var buildsElements: Bool { get }
    mutating func add(_ make: () -> LayoutElement)
    /// Puts an element before all the others (a sticky header).
    mutating func addFirst(_ make: () -> LayoutElement)
}

/// The elements of a window, in document order.
struct ElementList: LayoutSink {
    static var buildsElements: Bool { true }
    var elements: [LayoutElement] = []

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
    /// none, ThreadSanitizer's access checks in ``ShelvesLayout/prefetch(_:)``
    /// read through whatever address the empty value was given, and crashed
    /// (Swift 6.3, once `Viewport` lost its width and the frame moved).
    private var storage: UInt8 = 0
    mutating func add(_ make: () -> LayoutElement) {}
    mutating func addFirst(_ make: () -> LayoutElement) {}
}

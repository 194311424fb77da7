extension Navigator {
    /// The smallest move that shows `target`: the strip's offset, then the
    /// page's top.
    public func scrollIntoView(_ target: FocusTarget, in state: inout ViewState) {
        let g = geometry
        let key = rowKey(target.section, target.row)
        var frameTop = 0
        var frameHeight = 1
        let layout = layout(state)
        if !source.isEager { askRowsNear(target, top: state.top, in: layout) }
        // A header's section may have no rows.
        let row =
            target.kind == .header
            ? (top: layout.sectionTop(target.section) + 1, height: 0)
            : layout.rowFrame(section: target.section, row: target.row)
        // Lines to keep in view above the target, which explain it: a
        // strip's row title and, over that, the line a sticky section
        // header takes (none above a header).
        var above = 1
        switch target.kind {
        case .item(let index) where isOutline:
            frameTop = row.top + 1 + index
        case .item(let index) where settings.style == .details:
            // Under the table's title and its line of column titles.
            frameTop = row.top + 2 + index
        case .item(let index):
            if settings.wrap {
                let line = index / g.cellsPerLine
                frameTop = row.top + 1 + line * settings.itemHeight
            } else {
                let count = source.rowSummary(target.section, target.row).count
                let x = index * g.pitch
                var offset = g.clampedOffset(state.offset(ofRow: key), count: count)
                if x < offset { offset = x }
                if x + settings.itemWidth > offset + g.contentWidth {
                    offset = x + settings.itemWidth - g.contentWidth
                }
                state.offsets[key] = offset == 0 ? nil : offset
                frameTop = row.top + 1
            }
            frameHeight = settings.itemHeight
        case .node(let line, _):
            frameTop = row.top + 1 + line
        case .header:
            frameTop = layout.sectionTop(target.section)
            above = 0
        case .title:
            frameTop = row.top
            // A details table shows whole when it fits.
            if !isOutline { frameHeight = row.height - settings.lineSpacing }
        }
        if frameTop == row.top + 1 { above = 2 }
        let wanted = max(0, frameTop - above)
        if wanted < state.top { state.top = wanted }
        if frameTop + frameHeight > state.top + height {
            // A cell taller than the screen shows its top.
            state.top = min(frameTop, frameTop + frameHeight - height)
        }
        state.top = max(0, min(state.top, max(0, layout.documentHeight - height)))
    }

    /// Asks a lazy source for the rows that can share a screen with
    /// `target` (a screen's worth above it, and those between the top of
    /// the screen and it), so that it is placed by their exact heights and
    /// not their estimates, and the screen shows what the same catalogue
    /// given eagerly shows. At most two screens' rows are asked, each once.
    private func askRowsNear(_ target: FocusTarget, top: Int, in layout: CatalogueLayout) {
        let here = (target.section, target.row)
        var lines = 0
        var position = step(here, forward: false)
        while let (s, r) = position, lines < height {
            _ = source.rowSummary(s, r)
            lines += layout.rowFrame(section: s, row: r).height + (r == 0 ? 2 : 0)
            position = step((s, r), forward: false)
        }
        guard let first = layout.row(atLine: top), (first.section, first.row) < here else { return }
        lines = 0
        position = (first.section, first.row)
        while let (s, r) = position, (s, r) < here, lines < height {
            _ = source.rowSummary(s, r)
            lines += layout.rowFrame(section: s, row: r).height + (r == 0 ? 2 : 0)
            position = step((s, r), forward: true)
        }
    }
}

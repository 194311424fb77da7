/// Focus in an outline moves line by line over every header, row title,
/// item and node that is open to view, in document order; left goes to the
/// line's parent, right into an open parent's first child.
extension Navigator {
    /// The outline's answer to `move`, or nil to let the common moves
    /// (Home and End in a row, a page, the first item) answer it.
    func outlineDestination(of move: Move, from current: FocusTarget, _ state: ViewState) -> FocusTarget? {
        let s = current.section
        switch move {
        case .left: return parent(of: current, state)
        case .right:
            let next = outlineStep(from: current, forward: true, state)
            return next.flatMap { parent(of: $0, state) } == current ? next : nil
        case .first: return FocusTarget(section: 0, row: 0, kind: .header)
        case .last:
            return source.sectionCount > 0 ? lastLine(ofSection: source.sectionCount - 1, state) : nil
        case .nextSection:
            return s + 1 < source.sectionCount ? FocusTarget(section: s + 1, row: 0, kind: .header) : nil
        case .previousSection:
            if case .header = current.kind {
                return s > 0 ? FocusTarget(section: s - 1, row: 0, kind: .header) : nil
            }
            return FocusTarget(section: s, row: 0, kind: .header)
        case .home, .end:
            if case .item = current.kind {
                let count = source.rowSummary(s, current.row).count
                return FocusTarget(section: s, row: current.row, kind: .item(move == .home ? 0 : count - 1))
            }
            return nil
        case .up, .down, .pageUp, .pageDown:
            return nil
        }
    }

    /// The line after (before) `current`.
    func outlineStep(from current: FocusTarget, forward: Bool, _ state: ViewState) -> FocusTarget? {
        let (s, r) = (current.section, current.row)
        if forward {
            switch current.kind {
            case .header:
                if isOpen(section: s, state), source.rowCount(s) > 0 {
                    return FocusTarget(section: s, row: 0, kind: .title)
                }
                return after(section: s)
            case .title:
                if isOpen(row: s, r, state),
                    let first = contentTargets(inRow: s, r, source.rowSummary(s, r), state).first
                {
                    return first
                }
                return after(row: s, r)
            case .item(let i):
                return i + 1 < source.rowSummary(s, r).count
                    ? FocusTarget(section: s, row: r, kind: .item(i + 1)) : after(row: s, r)
            case .node(let line, _):
                let rowLines = lines(s, r, state)
                return line + 1 < rowLines.count
                    ? FocusTarget(
                        section: s, row: r, kind: .node(line: line + 1, path: rowLines[line + 1].path))
                    : after(row: s, r)
            }
        }
        switch current.kind {
        case .header:
            return s > 0 ? lastLine(ofSection: s - 1, state) : nil
        case .title:
            return r > 0 ? lastLine(ofRow: s, r - 1, state) : FocusTarget(section: s, row: 0, kind: .header)
        case .item(let i):
            return FocusTarget(section: s, row: r, kind: i > 0 ? .item(i - 1) : .title)
        case .node(let line, _):
            guard line > 0 else { return FocusTarget(section: s, row: r, kind: .title) }
            return FocusTarget(
                section: s, row: r, kind: .node(line: line - 1, path: lines(s, r, state)[line - 1].path))
        }
    }

    /// The line that holds `target` open: a row's title for its items and
    /// top nodes, the node above for a deeper node, the header for a title.
    func parent(of target: FocusTarget, _ state: ViewState) -> FocusTarget? {
        let (s, r) = (target.section, target.row)
        switch target.kind {
        case .header: return nil
        case .title: return FocusTarget(section: s, row: 0, kind: .header)
        case .item: return FocusTarget(section: s, row: r, kind: .title)
        case .node(let line, _):
            let rowLines = lines(s, r, state)
            let depth = rowLines[line].depth
            guard depth > 0, let above = rowLines[..<line].lastIndex(where: { $0.depth == depth - 1 }) else {
                return FocusTarget(section: s, row: r, kind: .title)
            }
            return FocusTarget(section: s, row: r, kind: .node(line: above, path: rowLines[above].path))
        }
    }

    /// The first line after row `r` of section `s` and all it holds.
    private func after(row s: Int, _ r: Int) -> FocusTarget? {
        r + 1 < source.rowCount(s) ? FocusTarget(section: s, row: r + 1, kind: .title) : after(section: s)
    }

    private func after(section s: Int) -> FocusTarget? {
        s + 1 < source.sectionCount ? FocusTarget(section: s + 1, row: 0, kind: .header) : nil
    }

    private func lastLine(ofSection s: Int, _ state: ViewState) -> FocusTarget {
        let count = source.rowCount(s)
        guard isOpen(section: s, state), count > 0 else {
            return FocusTarget(section: s, row: 0, kind: .header)
        }
        return lastLine(ofRow: s, count - 1, state)
    }

    private func lastLine(ofRow s: Int, _ r: Int, _ state: ViewState) -> FocusTarget {
        guard isOpen(row: s, r, state) else { return FocusTarget(section: s, row: r, kind: .title) }
        return contentTargets(inRow: s, r, source.rowSummary(s, r), state).last
            ?? FocusTarget(section: s, row: r, kind: .title)
    }

    /// The document line `target` is drawn on in an outline.
    func line(of target: FocusTarget, in layout: CatalogueLayout) -> Int {
        if case .header = target.kind { return layout.sectionTop(target.section) }
        let top = layout.rowFrame(section: target.section, row: target.row).top
        switch target.kind {
        case .header, .title: return top
        case .item(let i): return top + 1 + i
        case .node(let line, _): return top + 1 + line
        }
    }
}

import SwatchbookCore

/// `pick --multi`'s marks over many colours at once, and the step from
/// item to item that Tab makes: fzf's `select-all`, `deselect-all`,
/// `toggle-all` and `toggle+down`. A mark is a selection (`state.selected`).
extension Session {
    /// What ``changeMarks(_:)`` does to each colour shown.
    public enum MarkChange: Hashable, Sendable {
        case mark, unmark, flip
    }

    /// Marks, unmarks or flips every colour shown, through the filter when
    /// one is kept (as fzf's actions work on the matches): the items and
    /// the leaf nodes, closed parents' too. Only with multiple selection.
    public func changeMarks(_ change: MarkChange) throws(Diagnostic) {
        guard settings.selection == .multiple else { return }
        guard source.isEager else {
            // A lazy source may hold a billion colours, and is never read whole.
            throw Diagnostic(
                .usage, file: script.file,
                "a lazy source is never read whole, so its colours cannot all be marked; filter it first")
        }
        for element in markable() {
            let marked = state.selected.contains(element.key)
            switch change {
            case .mark where !marked, .flip where !marked: try select(element)
            case .unmark where marked, .flip where marked: try deselect(element)
            default: continue
            }
        }
    }

    /// Every colour the catalogue shows, in order: what a mark can be on.
    private func markable() -> [LocatedElement] {
        let nav = navigator
        var found: [LocatedElement] = []
        func visit(_ nodes: [Node], prefix: [Int]) {
            for (i, node) in nodes.enumerated() {
                let path = prefix + [i + 1]
                if node.children.isEmpty {
                    if let element = nav.locate(ElementPath(path), in: state) { found.append(element) }
                } else {
                    visit(node.children, prefix: path)
                }
            }
        }
        for s in 0..<source.sectionCount {
            for r in 0..<source.rowCount(s) {
                let row = source.rowSummary(s, r)
                switch row.kind {
                case .items:
                    found += (0..<row.count).compactMap {
                        nav.locate(ElementPath([s + 1, r + 1, $0 + 1]), in: state)
                    }
                case .children:
                    visit(source.nodes(s, r), prefix: [s + 1, r + 1])
                case .fields:
                    continue
                }
            }
        }
        return found
    }

    /// Moves the focus to the next item (`forward`) or the previous one: at
    /// a row's end on to the next row's first item, at its start back to
    /// the previous row's last, as fzf's Tab goes down its list. At the
    /// catalogue's first or last item the focus stays.
    public func step(forward: Bool) {
        let before = state.focusPath
        move(forward ? .right : .left)
        guard state.focusPath == before else { return }
        move(forward ? .down : .up)
        guard state.focusPath != before else { return }
        move(forward ? .home : .end)
    }
}

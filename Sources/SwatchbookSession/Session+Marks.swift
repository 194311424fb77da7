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
        Self.visitPaths(of: source, leavesOnly: true) { path in
            if let element = nav.locate(path, in: state) { found.append(element) }
            return true
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

import SwatchbookCore

extension Session {
    /// Taps the element at `path` as a user would: it takes the focus, the
    /// plugin's `on_tap` runs, then (unless it returned `false`) the default
    /// action: an item or a leaf node is selected, a node with children
    /// opens or closes; in an outline a header or row title opens or closes
    /// too, and in details a table's title (or any of its lines) selects
    /// the table; otherwise a header, row title or field does nothing.
    /// Returns the pick result: `on_tap`'s string, `sb.emit`, else the hex
    /// of a tapped colour.
    @discardableResult
    public func tap(_ path: ElementPath, mouse: Bool = false) throws(Diagnostic) -> String? {
        let path = navigator.chosen(path)
        guard let element = navigator.locate(path, in: state) else {
            throw Diagnostic(.usage, "\(path) names no element of the catalogue")
        }
        if let target = navigator.target(at: path, in: state) { navigator.focus(target, in: &state) }
        pickResult = nil
        let answer = try call(.onTap, with: element, mouse: mouse)
        if case .text(let text) = answer { pickResult = Sanitizer.cleanLines(text) }
        if answer != .no { try defaultAction(for: element, mouse: mouse) }
        if pickResult == nil, answer != .no, element.item != nil || element.node?.children.isEmpty == true {
            pickResult = pickFormat.text(for: element)
        }
        return pickResult
    }

    /// `pick --multi`'s Tab: marks the focused colour (selects it), or
    /// unmarks it; anything else under the focus is left alone.
    public func toggleMark() throws(Diagnostic) {
        guard let target = navigator.currentTarget(in: state),
            let element = navigator.locate(target.path, in: state),
            element.item != nil || element.node?.children.isEmpty == true
        else { return }
        if state.selected.contains(element.key) { try deselect(element) } else { try select(element) }
    }

    /// What `pick --multi` prints on Enter: each marked (selected) element
    /// in catalogue order, a line each, in ``pickFormat``; nil when none is
    /// marked, so Enter picks the focused one as a single pick does.
    public func markedResult() -> String? {
        let paths = state.selected.compactMap { path(ofKey: $0) }.sorted()
        let whole = wholeNavigator
        let lines = paths.compactMap { path in
            whole.locate(path, in: state).flatMap(pickFormat.text(for:))
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    private func defaultAction(for element: LocatedElement, mouse: Bool) throws(Diagnostic) {
        switch element.kind {
        case .item:
            try toggleSelection(element, mouse: mouse)
        case .node where element.node?.children.isEmpty == false:
            try setExpanded(element, !element.isExpanded, mouse: mouse)
        case .node:
            try toggleSelection(element, mouse: mouse)
        case .header where settings.style == .outline, .row where settings.style == .outline:
            try setExpanded(element, !element.isExpanded, mouse: mouse)
        case .row where settings.style == .details && element.row?.kind == .items:
            try toggleSelection(element, mouse: mouse)
        case .header, .row, .field:
            break
        }
    }

    /// Selects, or in `multiple` mode toggles, as the layout's selection mode says.
    func toggleSelection(_ element: LocatedElement, mouse: Bool) throws(Diagnostic) {
        switch settings.selection {
        case .none:
            return
        case .multiple where state.selected.contains(element.key):
            try deselect(element, mouse: mouse)
        case .single where state.selected.contains(element.key):
            return
        default:
            try select(element, mouse: mouse)
        }
    }

    public func select(_ element: LocatedElement, mouse: Bool = false) throws(Diagnostic) {
        if try call(.shouldSelect, with: element, mouse: mouse) == .no { return }
        if settings.selection == .single {
            for key in state.selected.sorted() where key != element.key {
                if let path = path(ofKey: key), let other = wholeNavigator.locate(path, in: state) {
                    try deselect(other, mouse: mouse)
                } else {
                    state.selected.remove(key)
                }
            }
        }
        state.selected.insert(element.key)
        state.selectionPaths[element.key] = element.wholePath
        _ = try call(.onSelect, with: element, mouse: mouse)
    }

    public func deselect(_ element: LocatedElement, mouse: Bool = false) throws(Diagnostic) {
        guard state.selected.contains(element.key) else { return }
        state.selected.remove(element.key)
        state.selectionPaths[element.key] = nil
        _ = try call(.onDeselect, with: element, mouse: mouse)
    }

    /// Where the element with `key` is in the whole catalogue: its
    /// remembered path if the key is still there, else (for a catalogue
    /// that can be searched) anywhere, shown by the filter or not.
    public func path(ofKey key: String) -> ElementPath? {
        let nav = wholeNavigator
        let focused = state.focus == key ? state.focusPath.map { wholePath(of: $0) } : nil
        for hint in [state.selectionPaths[key], focused].compactMap({ $0 })
        where nav.locate(hint, in: state)?.key == key {
            return hint
        }
        let source = wholeSource
        guard source.isEager else { return nil }
        var found: ElementPath?
        Self.visitPaths(of: source, leavesOnly: false) { path in
            guard nav.locate(path, in: state)?.key == key else { return true }
            found = path
            return false
        }
        return found
    }

    /// Visits the path of every item and tree node of `source` in catalogue
    /// order, a node before its children (with `leavesOnly`, the nodes
    /// without children alone), until `visit` answers false.
    static func visitPaths(
        of source: any CatalogueSource, leavesOnly: Bool, _ visit: (ElementPath) -> Bool
    ) {
        func walk(_ nodes: [Node], _ prefix: [Int]) -> Bool {
            for (i, node) in nodes.enumerated() {
                let path = prefix + [i + 1]
                if !leavesOnly || node.children.isEmpty, !visit(ElementPath(path)) { return false }
                if !walk(node.children, path) { return false }
            }
            return true
        }
        for s in 0..<source.sectionCount {
            for r in 0..<source.rowCount(s) {
                let row = source.rowSummary(s, r)
                let base = [s + 1, r + 1]
                switch row.kind {
                case .items:
                    for i in 0..<row.count where !visit(ElementPath(base + [i + 1])) { return }
                case .children:
                    if !walk(source.nodes(s, r), base) { return }
                case .fields:
                    continue
                }
            }
        }
    }

    // MARK: Callbacks

    /// Runs the script's `callback` for `element`, if it has one. Where the
    /// element is on screen is found first: laying out may ask a lazy
    /// source, which must not run inside the script's call.
    func call(_ callback: ScriptCallback, with element: LocatedElement, mouse: Bool) throws(Diagnostic)
        -> ScriptAnswer
    {
        guard script.answers(callback) else { return .nothing }
        let frame = visibleLayout().elements.first(where: { $0.path == element.path })?.frame
        return try script.call(
            callback, with: ScriptEvent(element: element, mouse: mouse, frame: frame, state: state))
    }
}

import SwatchbookCore

extension Session {
    /// Opens or closes a node with children, as a tap or `sb.expand` does,
    /// and tells the script (`on_expand`, `on_collapse`); in an outline
    /// opens or closes a section or a row (the script is not told: its
    /// callbacks are about nodes).
    public func setExpanded(_ element: LocatedElement, _ open: Bool, mouse: Bool = false) throws(Diagnostic) {
        if settings.style == .outline, element.kind == .header || element.kind == .row {
            if open { state.collapsed.remove(element.key) } else { state.collapsed.insert(element.key) }
            navigator.ensureFocus(in: &state)
            return
        }
        guard element.kind == .node, element.node?.children.isEmpty == false, element.isExpanded != open
        else {
            return
        }
        state.setOpen(element.key, open)
        // The node's lines come or go from the layout's; the rest of the
        // document keeps its measure.
        measured = measured?.toggled(nodeAt: element.path, in: state)
        var changed = element
        changed.isExpanded = open
        _ = try call(open ? .onExpand : .onCollapse, with: changed, mouse: mouse)
        navigator.ensureFocus(in: &state)
    }

    /// Opens every node that has children (`--expand all`): a flag on the
    /// view state, so a tree of a million nodes holds no key for each, and
    /// a lazy source is asked for nothing until its rows are laid out.
    public func expandAll() {
        state.collapsed = []
        state.expandsAll = true
        state.closed = []
        measured = nil
    }

    /// Asks a lazy source for every row, so that the layout measures the
    /// whole document as it is rather than estimating the rows not yet asked.
    public func askEveryRow() {
        guard catalogue == nil else { return }
        for s in 0..<source.sectionCount {
            for r in 0..<source.rowCount(s) { _ = source.rowSummary(s, r) }
        }
        measured = nil
    }

    /// Every node open in `state`, as keys: what a saved state holds, so
    /// its file reads the same however the nodes were opened.
    func openKeys(expanded: Set<String>, closed: Set<String>) -> Set<String> {
        var keys = expanded.subtracting(closed)
        forEachNodeWithChildren { key in
            if !closed.contains(key) { keys.insert(key) }
        }
        return keys
    }

    /// The key of every node with children: a catalogue's, or those of the
    /// rows of trees a lazy source answers (asking for every row).
    private func forEachNodeWithChildren(_ body: (String) -> Void) {
        if let catalogue {
            catalogue.forEachNode(where: { !$0.children.isEmpty }) { key, _ in body(key) }
            return
        }
        func visit(_ nodes: [Node], parent: String) {
            for node in nodes where !node.children.isEmpty {
                let key = ModelKey.child(of: parent, name: node.name, id: node.id)
                body(key)
                visit(node.children, parent: key)
            }
        }
        for s in 0..<source.sectionCount {
            let section = source.sectionSummary(s)
            let sectionKey = ModelKey.section(name: section.name, id: section.id)
            for r in 0..<source.rowCount(s) {
                let row = source.rowSummary(s, r)
                guard row.kind == .children else { continue }
                visit(source.nodes(s, r), parent: ModelKey.child(of: sectionKey, name: row.name, id: row.id))
            }
        }
    }

    /// Opens the node at `path`, a path in the whole catalogue, and every
    /// node above it; a path that names nothing, or no node with children,
    /// is a usage error.
    public func expand(_ path: ElementPath) throws(Diagnostic) {
        let shown = try shownPath(of: path)
        guard let target = navigator.locate(shown, in: state) else {
            throw Diagnostic(.usage, "\(path) names no element of the catalogue")
        }
        guard target.kind == .node else {
            let noun =
                switch target.kind {
                case .header: "a section"
                case .item: "an item"
                default: "a \(target.kind.rawValue)"
                }
            throw Diagnostic(
                .usage, "\(path) is \(noun), not a tree node (sections and rows are always open)")
        }
        guard target.node?.children.isEmpty == false else {
            throw Diagnostic(.usage, "\(path) is a node without children")
        }
        for length in 3...shown.indices.count {
            let prefix = ElementPath(Array(shown.indices.prefix(length)))
            if let element = navigator.locate(prefix, in: state) { state.setOpen(element.key, true) }
        }
    }
}

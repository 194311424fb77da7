/// A node as an outline draws it: one line, at a depth.
struct OutlineLine {
    var node: Node
    var depth: Int
    var path: ElementPath
    var key: String
    var isExpanded: Bool
}

enum OutlineRows {
    /// The lines of a tree with its expanded nodes opened: a node is open
    /// when the view state says so, else when the model starts it open.
    static func lines(
        of nodes: [Node], parentKey: String, path: ElementPath, depth: Int = 0, state: ViewState
    ) -> [OutlineLine] {
        var lines: [OutlineLine] = []
        append(nodes, parentKey: parentKey, path: path, depth: depth, state: state, to: &lines)
        return lines
    }

    /// Appends the open lines of `nodes` to `lines`: one list for the whole
    /// tree, where joining each level's list to its parent's copied every
    /// line once per level above it.
    private static func append(
        _ nodes: [Node], parentKey: String, path: ElementPath, depth: Int, state: ViewState,
        to lines: inout [OutlineLine]
    ) {
        for (offset, node) in nodes.enumerated() {
            let key = ModelKey.child(of: parentKey, name: node.name, id: node.id)
            let nodePath = path.child(offset + 1)
            let open = state.isOpen(key, node)
            lines.append(OutlineLine(node: node, depth: depth, path: nodePath, key: key, isExpanded: open))
            if open {
                append(
                    node.children, parentKey: key, path: nodePath, depth: depth + 1, state: state, to: &lines)
            }
        }
    }
}

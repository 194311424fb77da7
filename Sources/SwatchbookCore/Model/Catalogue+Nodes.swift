extension Catalogue {
    /// Visits every tree node of every row that `include` accepts, parents
    /// before children, with its view-state key. Keys are made only for the
    /// nodes visited and the parents on the way to them: a big tree is
    /// mostly leaves, and a key is a string built from its ancestors'.
    public func forEachNode(where include: (Node) -> Bool = { _ in true }, _ body: (String, Node) -> Void) {
        func visit(_ nodes: [Node], parent: String) {
            for node in nodes {
                let wanted = include(node)
                guard wanted || !node.children.isEmpty else { continue }
                let key = ModelKey.child(of: parent, name: node.name, id: node.id)
                if wanted { body(key, node) }
                visit(node.children, parent: key)
            }
        }
        for section in sections {
            let sectionKey = ModelKey.section(name: section.name, id: section.id)
            for row in section.rows {
                if case .children(let nodes) = row.content {
                    visit(nodes, parent: ModelKey.child(of: sectionKey, name: row.name, id: row.id))
                }
            }
        }
    }
}

extension Catalogue {
    /// Visits every tree node of every row, parents before children, with
    /// its view-state key.
    public func forEachNode(_ body: (String, Node) -> Void) {
        func visit(_ nodes: [Node], parent: String) {
            for node in nodes {
                let key = ModelKey.child(of: parent, name: node.name, id: node.id)
                body(key, node)
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

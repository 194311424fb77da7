/// The browse filter: keeps what matches at every level and the ancestors
/// that lead to it.
///
/// A section or row whose own name matches is kept whole; otherwise only its
/// matching items, fields and nodes stay. A node stays when it or a
/// descendant matches, and the nodes on the way to a match are opened.
/// Matching is by substring, ignoring case unless the text has a capital
/// (smart case, as fzf and Neovim do).
public struct CatalogueFilter: Sendable {
    public let text: String
    private let caseSensitive: Bool

    public init(_ text: String) {
        self.text = text
        caseSensitive = text.contains { $0.isUppercase }
    }

    public func matches(_ name: String) -> Bool {
        caseSensitive ? name.contains(text) : name.lowercased().contains(text.lowercased())
    }

    /// The filtered catalogue, and the keys of nodes opened to show matches.
    public func apply(to catalogue: Catalogue) -> (catalogue: Catalogue, opened: Set<String>) {
        var opened: Set<String> = []
        var sections: [Section] = []
        for section in catalogue.sections {
            if matches(section.name) {
                sections.append(section)
                continue
            }
            let sectionKey = ModelKey.section(name: section.name, id: section.id)
            var rows: [Row] = []
            for row in section.rows {
                if matches(row.name) {
                    rows.append(row)
                    continue
                }
                let rowKey = ModelKey.child(of: sectionKey, name: row.name, id: row.id)
                var kept = row
                switch row.content {
                case .items(let items):
                    kept.content = .items(items.filter { matches($0.name) })
                case .fields(let fields):
                    kept.content = .fields(fields.filter { matches($0.key) || matches($0.value) })
                case .children(let nodes):
                    kept.content = .children(filter(nodes, parentKey: rowKey, opened: &opened))
                }
                if kept.content.count > 0 { rows.append(kept) }
            }
            if !rows.isEmpty {
                var kept = section
                kept.rows = rows
                sections.append(kept)
            }
        }
        return (Catalogue(sections: sections), opened)
    }

    private func filter(_ nodes: [Node], parentKey: String, opened: inout Set<String>) -> [Node] {
        var kept: [Node] = []
        for node in nodes {
            let key = ModelKey.child(of: parentKey, name: node.name, id: node.id)
            if matches(node.name) || node.items.contains(where: { matches($0.name) }) {
                kept.append(node)
                continue
            }
            let children = filter(node.children, parentKey: key, opened: &opened)
            if !children.isEmpty {
                var copy = node
                copy.children = children
                opened.insert(key)
                kept.append(copy)
            }
        }
        return kept
    }
}

import SwatchbookCore

extension JSONWriter {
    /// Every element of the model in document order: the laid-out ones as
    /// they were laid out, the others made here, marked as not drawn.
    static func completed(_ layout: Layout, from model: Model) -> ([LayoutElement], [Bool]) {
        var laidOut: [ElementPath: Int] = [:]
        for (i, element) in layout.elements.enumerated() where !element.isSticky { laidOut[element.path] = i }
        var elements: [LayoutElement] = []
        var drawn: [Bool] = []
        let source = model.source
        let state = model.state
        let nowhere = Rect(x: 0, y: 0, width: 0, height: 0)
        func add(
            _ content: LayoutElement.Content, _ path: [Int], key: String, title: String,
            _ make: (inout LayoutElement) -> Void
        ) {
            let elementPath = ElementPath(path)
            if let index = laidOut[elementPath] {
                // Positions are among siblings here, for a laid-out node too
                // (the layout counts a tree's open lines).
                var element = layout.elements[index]
                var made = element
                make(&made)
                (element.index, element.siblings) = (made.index, made.siblings)
                elements.append(element)
                drawn.append(true)
                return
            }
            var element = LayoutElement(
                content, path: elementPath, key: key, frame: nowhere, clip: nowhere, title: title)
            element.isSelected = state.selected.contains(key)
            element.isFocused = state.focus == key
            make(&element)
            elements.append(element)
            drawn.append(false)
        }
        for s in 0..<source.sectionCount {
            let section = source.sectionSummary(s)
            let sectionKey = ModelKey.section(name: section.name, id: section.id)
            add(.header, [s + 1], key: sectionKey, title: section.name) { _ in }
            for r in 0..<source.rowCount(s) {
                let row = source.rowSummary(s, r)
                let rowKey = ModelKey.child(of: sectionKey, name: row.name, id: row.id)
                add(
                    .row(LayoutElement.RowContent(holds: row.kind, strip: nowhere)), [s + 1, r + 1],
                    key: rowKey,
                    title: row.name
                ) { _ in }
                switch row.kind {
                case .items:
                    let items = source.items(s, r, 0..<row.count)
                    for (i, item) in items.enumerated() {
                        add(
                            .item(LayoutElement.ItemContent()), [s + 1, r + 1, i + 1],
                            key: ModelKey.child(of: rowKey, name: item.name, id: item.id), title: item.name
                        ) {
                            $0.color = item.color
                            $0.index = i + 1
                            $0.siblings = row.count
                        }
                    }
                case .fields:
                    let fields = source.fields(s, r)
                    for (i, field) in fields.enumerated() {
                        add(
                            .field(LayoutElement.FieldContent(value: field.value)), [s + 1, r + 1, i + 1],
                            key: ModelKey.child(of: rowKey, name: field.key, id: nil), title: field.key
                        ) {
                            $0.index = i + 1
                            $0.siblings = fields.count
                        }
                    }
                case .children:
                    func visit(_ nodes: [Node], path: [Int], parent: String, depth: Int) {
                        for (i, node) in nodes.enumerated() {
                            let key = ModelKey.child(of: parent, name: node.name, id: node.id)
                            let nodePath = path + [i + 1]
                            let open = state.isOpen(key, node)
                            add(.node(.init()), nodePath, key: key, title: node.name) {
                                $0.color = node.color
                                $0.depth = depth
                                $0.hasChildren = !node.children.isEmpty
                                $0.isExpanded = open
                                $0.index = i + 1
                                $0.siblings = nodes.count
                            }
                            visit(node.children, path: nodePath, parent: key, depth: depth + 1)
                        }
                    }
                    visit(source.nodes(s, r), path: [s + 1, r + 1], parent: rowKey, depth: 0)
                }
            }
        }
        return (elements, drawn)
    }
}

extension JSONWriter {
    /// Sections and rows found in the element list, as indices into it.
    struct SectionEntry {
        var section: Int
        var header: Int?
        var rows: [RowEntry] = []
    }

    struct RowEntry {
        var row: Int
        var title: Int?
        var children: [Int] = []
    }

    /// Nests elements by path prefix, keeping document order.
    static func group(_ elements: [LayoutElement]) -> [SectionEntry] {
        var sections: [SectionEntry] = []
        for (index, element) in elements.enumerated() {
            let path = element.path.indices
            guard let section = path.first else { continue }
            if element.kind == .header {
                sections.append(SectionEntry(section: section, header: index))
                continue
            }
            if sections.last?.section != section {
                sections.append(SectionEntry(section: section, header: nil))
            }
            guard path.count >= 2 else { continue }
            let row = path[1]
            if element.kind == .row {
                sections[sections.count - 1].rows.append(RowEntry(row: row, title: index))
                continue
            }
            if sections[sections.count - 1].rows.last?.row != row {
                sections[sections.count - 1].rows.append(RowEntry(row: row, title: nil))
            }
            let last = sections[sections.count - 1].rows.count - 1
            sections[sections.count - 1].rows[last].children.append(index)
        }
        return sections
    }
}

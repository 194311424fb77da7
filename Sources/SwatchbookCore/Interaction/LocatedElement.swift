/// The element a path names, with what a tap needs to know about it.
public struct LocatedElement: Sendable {
    public typealias Kind = LayoutElement.Kind

    public var kind: Kind
    /// Where the element is in the catalogue shown, filtered or not: what
    /// layout, focus and drawing address it by.
    public var path: ElementPath
    /// Where it is in the whole catalogue (``CatalogueSource/wholePath(of:)``):
    /// the path every output and every script is given.
    public internal(set) var wholePath = ElementPath([])
    public var key: String
    public var section: SectionSummary
    public var row: RowSummary?
    public var item: Item?
    public var field: Field?
    public var node: Node?
    /// The 1-based position among its siblings in the whole catalogue.
    public var index: Int
    public var isExpanded = false
}

extension Navigator {
    /// The path a tap on `path` chooses: in details an item's line chooses
    /// its table (inner lines are not selectable, the table is) unless the
    /// focus goes to the lines (``focusesTableLines``); else `path`.
    public func chosen(_ path: ElementPath) -> ElementPath {
        guard settings.style == .details, !focusesTableLines, path.indices.count == 3,
            path.indices.allSatisfy({ $0 > 0 }),
            path.indices[0] <= source.sectionCount, path.indices[1] <= source.rowCount(path.indices[0] - 1),
            source.rowSummary(path.indices[0] - 1, path.indices[1] - 1).kind == .items
        else { return path }
        return ElementPath(Array(path.indices.prefix(2)))
    }

    /// What `path` names: a header (`2`), a row title (`2.1`), an item or a
    /// field (`2.1.3`), or a node (`2.1.3`, `2.1.3.1`, …) of a visible tree.
    public func locate(_ path: ElementPath, in state: ViewState) -> LocatedElement? {
        guard var element = locateShown(path, in: state) else { return nil }
        element.wholePath = source.wholePath(of: path)
        element.index = element.wholePath.indices.last ?? element.index
        return element
    }

    private func locateShown(_ path: ElementPath, in state: ViewState) -> LocatedElement? {
        let p = path.indices.map { $0 - 1 }
        guard let s = p.first, s < source.sectionCount, p.allSatisfy({ $0 >= 0 }) else { return nil }
        let section = source.sectionSummary(s)
        let sectionKey = ModelKey.section(name: section.name, id: section.id)
        guard p.count > 1 else {
            var header = LocatedElement(
                kind: .header, path: path, key: sectionKey, section: section, index: s + 1)
            header.isExpanded = isOutline && isOpen(section: s, state)
            return header
        }
        let r = p[1]
        guard r < source.rowCount(s) else { return nil }
        let row = source.rowSummary(s, r)
        let rowKey = ModelKey.child(of: sectionKey, name: row.name, id: row.id)
        guard p.count > 2 else {
            var title = LocatedElement(
                kind: .row, path: path, key: rowKey, section: section, row: row, index: r + 1)
            title.isExpanded = isOutline && isOpen(row: s, r, state)
            return title
        }
        switch row.kind {
        case .items:
            guard p.count == 3, p[2] < row.count else { return nil }
            let item = source.item(s, r, p[2])
            return LocatedElement(
                kind: .item, path: path, key: ModelKey.child(of: rowKey, name: item.name, id: item.id),
                section: section, row: row, item: item, index: p[2] + 1)
        case .fields:
            let fields = source.fields(s, r)
            guard p.count == 3, p[2] < fields.count else { return nil }
            return LocatedElement(
                kind: .field, path: path, key: ModelKey.child(of: rowKey, name: fields[p[2]].key, id: nil),
                section: section, row: row, field: fields[p[2]], index: p[2] + 1)
        case .children:
            guard let chain = source.nodeChain(s, r, at: p.dropFirst(2)), let node = chain.last else {
                return nil
            }
            let key = chain.reduce(rowKey) { ModelKey.child(of: $0, name: $1.name, id: $1.id) }
            var element = LocatedElement(
                kind: .node, path: path, key: key, section: section, row: row, node: node,
                index: p.last! + 1)
            element.isExpanded = state.isOpen(key, node)
            return element
        }
    }
}

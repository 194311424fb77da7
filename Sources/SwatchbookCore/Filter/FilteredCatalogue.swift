/// A catalogue seen through a filter: the kept sections, rows and items
/// named by their indices in the catalogue, so a keystroke builds lists of
/// integers instead of copying items. Key/value rows and trees keep their
/// filtered copies (trees are reshaped: nodes open, siblings go).
public struct FilteredCatalogue: CatalogueSource, Sendable {
    public let base: Catalogue

    struct KeptSection: Sendable {
        var section: Int
        /// The kept rows, or nil for every row as it is.
        var rows: [KeptRow]?
    }

    struct KeptRow: Sendable {
        enum Content: Sendable {
            /// The row as it is.
            case whole
            /// Its items at these indices.
            case items([Int32])
            case fields([Field])
            case nodes([Node])
        }

        var row: Int
        var content: Content
    }

    var sections: [KeptSection]

    public var isEager: Bool { true }
    public var sectionCount: Int { sections.count }

    public func sectionSummary(_ section: Int) -> SectionSummary {
        base.sectionSummary(sections[section].section)
    }

    public func rowCount(_ section: Int) -> Int {
        sections[section].rows?.count ?? base.rowCount(sections[section].section)
    }

    /// Row `r` of section `s` here: its section and row in `base`, and what
    /// of it is kept.
    private func kept(_ s: Int, _ r: Int) -> (section: Int, row: Int, content: KeptRow.Content) {
        let section = sections[s]
        guard let rows = section.rows else { return (section.section, r, .whole) }
        return (section.section, rows[r].row, rows[r].content)
    }

    public func rowSummary(_ section: Int, _ row: Int) -> RowSummary {
        let (s, r, content) = kept(section, row)
        var summary = base.rowSummary(s, r)
        switch content {
        case .whole: break
        case .items(let indices): summary.count = indices.count
        case .fields(let fields): summary.count = fields.count
        case .nodes(let nodes): summary.count = nodes.count
        }
        return summary
    }

    public func item(_ section: Int, _ row: Int, _ index: Int) -> Item {
        let (s, r, content) = kept(section, row)
        guard case .items(let indices) = content else { return base.item(s, r, index) }
        return base.item(s, r, Int(indices[index]))
    }

    public func items(_ section: Int, _ row: Int, _ range: Range<Int>) -> [Item] {
        let (s, r, content) = kept(section, row)
        guard case .items(let indices) = content else { return base.items(s, r, range) }
        return range.map { base.item(s, r, Int(indices[$0])) }
    }

    public func fields(_ section: Int, _ row: Int) -> [Field] {
        let (s, r, content) = kept(section, row)
        guard case .fields(let fields) = content else { return base.fields(s, r) }
        return fields
    }

    public func nodes(_ section: Int, _ row: Int) -> [Node] {
        let (s, r, content) = kept(section, row)
        guard case .nodes(let nodes) = content else { return base.nodes(s, r) }
        return nodes
    }

    /// The filtered catalogue as a catalogue of its own.
    public var catalogue: Catalogue {
        Catalogue(
            sections: (0..<sectionCount).map { s in
                let summary = sectionSummary(s)
                let rows = (0..<rowCount(s)).map { r -> Row in
                    let summary = rowSummary(s, r)
                    let content: RowContent =
                        switch summary.kind {
                        case .items: .items(items(s, r, 0..<summary.count))
                        case .fields: .fields(fields(s, r))
                        case .children: .children(nodes(s, r))
                        }
                    return Row(name: summary.name, id: summary.id, content: content)
                }
                return Section(name: summary.name, id: summary.id, rows: rows)
            })
    }
}

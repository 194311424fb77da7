/// A catalogue seen through a filter: the kept sections, rows, items and
/// fields named by their indices in the catalogue, so a keystroke builds
/// lists of integers instead of copying items. Trees keep their filtered
/// copies (reshaped: nodes open, siblings go) beside the indices of what
/// they kept, so every path shown maps back to the whole catalogue.
public struct FilteredCatalogue: CatalogueSource, Sendable {
    public let base: Catalogue

    /// What is kept, by the indices of `base`.
    public let kept: KeptElements
    /// The kept trees, reshaped (nodes open, siblings go), by where their
    /// rows are shown.
    let trees: [RowPosition: [Node]]

    init(base: Catalogue, kept: KeptElements, trees: [RowPosition: [Node]]) {
        self.base = base
        self.kept = kept
        self.trees = trees
    }

    public var isEager: Bool { true }
    public var sectionCount: Int { kept.sections.count }

    public func sectionSummary(_ section: Int) -> SectionSummary {
        base.sectionSummary(kept.sections[section].section)
    }

    public func rowCount(_ section: Int) -> Int {
        kept.sections[section].rows?.count ?? base.rowCount(kept.sections[section].section)
    }

    /// Row `r` of section `s` here: its section and row in `base`, and what
    /// of it is kept.
    private func keptRow(_ s: Int, _ r: Int) -> (section: Int, row: Int, content: KeptElements.Content) {
        let section = kept.sections[s]
        guard let rows = section.rows else { return (section.section, r, .whole) }
        return (section.section, rows[r].row, rows[r].content)
    }

    public func rowSummary(_ section: Int, _ row: Int) -> RowSummary {
        let (s, r, content) = keptRow(section, row)
        var summary = base.rowSummary(s, r)
        switch content {
        case .whole: break
        case .items(let indices): summary.count = indices.count
        case .fields(let indices): summary.count = indices.count
        case .nodes(let nodes): summary.count = nodes.count
        }
        return summary
    }

    public func item(_ section: Int, _ row: Int, _ index: Int) -> Item {
        let (s, r, content) = keptRow(section, row)
        guard case .items(let indices) = content else { return base.item(s, r, index) }
        return base.item(s, r, Int(indices[index]))
    }

    public func items(_ section: Int, _ row: Int, _ range: Range<Int>) -> [Item] {
        let (s, r, content) = keptRow(section, row)
        guard case .items(let indices) = content else { return base.items(s, r, range) }
        return range.map { base.item(s, r, Int(indices[$0])) }
    }

    public func fields(_ section: Int, _ row: Int) -> [Field] {
        let (s, r, content) = keptRow(section, row)
        let fields = base.fields(s, r)
        guard case .fields(let indices) = content else { return fields }
        return indices.map { fields[Int($0)] }
    }

    public func nodes(_ section: Int, _ row: Int) -> [Node] {
        let (s, r, _) = keptRow(section, row)
        return trees[RowPosition(section: section, row: row)] ?? base.nodes(s, r)
    }

    public func wholePath(of path: ElementPath) -> ElementPath { kept.wholePath(of: path) }

    public func shownPath(of whole: ElementPath) -> ElementPath? { kept.shownPath(of: whole) }

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

import SwatchbookCore

/// A catalogue's colours in order, each with the groups it is in (section,
/// row, then a tree's parent nodes): what the palette formats write.
struct PaletteEntry {
    var groups: [String]
    var name: String
    var color: Color
    var fields: [Field]
    var id: String?
    /// What its file said of it.
    var authored: Authored?
    /// Whether it is a node of a tree row, not an item of a row of items.
    var inTree = false

    /// Its colour as authored, or as the eight-bit sRGB colour it is.
    var authoredColor: AuthoredColor { authored?.color ?? AuthoredColor(color) }
}

extension Catalogue {
    /// The whole of an eager source (a filtered catalogue, say) in memory.
    init(copying source: any CatalogueSource) {
        var sections: [Section] = []
        for s in 0..<source.sectionCount {
            let summary = source.sectionSummary(s)
            var rows: [Row] = []
            for r in 0..<source.rowCount(s) {
                let row = source.rowSummary(s, r)
                let content: RowContent =
                    switch row.kind {
                    case .items: .items(source.items(s, r, 0..<row.count))
                    case .fields: .fields(source.fields(s, r))
                    case .children: .children(source.nodes(s, r))
                    }
                rows.append(Row(name: row.name, id: row.id, content: content))
            }
            sections.append(Section(name: summary.name, id: summary.id, rows: rows))
        }
        self.init(sections: sections)
    }

    /// Every colour of every items row and tree, in catalogue order; key/value
    /// rows hold no colour and are left out.
    var paletteEntries: [PaletteEntry] {
        var entries: [PaletteEntry] = []
        func walk(_ nodes: [Node], groups: [String]) {
            for node in nodes {
                if let color = node.color {
                    entries.append(
                        PaletteEntry(
                            groups: groups, name: node.name, color: color, fields: node.fields, id: node.id,
                            authored: node.authored, inTree: true))
                }
                walk(node.children, groups: groups + [node.name])
            }
        }
        for section in sections {
            for row in section.rows {
                switch row.content {
                case .items(let items):
                    for item in items {
                        entries.append(
                            PaletteEntry(
                                groups: [section.name, row.name], name: item.name, color: item.color,
                                fields: item.fields, id: item.id, authored: item.authored))
                    }
                case .children(let nodes): walk(nodes, groups: [section.name, row.name])
                case .fields: break
                }
            }
        }
        return entries
    }
}

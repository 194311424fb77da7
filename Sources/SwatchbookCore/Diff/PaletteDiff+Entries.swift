extension PaletteDiff {
    /// Every colour of an eager source in catalogue order: each item, and
    /// each tree node that has a colour, with the groups it is in (section,
    /// row, parent nodes), as the palette writers flatten a catalogue.
    /// Key/value rows hold no colour and are left out.
    public static func entries(of source: any CatalogueSource) -> [Entry] {
        var entries: [Entry] = []
        func entry(_ groups: [String], _ name: String, _ id: String?, _ color: Color, _ authored: Authored?)
            -> Entry
        {
            Entry(
                groups: groups, name: name, id: id, color: color, authored: authored?.color,
                reference: authored?.reference)
        }
        func walk(_ nodes: [Node], _ groups: [String]) {
            for node in nodes {
                if let color = node.color {
                    entries.append(entry(groups, node.name, node.id, color, node.authored))
                }
                walk(node.children, groups + [node.name])
            }
        }
        for s in 0..<source.sectionCount {
            let section = source.sectionSummary(s).name
            for r in 0..<source.rowCount(s) {
                let row = source.rowSummary(s, r)
                let groups = [section, row.name]
                switch row.kind {
                case .items:
                    for item in source.items(s, r, 0..<row.count) {
                        entries.append(entry(groups, item.name, item.id, item.color, item.authored))
                    }
                case .children: walk(source.nodes(s, r), groups)
                case .fields: break
                }
            }
        }
        return entries
    }
}

import FuzzDriver
import SwatchbookCore

// The filter's query and the names it reads: the first line is a query,
// the other lines names, a row of items each (with colours from their
// position). Whatever the query, matching does not crash, highlights fall
// inside their names, a query typed on from another matches what matching
// from scratch does, and the filtered view keeps only what matches or
// leads to a match.
fuzz { bytes in
    let lines = text(bytes).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let text = lines.first else { return }
    let names = lines.dropFirst().prefix(400)
    let items = names.enumerated().map { i, name in
        Item(name: name, color: Color(rgb: UInt32(i) &* 0x2F1B07 & 0xFFFFFF))
    }
    let catalogue = Catalogue(sections: [
        Section(name: "Names", rows: [Row(name: "All", content: .items(items))]),
        Section(
            name: "Tree",
            rows: [
                Row(
                    name: "Nodes",
                    content: .children(
                        names.prefix(20).map { Node(name: $0, children: [Node(name: $0 + " child")]) }))
            ]),
    ])
    let index = SearchIndex(catalogue)
    let query = FilterQuery(text)
    let matches = index.matches(query)
    precondition(matches.entries == matches.entries.sorted(), "matches out of catalogue order")
    for name in names {
        let lit = query.matchedCharacters(in: name)
        precondition(lit.allSatisfy { $0 >= 0 && $0 < name.count }, "a highlight outside \(name)")
        precondition(lit == Array(Set(lit)).sorted(), "highlights not in order")
    }
    for extra in ["a", " b", "'", "$", "!c", " | d"] {
        let later = FilterQuery(text + extra)
        guard later.refines(query) else { continue }
        precondition(
            index.matches(later, among: matches.entries) == index.matches(later),
            "refining \(text) with \(extra)")
    }
    let result = CatalogueFilter(query).apply(to: catalogue, index: index, matches: matches)
    let shown = result.catalogue.catalogue
    precondition(query.isEmpty || result.matchCount == matches.entries.count)
    for section in shown.sections {
        for row in section.rows {
            guard case .items(let kept) = row.content else { continue }
            precondition(kept.count <= items.count, "more items shown than there are")
        }
    }
}

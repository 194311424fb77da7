/// The filter's view of a catalogue: what a query keeps, as fzf shows a
/// tree's matches.
///
/// An element is kept when it matches or something inside it does. Inside
/// a kept element, when anything matches only the kept children stay (their
/// non-matching siblings are hidden) and a node is opened to show them;
/// when nothing inside matches, the element stays whole, as it was. So every
/// match shows: the ancestors of a match open, and so does a matching
/// node with matching descendants.
public struct CatalogueFilter: Sendable {
    public let query: FilterQuery

    public init(_ query: FilterQuery) {
        self.query = query
    }

    public init(_ text: String) {
        self.init(FilterQuery(text))
    }

    /// What a filter shows.
    public struct Result: Sendable {
        public var catalogue: FilteredCatalogue
        /// Keys of the nodes opened to show matches.
        public var opened: Set<String>
        /// Where the best match is in `catalogue`: the highest scoring item
        /// or node (the shorter name of equals, then the first), else the
        /// best section or row.
        public var best: ElementPath?
        /// How many elements matched themselves.
        public var matchCount: Int
    }

    /// The filtered catalogue: `matches` are what `query` matched in
    /// `index`, the index of `catalogue`.
    public func apply(to catalogue: Catalogue, index: SearchIndex, matches: FilterMatches) -> Result {
        var walk = Walk(index: index, matches: matches)
        var sections: [KeptElements.Section] = []
        var trees: [RowPosition: [Node]] = [:]
        for (s, section) in catalogue.sections.enumerated() {
            let sectionEntry = walk.next()
            guard walk.keeps(sectionEntry) else {
                walk.skip(past: sectionEntry)
                continue
            }
            let sectionPath = [sections.count + 1]
            walk.consider(sectionEntry, at: sectionPath)
            guard walk.hasInside(sectionEntry) else {
                walk.skip(past: sectionEntry)
                sections.append(.init(section: s, rows: nil))
                continue
            }
            let sectionKey = ModelKey.section(name: section.name, id: section.id)
            var rows: [KeptElements.Row] = []
            for (r, row) in section.rows.enumerated() {
                let rowEntry = walk.next()
                guard walk.keeps(rowEntry) else {
                    walk.skip(past: rowEntry)
                    continue
                }
                let rowPlace = rows.count + 1
                walk.consider(rowEntry, at: sectionPath + [rowPlace])
                guard walk.hasInside(rowEntry) else {
                    walk.skip(past: rowEntry)
                    rows.append(.init(row: r, content: .whole))
                    continue
                }
                switch row.content {
                case .items:
                    // Its items are the entries up to the row's end.
                    let count = Int(index.ends[rowEntry]) - rowEntry - 1
                    let shown = walk.items(count)
                    if let best = shown.best {
                        walk.bestPath = ElementPath(sectionPath + [rowPlace, best + 1])
                    }
                    let all = shown.indices.count == count
                    rows.append(.init(row: r, content: all ? .whole : .items(shown.indices)))
                case .fields(let fields):
                    var shown: [Int32] = []
                    for f in fields.indices where walk.matches(walk.next()) { shown.append(Int32(f)) }
                    rows.append(.init(row: r, content: .fields(shown)))
                case .children(let nodes):
                    let rowKey = ModelKey.child(of: sectionKey, name: row.name, id: row.id)
                    let kept = walk.nodes(nodes, parentKey: rowKey, path: sectionPath + [rowPlace])
                    trees[RowPosition(section: sections.count, row: rows.count)] = kept.nodes
                    rows.append(.init(row: r, content: .nodes(kept.origins)))
                }
            }
            sections.append(.init(section: s, rows: rows))
        }
        return Result(
            catalogue: FilteredCatalogue(
                base: catalogue, kept: KeptElements(sections: sections), trees: trees),
            opened: walk.opened,
            best: walk.bestPath ?? walk.bestOtherPath, matchCount: matches.entries.count)
    }

    /// The catalogue and the index read in step. What matched is read from
    /// the sorted list of matches, never spread over the whole index, so a
    /// keystroke costs the matches and the kept elements, not the catalogue.
    private struct Walk {
        let index: SearchIndex
        let matches: FilterMatches
        var position = 0
        var opened: Set<String> = []
        /// Where the best matching item or node is shown, once walked past
        /// (see ``FilterMatches/best``).
        var bestPath: ElementPath?
        /// Where the best matching section or row is shown, likewise.
        var bestOtherPath: ElementPath?

        init(index: SearchIndex, matches: FilterMatches) {
            self.index = index
            self.matches = matches
        }

        /// The position in `matches` of the first entry at or after `e`.
        func firstMatch(from e: Int) -> Int {
            let entries = matches.entries
            // The walk asks about entries at or after its own, which are near
            // where it is in the matches: from there the steps double, and the
            // search halves the last of them.
            var low = cursor > 0 && Int(entries[cursor - 1]) >= e ? 0 : cursor
            var high = low
            var step = 1
            while high < entries.count && Int(entries[high]) < e {
                low = high + 1
                high += step
                step *= 2
            }
            high = min(high, entries.count)
            while low < high {
                let mid = (low + high) / 2
                if Int(entries[mid]) < e { low = mid + 1 } else { high = mid }
            }
            return low
        }

        mutating func next() -> Int {
            defer { position += 1 }
            return position
        }

        /// Moves past every descendant of entry `e`.
        mutating func skip(past e: Int) {
            position = Int(index.ends[e])
        }

        /// Where the walk is in `matches`: entries before it come before
        /// the walk's position. The walk only moves forwards.
        var cursor = 0

        /// Whether entry `e` matched itself; `e` is at or after every
        /// entry asked before.
        mutating func matches(_ e: Int) -> Bool {
            while cursor < matches.entries.count && Int(matches.entries[cursor]) < e { cursor += 1 }
            return cursor < matches.entries.count && Int(matches.entries[cursor]) == e
        }

        func hasInside(_ e: Int) -> Bool { matchCount(inside: e) > 0 }

        /// How many of entry `e`'s descendants matched themselves.
        func matchCount(inside e: Int) -> Int {
            firstMatch(from: Int(index.ends[e])) - firstMatch(from: e + 1)
        }

        mutating func keeps(_ e: Int) -> Bool { matches(e) || hasInside(e) }

        /// Remembers `path` as where the best section or row is shown when
        /// `e` is that section or row.
        mutating func consider(_ e: Int, at path: @autoclosure () -> [Int]) {
            if let best = matches.bestOther, Int(best) == e { bestOtherPath = ElementPath(path()) }
        }

        /// The next `count` entries, a row's items: the positions among
        /// them of those that matched, and the position among those of the
        /// best match, when it is one of them. Read from the run of matches
        /// that falls among them; the walk moves past them.
        mutating func items(_ count: Int) -> (indices: [Int32], best: Int?) {
            let first = position
            let end = first + count
            position = end
            let low = firstMatch(from: first)
            let high = firstMatch(from: end)
            cursor = high
            guard low < high else { return ([], nil) }
            let base = Int32(first)
            let indices = matches.entries[low..<high].map { $0 - base }
            guard let best = matches.best, best >= first, best < end else { return (indices, nil) }
            return (indices, firstMatch(from: Int(best)) - low)
        }

        /// The kept nodes of `nodes`, reshaped, and the indices they were kept from.
        mutating func nodes(_ nodes: [Node], parentKey: String, path: [Int]) -> (
            nodes: [Node], origins: [KeptElements.KeptNode]
        ) {
            var kept: [Node] = []
            var origins: [KeptElements.KeptNode] = []
            for (n, node) in nodes.enumerated() {
                let e = next()
                guard keeps(e) else {
                    skip(past: e)
                    continue
                }
                let nodePath = path + [kept.count + 1]
                if let best = matches.best, Int(best) == e { bestPath = ElementPath(nodePath) }
                guard hasInside(e) else {
                    skip(past: e)
                    kept.append(node)
                    origins.append(.init(index: Int32(n), children: nil))
                    continue
                }
                let key = ModelKey.child(of: parentKey, name: node.name, id: node.id)
                var copy = node
                let children = self.nodes(node.children, parentKey: key, path: nodePath)
                copy.children = children.nodes
                opened.insert(key)
                kept.append(copy)
                origins.append(.init(index: Int32(n), children: children.origins))
            }
            return (kept, origins)
        }
    }
}

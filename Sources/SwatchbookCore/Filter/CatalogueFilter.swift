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
        public var catalogue: Catalogue
        /// Keys of the nodes opened to show matches.
        public var opened: Set<String>
        /// Where the best match is in `catalogue`: the highest scoring item
        /// or node (the first of equals), else the best section or row.
        public var best: ElementPath?
        /// How many elements matched themselves.
        public var matchCount: Int
    }

    /// The filtered catalogue: `matches` are what `query` matched in
    /// `index`, the index of `catalogue`.
    public func apply(to catalogue: Catalogue, index: SearchIndex, matches: FilterMatches) -> Result {
        var walk = Walk(index: index, matches: matches)
        var sections: [Section] = []
        for section in catalogue.sections {
            let s = walk.next()
            guard walk.keeps(s) else {
                walk.skip(past: s)
                continue
            }
            let sectionPath = [sections.count + 1]
            walk.consider(s, at: sectionPath, focusable: false)
            guard walk.hasInside(s) else {
                walk.skip(past: s)
                sections.append(section)
                continue
            }
            let sectionKey = ModelKey.section(name: section.name, id: section.id)
            var kept = section
            kept.rows = []
            for row in section.rows {
                let r = walk.next()
                guard walk.keeps(r) else {
                    walk.skip(past: r)
                    continue
                }
                let rowPath = sectionPath + [kept.rows.count + 1]
                walk.consider(r, at: rowPath, focusable: false)
                guard walk.hasInside(r) else {
                    walk.skip(past: r)
                    kept.rows.append(row)
                    continue
                }
                var filtered = row
                switch row.content {
                case .items(let items):
                    var shown: [Item] = []
                    for item in items {
                        let e = walk.next()
                        if walk.matches(e) {
                            shown.append(item)
                            walk.consider(e, at: rowPath + [shown.count], focusable: true)
                        }
                    }
                    filtered.content = .items(shown)
                case .fields(let fields):
                    var shown: [Field] = []
                    for field in fields {
                        let e = walk.next()
                        if walk.matches(e) { shown.append(field) }
                    }
                    filtered.content = .fields(shown)
                case .children(let nodes):
                    let rowKey = ModelKey.child(of: sectionKey, name: row.name, id: row.id)
                    filtered.content = .children(walk.nodes(nodes, parentKey: rowKey, path: rowPath))
                }
                kept.rows.append(filtered)
            }
            sections.append(kept)
        }
        return Result(
            catalogue: Catalogue(sections: sections), opened: walk.opened,
            best: walk.bestFocusable?.path ?? walk.bestOther?.path, matchCount: matches.entries.count)
    }

    /// The catalogue and the index read in step.
    private struct Walk {
        let index: SearchIndex
        /// Each entry's own match.
        var matched: [Bool]
        var scores: [Int32]
        /// Matches among the entries before each.
        var before: [Int32]
        var position = 0
        var opened: Set<String> = []
        var bestFocusable: (path: ElementPath, score: Int32, length: Int)?
        var bestOther: (path: ElementPath, score: Int32, length: Int)?

        init(index: SearchIndex, matches: FilterMatches) {
            self.index = index
            matched = Array(repeating: false, count: index.count)
            scores = Array(repeating: 0, count: index.count)
            for (entry, score) in zip(matches.entries, matches.scores) {
                matched[Int(entry)] = true
                scores[Int(entry)] = score
            }
            before = Array(repeating: 0, count: index.count + 1)
            for i in 0..<index.count { before[i + 1] = before[i] + (matched[i] ? 1 : 0) }
        }

        mutating func next() -> Int {
            defer { position += 1 }
            return position
        }

        /// Moves past every descendant of entry `e`.
        mutating func skip(past e: Int) {
            position = Int(index.ends[e])
        }

        func matches(_ e: Int) -> Bool { matched[e] }

        func hasInside(_ e: Int) -> Bool { before[Int(index.ends[e])] - before[e + 1] > 0 }

        func keeps(_ e: Int) -> Bool { matched[e] || hasInside(e) }

        /// Remembers `e` at `path` if it is the best match so far: the
        /// highest score, then the shortest name, then the first.
        mutating func consider(_ e: Int, at path: [Int], focusable: Bool) {
            guard matched[e] else { return }
            let candidate = (path: ElementPath(path), score: scores[e], length: index.length(e))
            func better(_ best: (path: ElementPath, score: Int32, length: Int)?) -> Bool {
                guard let best else { return true }
                return candidate.score > best.score
                    || (candidate.score == best.score && candidate.length < best.length)
            }
            if focusable {
                if better(bestFocusable) { bestFocusable = candidate }
            } else if better(bestOther) {
                bestOther = candidate
            }
        }

        mutating func nodes(_ nodes: [Node], parentKey: String, path: [Int]) -> [Node] {
            var kept: [Node] = []
            for node in nodes {
                let e = next()
                guard keeps(e) else {
                    skip(past: e)
                    continue
                }
                let nodePath = path + [kept.count + 1]
                consider(e, at: nodePath, focusable: true)
                guard hasInside(e) else {
                    skip(past: e)
                    kept.append(node)
                    continue
                }
                let key = ModelKey.child(of: parentKey, name: node.name, id: node.id)
                var copy = node
                copy.children = self.nodes(node.children, parentKey: key, path: nodePath)
                opened.insert(key)
                kept.append(copy)
            }
            return kept
        }
    }
}

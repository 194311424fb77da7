import Dispatch

/// Every name of a catalogue folded once (see ``TextFolding``), in catalogue
/// order, for the filter: built once per load, not per keystroke.
///
/// Entries come in the order ``CatalogueFilter`` walks the catalogue: a
/// section, then each of its rows followed by the row's items, fields
/// (key and value) or nodes (each node before its children). Each entry
/// knows where its descendants end, so "does anything inside match" is a
/// difference of two counts.
public struct SearchIndex: Sendable {
    public enum Kind: UInt8, Sendable {
        case section, row, item, field, node
    }

    public private(set) var kinds: [Kind] = []
    /// The entry after the last of each entry's descendants.
    public private(set) var ends: [Int32] = []
    private var colors: [Color?] = []
    /// Folded text with its case, and case-folded, end to end: entry e's is
    /// at `starts[e]..<starts[e + 1]` of each.
    private var cased: [UInt8] = []
    private var caseless: [UInt8] = []
    private var casedStarts: [Int32] = [0]
    private var caselessStarts: [Int32] = [0]

    public var count: Int { kinds.count }

    /// The length of entry `e`'s folded text, which breaks ties between
    /// equal scores (the shorter name is the closer match, as in fzf).
    public func length(_ e: Int) -> Int { Int(caselessStarts[e + 1] - caselessStarts[e]) }

    public init(_ catalogue: Catalogue) {
        for section in catalogue.sections {
            let s = add(.section, section.name, nil)
            for row in section.rows {
                let r = add(.row, row.name, nil)
                switch row.content {
                case .items(let items):
                    for item in items { close(add(.item, item.name, item.color)) }
                case .fields(let fields):
                    for field in fields { close(add(.field, field.key + " " + field.value, nil)) }
                case .children(let nodes):
                    add(nodes)
                }
                close(r)
            }
            close(s)
        }
    }

    private mutating func add(_ nodes: [Node]) {
        for node in nodes {
            let n = add(.node, node.name, node.color)
            add(node.children)
            close(n)
        }
    }

    private mutating func add(_ kind: Kind, _ name: String, _ color: Color?) -> Int {
        kinds.append(kind)
        ends.append(0)
        colors.append(color)
        TextFolding.fold(name, caseFolded: false, into: &cased)
        TextFolding.fold(name, caseFolded: true, into: &caseless)
        casedStarts.append(Int32(cased.count))
        caselessStarts.append(Int32(caseless.count))
        return kinds.count - 1
    }

    private mutating func close(_ entry: Int) {
        ends[entry] = Int32(kinds.count)
    }

    // MARK: matching

    /// The entries `query` matches, in order, each with its score; among
    /// `candidates` only when given (a query typed on from an earlier one
    /// tests only what that one matched). A long list is matched on every
    /// core, in as many runs of entries.
    public func matches(_ query: FilterQuery, among candidates: [Int32]? = nil) -> FilterMatches {
        let total = candidates?.count ?? count
        let parts = total >= 20_000 ? 2 : 1
        var results = [FilterMatches](repeating: FilterMatches(), count: parts)
        results.withUnsafeMutableBufferPointer { results in
            nonisolated(unsafe) let slots = results
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                let range = (total * part / parts)..<(total * (part + 1) / parts)
                var found = FilterMatches()
                for i in range {
                    let entry = candidates.map { Int($0[i]) } ?? i
                    if let score = score(query, entry) {
                        found.entries.append(Int32(entry))
                        found.scores.append(Int32(clamping: score))
                    }
                }
                slots[part] = found
            }
        }
        var all = results[0]
        for more in results.dropFirst() {
            all.entries += more.entries
            all.scores += more.scores
        }
        return all
    }

    /// The score of entry `e` (every group matching), or nil.
    public func score(_ query: FilterQuery, _ e: Int) -> Int? {
        var total = 0
        for group in query.groups {
            var best: Int?
            for term in group {
                if let score = score(term, e) { best = max(best ?? score, score) }
            }
            guard let best else { return nil }
            total += best
        }
        return total
    }

    private func score(_ term: FilterQuery.Term, _ e: Int) -> Int? {
        if let color = term.color, colors[e] == color {
            // A colour named by its value is the best match there is.
            return FuzzyMatch.scoreMatch * 2 * term.pattern.count
        }
        let (text, starts) = term.isCaseSensitive ? (cased, casedStarts) : (caseless, caselessStarts)
        let found = text.withUnsafeBufferPointer { bytes in
            FuzzyMatch.score(
                term.pattern, kind: term.kind,
                in: UnsafeBufferPointer(rebasing: bytes[Int(starts[e])..<Int(starts[e + 1])]))
        }
        if term.isNegated { return found == nil ? 0 : nil }
        return found
    }
}

/// The entries of a ``SearchIndex`` a query matches, in catalogue order.
public struct FilterMatches: Sendable, Equatable {
    public var entries: [Int32] = []
    public var scores: [Int32] = []

    public init() {}

    public var isEmpty: Bool { entries.isEmpty }
}

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
    /// The entry after the last of each entry's descendants.
    public private(set) var ends: [Int32] = []
    private var colors: [Color?] = []
    /// What each entry is, for the best match: an item or a node takes the
    /// focus before a section or a row; a field is never the best.
    private var roles: [Role] = []

    enum Role: UInt8 {
        case focusable, other, none
    }
    /// Each entry's text in the four forms a term may read it in (see
    /// ``TextFolding/Form``), entry after entry: entry e's text in form f
    /// is at `offsets[4e + f]..<offsets[4e + f + 1]` of `bytes`. A form
    /// not through fzf's table holds only what the table changes: where it
    /// is empty, the entry reads as in the table's form of the same case.
    private var bytes: [UInt8] = []
    private var offsets: [Int32] = [0]

    public var count: Int { ends.count }

    /// The length of entry `e`'s folded text, which breaks ties between
    /// equal scores (the shorter name is the closer match, as in fzf).
    public func length(_ e: Int) -> Int { withTexts { $0.length(e) } }

    /// The index of `catalogue`; with `fields`, an item's or a node's text
    /// is its name followed by its fields' values, so the filter finds
    /// things by what their fields say (`--filter-fields`).
    public init(_ catalogue: Catalogue, fields: Bool = false) {
        searchesFields = fields
        for section in catalogue.sections {
            let s = add(section.name, nil, .other)
            for row in section.rows {
                let r = add(row.name, nil, .other)
                switch row.content {
                case .items(let items):
                    for item in items {
                        close(add(text(item.name, item.shownFields), item.color, .focusable))
                    }
                case .fields(let fields):
                    for field in fields { close(add(field.key + " " + field.value, nil, .none)) }
                case .children(let nodes):
                    add(nodes)
                }
                close(r)
            }
            close(s)
        }
    }

    /// Whether items and nodes are found by their fields' values too.
    private let searchesFields: Bool

    /// What an item or a node is found by: its name, and with
    /// ``searchesFields`` its fields' values after it, a space apart.
    private func text(_ name: String, _ fields: [Field]) -> String {
        guard searchesFields, !fields.isEmpty else { return name }
        return ([name] + fields.map(\.value)).joined(separator: " ")
    }

    private mutating func add(_ nodes: [Node]) {
        for node in nodes {
            let n = add(text(node.name, node.shownFields), node.color, .focusable)
            add(node.children)
            close(n)
        }
    }

    private mutating func add(_ name: String, _ color: Color?, _ role: Role) -> Int {
        ends.append(0)
        colors.append(color)
        roles.append(role)
        // ASCII, most of what catalogues hold, needs no tables: its case
        // folded, it is the same in every form.
        let ascii = name.utf8.withContiguousStorageIfAvailable { ascii -> Bool in
            guard !ascii.contains(where: { $0 >= 0x80 }) else { return false }
            bytes.append(contentsOf: ascii)
            offsets.append(Int32(bytes.count))
            bytes.append(contentsOf: ascii.lazy.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 })
            let end = Int32(bytes.count)
            offsets.append(end)
            offsets.append(end)
            offsets.append(end)
            return true
        }
        if ascii != true {
            let forms = TextFolding.Form.all.map { TextFolding.fold(name, $0) }
            for (f, text) in forms.enumerated() {
                if f < 2 || text != forms[f - 2] { bytes += text }
                offsets.append(Int32(bytes.count))
            }
        }
        return ends.count - 1
    }

    private mutating func close(_ entry: Int) {
        ends[entry] = Int32(ends.count)
    }

    // MARK: matching

    /// The last query ``search(_:)`` answered and what it matched: a query
    /// typed on from it tests only those entries, as fzf's cache does.
    public private(set) var lastSearch: (query: FilterQuery, matches: FilterMatches)?

    /// The entries `query` matches, as ``matches(_:among:)`` finds them,
    /// narrowed from the last search when `query` refines it, and the same
    /// matches again when it differs only in spaces between terms.
    public mutating func search(_ query: FilterQuery) -> FilterMatches {
        let found: FilterMatches
        if let last = lastSearch, query.refines(last.query) {
            found =
                last.query.groups == query.groups ? last.matches : matches(query, among: last.matches.entries)
        } else {
            found = matches(query)
        }
        lastSearch = (query, found)
        return found
    }

    /// Forgets the last search: the next starts from every entry.
    public mutating func forgetSearch() {
        lastSearch = nil
    }

    /// The entries `query` matches, in order, and the best of them; among
    /// `candidates` only when given (a query typed on from an earlier one
    /// tests only what that one matched). A long list is matched on every
    /// core, in as many runs of entries.
    public func matches(_ query: FilterQuery, among candidates: [Int32]? = nil) -> FilterMatches {
        let total = candidates?.count ?? count
        let parts = total >= 20_000 ? 2 : 1
        let compiled = CompiledQuery(query)
        var results = [Run](repeating: Run(), count: parts)
        func match(_ candidates: UnsafeBufferPointer<Int32>?) {
            results.withUnsafeMutableBufferPointer { results in
                nonisolated(unsafe) let slots = results
                nonisolated(unsafe) let candidates = candidates
                DispatchQueue.concurrentPerform(iterations: parts) { part in
                    let range = (total * part / parts)..<(total * (part + 1) / parts)
                    slots[part] = withTexts { texts in
                        compiled.withTerms { terms, patterns in
                            Run(range, candidates, bound: compiled.bound, terms, patterns, in: texts)
                        }
                    }
                }
            }
        }
        if let candidates {
            candidates.withUnsafeBufferPointer { match($0) }
        } else {
            match(nil)
        }
        var (all, best, bestOther) = (results[0].found, results[0].best, results[0].bestOther)
        for run in results.dropFirst() {
            all.entries += run.found.entries
            // A later run's best wins only when it is better: on a tie the first does.
            best.consider(run.best)
            bestOther.consider(run.bestOther)
        }
        all.best = best.entry
        all.bestOther = bestOther.entry
        return all
    }

    /// One run of the matching: the entries of a range (of `candidates`,
    /// when given) that match, and the best of them.
    private struct Run {
        var found = FilterMatches()
        var best = Best()
        var bestOther = Best()

        init() {}

        init(
            _ range: Range<Int>, _ candidates: UnsafeBufferPointer<Int32>?, bound: Int32,
            _ terms: UnsafeBufferPointer<CompiledQuery.Term>, _ patterns: UnsafeBufferPointer<UInt8>,
            in texts: Texts
        ) {
            found.entries.reserveCapacity(range.count / 4)
            for i in range {
                let entry = candidates.map { Int($0[i]) } ?? i
                let role = texts.roles[entry]
                // An entry that cannot beat the best so far is only matched,
                // not scored: most, once a match scores all a query can.
                let length = role == .none ? 0 : texts.length(entry)
                guard
                    role == .focusable && best.mayLose(to: bound, length)
                        || role == .other && bestOther.mayLose(to: bound, length)
                else {
                    if SearchIndex.matches(terms, patterns, entry, in: texts) {
                        found.entries.append(Int32(entry))
                    }
                    continue
                }
                guard let score = SearchIndex.score(terms, patterns, entry, in: texts) else { continue }
                found.entries.append(Int32(entry))
                if role == .focusable {
                    best.consider(entry, Int32(clamping: score), length)
                } else {
                    bestOther.consider(entry, Int32(clamping: score), length)
                }
            }
        }
    }

    /// The best match so far: the highest score, then the shortest text,
    /// then the first.
    private struct Best {
        var entry: Int32?
        var score: Int32 = 0
        var length = 0

        /// Whether a later match of at most `bound` and `length` could
        /// be better.
        @inline(__always)
        func mayLose(to bound: Int32, _ length: Int) -> Bool {
            entry == nil || bound > score || length < self.length
        }

        @inline(__always)
        mutating func consider(_ e: Int, _ score: Int32, _ length: Int) {
            if entry == nil || score > self.score || (score == self.score && length < self.length) {
                (entry, self.score, self.length) = (Int32(e), score, length)
            }
        }

        mutating func consider(_ later: Best) {
            guard let e = later.entry else { return }
            consider(Int(e), later.score, later.length)
        }
    }

    /// A query laid flat for the matching loop: its terms as plain values
    /// and their patterns end to end, so that matching an entry touches no
    /// reference count.
    private struct CompiledQuery {
        struct Term {
            var kind: FilterQuery.Kind
            var isNegated: Bool
            /// The ``TextFolding/Form`` the term reads names in, by index.
            var form: Int
            var color: Color?
            var start: Int
            var count: Int
            /// Whether the next term is in the same group (either matches).
            var joinsNext: Bool
        }

        var terms: [Term] = []
        var patterns: [UInt8] = []
        /// The most any entry can score: no score is higher.
        var bound: Int32 = 0

        init(_ query: FilterQuery) {
            var bound = 0
            for group in query.groups {
                var most = 0
                for (i, term) in group.enumerated() {
                    terms.append(
                        Term(
                            kind: term.kind, isNegated: term.isNegated, form: term.form.index,
                            color: term.color, start: patterns.count, count: term.pattern.count,
                            joinsNext: i + 1 < group.count))
                    patterns += term.pattern
                    most = max(most, Self.bound(term))
                }
                bound += most
            }
            self.bound = Int32(clamping: bound)
        }

        /// The most `term` scores (see ``FuzzyMatch``): its first character
        /// at a space's boundary, doubled, and each after it next to the one
        /// before at one; a colour's match; 0 for a negated term.
        private static func bound(_ term: FilterQuery.Term) -> Int {
            guard !term.isNegated else { return 0 }
            let n = term.pattern.count
            let boundary = FuzzyMatch.bonusWhiteBoundary
            let first = FuzzyMatch.scoreMatch + boundary * FuzzyMatch.firstCharMultiplier
            let text = first + (FuzzyMatch.scoreMatch + boundary) * max(0, n - 1)
            return term.color == nil ? text : max(text, FuzzyMatch.scoreMatch * 2 * n)
        }

        func withTerms<T>(_ body: (UnsafeBufferPointer<Term>, UnsafeBufferPointer<UInt8>) -> T) -> T {
            terms.withUnsafeBufferPointer { terms in patterns.withUnsafeBufferPointer { body(terms, $0) } }
        }
    }

    /// The folded texts as the matcher reads them, borrowed for one run.
    private struct Texts {
        var bytes: UnsafeBufferPointer<UInt8>
        var offsets: UnsafeBufferPointer<Int32>
        var colors: UnsafeBufferPointer<Color?>
        var roles: UnsafeBufferPointer<Role>

        /// The length of entry `e`'s folded text (form 1; see ``SearchIndex/length(_:)``).
        @inline(__always)
        func length(_ e: Int) -> Int { Int(offsets[4 * e + 2] - offsets[4 * e + 1]) }

        /// Entry `e`'s text in form `form`.
        func text(_ e: Int, _ form: Int) -> UnsafeBufferPointer<UInt8> {
            var slot = 4 * e + form
            if form >= 2 && offsets[slot] == offsets[slot + 1] { slot -= 2 }
            return UnsafeBufferPointer(rebasing: bytes[Int(offsets[slot])..<Int(offsets[slot + 1])])
        }
    }

    private func withTexts<T>(_ body: (Texts) -> T) -> T {
        bytes.withUnsafeBufferPointer { bytes in
            offsets.withUnsafeBufferPointer { offsets in
                colors.withUnsafeBufferPointer { colors in
                    roles.withUnsafeBufferPointer { roles in
                        body(Texts(bytes: bytes, offsets: offsets, colors: colors, roles: roles))
                    }
                }
            }
        }
    }

    /// The score of entry `e` (every group matching), or nil.
    public func score(_ query: FilterQuery, _ e: Int) -> Int? {
        let compiled = CompiledQuery(query)
        return withTexts { texts in
            compiled.withTerms { terms, patterns in Self.score(terms, patterns, e, in: texts) }
        }
    }

    private static func score(
        _ terms: UnsafeBufferPointer<CompiledQuery.Term>, _ patterns: UnsafeBufferPointer<UInt8>, _ e: Int,
        in texts: Texts
    ) -> Int? {
        var total = 0
        var best: Int?
        for term in terms {
            if let score = score(term, patterns, e, in: texts) { best = max(best ?? score, score) }
            guard !term.joinsNext else { continue }
            guard let found = best else { return nil }
            total += found
            best = nil
        }
        return total
    }

    /// Whether entry `e` matches: every group, as ``score(_:_:_:in:)``
    /// finds, without scoring what does not need it.
    private static func matches(
        _ terms: UnsafeBufferPointer<CompiledQuery.Term>, _ patterns: UnsafeBufferPointer<UInt8>, _ e: Int,
        in texts: Texts
    ) -> Bool {
        var found = false
        for term in terms {
            found = found || matches(term, patterns, e, in: texts)
            guard !term.joinsNext else { continue }
            guard found else { return false }
            found = false
        }
        return true
    }

    private static func matches(
        _ term: CompiledQuery.Term, _ patterns: UnsafeBufferPointer<UInt8>, _ e: Int, in texts: Texts
    ) -> Bool {
        if term.color != nil, texts.colors[e] == term.color { return true }
        let pattern = UnsafeBufferPointer(rebasing: patterns[term.start..<(term.start + term.count)])
        let found = FuzzyMatch.matches(pattern, kind: term.kind, in: texts.text(e, term.form))
        return found != term.isNegated
    }

    private static func score(
        _ term: CompiledQuery.Term, _ patterns: UnsafeBufferPointer<UInt8>, _ e: Int, in texts: Texts
    ) -> Int? {
        if let color = term.color, texts.colors[e] == color {
            // A colour named by its value is the best match there is.
            return FuzzyMatch.scoreMatch * 2 * term.count
        }
        let pattern = UnsafeBufferPointer(rebasing: patterns[term.start..<(term.start + term.count)])
        let found = FuzzyMatch.score(
            pattern, kind: term.kind, in: texts.text(e, term.form))
        if term.isNegated { return found == nil ? 0 : nil }
        return found
    }
}

/// The entries of a ``SearchIndex`` a query matches, in catalogue order.
public struct FilterMatches: Sendable, Equatable {
    public var entries: [Int32] = []
    /// The best matching item or node: the highest score, then the
    /// shortest text, then the first; nil when none matched.
    public var best: Int32?
    /// The best matching section or row, likewise.
    public var bestOther: Int32?

    public init() {}

    public var isEmpty: Bool { entries.isEmpty }
}

/// What a query finds in one name: the filter's score for it and the
/// characters its terms matched, which the filter highlights and
/// `sb.match` hands a lazy source's own search.
public struct NameMatch: Sendable, Equatable {
    /// The score the filter gives the name: each group's best term, added up.
    public var score: Int
    /// The name's matched Unicode scalars, as 0-based offsets in order.
    /// Folding maps each scalar to one, so an offset in the folded text is
    /// one in the name.
    public var scalars: [Int]
}

extension FilterQuery {
    /// How the query matches `name` as the filter matches it (the colour
    /// terms aside: a name has no colour); nil when it does not. An empty
    /// query matches every name with score 0, as fzf's does.
    public func match(_ name: String) -> NameMatch? {
        var reading = Reading(name)
        var total = 0
        for group in groups {
            var best: Int?
            // Every term is scored, not only the first that matches: the
            // characters of each matching term are matched characters.
            for term in group {
                if let score = reading.score(term) { best = max(best ?? score, score) }
            }
            guard let best else { return nil }
            total += best
        }
        return NameMatch(score: total, scalars: reading.matched.sorted())
    }

    /// The characters of `name` (indices into its `Character`s) that the
    /// query's terms match, to highlight: each matching term's characters,
    /// negated terms none, whether or not the whole query matches.
    public func matchedCharacters(in name: String) -> [Int] {
        guard !isEmpty, !name.isEmpty else { return [] }
        var reading = Reading(name)
        for term in groups.joined() where !term.isNegated { _ = reading.score(term) }
        guard !reading.matched.isEmpty else { return [] }
        // The character each scalar belongs to.
        var owner: [Int] = []
        for (i, character) in name.enumerated() {
            owner += repeatElement(i, count: character.unicodeScalars.count)
        }
        return Set(reading.matched.compactMap { $0 < owner.count ? owner[$0] : nil }).sorted()
    }

    /// A name read by terms: folded once for each form a term asks for, and
    /// the scalars the terms read so far matched.
    private struct Reading {
        let name: String
        private var folded: [TextFolding.Form: (bytes: [UInt8], scalar: [Int])] = [:]
        private(set) var matched: Set<Int> = []

        init(_ name: String) {
            self.name = name
        }

        /// The name's UTF-8 in `form`, and for each byte the scalar it belongs to.
        private mutating func text(_ form: TextFolding.Form) -> (bytes: [UInt8], scalar: [Int]) {
            if let done = folded[form] { return done }
            var bytes: [UInt8] = []
            var scalar: [Int] = []
            for (i, character) in name.unicodeScalars.enumerated() {
                UTF8.encode(TextFolding.fold(character, form)) {
                    bytes.append($0)
                    scalar.append(i)
                }
            }
            folded[form] = (bytes, scalar)
            return (bytes, scalar)
        }

        /// `term`'s score in the name as the filter gives it (a negated
        /// term scores 0 where its text is absent), keeping the scalars a
        /// term that is not negated matched.
        mutating func score(_ term: Term) -> Int? {
            let (bytes, scalar) = text(term.form)
            var positions: [Int] = []
            let found = bytes.withUnsafeBufferPointer { text in
                term.pattern.withUnsafeBufferPointer { pattern in
                    FuzzyMatch.score(pattern, kind: term.kind, in: text, positions: &positions)
                }
            }
            if term.isNegated { return found == nil ? 0 : nil }
            if found != nil { matched.formUnion(positions.map { scalar[$0] }) }
            return found
        }
    }
}

extension FilterQuery {
    /// The characters of `name` (indices into its `Character`s) that the
    /// query's terms match, to highlight: each matching term's characters,
    /// negated terms none.
    public func matchedCharacters(in name: String) -> [Int] {
        guard !isEmpty, !name.isEmpty else { return [] }
        var found: Set<Int> = []
        var layouts: [TextFolding.Form: (bytes: [UInt8], owner: [Int])] = [:]
        func folded(_ form: TextFolding.Form) -> (bytes: [UInt8], owner: [Int]) {
            if let done = layouts[form] { return done }
            var bytes: [UInt8] = []
            var owner: [Int] = []
            for (i, character) in TextFolding.foldedCharacters(name, form).enumerated() {
                bytes += character
                owner += Array(repeating: i, count: character.count)
            }
            layouts[form] = (bytes, owner)
            return (bytes, owner)
        }
        for term in groups.joined() where !term.isNegated {
            let (bytes, owner) = folded(term.form)
            var positions: [Int] = []
            let matched = bytes.withUnsafeBufferPointer { text in
                term.pattern.withUnsafeBufferPointer { pattern in
                    FuzzyMatch.score(pattern, kind: term.kind, in: text, positions: &positions)
                }
            }
            guard matched != nil else { continue }
            for position in positions where position < owner.count { found.insert(owner[position]) }
        }
        return found.sorted()
    }
}

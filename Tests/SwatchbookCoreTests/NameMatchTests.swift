import Testing

@testable import SwatchbookCore

/// `FilterQuery.match`, what `sb.match` answers: the filter's own verdict
/// and score for one name, and the scalars it matched.
@Suite struct NameMatchTests {
    static let names = [
        "Sea Green", "Seashell", "Medium Sea Green", "Durrës", "Małopolskie", "Café noir", "Cafe\u{301} noir",
        "  padded  ", "NVIDIA Corporation", "sea", "a|b", "$5 note", "",
    ]
    static let queries = [
        "sea", "sea grn", "'sea", "^sea", "green$", "^sea$", "!sea", "!'sgn", "sea | nvidia", "SEA", "Sea",
        "durres", "durrës", "loo", "noir", "café", "sea\\ green", "$", "| b", "^padded", "padded$",
        "corp !intel",
        "2e8b57", "",
    ]

    /// Whatever the query, the name matches exactly when the filter keeps
    /// it, with the score the filter ranks it by.
    @Test(arguments: queries)
    func agreesWithTheFilter(_ text: String) {
        let query = FilterQuery(text)
        let catalogue = FilterTests.names(Self.names)
        let index = SearchIndex(catalogue)
        for (i, name) in Self.names.enumerated() {
            // Entries: the section, the row, then the items.
            let expected = query.isEmpty ? 0 : index.score(query, 2 + i)
            #expect(query.match(name)?.score == expected, "\(text) in \(name)")
        }
    }

    @Test func positionsAreScalarsAndWhatTheFilterHighlights() {
        #expect(FilterQuery("sea grn").match("Sea Green")?.scalars == [0, 1, 2, 4, 5, 8])
        // A combining accent is a scalar of its own, not a character.
        #expect(FilterQuery("noir").match("Cafe\u{301} noir")?.scalars == [6, 7, 8, 9])
        #expect(FilterQuery("noir").matchedCharacters(in: "Cafe\u{301} noir") == [5, 6, 7, 8])
        // Every matching term's characters; negated ones none.
        #expect(FilterQuery("'ee !shell").match("Sea Green")?.scalars == [6, 7])
        #expect(FilterQuery("sea | green").match("Sea Green")?.scalars == [0, 1, 2, 4, 5, 6, 7, 8])
        #expect(FilterQuery("").match("anything") == NameMatch(score: 0, scalars: []))
        #expect(FilterQuery("sea !green").match("Sea Green") == nil)
    }
}

import Testing

@testable import SwatchbookCore

/// The filter's matcher: the query syntax fzf users know, folding,
/// scoring, refinement, and what a filtered catalogue keeps.
@Suite struct FilterTests {
    static func names(_ names: [String], colors: [Color]? = nil) -> Catalogue {
        let items = names.enumerated().map { i, name in
            Item(name: name, color: colors?[i] ?? Color(rgb: UInt32(i)))
        }
        return Catalogue(sections: [Section(name: "S", rows: [Row(name: "R", content: .items(items))])])
    }

    /// The item names `query` keeps, in catalogue order.
    static func kept(_ query: String, in names: [String], colors: [Color]? = nil) -> [String] {
        let catalogue = Self.names(names, colors: colors)
        let index = SearchIndex(catalogue)
        let filter = CatalogueFilter(query)
        let result = filter.apply(to: catalogue, index: index, matches: index.matches(filter.query))
        guard case .items(let items)? = result.catalogue.catalogue.sections.first?.rows.first?.content else {
            return []
        }
        return items.map(\.name)
    }

    static let colours = ["Sea Green", "Seashell", "Medium Sea Green", "Green", "Salmon", "Dark Sea Green"]

    @Test func termsAreFuzzyAndAllRequired() {
        #expect(
            Self.kept("sea grn", in: Self.colours) == ["Sea Green", "Medium Sea Green", "Dark Sea Green"])
        #expect(Self.kept("sgn", in: Self.colours) == ["Sea Green", "Medium Sea Green", "Dark Sea Green"])
        #expect(
            Self.kept("grn sea", in: Self.colours) == ["Sea Green", "Medium Sea Green", "Dark Sea Green"])
    }

    @Test func fzfsOperators() {
        #expect(
            Self.kept("'sea", in: Self.colours) == [
                "Sea Green", "Seashell", "Medium Sea Green", "Dark Sea Green",
            ])
        #expect(Self.kept("'sgn", in: Self.colours).isEmpty, "an exact term is a substring")
        #expect(Self.kept("^sea", in: Self.colours) == ["Sea Green", "Seashell"])
        #expect(
            Self.kept("green$", in: Self.colours) == [
                "Sea Green", "Medium Sea Green", "Green", "Dark Sea Green",
            ])
        #expect(Self.kept("^green$", in: Self.colours) == ["Green"])
        #expect(Self.kept("sea !medium !dark", in: Self.colours) == ["Sea Green", "Seashell"])
        #expect(
            Self.kept("!^sea green$", in: Self.colours) == ["Medium Sea Green", "Green", "Dark Sea Green"])
        #expect(Self.kept("salmon | ^green", in: Self.colours) == ["Green", "Salmon"])
    }

    @Test func smartCase() {
        #expect(Self.kept("sea", in: ["Sea", "sea", "SEA"]) == ["Sea", "sea", "SEA"])
        #expect(Self.kept("Sea", in: ["Sea", "sea", "SEA"]) == ["Sea"])
        #expect(Self.kept("Sea green", in: ["Sea Green", "sea green"]) == ["Sea Green"], "per term")
    }

    /// fzf's table of Latin letters, applied only by a term with none of
    /// them; a capitalised term keeps the case the table keeps.
    @Test func latinLettersFoldAsFzfFoldsThem() {
        #expect(Self.kept("durres", in: ["Durrës", "Tirana", "DURRËS"]) == ["Durrës", "DURRËS"])
        #expect(Self.kept("Durres", in: ["Durrës", "DURRËS"]) == ["Durrës"])
        #expect(
            Self.kept("durrës", in: ["Durres", "Durrës", "DURRËS"]) == ["Durrës", "DURRËS"], "no folding")
        #expect(Self.kept("loo", in: ["Małopolskie"]) == ["Małopolskie"])
        #expect(Self.kept("ie", in: ["Balıkesir"]) == ["Balıkesir"])
        #expect(Self.kept("nd", in: ["Bình Định"]) == ["Bình Định"])
        #expect(Self.kept("Sain", in: ["Šalčininkai", "Saint"]) == ["Saint"], "the table has no Š")
        #expect(Self.kept("sain", in: ["Šalčininkai", "Saint"]) == ["Šalčininkai", "Saint"])
        #expect(Self.kept("O", in: ["Ö", "ö", "Ø"]) == ["Ö", "Ø"], "but it has Ö")
        #expect(Self.kept("ae", in: ["Æ", "æ"]).isEmpty, "nor æ")
        #expect(Self.kept("file", in: ["ﬁle", "Ｆｉｌｅ", "file"]) == ["file"], "nor compatibility forms")
        #expect(
            TextFolding.fold("Ångström ①", caseFolded: true) == Array("angstrom 1".utf8), "slugs fold more")
    }

    /// The corners of fzf's parser: escaped spaces, lone marks, stray bars,
    /// and the negated forms.
    @Test func fzfsParserCorners() {
        let names = ["Sea Green", "Seashell", "sea$", "a|b", "  Sea", "Green"]
        #expect(Self.kept(#"sea\ green"#, in: names) == ["Sea Green"])
        #expect(Self.kept("sea\tgreen", in: names) == ["Sea Green"], "a tab is a space in a term")
        #expect(Self.kept("$", in: names) == ["sea$"], "a lone $ is a character")
        #expect(Self.kept("^", in: names) == names, "a lone ^ is no term")
        #expect(Self.kept("| b", in: names) == ["a|b"], "a leading bar is a term")
        #expect(Self.kept("| sea", in: names).isEmpty)
        #expect(Self.kept("green | | a", in: names) == ["Sea Green", "a|b"], "so is a second bar")
        #expect(Self.kept("green |", in: names) == ["Sea Green", "Green"])
        #expect(Self.kept("!'shl", in: names) == ["Sea Green", "sea$", "a|b", "  Sea", "Green"], "fuzzy")
        #expect(Self.kept("!^sea", in: names) == ["a|b", "Green"], "leading spaces ignored")
        #expect(Self.kept("!green$", in: names) == ["Seashell", "sea$", "a|b", "  Sea"])
        #expect(Self.kept("!^green$", in: names) == ["Sea Green", "Seashell", "sea$", "a|b", "  Sea"])
        #expect(Self.kept("'green$", in: ["Greenland"]) == ["Greenland"], "the ' wins over the $")
    }

    @Test func hexTermsMatchColours() {
        let colors = [Color(rgb: 0x2E8B57), Color(rgb: 0x22EE88), Color(rgb: 0xFA8072)]
        let names = ["Sea Green", "Spring", "Salmon"]
        #expect(Self.kept("2e8b57", in: names, colors: colors) == ["Sea Green"])
        #expect(Self.kept("#2E8B57", in: names, colors: colors) == ["Sea Green"])
        #expect(Self.kept("#2e8", in: names, colors: colors) == ["Spring"])
        #expect(Self.kept("#fa8072 salmon", in: names, colors: colors) == ["Salmon"])
        #expect(Self.kept("facade", in: ["Facade"]) == ["Facade"], "six hex letters still match names")
    }

    @Test func wordStartsAndRunsScoreHigher() throws {
        func score(_ term: String, _ name: String) throws -> Int {
            let catalogue = Self.names([name])
            return try #require(SearchIndex(catalogue).score(FilterQuery(term), 2))
        }
        #expect(try score("sg", "Sea Green") > score("sg", "Misgiving"))
        #expect(try score("sea", "Sea Green") > score("sea", "Medium Sea Green") - 1)
        #expect(try score("sea", "Seashell") > score("sea", "Oversea"))
        #expect(try score("green", "Green") > score("green", "G r e e n"))
    }

    @Test func theBestMatchIsWhereTheFocusGoes() throws {
        let catalogue = Self.names(["Misgiving", "Medium Sea Green", "Sea Green"])
        let index = SearchIndex(catalogue)
        let query = FilterQuery("sea green")
        let result = CatalogueFilter(query).apply(to: catalogue, index: index, matches: index.matches(query))
        #expect(result.best == ElementPath([1, 1, 2]), "the closest match, after a weaker one in order")
    }

    /// Typing on narrows: the refined result equals matching from scratch.
    @Test func aRefinedQueryMatchesWhatAFreshOneDoes() {
        let words = [
            "sea", "green", "dark", "s", "se", "'se", "^s", "!dark", "gr", "green$", "#2e8b57", #"sea\ "#,
            #"sea\ g"#, "!'se", "!^se", "^se$", "sé", "|", "$", "Se",
        ]
        var names: [String] = []
        for i in 0..<400 {
            names.append(
                "\(["Dark", "Sea", "Medium", "Light"][i % 4]) \(["Green", "Salmon", "Sea"][i % 3]) \(i)")
        }
        let index = SearchIndex(Self.names(names))
        var checked = 0
        for a in words {
            for b in words {
                for (old, new) in [(a, a + "e"), (a, a + " " + b), (a, b)] {
                    let earlier = FilterQuery(old)
                    let later = FilterQuery(new)
                    guard later.refines(earlier) else { continue }
                    let refined = index.matches(later, among: index.matches(earlier).entries)
                    #expect(refined == index.matches(later), "\(old) → \(new)")
                    checked += 1
                }
            }
        }
        #expect(checked > 50)
        #expect(!FilterQuery("!dark").refines(FilterQuery("!dar")), "a longer negation keeps more")
        #expect(!FilterQuery("sea$").refines(FilterQuery("ea$")))
        #expect(FilterQuery("sea gr").refines(FilterQuery("sea")))
        #expect(FilterQuery(#"sea\ g"#).refines(FilterQuery(#"sea\ "#)), "an escaped space narrows")
        #expect(!FilterQuery(#"sea\ "#).refines(FilterQuery(#"sea\"#)), "a backslash becomes a space")
        #expect(FilterQuery("dure").refines(FilterQuery("dur")))
        #expect(!FilterQuery("durë").refines(FilterQuery("dur")), "a letter of the table stops the folding")
        #expect(!FilterQuery("!'sea").refines(FilterQuery("!'se")))
    }

    /// An ASCII pattern is matched byte by byte, by a scan of its own: it
    /// finds and scores what the scan of any pattern does, in ASCII names
    /// and in names of longer characters.
    @Test func asciiPatternsScoreAsAnyPatternDoes() {
        let names = [
            "Sea Green", "Medium Sea Green", "seashell", "Dark Slate Grey", "Durrës", "Małopolskie sea",
            "Ŝea green", "sSeEaA", "a-b_c.d/e", "CamelCaseName", "x9y", "sea sea sea", "", "s", "éséaé",
        ]
        let patterns = ["s", "se", "sea", "sgn", "grn", "ea", "a", "sss", "e.d", "cn", "9y", "aé", "zz"]
        var compared = 0
        for name in names {
            for pattern in patterns {
                let text = Array(name.lowercased().utf8)
                let bytes = Array(pattern.utf8)
                guard !bytes.contains(where: { $0 >= 0x80 }) else { continue }
                text.withUnsafeBufferPointer { text in
                    bytes.withUnsafeBufferPointer { pattern in
                        var asciiAt: [Int] = []
                        var anyAt: [Int] = []
                        let ascii = FuzzyMatch.asciiFuzzy(pattern, in: text, positions: &asciiAt)
                        let any = FuzzyMatch.fuzzy(pattern, in: text, positions: &anyAt)
                        #expect(
                            ascii == any && asciiAt == anyAt,
                            "\(name): \(String(decoding: pattern, as: UTF8.self))")
                    }
                }
                compared += 1
            }
        }
        #expect(compared > 150)
    }

    /// A long list is matched in runs, one a core: the best match is the
    /// same as one run finds, the first of equals, whichever run holds it.
    @Test func theBestMatchIsTheSameWhenTheNamesAreMatchedInRuns() {
        var names = (0..<30_000).map { "Dark Slate \($0)" }
        names[100] = "Medium Sea Green"
        names[25_000] = "Sea"
        func best(_ names: [String]) -> ElementPath? {
            let catalogue = Self.names(names)
            let index = SearchIndex(catalogue)
            return CatalogueFilter("sea").apply(
                to: catalogue, index: index, matches: index.matches(FilterQuery("sea"))
            )
            .best
        }
        #expect(best(names) == ElementPath([1, 1, 2]), "the shorter name, matched in the second run")
        names[5_000] = "Sea"
        #expect(best(names) == ElementPath([1, 1, 2]), "the first of two equals, one in each run")
        names[5_000] = "Seas"
        #expect(best(names) == ElementPath([1, 1, 3]))
    }

    /// Matching scores only what could beat the best so far: the best is
    /// still the one scoring every match finds.
    @Test func theBestMatchIsTheBestOfEveryMatchsScore() {
        var names = (0..<24_000).map { i in
            "\(["Deep", "Pale", "Sea", "Dark Sea", "seashell"][i % 5]) \(["Green", "Grey", "Sand"][i / 5 % 3]) \(i)"
        }
        let colors = (0..<24_000).map { Color(rgb: UInt32($0 % 4 == 0 ? 0x2E8B57 : $0)) }
        // A short name that scores less than the longer ones after it.
        names[0] = "s ea"
        let index = SearchIndex(Self.names(names, colors: colors))
        for text in [
            "s", "sea", "sea g", "'sea", "^dark", "grey$", "sea !dark", "sand | grey", "#2e8b57", "sg 23",
        ] {
            let query = FilterQuery(text)
            let found = index.matches(query)
            var best: (entry: Int32, score: Int, length: Int)?
            for e in found.entries where e >= 2 {
                let score = index.score(query, Int(e))!
                let length = index.length(Int(e))
                if best == nil || score > best!.score || (score == best!.score && length < best!.length) {
                    best = (e, score, length)
                }
            }
            #expect(found.best == best?.entry, "\(text)")
        }
    }

    /// The index remembers its last search and narrows from it as a query
    /// is typed, edited and typed again: each answer is what matching from
    /// scratch gives, spaces between terms changing nothing.
    @Test func theIndexNarrowsItsOwnSearches() {
        let names = (0..<300).map {
            "\(["Dark", "Sea", "Medium"][$0 % 3]) \(["Green", "Seashell"][$0 % 2]) \($0)"
        }
        var index = SearchIndex(Self.names(names))
        let typed = [
            "s", "se", "sea", "sea ", "sea  ", "sea g", "sea gr", "sea g", "sea", "sea !dark", "d", "da",
        ]
        for text in typed {
            let query = FilterQuery(text)
            #expect(index.search(query) == index.matches(query), "\(text)")
            #expect(index.lastSearch?.query == query)
        }
        index.forgetSearch()
        #expect(index.lastSearch == nil)
    }

    @Test func aMatchingNodeShowsItsMatchingDescendants() throws {
        let tree = [
            Node(
                name: "family",
                children: [Node(name: "family: man"), Node(name: "family: woman"), Node(name: "people")]),
            Node(name: "families of fonts", children: [Node(name: "serif")]),
            Node(name: "objects", children: [Node(name: "lamp")]),
        ]
        let catalogue = Catalogue(sections: [
            Section(name: "S", rows: [Row(name: "R", content: .children(tree))])
        ])
        let index = SearchIndex(catalogue)
        let query = FilterQuery("'family")
        let result = CatalogueFilter(query).apply(to: catalogue, index: index, matches: index.matches(query))
        guard case .children(let nodes)? = result.catalogue.catalogue.sections.first?.rows.first?.content
        else {
            Issue.record("no tree")
            return
        }
        #expect(nodes.map(\.name) == ["family"], "non-matching siblings are hidden")
        #expect(nodes[0].children.map(\.name) == ["family: man", "family: woman"])
        #expect(result.opened == ["=S/=R/=family"], "a matching node with matching children opens")
        let whole = FilterQuery("'objects")
        let kept = CatalogueFilter(whole).apply(to: catalogue, index: index, matches: index.matches(whole))
        guard case .children(let objects)? = kept.catalogue.catalogue.sections.first?.rows.first?.content
        else {
            return
        }
        #expect(objects.map(\.name) == ["objects"] && objects[0].children.map(\.name) == ["lamp"])
        #expect(kept.opened.isEmpty, "a match with nothing matching inside stays as it was")
    }

    @Test func highlightsAreTheMatchedCharacters() {
        #expect(FilterQuery("sea grn").matchedCharacters(in: "Sea Green") == [0, 1, 2, 4, 5, 8])
        #expect(FilterQuery("durres").matchedCharacters(in: "Durrës") == [0, 1, 2, 3, 4, 5])
        #expect(FilterQuery("!sea").matchedCharacters(in: "Sea").isEmpty)
        #expect(FilterQuery("'ee").matchedCharacters(in: "Sea Green") == [6, 7])
    }
}

/// The queries ``FzfAgreementTests`` asks both matchers: every form of
/// fzf's extended-search syntax by hand, with the cases found to differ,
/// and more made from the corpus's own names with a fixed seed.
enum FzfQueries {
    static let handWritten: [String] = [
        // terms, smart case
        "", " ", "sea", "sea grn", "grn sea", "Sea", "SEA", "sEa", "  sea  ", "sea    grn", "GhostWhite",
        "ghostwhite", "ghost white", "United", "USA", "Flag", "flag: j",
        // exact, prefix, suffix, equal, and their mixtures
        "'sea", "'sgn", "^sea", "green$", "^green$", "^Green$", "'green$", "'green$$", "^'sea", "'^sea",
        "''sea", "^^sea", "sea$$", "$sea", "^ca", "a$", "kr$", "^flag: ", "^a", "s$", "'e s", "^e$",
        // negation and its forms
        "!sea", "!'sea", "!^sea", "!sea$", "!^sea$", "!^Sea$", "!'Sea", "!Sea", "sea !medium !dark",
        "!^sea green$", "!e !a !i", "!'e", "!!sea", "!^'a", "!$", "!^$", "!'$", "flag !^flag",
        // escaped spaces, tabs
        #"sea\ green"#, #"light\ sea\ green"#, #"\ sea"#, #"sea\ "#, #" sea\ "#, #"^sea\ green$"#,
        #"!sea\ green"#, #"'a\ b"#, #"^\ sea"#, #"sea\\ green"#, #"flag:\ j"#, "sea\tgreen", #"\"#,
        #"sea\"#, #"\ "#, #"\ \ "#,
        // the characters that mark terms, alone
        "$", "^", "!", "'", "^$", "$$", "!^", "'$", "^^", "!!", "''", #"sea\$"#, #"\$"#, "^ sea",
        // alternation
        "|", "| sea", "sea |", "sea | | grn", "sea | grn", "a | ! b", "a ! | b", "| |", "||", "sea || grn",
        "salmon | ^green", "^rose | 'gree | brown$", "!sea | !grn", "sea | !grn dark", "| | sea", "sea | |",
        "sea | ^ | grn", "sea | ' grn", "a|b", "sea |grn", "'sea | Red$",
        // folding: fzf's table of Latin letters
        "loo", "ie", "nd", "durres", "Durres", "durrës", "Durrës", "DURRES", "sao", "ş", "Ş", "Sain", "sain",
        "Šal", "šal", "dinh", "Dinh", "Định", "định", "dinh dinh", "lodz", "Lodz", "Łódź", "łódź", "ø", "o",
        "ae", "æ", "Æ", "ß", "ss", "strasse", "ı", "I", "i", "İ", "cote", "côte", "'cote", "'côte", "^çan",
        "^can", "e$", "ë$", "'ea", "^Ab", "'ao", "'Ao", "ÅL", "ål", "nin", "Nin", "uç", "'sz", "^o", "^ö",
        // other characters
        "’", "d’", "“", "ʻ", "†", "(", "&", "-", "1", "2", "#", ":", ",", "#2e8", "2e8b57", "facade", "#fff",
        "😀", "é", "ÉE", "Éire",
    ]

    /// `count` queries made from names of `corpus`, each form in turn.
    static func generated(from corpus: [String], count: Int) -> [String] {
        var random = SplitMix(seed: 0x5EA_6EE)
        let accented = corpus.filter { $0.unicodeScalars.contains { $0.value >= 0x80 } }
        return (0..<count).map { i in
            let name = Array(
                (i % 13 == 10 ? accented : corpus)[random.below(i % 13 == 10 ? accented.count : corpus.count)]
            )
            let other = Array(corpus[random.below(corpus.count)])
            func piece(_ characters: [Character], _ low: Int, _ high: Int) -> String {
                guard !characters.isEmpty else { return "x" }
                let length = min(characters.count, low + random.below(high - low + 1))
                let start = random.below(characters.count - length + 1)
                return String(characters[start..<(start + length)])
            }
            func lower(_ text: String) -> String { text.lowercased() }
            func escaped(_ text: String) -> String { text.replacingOccurrences(of: " ", with: #"\ "#) }
            switch i % 13 {
            case 0:
                let picked = name.indices.filter { _ in random.below(3) == 0 }.prefix(5).map { name[$0] }
                return lower(escaped(String(picked.isEmpty ? name.prefix(2) : picked[...])))
            case 1: return "'" + lower(escaped(piece(name, 2, 6)))
            case 2: return "^" + lower(escaped(String(name.prefix(1 + random.below(5)))))
            case 3: return lower(escaped(String(name.suffix(1 + random.below(5))))) + "$"
            case 4: return "^" + lower(escaped(String(name))) + "$"
            case 5: return escaped(piece(name, 2, 6))
            case 6: return lower(piece(name, 1, 3)) + " !" + lower(escaped(piece(other, 1, 3)))
            case 7: return lower(escaped(piece(name, 2, 4))) + " | " + lower(escaped(piece(other, 2, 4)))
            case 8:
                let forms = ["!'", "!^", "!", "!^"]
                let form = forms[random.below(forms.count)]
                let end = random.below(3) == 0 ? "$" : ""
                return lower(piece(name, 1, 2)) + " " + form + lower(escaped(piece(other, 1, 3))) + end
            case 9:
                guard let space = name.firstIndex(of: " ") else { return lower(escaped(String(name))) }
                let from = max(0, space - 1 - random.below(3))
                let to = min(name.count, space + 2 + random.below(3))
                return lower(escaped(String(name[from..<to])))
            case 10: return piece(name, 1, 4)
            case 11: return String(name.prefix(1)).uppercased() + lower(piece(name, 1, 3))
            default: return lower(piece(name, 1, 4)) + " " + lower(piece(other, 1, 4))
            }
        }
    }

    /// A small seeded generator (SplitMix64), the same queries every run.
    struct SplitMix {
        var seed: UInt64

        mutating func next() -> UInt64 {
            seed &+= 0x9E37_79B9_7F4A_7C15
            var z = seed
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        /// A number in `0..<bound` (0 when `bound` is 0).
        mutating func below(_ bound: Int) -> Int {
            bound <= 0 ? 0 : Int(next() % UInt64(bound))
        }
    }
}

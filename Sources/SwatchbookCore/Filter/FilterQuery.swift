/// A filter as fzf 0.38 reads its query (`fzf --filter`, extended search):
/// terms between spaces that must all match, each fuzzily (a subsequence,
/// scored) unless marked:
///
/// | term | matches names that |
/// |---|---|
/// | `sea` | hold s, e, a in that order |
/// | `'sea` | hold "sea" (`'sea$` too: the `'` wins) |
/// | `^sea` | start with "sea" |
/// | `sea$` | end with "sea" |
/// | `^sea$` | are "sea" |
/// | `!sea` | do not hold "sea"; `!^sea`, `!sea$`, `!^sea$` likewise |
/// | `!'sea` | do not hold s, e, a in that order |
/// | `sea\ green` | hold "sea green" (`\ ` is a space in a term) |
/// | `a \| b` | match either term; a `\|` that follows no term is a term |
/// | `$`, `!$` | hold "$" (a lone `$` is a character); a lone `^`, `'` or `!` is nothing |
/// | `#2e8`, `#2E8B57`, `2e8b57` | have that colour, or match the term as a name |
///
/// `^sea`, `sea$` and `^sea$` ignore spaces at the name's ends, as
/// fzf does. A term with a capital letter matches case exactly (smart
/// case); any other ignores it. A term with no accented Latin letter reads
/// names through fzf's table of them (``LatinFolding``), so "durres"
/// finds "Durrës", "loo" "Małopolskie"; a term with one compares every
/// character as it is, so "durrës" does not find "Durres".
public struct FilterQuery: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case fuzzy, exact, prefix, suffix, whole
    }

    public struct Term: Sendable, Equatable {
        public var kind: Kind
        public var isNegated: Bool
        public var isCaseSensitive: Bool
        /// Whether names are read through fzf's table of Latin letters: the
        /// term holds none of them.
        public var isNormalized: Bool
        /// The term's text, folded as the names it is compared with.
        public var pattern: [UInt8]
        /// For a term that is a hex colour: the colour.
        public var color: Color?

        /// How the term reads names.
        var form: TextFolding.Form {
            TextFolding.Form(caseFolded: !isCaseSensitive, normalized: isNormalized)
        }
    }

    /// All groups must match; a group matches when any of its terms does.
    public let groups: [[Term]]
    public let text: String

    public var isEmpty: Bool { groups.isEmpty }

    public init(_ text: String) {
        self.text = text
        groups = Self.groups(Self.tokens(text))
    }

    /// The query's terms as fzf splits them: spaces at either end dropped
    /// (but an escaped one), then words between runs of spaces, in which
    /// `\ ` and a tab are a space.
    private static func tokens(_ text: String) -> [[Unicode.Scalar]] {
        let space: Unicode.Scalar = " "
        let backslash: Unicode.Scalar = "\\"
        var scalars = Array(text.unicodeScalars)
        while scalars.last == space && !(scalars.count >= 2 && scalars[scalars.count - 2] == backslash) {
            scalars.removeLast()
        }
        var tokens: [[Unicode.Scalar]] = [[]]
        var i = scalars.firstIndex { $0 != space } ?? scalars.count
        while i < scalars.count {
            let scalar = scalars[i]
            if scalar == backslash, i + 1 < scalars.count, scalars[i + 1] == space {
                tokens[tokens.count - 1].append(space)
                i += 1
            } else if scalar == space {
                if !tokens[tokens.count - 1].isEmpty { tokens.append([]) }
            } else {
                tokens[tokens.count - 1].append(scalar == "\t" ? space : scalar)
            }
            i += 1
        }
        return tokens
    }

    /// The groups of terms `tokens` make, as fzf's parser makes them: `|`
    /// after a term joins the next term to its group; any other `|` (at
    /// the start, or after another `|`) is a term, a fuzzy "|".
    private static func groups(_ tokens: [[Unicode.Scalar]]) -> [[Term]] {
        var groups: [[Term]] = []
        var group: [Term] = []
        var startsGroup = false
        var afterBar = false
        for token in tokens {
            if !group.isEmpty && !afterBar && token == ["|"] {
                startsGroup = false
                afterBar = true
                continue
            }
            afterBar = false
            guard let term = term(token) else { continue }
            if startsGroup {
                groups.append(group)
                group = []
            }
            group.append(term)
            startsGroup = true
        }
        if !group.isEmpty { groups.append(group) }
        return groups
    }

    /// One word as a term, nil when its marks leave nothing to match. The
    /// marks read in fzf's order: `!`, then a trailing `$` (not a lone
    /// one), then a leading `'` (which after `!` makes the term fuzzy, and
    /// otherwise exact, dropping a `$` read before) or `^`.
    private static func term(_ token: [Unicode.Scalar]) -> Term? {
        let lower = token.map { TextFolding.lowercase($0.value) }
        let caseSensitive = lower != token.map(\.value)
        let normalized = lower.allSatisfy { LatinFolding.fold($0) == $0 }
        var text = token[...]
        var negated = false
        var kind = Kind.fuzzy
        if text.first == "!" {
            negated = true
            kind = .exact
            text = text.dropFirst()
        }
        if text.count > 1, text.last == "$" {
            kind = .suffix
            text = text.dropLast()
        }
        if text.first == "'" {
            kind = negated ? .fuzzy : .exact
            text = text.dropFirst()
        } else if text.first == "^" {
            kind = kind == .suffix ? .whole : .prefix
            text = text.dropFirst()
        }
        guard !text.isEmpty else { return nil }
        var string = ""
        string.unicodeScalars.append(contentsOf: text)
        var term = Term(
            kind: kind, isNegated: negated, isCaseSensitive: caseSensitive, isNormalized: normalized,
            pattern: [], color: kind == .fuzzy && !negated ? hexColor(Substring(string)) : nil)
        term.pattern = TextFolding.fold(string, term.form)
        return term
    }

    /// `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`, or six or eight hex digits
    /// without the `#`.
    private static func hexColor(_ text: Substring) -> Color? {
        let digits = text.hasPrefix("#") ? text.dropFirst() : text
        let allowed = text.hasPrefix("#") ? [3, 4, 6, 8] : [6, 8]
        guard allowed.contains(digits.count), digits.allSatisfy(\.isHexDigit) else { return nil }
        return Color.parse("#" + digits)
    }

    /// Whether this query, typed on from `earlier`, can only keep fewer
    /// names: every earlier term is still there, narrowed or as it was.
    /// A filter may then test only what `earlier` matched.
    public func refines(_ earlier: FilterQuery) -> Bool {
        guard !earlier.isEmpty, groups.count >= earlier.groups.count else { return false }
        for (old, new) in zip(earlier.groups, groups) {
            guard old.count == 1, new.count == 1 else {
                if old != new { return false }
                continue
            }
            let (a, b) = (old[0], new[0])
            guard
                a.kind == b.kind, a.isNegated == b.isNegated, a.isCaseSensitive == b.isCaseSensitive,
                a.isNormalized == b.isNormalized
            else { return false }
            if a.isNegated || a.kind == .suffix || a.kind == .whole || a.color != nil || b.color != nil {
                if a != b { return false }
            } else if !b.pattern.starts(with: a.pattern) {
                return false
            }
        }
        return true
    }
}

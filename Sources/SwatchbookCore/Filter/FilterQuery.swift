/// A filter as fzf reads its query: space-separated terms that must all
/// match, each fuzzily (a subsequence, scored) unless marked:
///
/// | term | matches names that |
/// |---|---|
/// | `sea` | hold s, e, a in that order |
/// | `'sea` | hold "sea" |
/// | `^sea` | start with "sea" |
/// | `sea$` | end with "sea" |
/// | `^sea$` | are "sea" |
/// | `!sea` | do not hold "sea" (also `!^sea`, `!sea$`) |
/// | `a \| b` | match either term |
/// | `#2e8`, `#2E8B57`, `2e8b57` | have that colour, or match the term as a name |
///
/// A term with a capital letter matches case exactly (smart case); any
/// other ignores case. Names and terms are folded alike (NFKD, marks
/// stripped), so "durres" finds "Durrës".
public struct FilterQuery: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case fuzzy, exact, prefix, suffix, whole
    }

    public struct Term: Sendable, Equatable {
        public var kind: Kind
        public var isNegated: Bool
        public var isCaseSensitive: Bool
        /// The term's text, folded as the names it is compared with.
        public var pattern: [UInt8]
        /// For a term that is a hex colour: the colour.
        public var color: Color?
    }

    /// All groups must match; a group matches when any of its terms does.
    public let groups: [[Term]]
    public let text: String

    public var isEmpty: Bool { groups.isEmpty }

    public init(_ text: String) {
        self.text = text
        var groups: [[Term]] = []
        var joinNext = false
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
            if word == "|" {
                joinNext = !groups.isEmpty
                continue
            }
            guard let term = Self.term(String(word)) else { continue }
            if joinNext {
                groups[groups.count - 1].append(term)
            } else {
                groups.append([term])
            }
            joinNext = false
        }
        self.groups = groups
    }

    private static func term(_ word: String) -> Term? {
        var text = Substring(word)
        var negated = false
        var kind = Kind.fuzzy
        if text.hasPrefix("!") {
            negated = true
            kind = .exact
            text = text.dropFirst()
        }
        if text.hasPrefix("'") {
            kind = .exact
            text = text.dropFirst()
        } else if text.hasPrefix("^") {
            kind = .prefix
            text = text.dropFirst()
        }
        if text.count > 0, text.hasSuffix("$"), !(text.hasSuffix("\\$")) {
            kind = kind == .prefix ? .whole : .suffix
            text = text.dropLast()
        }
        guard !text.isEmpty else { return nil }
        let caseSensitive = text.contains { $0.isUppercase }
        return Term(
            kind: kind, isNegated: negated, isCaseSensitive: caseSensitive,
            pattern: TextFolding.fold(String(text), caseFolded: !caseSensitive),
            color: kind == .fuzzy && !negated ? hexColor(text) : nil)
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
            guard a.kind == b.kind, a.isNegated == b.isNegated, a.isCaseSensitive == b.isCaseSensitive else {
                return false
            }
            if a.isNegated || a.kind == .suffix || a.kind == .whole || a.color != nil || b.color != nil {
                if a != b { return false }
            } else if !b.pattern.starts(with: a.pattern) {
                return false
            }
        }
        return true
    }
}

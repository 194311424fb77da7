/// "Did you mean": the known word closest to a misspelt one, spelled as the
/// user would type it. Diagnostics and warnings carry one, and
/// ``phrase`` words it, the same for every message.
public struct Suggestion: Sendable, Equatable {
    /// How the word is written back: as a quoted name (`"palette"`), a
    /// command-line word (`--width`, `'import'`) or a key (`<Enter>`).
    public enum Spelling: Sendable, Equatable {
        case quoted, bare, singleQuoted, key
    }

    public var word: String
    public var spelling: Spelling

    /// The closest of `candidates` to `typed`, if one is close enough to suggest.
    public init?(
        for typed: String, among candidates: some Sequence<String>, spelled spelling: Spelling = .quoted
    ) {
        guard let word = Self.closest(to: typed, in: candidates) else { return nil }
        self.word = word
        self.spelling = spelling
    }

    /// ` (did you mean "palette"?)`, to follow a message.
    public var phrase: String {
        let spelled =
            switch spelling {
            case .quoted: "\"\(word)\""
            case .bare: word
            case .singleQuoted: "'\(word)'"
            case .key: "<\(word)>"
            }
        return " (did you mean \(spelled)?)"
    }

    /// The closest candidate within a small edit distance, if any.
    public static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let limit = max(1, word.count / 3)
        var best: (String, Int)?
        for candidate in candidates {
            let d = distance(word.lowercased(), candidate.lowercased())
            if d <= limit && (best == nil || d < best!.1) { best = (candidate, d) }
        }
        return best?.0
    }

    /// Edit distance over characters, counting a swap of two neighbours as
    /// one edit (optimal string alignment), so `stlye` suggests `style`.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}

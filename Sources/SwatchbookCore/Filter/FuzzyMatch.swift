/// Scores a folded name against one term, as fzf's first algorithm does: the
/// shortest window holding the pattern as a subsequence (found forwards,
/// then narrowed backwards), each matched character worth points, more at
/// the start of a word and next to the one before, gaps costing.
enum FuzzyMatch {
    static let scoreMatch = 16
    static let gapStart = -3
    static let gapExtension = -1
    static let bonusBoundary = 8
    static let bonusWhiteBoundary = 10
    static let bonusCamel = 7
    static let bonusConsecutive = 4
    static let firstCharMultiplier = 2

    /// The score of `pattern` in `text` (both folded UTF-8), nil when it
    /// does not match; with `positions`, the byte offsets matched.
    static func score(
        _ pattern: UnsafeBufferPointer<UInt8>, kind: FilterQuery.Kind, in text: UnsafeBufferPointer<UInt8>,
        positions: UnsafeMutablePointer<[Int]>? = nil
    ) -> Int? {
        let n = pattern.count
        guard n > 0 else { return 0 }
        guard text.count >= n else { return nil }
        switch kind {
        case .fuzzy:
            // Most patterns are ASCII, whose characters are single bytes.
            if !pattern.contains(where: { $0 >= 0x80 }) {
                return asciiFuzzy(pattern, in: text, positions: positions)
            }
            return fuzzy(pattern, in: text, positions: positions)
        case .exact:
            guard let start = find(pattern, in: text) else { return nil }
            return contiguous(start, n, in: text, positions: positions)
        case .prefix:
            // As fzf: spaces starting the name count for nothing, unless
            // the pattern starts with one.
            let start = spaceLength(pattern, at: 0) > 0 ? 0 : leadingSpaces(text)
            guard equal(pattern, text, at: start) else { return nil }
            return contiguous(start, n, in: text, positions: positions)
        case .suffix:
            let start = text.count - trailingSpaces(text, unless: pattern) - n
            guard equal(pattern, text, at: start), isBoundary(text, start) else { return nil }
            return contiguous(start, n, in: text, positions: positions)
        case .whole:
            let start = spaceLength(pattern, at: 0) > 0 ? 0 : leadingSpaces(text)
            guard text.count - trailingSpaces(text, unless: pattern) - start == n,
                equal(pattern, text, at: start)
            else { return nil }
            return contiguous(start, n, in: text, positions: positions)
        }
    }

    /// Whether `pattern` matches `text`, as ``score(_:kind:in:positions:)``
    /// finds, without scoring it: an ASCII fuzzy pattern is only looked for.
    static func matches(
        _ pattern: UnsafeBufferPointer<UInt8>, kind: FilterQuery.Kind, in text: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        guard kind == .fuzzy, pattern.count > 0, text.count >= pattern.count,
            !pattern.contains(where: { $0 >= 0x80 })
        else { return score(pattern, kind: kind, in: text) != nil }
        return asciiSubsequenceEnd(pattern, in: text) != nil
    }

    /// The byte of `text` where the first subsequence of the ASCII
    /// `pattern` (not empty) ends, or nil when there is none.
    @inline(__always)
    private static func asciiSubsequenceEnd(
        _ pattern: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>
    ) -> Int? {
        var p = 0
        var wanted = pattern[0]
        for i in text.indices where text[i] == wanted {
            p += 1
            if p == pattern.count { return i }
            wanted = pattern[p]
        }
        return nil
    }

    /// The bytes of the space (Unicode's White_Space, as Go's
    /// `unicode.IsSpace`) at byte `i` of `text`, 0 for another character.
    @inline(__always)
    private static func spaceLength(_ text: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        guard i < text.count else { return 0 }
        let byte = text[i]
        if byte < 0x80 { return byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) ? 1 : 0 }
        // Only these lead bytes begin a space: U+0085, U+00A0, U+1680, U+2000–U+3000.
        guard byte == 0xC2 || (byte >= 0xE1 && byte <= 0xE3) else { return 0 }
        let size = length(byte)
        guard i + size <= text.count else { return 0 }
        var decoder = UTF8()
        var bytes = UnsafeBufferPointer(rebasing: text[i..<(i + size)]).makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&bytes) else { return 0 }
        return scalar.properties.isWhitespace ? size : 0
    }

    /// The bytes of the spaces `text` starts with.
    private static func leadingSpaces(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        var i = 0
        while case let size = spaceLength(text, at: i), size > 0 { i += size }
        return i
    }

    /// The bytes of the spaces `text` ends with, or 0 when `pattern` ends
    /// with a space.
    private static func trailingSpaces(
        _ text: UnsafeBufferPointer<UInt8>, unless pattern: UnsafeBufferPointer<UInt8>
    )
        -> Int
    {
        guard spaceLength(pattern, at: characterStart(in: pattern, before: pattern.count)) == 0 else {
            return 0
        }
        var end = text.count
        while end > 0 {
            let start = characterStart(in: text, before: end)
            guard spaceLength(text, at: start) > 0 else { break }
            end = start
        }
        return text.count - end
    }

    /// Where the character ending just before byte `end` starts.
    @inline(__always)
    private static func characterStart(in text: UnsafeBufferPointer<UInt8>, before end: Int) -> Int {
        var start = end - 1
        while start > 0 && text[start] & 0xC0 == 0x80 { start -= 1 }
        return start
    }

    /// A byte that starts a character (not a UTF-8 continuation byte).
    @inline(__always)
    private static func isBoundary(_ text: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        i >= text.count || text[i] & 0xC0 != 0x80
    }

    @inline(__always)
    private static func equal(
        _ pattern: UnsafeBufferPointer<UInt8>, _ text: UnsafeBufferPointer<UInt8>, at start: Int
    )
        -> Bool
    {
        start >= 0 && unit(pattern, 0, pattern.count, text, start)
    }

    /// Whether the pattern's character at `p`, `size` bytes, is text's at `i`.
    @inline(__always)
    private static func unit(
        _ pattern: UnsafeBufferPointer<UInt8>, _ p: Int, _ size: Int, _ text: UnsafeBufferPointer<UInt8>,
        _ i: Int
    ) -> Bool {
        guard i + size <= text.count, p + size <= pattern.count else { return false }
        for k in 0..<size where text[i + k] != pattern[p + k] { return false }
        return true
    }

    /// The first occurrence of `pattern` that starts and ends on characters.
    private static func find(_ pattern: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>)
        -> Int?
    {
        let first = pattern[0]
        var i = 0
        while i + pattern.count <= text.count {
            if text[i] == first, equal(pattern, text, at: i), isBoundary(text, i + pattern.count) { return i }
            i += 1
        }
        return nil
    }

    /// The length of the UTF-8 character starting with `byte`.
    @inline(__always)
    private static func length(_ byte: UInt8) -> Int {
        byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
    }

    static func fuzzy(
        _ pattern: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>,
        positions: UnsafeMutablePointer<[Int]>?
    ) -> Int? {
        // Forwards: where the first subsequence ends. Each pattern character
        // matches a whole text character.
        var p = 0
        var i = 0
        var end = -1
        while i < text.count && p < pattern.count {
            let size = length(pattern[p])
            if text[i] == pattern[p], unit(pattern, p, size, text, i) {
                p += size
                i += size
                if p == pattern.count { end = i }
            } else {
                i += 1
            }
        }
        guard end >= 0 else { return nil }
        // Backwards from there: the latest start, the shortest window.
        p = pattern.count
        var start = end
        while p > 0 {
            var q = p - 1
            while q > 0 && pattern[q] & 0xC0 == 0x80 { q -= 1 }
            start -= 1
            while start >= 0 && !(text[start] == pattern[q] && unit(pattern, q, p - q, text, start)) {
                start -= 1
            }
            p = q
        }
        return window(pattern, from: start, to: end, in: text, positions: positions)
    }

    /// ``fuzzy(_:in:positions:)`` for a pattern of ASCII characters: each
    /// is one byte, which no byte of a longer UTF-8 character equals, so
    /// the scans compare bytes.
    static func asciiFuzzy(
        _ pattern: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>,
        positions: UnsafeMutablePointer<[Int]>?
    ) -> Int? {
        // Forwards: where the first subsequence ends.
        guard let i = asciiSubsequenceEnd(pattern, in: text) else { return nil }
        // Backwards from its last character: the latest start.
        let end = i + 1
        var start = i
        var q = pattern.count - 1
        while q > 0 {
            q -= 1
            start -= 1
            while start >= 0 && text[start] != pattern[q] { start -= 1 }
        }
        return window(pattern, from: start, to: end, in: text, positions: positions)
    }

    /// Scores the match of `pattern` in `text[start..<end]`, taking each
    /// pattern character at its first place in the window.
    private static func window(
        _ pattern: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
        in text: UnsafeBufferPointer<UInt8>,
        positions: UnsafeMutablePointer<[Int]>?
    ) -> Int {
        var score = 0
        var p = 0
        var i = start
        var inGap = false
        var consecutive = 0
        var first = true
        // A run of matched characters keeps the bonus of its first, as
        // fzf's does: "gre" in "Green" is worth its word start three times.
        var runBonus = 0
        while i < end && p < pattern.count {
            let size = length(pattern[p])
            if text[i] == pattern[p], unit(pattern, p, size, text, i) {
                var bonus = boundaryBonus(text, i)
                if consecutive > 0 {
                    bonus = max(bonus, runBonus, bonusConsecutive)
                } else {
                    runBonus = bonus
                }
                if first { bonus *= firstCharMultiplier }
                score += scoreMatch + bonus
                positions?.pointee.append(i)
                consecutive += 1
                inGap = false
                first = false
                p += size
                i += size
            } else {
                score += inGap ? gapExtension : gapStart
                inGap = true
                consecutive = 0
                i += 1
            }
        }
        return score
    }

    private static func contiguous(
        _ start: Int, _ count: Int, in text: UnsafeBufferPointer<UInt8>,
        positions: UnsafeMutablePointer<[Int]>?
    ) -> Int {
        var score = 0
        var i = start
        var first = true
        let runBonus = boundaryBonus(text, start)
        while i < start + count {
            let bonus = first ? runBonus * firstCharMultiplier : max(runBonus, bonusConsecutive)
            score += scoreMatch + bonus
            positions?.pointee.append(i)
            first = false
            i += length(text[i])
        }
        return score
    }

    /// What starting a match at byte `i` is worth: most after a space or at
    /// the start, then after a delimiter, then at a lower-to-upper or
    /// letter-to-digit change.
    @inline(__always)
    private static func boundaryBonus(_ text: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
        guard i > 0 else { return bonusWhiteBoundary }
        let before = text[i - 1]
        let here = text[i]
        switch before {
        case 0x20, 0x09: return bonusWhiteBoundary
        case UInt8(ascii: "/"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "|"),
            UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "("), UInt8(ascii: "#"):
            return bonusBoundary
        default:
            let lowerBefore = before >= 0x61 && before <= 0x7A
            let upperHere = here >= 0x41 && here <= 0x5A
            let digitHere = here >= 0x30 && here <= 0x39
            let digitBefore = before >= 0x30 && before <= 0x39
            if lowerBefore && upperHere { return bonusCamel }
            if digitHere && !digitBefore && before < 0x80 { return bonusCamel }
            return 0
        }
    }
}

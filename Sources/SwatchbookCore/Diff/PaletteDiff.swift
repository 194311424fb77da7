import Foundation

/// What changed between two versions of a palette: the colours added,
/// removed, renamed, moved and recoloured, for a review.
///
/// Entries are matched in four passes, each over what the passes before
/// left unmatched, pairing in catalogue order where a key is shared:
/// 1. the same `id`;
/// 2. the same place: group path and name;
/// 3. the same name in another place (a move);
/// 4. the same place and the same colour, hex and authored text (a rename:
///    only the name differs).
/// A matched pair is listed under every heading it meets: renamed when its
/// names differ, moved when its group paths differ, changed when its
/// colour, space, authored text or reference differs. What no pass matched
/// is removed (old) or added (new).
public struct PaletteDiff: Sendable, Equatable {
    /// One colour of a catalogue, with what a review compares.
    public struct Entry: Sendable, Equatable {
        /// The names of the groups it is in: section, row, parent nodes.
        public var groups: [String]
        public var name: String
        public var id: String?
        /// The colour drawn, eight-bit sRGB.
        public var color: Color
        /// The colour as its file wrote it, when that says more than a hex.
        public var authored: AuthoredColor?
        /// The alias or `var()` it was written as, before it was resolved.
        public var reference: String?

        public init(
            groups: [String], name: String, id: String? = nil, color: Color, authored: AuthoredColor? = nil,
            reference: String? = nil
        ) {
            self.groups = groups
            self.name = name
            self.id = id
            self.color = color
            self.authored = authored
            self.reference = reference
        }

        /// The authored space (`srgb` for a colour written as a hex).
        public var space: String { authored?.space.rawValue ?? "srgb" }
        /// The authored value as a person reads it, nil for a plain hex.
        public var authoredText: String? { authored?.displayText }
    }

    /// The same colour in both versions.
    public struct Pair: Sendable, Equatable {
        public var old: Entry
        public var new: Entry

        /// ΔE OK ×100 of the colours drawn (``Color/deltaEOK(to:)``).
        public var deltaE: Double {
            old.color.deltaEOK(to: new.color)
        }
        /// Whether the eight-bit colours differ.
        public var colorChanged: Bool { old.color != new.color }
        public var spaceChanged: Bool { old.space != new.space }
        /// Whether the authored text differs, even when the colour drawn does not.
        public var authoredChanged: Bool { old.authoredText != new.authoredText }
        public var referenceChanged: Bool { old.reference != new.reference }
        public var isChanged: Bool { colorChanged || spaceChanged || authoredChanged || referenceChanged }
        /// When the colour changed only because an alias it refers to did:
        /// the chain of names it follows to the colour whose own value
        /// changed (`["color.base"]`, or longer through other aliases);
        /// nil for a change of its own.
        public var indirect: [String]?
    }

    public var added: [Entry] = []
    public var removed: [Entry] = []
    public var renamed: [Pair] = []
    public var moved: [Pair] = []
    public var changed: [Pair] = []

    /// Compares `old` with `new`. A change whose ΔE OK is below `threshold`
    /// is left out, and so is its space or authored text; a changed
    /// reference (an alias retargeted) is reported whatever its ΔE, since
    /// it changes what the colour follows, not how it looks.
    public init(old: [Entry], new: [Entry], threshold: Double = 0) {
        var oldLeft = Array(old.indices)
        var newLeft = Array(new.indices)
        var pairs: [(Int, Int)] = []
        func match(_ key: (Entry) -> String?) {
            var waiting: [String: [Int]] = [:]
            for i in newLeft { if let k = key(new[i]) { waiting[k, default: []].append(i) } }
            var taken = Set<Int>()
            var unmatched: [Int] = []
            for i in oldLeft {
                if let k = key(old[i]), let j = waiting[k]?.first {
                    waiting[k]?.removeFirst()
                    taken.insert(j)
                    pairs.append((i, j))
                } else {
                    unmatched.append(i)
                }
            }
            oldLeft = unmatched
            newLeft.removeAll { taken.contains($0) }
        }
        let separator = "\u{1F}"
        match { $0.id }
        match { ($0.groups + [$0.name]).joined(separator: separator) }
        match { $0.name }
        match { ($0.groups + [$0.color.hex, $0.authoredText ?? ""]).joined(separator: separator) }

        removed = oldLeft.map { old[$0] }
        added = newLeft.map { new[$0] }
        // Reported in the new version's order, where a reviewer reads them.
        let sorted = pairs.sorted(by: { $0.1 < $1.1 })
        let fallout = Self.fallout(old: old, new: new, pairs: sorted)
        for (i, j) in sorted {
            var pair = Pair(old: old[i], new: new[j])
            pair.indirect = fallout[j]
            if pair.old.name != pair.new.name { renamed.append(pair) }
            if pair.old.groups != pair.new.groups { moved.append(pair) }
            if pair.isChanged, pair.referenceChanged || pair.deltaE >= threshold { changed.append(pair) }
        }
    }

    /// The alias fallout: for each new entry (by index) whose colour
    /// changed while it still refers to the same alias, the chain of names
    /// that alias leads through to a colour whose own value changed. An
    /// alias names an entry by its id or name, written `{a.b}` (design
    /// tokens) or `var(--a)` (CSS).
    static func fallout(old: [Entry], new: [Entry], pairs: [(Int, Int)]) -> [Int: [String]] {
        var byName: [String: Int] = [:]
        for (j, entry) in new.enumerated().reversed() {
            byName[entry.name] = j
            if let id = entry.id { byName[id] = j }
        }
        var partner: [Int: Int] = [:]
        for (i, j) in pairs { partner[j] = i }
        func target(_ reference: String) -> String? {
            let text = reference.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("{"), text.hasSuffix("}") { return String(text.dropFirst().dropLast()) }
            if text.hasPrefix("var(--") {
                return String(
                    text.dropFirst(6).prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
            }
            return nil
        }
        var result: [Int: [String]] = [:]
        for (i, j) in pairs {
            let (before, after) = (old[i], new[j])
            guard before.color != after.color, let reference = after.reference, before.reference == reference
            else { continue }
            var chain: [String] = []
            var next = target(reference)
            var seen: Set<Int> = [j]
            while let name = next, let k = byName[name], seen.insert(k).inserted {
                chain.append(name)
                // Its own value changed, or it was new: the chain ends there.
                guard let was = partner[k], let followed = new[k].reference, old[was].reference == followed
                else { break }
                next = target(followed)
            }
            if !chain.isEmpty { result[j] = chain }
        }
        return result
    }

    /// Whether the two versions are the same, as far as the threshold sees.
    public var isEmpty: Bool {
        added.isEmpty && removed.isEmpty && renamed.isEmpty && moved.isEmpty && changed.isEmpty
    }
}

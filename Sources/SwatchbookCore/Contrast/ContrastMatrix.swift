/// The contrast of a catalogue's colours, pair by pair: one square matrix
/// per row, per section or for the whole (foregrounds down, backgrounds
/// across), or the list of pairs a palette declares. Every report format
/// writes this one value.
public struct ContrastMatrix: Sendable, Equatable {
    /// Which colours are set against each other.
    public enum Scope: String, Sendable, CaseIterable {
        case row, section, all
    }

    /// One matrix: its title and its colours, or, for declared pairs, a list.
    public struct Group: Sendable, Equatable {
        public var title: String
        /// Both axes of the matrix; empty for a list of declared pairs.
        public var swatches: [ContrastSwatch]
        /// Row by row (foreground `i`, background `j`, `i != j`) for a matrix.
        public var pairs: [ContrastPair]

        /// The pair of foreground `i` on background `j`; nil on the diagonal.
        public func pair(_ i: Int, _ j: Int) -> ContrastPair? {
            guard i != j else { return nil }
            return pairs[i * (swatches.count - 1) + (j < i ? j : j - 1)]
        }
    }

    public var groups: [Group]
    /// Declared pairs (a plugin's `pairs`, `--pair`): written as a list.
    public var isDeclared: Bool
    /// The colour-vision deficiency the colours are shown as (`--simulate`).
    public var simulation: ColorVision.Simulation?
    /// Under ``simulation``, the colours that can no longer be told apart.
    public var confusions: [Confusion] = []

    public var pairs: [ContrastPair] { groups.flatMap(\.pairs) }

    /// Every colour of `source` against every other in the same `scope`.
    public init(_ source: any CatalogueSource, scope: Scope) {
        var groups: [Group] = []
        var groupSection = -1
        for s in 0..<source.sectionCount {
            let section = source.sectionSummary(s).name
            for r in 0..<source.rowCount(s) {
                let summary = source.rowSummary(s, r)
                guard summary.kind == .items else { continue }
                let swatches = source.items(s, r, 0..<summary.count).enumerated().map { index, item in
                    ContrastSwatch(
                        path: source.wholePath(of: ElementPath([s + 1, r + 1, index + 1])), name: item.name,
                        color: item.color)
                }
                let title =
                    scope == .all
                    ? "All colours" : scope == .section ? section : "\(section) › \(summary.name)"
                if scope == .row || groups.isEmpty || (scope == .section && groupSection != s) {
                    groupSection = s
                    groups.append(Group(title: title, swatches: swatches, pairs: []))
                } else {
                    groups[groups.count - 1].swatches += swatches
                }
            }
        }
        self.groups = groups.map { group in
            var group = group
            for (i, fg) in group.swatches.enumerated() {
                for (j, bg) in group.swatches.enumerated() where i != j {
                    group.pairs.append(ContrastPair(foreground: fg, background: bg))
                }
            }
            return group
        }
        isDeclared = false
    }

    /// Declared pairs, in the order given.
    public init(declared pairs: [ContrastPair]) {
        groups = [Group(title: "Declared pairs", swatches: [], pairs: pairs)]
        isDeclared = true
    }
}

extension ContrastSwatch {
    /// The colour `text` names in `source`: a path (`1.2.3`) of an item, an
    /// item's id or its name in its palette file (a token's path), or, when
    /// `allowsColour`, a CSS colour. Nil when none.
    public static func find(_ text: String, in source: any CatalogueSource, allowsColour: Bool) -> Self? {
        if let path = ElementPath(parsing: text) {
            guard let shown = source.shownPath(of: path), shown.indices.count == 3 else { return nil }
            let (s, r, i) = (shown.indices[0] - 1, shown.indices[1] - 1, shown.indices[2] - 1)
            guard s < source.sectionCount, r < source.rowCount(s) else { return nil }
            let summary = source.rowSummary(s, r)
            guard summary.kind == .items, i < summary.count else { return nil }
            let item = source.item(s, r, i)
            return Self(path: path, name: item.name, color: item.color)
        }
        for s in 0..<source.sectionCount {
            for r in 0..<source.rowCount(s) {
                let summary = source.rowSummary(s, r)
                guard summary.kind == .items else { continue }
                // An id, or a palette file's own name of it (a token's path).
                for (i, item) in source.items(s, r, 0..<summary.count).enumerated()
                where item.id == text || item.authored?.key == text {
                    return Self(
                        path: source.wholePath(of: ElementPath([s + 1, r + 1, i + 1])), name: item.name,
                        color: item.color)
                }
            }
        }
        guard allowsColour, let colour = Color.parse(text) else { return nil }
        return Self(path: nil, name: text, color: colour)
    }
}

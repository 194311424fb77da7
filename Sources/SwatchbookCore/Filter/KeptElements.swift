/// What a view keeps of a catalogue, section by section, by the indices of
/// the whole catalogue: the map between the paths the view shows and the
/// paths of the whole. A filter's result keeps one, so that every path a
/// user or a script sees names the element in the whole catalogue.
public struct KeptElements: Sendable {
    public struct Section: Sendable {
        /// Its index in the whole catalogue, 0-based.
        public var section: Int
        /// The kept rows, or nil for every row as it is.
        public var rows: [Row]?

        public init(section: Int, rows: [Row]?) {
            self.section = section
            self.rows = rows
        }
    }

    public struct Row: Sendable {
        /// Its index in its section of the whole catalogue, 0-based.
        public var row: Int
        public var content: Content

        public init(row: Int, content: Content) {
            self.row = row
            self.content = content
        }
    }

    public enum Content: Sendable {
        /// The row as it is.
        case whole
        /// Its items at these indices, ascending.
        case items([Int32])
        /// Its fields at these indices, ascending.
        case fields([Int32])
        /// Its top-level nodes as kept.
        case nodes([KeptNode])
    }

    /// A kept node: its index among its siblings in the whole catalogue,
    /// and which of its children are kept, nil for all of them as they are.
    public struct KeptNode: Sendable {
        public var index: Int32
        public var children: [KeptNode]?

        public init(index: Int32, children: [KeptNode]?) {
            self.index = index
            self.children = children
        }
    }

    public var sections: [Section]

    public init(sections: [Section]) {
        self.sections = sections
    }

    /// Where the element the view shows at `path` is in the whole catalogue.
    /// A path that names nothing here is given back as it is.
    public func wholePath(of path: ElementPath) -> ElementPath {
        let p = path.indices
        guard let s = p.first, s >= 1, s <= sections.count else { return path }
        let section = sections[s - 1]
        var whole = [section.section + 1]
        guard p.count > 1 else { return ElementPath(whole) }
        guard let rows = section.rows else { return ElementPath(whole + p.dropFirst()) }
        guard p[1] >= 1, p[1] <= rows.count else { return path }
        let row = rows[p[1] - 1]
        whole.append(row.row + 1)
        var rest = p.dropFirst(2)
        switch row.content {
        case .whole:
            whole += rest
        case .items(let indices), .fields(let indices):
            guard let i = rest.first, rest.count == 1, i >= 1, i <= indices.count else { return path }
            whole.append(Int(indices[i - 1]) + 1)
        case .nodes(let nodes):
            var level: [KeptNode]? = nodes
            while let i = rest.first {
                guard let kept = level else { break }
                guard i >= 1, i <= kept.count else { return path }
                whole.append(Int(kept[i - 1].index) + 1)
                level = kept[i - 1].children
                rest = rest.dropFirst()
            }
            whole += rest
        }
        return ElementPath(whole)
    }

    /// Where the element at `whole`, a path in the whole catalogue, is in
    /// the view; nil when the view does not show it.
    public func shownPath(of whole: ElementPath) -> ElementPath? {
        let w = whole.indices.map { $0 - 1 }
        guard let ws = w.first, let s = Self.position(of: ws, in: sections.map(\.section)) else { return nil }
        var shown = [s + 1]
        guard w.count > 1 else { return ElementPath(shown) }
        guard let rows = sections[s].rows else { return ElementPath(shown + whole.indices.dropFirst()) }
        guard let r = Self.position(of: w[1], in: rows.map(\.row)) else { return nil }
        shown.append(r + 1)
        var rest = w.dropFirst(2)
        switch rows[r].content {
        case .whole:
            shown += rest.map { $0 + 1 }
        case .items(let indices), .fields(let indices):
            guard let i = rest.first, rest.count == 1,
                let found = Self.position(of: Int32(clamping: i), in: indices)
            else { return nil }
            shown.append(found + 1)
        case .nodes(let nodes):
            var level: [KeptNode]? = nodes
            while let i = rest.first, let kept = level {
                guard let found = Self.position(of: Int32(clamping: i), in: kept.map(\.index)) else {
                    return nil
                }
                shown.append(found + 1)
                level = kept[found].children
                rest = rest.dropFirst()
            }
            shown += rest.map { $0 + 1 }
        }
        return ElementPath(shown)
    }

    /// Where `value` is in `sorted`, ascending, by binary search.
    private static func position<T: Comparable>(of value: T, in sorted: [T]) -> Int? {
        var low = 0
        var high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low < sorted.count && sorted[low] == value ? low : nil
    }
}

/// What the user has done to the view, apart from what the model describes.
///
/// Keyed by model keys (an element's `id`, else its name path), never by
/// index paths, so a reload or a filter cannot hand one row's state to another.
public struct ViewState: Sendable, Equatable, Encodable {
    /// Each strip's horizontal scroll, in columns.
    public var offsets: [String: Int] = [:]
    /// Each strip's last focused item key.
    public var lastFocused: [String: String] = [:]
    public var expanded: Set<String> = []
    /// `--expand all`: every node with children is open except those in
    /// ``closed`` (one flag, not a key per node of a big tree).
    public var expandsAll = false
    /// Nodes closed since every node was opened; read only with ``expandsAll``.
    public var closed: Set<String> = []
    /// Sections and rows closed in an outline (they start open).
    public var collapsed: Set<String> = []
    public var selected: Set<String> = []
    /// Where each selected element was last seen: hints, like `focusPath`.
    public var selectionPaths: [String: ElementPath] = [:]
    public var focus: String?
    /// Where the focus was last found: a hint that spares a search when the
    /// key is still there, never the authority.
    public var focusPath: ElementPath?
    /// The first document line on screen.
    public var top = 0
    /// The browse filter, and the view as it was before the filter
    /// changed it, to restore when the filter is cleared.
    public var filter: String?
    public var beforeFilter: SavedView?

    public init() {}

    public func offset(ofRow key: String) -> Int { offsets[key] ?? 0 }

    /// Whether the node under `key` shows its children: it has some, and
    /// the view opened it (or opened all and did not close it since), or
    /// the model starts it open.
    @inline(__always)
    public func isOpen(_ key: String, _ node: Node) -> Bool {
        guard !node.children.isEmpty else { return false }
        if node.expanded { return true }
        return expandsAll ? closed.isEmpty || !closed.contains(key) : expanded.contains(key)
    }

    /// Opens or closes the node under `key`.
    public mutating func setOpen(_ key: String, _ open: Bool) {
        switch (expandsAll, open) {
        case (true, true): closed.remove(key)
        case (true, false): closed.insert(key)
        case (false, true): expanded.insert(key)
        case (false, false): expanded.remove(key)
        }
    }

    /// Whether `other` opens the same nodes, sections and rows: what the
    /// document's measure depends on besides the filter.
    public func opensTheSame(as other: ViewState) -> Bool {
        expanded == other.expanded && expandsAll == other.expandsAll && closed == other.closed
            && collapsed == other.collapsed
    }

    enum CodingKeys: String, CodingKey {
        case offsets, lastFocused, expanded, collapsed, selected, selectionPaths, focus, focusPath, top,
            filter
        case beforeFilter
    }

    /// Sets are written sorted, so a saved state is the same bytes for the
    /// same state.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(offsets, forKey: .offsets)
        try c.encode(lastFocused, forKey: .lastFocused)
        try c.encode(expanded.sorted(), forKey: .expanded)
        if !collapsed.isEmpty { try c.encode(collapsed.sorted(), forKey: .collapsed) }
        try c.encode(selected.sorted(), forKey: .selected)
        try c.encode(selectionPaths, forKey: .selectionPaths)
        try c.encodeIfPresent(focus, forKey: .focus)
        try c.encodeIfPresent(focusPath, forKey: .focusPath)
        try c.encode(top, forKey: .top)
        try c.encodeIfPresent(filter, forKey: .filter)
        try c.encodeIfPresent(beforeFilter, forKey: .beforeFilter)
    }

    /// What a filter changes of the view: what is open, the focus, the
    /// offsets and the scroll.
    public struct SavedView: Sendable, Equatable, Encodable {
        public var expanded: Set<String> = []
        public var expandsAll = false
        public var closed: Set<String> = []
        public var collapsed: Set<String> = []
        public var offsets: [String: Int] = [:]
        public var focus: String?
        public var focusPath: ElementPath?
        public var top = 0

        public init() {}

        public init(of state: ViewState) {
            expanded = state.expanded
            expandsAll = state.expandsAll
            closed = state.closed
            collapsed = state.collapsed
            offsets = state.offsets
            focus = state.focus
            focusPath = state.focusPath
            top = state.top
        }

        /// Puts the saved view back into `state`.
        public func restore(into state: inout ViewState) {
            state.expanded = expanded
            state.expandsAll = expandsAll
            state.closed = closed
            state.collapsed = collapsed
            state.offsets = offsets
            state.focus = focus
            state.focusPath = focusPath
            state.top = top
        }

        enum CodingKeys: String, CodingKey {
            case expanded, collapsed, offsets, focus, focusPath, top
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(expanded.sorted(), forKey: .expanded)
            try c.encode(collapsed.sorted(), forKey: .collapsed)
            try c.encode(offsets, forKey: .offsets)
            try c.encodeIfPresent(focus, forKey: .focus)
            try c.encodeIfPresent(focusPath, forKey: .focusPath)
            try c.encode(top, forKey: .top)
        }
    }
}

/// Stable keys for elements: the element's `id`, else the path of names
/// from its section down.
///
/// Keys are unambiguous whatever the names hold: an id key is `#` and the
/// escaped id; a name path is `=`-prefixed escaped names joined by `/`, with
/// `\` and `/` escaped inside names.
public enum ModelKey {
    public static func section(name: String, id: String?) -> String {
        id.map { "#" + escape($0) } ?? "=" + escape(name)
    }

    public static func child(of parent: String, name: String, id: String?) -> String {
        if let id { return "#" + escape(id) }
        // Copied into one buffer: layout makes a key for every cell on screen.
        let name = escape(name)
        let length = parent.utf8.count + 2 + name.utf8.count
        return String(unsafeUninitializedCapacity: length) { buffer in
            var end = copy(parent, into: buffer, at: 0)
            buffer[end] = UInt8(ascii: "/")
            buffer[end + 1] = UInt8(ascii: "=")
            end = copy(name, into: buffer, at: end + 2)
            return end
        }
    }

    /// Copies `text`'s UTF-8 into `buffer` from `offset`; returns the end.
    private static func copy(_ text: String, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int)
        -> Int
    {
        let rest = UnsafeMutableBufferPointer(rebasing: buffer[offset...])
        let copied = text.utf8.withContiguousStorageIfAvailable { bytes in
            if let from = bytes.baseAddress, let to = rest.baseAddress {
                to.update(from: from, count: bytes.count)
            }
            return bytes.count
        }
        return offset + (copied ?? rest.initialize(from: text.utf8).1)
    }

    private static func escape(_ text: String) -> String {
        // Both characters are ASCII, so the bytes tell without grapheme breaking.
        func special(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/") }
        let needsEscaping =
            text.utf8.withContiguousStorageIfAvailable { $0.contains(where: special) }
            ?? text.utf8.contains(where: special)
        guard needsEscaping else { return text }
        return text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "/", with: "\\/")
    }
}

/// One laid-out element, in viewport coordinates.
///
/// `frame` is where the whole element would be; `clip` is the part that is
/// drawn, so an item half scrolled out of its strip keeps its true position.
/// What only one kind of element has is in its ``Content``, so a writer
/// switches on it and never guesses which fields apply.
public struct LayoutElement: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case header, row, item, field, node
    }

    /// The kind, with what that kind alone carries.
    public enum Content: Sendable, Equatable {
        case header
        case row(RowContent)
        case item(ItemContent)
        case field(FieldContent)
        case node(NodeContent)
    }

    /// A row's title line and the band below it.
    public struct RowContent: Sendable, Equatable {
        /// What the row holds, as its model says (items, fields or children).
        public var holds: RowSummary.Kind
        /// Where the row's strip, lines or table lie below its title.
        public var strip: Rect
        /// A strip scrolled or clipped sideways, shown by the arrows.
        public var moreLeft = false
        public var moreRight = false
        /// In the details layout: the table of the row's items.
        public var table: ItemTable?

        public init(holds: RowSummary.Kind, strip: Rect) {
            self.holds = holds
            self.strip = strip
        }
    }

    /// An item: a cell of a strip, a line of an outline, or a line of a
    /// details table (whose values under the field columns are `cells`).
    public struct ItemContent: Sendable, Equatable {
        public var table: ItemTable?
        public var cells: [String] = []

        public init(table: ItemTable? = nil, cells: [String] = []) {
            self.table = table
            self.cells = cells
        }
    }

    /// A key/value line: the value beside the title, and the key column's width.
    public struct FieldContent: Sendable, Equatable {
        public var value: String
        public var keyWidth: Int

        public init(value: String, keyWidth: Int = 0) {
            self.value = value
            self.keyWidth = keyWidth
        }
    }

    /// A line of a tree: in the details layout, with its fields beside it.
    public struct NodeContent: Sendable, Equatable {
        /// The node's fields, drawn as `key value` pairs after its hex; none
        /// outside details.
        public var fields: [Field] = []
        /// Columns from the line's left edge where the fields start, the same
        /// for the lines of one tree so they line up; a longer name pushes
        /// its own fields further.
        public var fieldsX = 0
        /// Columns from the line's left edge where a coloured node's hex
        /// code starts, the same for the lines of one tree (as an outline's
        /// item lines align theirs); a longer name pushes its own further.
        public var hexX = 0

        public init(fields: [Field] = [], fieldsX: Int = 0, hexX: Int = 0) {
            self.fields = fields
            self.fieldsX = fieldsX
            self.hexX = hexX
        }
    }

    public var content: Content
    public var path: ElementPath
    /// The element's model key (``ModelKey``), made when it is asked for:
    /// a render asks for none, and layout would otherwise make a string for
    /// every cell on screen.
    public var key: String {
        get { keyParts.key }
        set { keyParts = .whole(newValue) }
    }
    private var keyParts: KeyParts
    public var frame: Rect
    public var clip: Rect
    public var title: String
    public var color: Color?
    /// Disclosure, for nodes and for the sections and rows of an outline:
    /// the nesting depth (for an outline's lines their level: section 0,
    /// row 1, item 2), and whether the element has children and is open.
    public var depth: Int = 0
    public var hasChildren = false
    public var isExpanded = false
    /// A section header drawn over the first line because its section is
    /// scrolled into; it comes first, as a reader meets it, and the painter
    /// draws it last, over what is beneath.
    public var isSticky = false
    /// View state the writers show: selection and the focused element.
    public var isSelected = false
    public var isFocused = false
    /// The characters of `title` a filter matched (indices into its
    /// characters), which the painter highlights.
    public var matched: [Int] = []
    /// For items, fields and nodes: the 1-based position among their
    /// siblings and the siblings' count, for "2 of 5" in the transcript.
    public var index = 0
    public var siblings = 0

    public init(_ content: Content, path: ElementPath, key: String, frame: Rect, clip: Rect, title: String) {
        self.content = content
        self.path = path
        keyParts = .whole(key)
        self.frame = frame
        self.clip = clip
        self.title = title
    }

    /// An element whose key is `ModelKey.child(of: parentKey, name:, id:)`,
    /// made only when asked for.
    public init(
        _ content: Content, path: ElementPath, childOf parentKey: String, name: String, id: String?,
        frame: Rect, clip: Rect, title: String
    ) {
        self.content = content
        self.path = path
        keyParts = .child(of: parentKey, name: name, id: id)
        self.frame = frame
        self.clip = clip
        self.title = title
    }

    /// A key, or what makes it; equal when the keys are.
    private enum KeyParts: Sendable, Equatable {
        case whole(String)
        case child(of: String, name: String, id: String?)

        var key: String {
            switch self {
            case .whole(let key): key
            case .child(let parent, let name, let id): ModelKey.child(of: parent, name: name, id: id)
            }
        }

        static func == (a: KeyParts, b: KeyParts) -> Bool {
            if case .whole(let x) = a, case .whole(let y) = b { return x == y }
            return a.key == b.key
        }
    }

    public var kind: Kind {
        switch content {
        case .header: .header
        case .row: .row
        case .item: .item
        case .field: .field
        case .node: .node
        }
    }

    /// The row's own part, when this is a row.
    public var rowContent: RowContent? {
        if case .row(let row) = content { return row }
        return nil
    }

    /// The item's own part, when this is an item.
    public var itemContent: ItemContent? {
        if case .item(let item) = content { return item }
        return nil
    }

    /// The field's own part, when this is a field.
    public var fieldContent: FieldContent? {
        if case .field(let field) = content { return field }
        return nil
    }
}

/// The laid-out window of a catalogue: what a renderer draws, a hit test
/// searches and a writer describes.
public struct Layout: Sendable, Equatable {
    public var viewport: Rect
    /// The first document line in the window.
    public var top: Int
    /// Lines in the whole laid-out document.
    public var documentHeight: Int
    public var elements: [LayoutElement]

    public init(viewport: Rect, top: Int, documentHeight: Int, elements: [LayoutElement]) {
        self.viewport = viewport
        self.top = top
        self.documentHeight = documentHeight
        self.elements = elements
    }
}

extension Layout {
    /// Hit testing: the innermost element drawn at a cell of the window (an
    /// item, field or node before its row, a row before its section's header).
    public func element(atX x: Int, y: Int) -> LayoutElement? {
        let rank: [LayoutElement.Kind: Int] = [.item: 0, .field: 0, .node: 0, .row: 1, .header: 2]
        var best: LayoutElement?
        for element in elements where element.clip.contains(x: x, y: y) {
            if element.isSticky { return element }
            if best == nil || rank[element.kind]! < rank[best!.kind]! { best = element }
        }
        return best
    }
}

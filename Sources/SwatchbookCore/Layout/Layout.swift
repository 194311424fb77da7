/// One laid-out element, in viewport coordinates.
///
/// `frame` is where the whole element would be; `clip` is the part that is
/// drawn, so an item half scrolled out of its strip keeps its true position.
public struct LayoutElement: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case header, row, item, field, node
    }

    public var kind: Kind
    public var path: ElementPath
    public var key: String
    public var frame: Rect
    public var clip: Rect
    public var title: String
    public var color: Color?
    /// For fields: the value beside `title`, and the key column's width.
    public var value: String?
    public var keyWidth: Int = 0
    /// For nodes: nesting depth; for an outline's lines, their level
    /// (section 0, row 1, item 2). Disclosure for nodes, and for the
    /// sections and rows of an outline.
    public var depth: Int = 0
    public var hasChildren = false
    public var isExpanded = false
    /// For rows with a strip: where the strip is and whether it is clipped.
    public var strip: Rect?
    public var moreLeft = false
    public var moreRight = false
    /// A section header drawn over the first line because its section is
    /// scrolled into; it comes first, as a reader meets it, and the painter
    /// draws it last, over what is beneath.
    public var isSticky = false
    /// View state the writers show: selection and the focused element.
    public var isSelected = false
    public var isFocused = false
    /// For a row of items in the details layout: its table's columns; for
    /// an item line of it, the item's values under the field columns.
    public var table: ItemTable?
    public var cells: [String] = []
    /// The characters of `title` a filter matched (indices into its
    /// characters), which the painter highlights.
    public var matched: [Int] = []
    /// For items: the 1-based position in its row and the row's count, for
    /// "2 of 5" in the transcript.
    public var index = 0
    public var siblings = 0

    public init(kind: Kind, path: ElementPath, key: String, frame: Rect, clip: Rect, title: String) {
        self.kind = kind
        self.path = path
        self.key = key
        self.frame = frame
        self.clip = clip
        self.title = title
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

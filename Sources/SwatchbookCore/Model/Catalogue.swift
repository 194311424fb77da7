/// A colour catalogue: sections (categories) of rows (subcategories).
///
/// This is the eager form of the model, built from a plugin's `data`. Layout
/// reads it through ``CatalogueSource`` so that a lazy source can stand in.
public struct Catalogue: Sendable, Equatable {
    public var sections: [Section]

    public init(sections: [Section]) {
        self.sections = sections
    }
}

/// A category: a header followed by its rows.
public struct Section: Sendable, Equatable {
    public var name: String
    public var id: String?
    public var rows: [Row]

    public init(name: String, id: String? = nil, rows: [Row]) {
        self.name = name
        self.id = id
        self.rows = rows
    }
}

/// A subcategory; its content decides how it is drawn.
public struct Row: Sendable, Equatable {
    public var name: String
    public var id: String?
    public var content: RowContent

    public init(name: String, id: String? = nil, content: RowContent) {
        self.name = name
        self.id = id
        self.content = content
    }
}

/// What a row holds: a strip of swatches, a key/value table, or a tree.
public enum RowContent: Sendable, Equatable {
    case items([Item])
    case fields([Field])
    case children([Node])

    /// The number of top-level elements the row lays out.
    public var count: Int {
        switch self {
        case .items(let items): items.count
        case .fields(let fields): fields.count
        case .children(let nodes): nodes.count
        }
    }
}

/// A colour swatch.
public struct Item: Sendable, Equatable {
    public var name: String
    public var color: Color
    /// The script's own `data` value, handed back to it on tap.
    public var data: ScriptHandle?
    private var extras: EntryExtras

    public init(
        name: String, color: Color, id: String? = nil, fields: [Field] = [], data: ScriptHandle? = nil,
        authored: Authored? = nil
    ) {
        self.name = name
        self.color = color
        self.data = data
        self.extras = EntryExtras(id: id, fields: fields, authored: authored)
    }

    /// An item of a name and a colour alone, as most are: the common case
    /// of every reader, made without the rest's defaults.
    public init(name: String, color: Color) {
        self.name = name
        self.color = color
        self.extras = EntryExtras()
    }

    public var id: String? {
        get { extras.id }
        set { extras.id = newValue }
    }

    public var fields: [Field] {
        get { extras.fields }
        set { extras.fields = newValue }
    }

    /// What its file said of it (nil: nothing beyond the name and colour).
    public var authored: Authored? {
        get { extras.authored }
        set { extras.authored = newValue }
    }

    /// The fields the inspector and the details layout show: what was
    /// authored, then the plugin's own.
    public var shownFields: [Field] { extras.shownFields }
}

/// A value that belongs to the script which made the catalogue: the model
/// stores and copies it, and only that script knows what it stands for.
public struct ScriptHandle: Hashable, Sendable {
    public let rawValue: Int

    public init(_ rawValue: Int) {
        self.rawValue = rawValue
    }
}

/// One line of a key/value table.
public struct Field: Sendable, Equatable {
    public var key: String
    public var value: String

    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}

/// A node of an expandable tree (the outline layout).
///
/// Trees are walked by recursion (to lay them out, filter them, find a
/// node), so their depth is bounded where they are read in: no tree nests
/// deeper than ``maximumDepth`` levels.
public struct Node: Sendable, Equatable {
    /// The most levels a tree may nest, its top nodes being level 1: far
    /// more than anyone draws, and a bound every walk over a tree can afford.
    public static let maximumDepth = 1000

    public var name: String
    public var color: Color?
    public var selected: Bool
    public var expanded: Bool
    public var children: [Node]
    private var extras: EntryExtras

    public init(
        name: String, id: String? = nil, color: Color? = nil, selected: Bool = false,
        expanded: Bool = false, children: [Node] = [], fields: [Field] = [], authored: Authored? = nil
    ) {
        self.name = name
        self.color = color
        self.selected = selected
        self.expanded = expanded
        self.children = children
        self.extras = EntryExtras(id: id, fields: fields, authored: authored)
    }

    /// A node of a name and perhaps a colour alone, as most are: the
    /// common case of the tree reader, made without the rest's defaults.
    public init(name: String, color: Color?) {
        self.name = name
        self.color = color
        selected = false
        expanded = false
        children = []
        extras = EntryExtras()
    }

    public var id: String? {
        get { extras.id }
        set { extras.id = newValue }
    }

    /// A key/value table of its own, as an item has: shown in details,
    /// the inspector and the JSON report.
    public var fields: [Field] {
        get { extras.fields }
        set { extras.fields = newValue }
    }

    /// What its file said of its colour (nil: nothing beyond it).
    public var authored: Authored? {
        get { extras.authored }
        set { extras.authored = newValue }
    }

    /// The fields the inspector and the details layout show: what was
    /// authored, then the plugin's own.
    public var shownFields: [Field] { extras.shownFields }
}

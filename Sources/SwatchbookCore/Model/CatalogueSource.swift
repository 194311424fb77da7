/// Read access to a catalogue, one element at a time.
///
/// Layout asks only for what it draws, so a source may build elements on
/// demand (a plugin's lazy `source`) while ``Catalogue`` answers from memory.
/// Indices here are 0-based; paths shown to users are 1-based.
public protocol CatalogueSource {
    /// True when every row may be asked for up front to measure it exactly;
    /// a lazy source answers false and is asked only for what is drawn.
    var isEager: Bool { get }
    var sectionCount: Int { get }
    func sectionSummary(_ section: Int) -> SectionSummary
    func rowCount(_ section: Int) -> Int
    /// The row's title and the shape of its content, without the content.
    func rowSummary(_ section: Int, _ row: Int) -> RowSummary
    func item(_ section: Int, _ row: Int, _ index: Int) -> Item
    /// Items `indices` of a row, in order. A strip asks for the items it
    /// shows at once, so a source that answers several for less than one
    /// at a time can; the default asks ``item(_:_:_:)`` for each.
    func items(_ section: Int, _ row: Int, _ indices: Range<Int>) -> [Item]
    /// The key/value table of a row whose kind is `fields`.
    func fields(_ section: Int, _ row: Int) -> [Field]
    /// The top-level nodes of a row whose kind is `children`.
    func nodes(_ section: Int, _ row: Int) -> [Node]
    /// The rows a lazy source has been asked for, each once, in the order
    /// it first answered them, so layout can give each its exact height;
    /// empty for an eager source, whose every row is measured up front.
    var answeredRows: [RowPosition] { get }
    /// Where the element at `path` here is in the whole catalogue, when
    /// this source shows part of one (a filter's result); `path` itself
    /// for the whole. Every path a user or a script is given is such a
    /// whole path, so it names the same element filtered or not.
    func wholePath(of path: ElementPath) -> ElementPath
    /// The inverse of ``wholePath(of:)``: where the element at `whole`, a
    /// path in the whole catalogue, is here; nil when it is not shown.
    func shownPath(of whole: ElementPath) -> ElementPath?
}

extension CatalogueSource {
    public func items(_ section: Int, _ row: Int, _ indices: Range<Int>) -> [Item] {
        indices.map { item(section, row, $0) }
    }

    public var answeredRows: [RowPosition] { [] }

    public func wholePath(of path: ElementPath) -> ElementPath { path }

    public func shownPath(of whole: ElementPath) -> ElementPath? { whole }
}

/// The most a lazy source may claim, so that every position and width in a
/// laid-out document fits an `Int`, and opening one (a `rows` call per
/// section) stays quick. A `data` catalogue is bounded by memory first.
public enum CatalogueLimits {
    /// The longest name, id or field key, and the longest field value, in
    /// UTF-8 bytes. A script may share one long string among many items at
    /// the cost of one string in its memory cap, but the host would copy it
    /// for each: longer text is an error, found before it is copied.
    public static let nameBytes = 4_096
    public static let valueBytes = 65_536
    public static let sections = 100_000
    public static let rowsPerSection = 10_000_000
    public static let itemsPerRow = 1_000_000_000
}

/// A row's place: its section's index and its own, both 0-based.
public struct RowPosition: Hashable, Sendable {
    public var section: Int
    public var row: Int

    public init(section: Int, row: Int) {
        self.section = section
        self.row = row
    }
}

/// A section as layout needs it: its title and key.
public struct SectionSummary: Sendable, Equatable {
    public var name: String
    public var id: String?

    public init(name: String, id: String? = nil) {
        self.name = name
        self.id = id
    }
}

/// A row as layout first needs it: how tall and wide it will be.
public struct RowSummary: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable { case items, fields, children }

    /// What the row holds, as people say it: "6 items", "1 field", "3 nodes".
    public var contents: String {
        let noun =
            switch kind {
            case .items: "item"
            case .fields: "field"
            case .children: "node"
            }
        return "\(count) \(noun)" + (count == 1 ? "" : "s")
    }

    public var name: String
    public var id: String?
    public var kind: Kind
    public var count: Int

    public init(name: String, id: String? = nil, kind: Kind, count: Int) {
        self.name = name
        self.id = id
        self.kind = kind
        self.count = count
    }
}

extension Catalogue: CatalogueSource {
    public var isEager: Bool { true }
    public var sectionCount: Int { sections.count }

    public func sectionSummary(_ section: Int) -> SectionSummary {
        SectionSummary(name: sections[section].name, id: sections[section].id)
    }

    public func rowCount(_ section: Int) -> Int { sections[section].rows.count }

    public func rowSummary(_ section: Int, _ row: Int) -> RowSummary {
        let row = sections[section].rows[row]
        let kind: RowSummary.Kind =
            switch row.content {
            case .items: .items
            case .fields: .fields
            case .children: .children
            }
        return RowSummary(name: row.name, id: row.id, kind: kind, count: row.content.count)
    }

    public func item(_ section: Int, _ row: Int, _ index: Int) -> Item {
        guard case .items(let items) = sections[section].rows[row].content else {
            preconditionFailure("row \(section + 1).\(row + 1) holds no items")
        }
        return items[index]
    }

    public func items(_ section: Int, _ row: Int, _ indices: Range<Int>) -> [Item] {
        guard case .items(let items) = sections[section].rows[row].content else {
            preconditionFailure("row \(section + 1).\(row + 1) holds no items")
        }
        return Array(items[indices])
    }

    public func fields(_ section: Int, _ row: Int) -> [Field] {
        guard case .fields(let fields) = sections[section].rows[row].content else { return [] }
        return fields
    }

    public func nodes(_ section: Int, _ row: Int) -> [Node] {
        guard case .children(let nodes) = sections[section].rows[row].content else { return [] }
        return nodes
    }
}

extension CatalogueSource {
    /// The nodes from the top of row `r` of section `s`'s tree down to the
    /// node at `indices` (zero-based, one a level), walking the tree itself
    /// so a node inside a closed parent is found too; nil when an index is
    /// out of range or there is none.
    public func nodeChain(_ s: Int, _ r: Int, at indices: some Collection<Int>) -> [Node]? {
        var nodes = self.nodes(s, r)
        var chain: [Node] = []
        for index in indices {
            guard index >= 0, index < nodes.count else { return nil }
            chain.append(nodes[index])
            nodes = nodes[index].children
        }
        return chain.isEmpty ? nil : chain
    }
}

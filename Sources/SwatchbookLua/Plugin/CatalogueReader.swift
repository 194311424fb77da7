import SwatchbookCore

/// Reads a plugin's catalogue tables (its `data`, or a lazy source's
/// answers) into the model, naming the data path of what is wrong
/// (`data[2].rows[1].items[3].color`).
///
/// It reads past a bad element to the next when asked to collect (so
/// `check` reports every problem in a file), and notes what is accepted but
/// likely a slip: a key it does not know (`colour`, `itmes`), a row that
/// holds nothing. Tables are read raw (no metamethods), so reading can
/// neither run script code nor raise a Lua error.
final class CatalogueReader {
    let stack: LuaStack
    /// Whether a bad element is kept in ``problems`` and skipped, rather
    /// than ending the read.
    let collectsProblems: Bool
    /// The problems read past, in document order (collecting only).
    var problems: [Failure] = []
    let warnings: DataWarnings
    /// What comes before every path in a warning: a lazy source's call
    /// (`source.row(1, 2)`), built only for a warning.
    let prefix: () -> String

    /// Problems kept before a read gives up: enough to show what is wrong.
    static let maximumProblems = 100

    struct Failure: Error, Equatable {
        let path: String
        let message: String
        /// A field of the wrong type or value, unless said otherwise.
        var code = DiagnosticCode.invalidField
    }

    init(
        stack: LuaStack, collectsProblems: Bool = false, warnings: DataWarnings = DataWarnings(),
        prefix: @escaping () -> String = { "" }
    ) {
        self.stack = stack
        self.collectsProblems = collectsProblems
        self.warnings = warnings
        self.prefix = prefix
    }

    func catalogue(at index: Int32) throws(Failure) -> Catalogue {
        let index = stack.absolute(index)
        guard stack.type(at: index) == .table else {
            throw Failure(
                path: "data", message: "expected a table of sections, got \(stack.typeName(at: index))")
        }
        var sections: [Section] = []
        try forEachElement(of: index, path: "data") { (path) throws(Failure) in
            if let section = try attempt({ () throws(Failure) in try section(at: -1, path: path) }) {
                sections.append(section)
            }
        }
        return Catalogue(sections: sections)
    }

    private func section(at index: Int32, path: String) throws(Failure) -> Section {
        let index = try table(at: index, path: path, what: "a section table", shape: .section)
        let name = try requiredString(index, "name", path: path)
        let id = try optionalID(index, path: path)
        var rows: [Row] = []
        defer { stack.pop() }
        if stack.rawField(index, "rows") != .nil {
            try forEachElement(of: -1, path: path + ".rows") { (rowPath) throws(Failure) in
                if let row = try attempt({ () throws(Failure) in try row(at: -1, path: rowPath) }) {
                    rows.append(row)
                }
            }
        }
        return Section(name: name, id: id, rows: rows)
    }

    /// What a lazy source's `section(s)` returns: `{ name = …, id = … }`.
    func sectionSummary(at index: Int32, path: String) throws(Failure) -> SectionSummary {
        let index = try table(at: index, path: path, what: "a section table", shape: .sectionSummary)
        return SectionSummary(
            name: try requiredString(index, "name", path: path), id: try optionalID(index, path: path))
    }

    /// What a lazy source's `row(s, r)` returns: `{ name = …, count = N }`
    /// for a strip whose items are asked for one by one, or a row with its
    /// `items`, `fields` or `children` given whole.
    func lazyRow(at index: Int32, path: String) throws(Failure) -> (RowSummary, RowContent?) {
        let index = try table(at: index, path: path, what: "a row table", shape: .lazyRow)
        if contentKeys(of: index).isEmpty {
            let name = try requiredString(index, "name", path: path)
            let id = try optionalID(index, path: path)
            stack.rawField(index, "count")
            defer { stack.pop() }
            guard let count = stack.integer(at: -1), (0...CatalogueLimits.itemsPerRow).contains(count) else {
                throw Failure(
                    path: path + ".count",
                    message:
                        "expected the number of items, a whole number from 0 to \(CatalogueLimits.itemsPerRow), got \(stack.describe(at: -1))"
                        + nearMiss(of: "count", in: index))
            }
            return (RowSummary(name: name, id: id, kind: .items, count: count), nil)
        }
        let row = try row(at: index, path: path, shape: .lazyRow)
        let kind: RowSummary.Kind =
            switch row.content {
            case .items: .items
            case .fields: .fields
            case .children: .children
            }
        return (RowSummary(name: row.name, id: row.id, kind: kind, count: row.content.count), row.content)
    }

    /// Which of `items`, `fields` and `children` the row table at `index` has.
    private func contentKeys(of index: Int32) -> [String] {
        ["items", "fields", "children"].filter { key in
            defer { stack.pop() }
            return stack.rawField(index, key) != .nil
        }
    }

    private func row(at index: Int32, path: String, shape: Shape = .row) throws(Failure) -> Row {
        let index = try table(at: index, path: path, what: "a row table", shape: shape)
        let name = try requiredString(index, "name", path: path)
        let id = try optionalID(index, path: path)
        let present = contentKeys(of: index)
        guard present.count <= 1 else {
            throw Failure(
                path: path,
                message:
                    "a row holds one of items, fields or children, not \(present.joined(separator: " and "))")
        }
        switch present.first {
        case "fields":
            return Row(name: name, id: id, content: .fields(try fields(in: index, path: path)))
        case "children":
            let nodes = try nodes(in: index, key: "children", path: path, depth: 1, top: nil)
            return Row(name: name, id: id, content: .children(nodes))
        case "items":
            return Row(name: name, id: id, content: .items(try items(in: index, path: path)))
        default:
            // A misspelt content key has its own warning already.
            let slips = ["items", "fields", "children"].map { nearMiss(of: $0, in: index) }
            if slips.allSatisfy(\.isEmpty) {
                warnings.add(
                    "empty row", "row \(JSONValue.quoted(name)) has no items, fields or children",
                    at: prefix() + path, noun: "row")
            }
            return Row(name: name, id: id, content: .items([]))
        }
    }

    private func items(in table: Int32, path: String) throws(Failure) -> [Item] {
        var items: [Item] = []
        defer { stack.pop() }
        if stack.rawField(table, "items") != .nil {
            if stack.type(at: -1) == .table {
                items.reserveCapacity(Self.room(forLength: stack.rawLength(-1)))
            }
            try forEachIndex(of: -1, path: path + ".items") { (i) throws(Failure) in
                // Most items are plain, and need no path.
                if let plain = Self.plainItem(on: stack) {
                    items.append(plain)
                    return
                }
                if let item = try attempt({ () throws(Failure) in
                    try item(at: -1, path: "\(path).items[\(i + 1)]")
                }) {
                    items.append(item)
                }
            }
        }
        return items
    }

    func item(at index: Int32, path: String) throws(Failure) -> Item {
        // Most items are `{ name = "…", color = "#…" }`: read in one pass in C.
        if let plain = Self.plainItem(on: stack, at: index) { return plain }
        let (index, mayBeAuthored) = try entryTable(
            at: index, path: path, what: "an item table", shape: .item)
        let name = try requiredString(index, "name", path: path)
        let (color, authoredColor) = try requiredColor(index, path: path)
        let id = try optionalID(index, path: path)
        let authored =
            mayBeAuthored
            ? try self.authored(in: index, color: authoredColor, path: path)
            : authoredColor.map { Authored(color: $0) }
        var fields: [Field] = []
        if stack.rawField(index, "fields") != .nil {
            stack.pop()
            fields = try self.fields(in: index, path: path)
        } else {
            stack.pop()
        }
        stack.rawField(index, "data")
        // Kept in the registry so a tap can hand the very value back.
        let data = stack.type(at: -1) == .nil ? nil : ScriptHandle(stack.reference(-1))
        stack.pop()
        return Item(name: name, color: color, id: id, fields: fields, data: data, authored: authored)
    }

    /// What a palette file said of the colour of the table at `index`:
    /// `description`, `ref` (the reference it was written as), `key` (its
    /// name in the file), `scope` (where in the file it was declared), `swatch` (global, spot or process) and
    /// `extensions` (any table, kept as JSON).
    private func authored(in index: Int32, color: AuthoredColor?, path: String) throws(Failure) -> Authored? {
        var authored = Authored(color: color)
        func text(_ key: String) throws(Failure) -> String? {
            stack.rawField(index, key)
            defer { stack.pop() }
            guard stack.type(at: -1) != .nil else { return nil }
            guard stack.type(at: -1) == .string else {
                throw Failure(
                    path: path + "." + key, message: "expected a string, got \(stack.describe(at: -1))")
            }
            try checkLength(
                at: -1, limit: CatalogueLimits.valueBytes, what: "a string", path: path + "." + key)
            return stack.string(at: -1)
        }
        authored.description = try text("description")
        authored.reference = try text("ref")
        authored.key = try text("key")
        authored.scope = try text("scope")
        if let swatch = try text("swatch") {
            guard let type = SwatchType(rawValue: swatch) else {
                throw Failure(
                    path: path + ".swatch",
                    message:
                        "expected one of \(SwatchType.allCases.map(\.rawValue).joined(separator: ", ")), got \(JSONValue.quoted(swatch))"
                )
            }
            authored.swatch = type
        }
        if stack.rawField(index, "extensions") != .nil {
            do throws(LuaHostError) {
                authored.extensions = try JSONValue(
                    luaValueAt: -1, on: stack, limit: CatalogueLimits.valueBytes * 16)
            } catch {
                stack.pop()
                throw Failure(path: path + ".extensions", message: error.message)
            }
        }
        stack.pop()
        return authored.isEmpty ? nil : authored
    }

    /// Room to make for an array of `length` elements before reading it.
    /// A table's length is any of its borders, not a count of what it holds:
    /// a sparse table's can be far larger, and its holes stop the reading
    /// after a few problems, so the room is capped.
    static func room(forLength length: Int) -> Int { min(length, 1 << 16) }

    /// The nodes of `table[key]`, at `depth` (the row's own nodes are at 1).
    /// A tree deeper than ``Node/maximumDepth`` is refused at the path of
    /// its top node (`top`), not at the deep end, whose path alone would
    /// fill the screen.
    private func nodes(in table: Int32, key: String, path: String, depth: Int, top: String?)
        throws(Failure) -> [Node]
    {
        try nodes(in: table, key: key, path: { path }, depth: depth, top: { top })
    }

    /// ``nodes(in:key:path:depth:top:)`` with the paths made only when
    /// something is reported: a plain node (``plainNode(path:depth:top:)``)
    /// needs none, and a tree of them is most trees.
    private func nodes(
        in table: Int32, key: String, path: () -> String, depth: Int, top: () -> String?
    ) throws(Failure) -> [Node] {
        var nodes: [Node] = []
        defer { stack.pop() }
        if stack.rawField(table, key) != .nil {
            if stack.type(at: -1) == .table {
                nodes.reserveCapacity(Self.room(forLength: stack.rawLength(-1)))
            }
            try forEachIndex(of: -1, path: path() + "." + key) { (i) throws(Failure) in
                func nodePath() -> String { "\(path()).\(key)[\(i + 1)]" }
                func nodeTop() -> String { top() ?? nodePath() }
                let node = try attempt { () throws(Failure) in
                    if depth <= Node.maximumDepth,
                        let node = try self.plainNode(path: nodePath, depth: depth, top: nodeTop)
                    {
                        return node
                    }
                    let nodePath = nodePath()
                    let top = nodeTop()
                    guard depth <= Node.maximumDepth else {
                        throw Failure(
                            path: top,
                            message:
                                "a tree may nest at most \(Node.maximumDepth) levels, and this one goes deeper"
                        )
                    }
                    return try self.node(at: -1, path: nodePath, depth: depth, top: top)
                }
                if let node { nodes.append(node) }
            }
        }
        return nodes
    }

    /// The node on top of the stack when it is plain, `{ name = "…",
    /// color = "#…", children = {…} }` with nothing else (read in one pass
    /// in C), with its children; nil for any other, which ``node(at:path:depth:top:)``
    /// reads or reports.
    private func plainNode(path: () -> String, depth: Int, top: () -> String) throws(Failure) -> Node? {
        guard let fields = stack.plainNodeFields(at: -1), fields.name.length <= CatalogueLimits.nameBytes
        else { return nil }
        var color: Color?
        if let field = fields.color {
            guard let parsed = Self.plainColor(field) else { return nil }
            color = parsed
        }
        var node = Node(name: fields.name.withBytes { String(decoding: $0, as: UTF8.self) }, color: color)
        if fields.hasChildren {
            let index = stack.absolute(-1)
            guard stack.reserve(Self.stackPerLevel) else { return nil }
            node.children = try nodes(
                in: index, key: "children", path: path, depth: depth + 1, top: { top() })
        }
        return node
    }

    private func node(at index: Int32, path: String, depth: Int, top: String) throws(Failure) -> Node {
        let (index, mayBeAuthored) = try entryTable(at: index, path: path, what: "a node table", shape: .node)
        var node = Node(name: try requiredString(index, "name", path: path))
        node.id = try optionalID(index, path: path)
        if stack.rawField(index, "color") != .nil {
            stack.pop()
            let (color, authoredColor) = try requiredColor(index, path: path)
            node.color = color
            node.authored =
                mayBeAuthored
                ? try authored(in: index, color: authoredColor, path: path)
                : authoredColor.map { Authored(color: $0) }
        } else {
            stack.pop()
        }
        node.selected = try optionalBool(index, "selected", path: path)
        node.expanded = try optionalBool(index, "expanded", path: path)
        if stack.rawField(index, "fields") != .nil {
            stack.pop()
            node.fields = try fields(in: index, path: path)
        } else {
            stack.pop()
        }
        node.children = try nodes(in: index, key: "children", path: path, depth: depth + 1, top: top)
        // A node's items are its leaf lines, after its children: a tree
        // draws them, and every writer writes them, as it does leaves.
        node.children += try items(in: index, path: path).map { item in
            Node(
                name: item.name, id: item.id, color: item.color, fields: item.fields, authored: item.authored)
        }
        return node
    }

    /// Fields as an array of `{key, value}` pairs (or `{key = , value = }`),
    /// keeping their order, or as a plain map, sorted by key.
    private func fields(in table: Int32, path: String) throws(Failure) -> [Field] {
        let fieldsPath = path + ".fields"
        stack.rawField(table, "fields")
        defer { stack.pop() }
        guard stack.type(at: -1) == .table else {
            throw Failure(path: fieldsPath, message: "expected a table, got \(stack.typeName(at: -1))")
        }
        let fieldsIndex = stack.absolute(-1)
        var fields: [Field] = []
        if stack.rawLength(fieldsIndex) == 0 {
            for key in stack.stringKeys(of: fieldsIndex) {
                guard key.utf8.count <= CatalogueLimits.nameBytes else {
                    throw Failure(
                        path: fieldsPath,
                        message:
                            "expected keys of at most \(CatalogueLimits.nameBytes) bytes, got one of \(key.utf8.count) bytes"
                    )
                }
                stack.rawField(fieldsIndex, key)
                defer { stack.pop() }
                if let value = try attempt({ () throws(Failure) in
                    try scalar(at: -1, path: fieldsPath + "." + key)
                }) {
                    fields.append(Field(key: key, value: value))
                }
            }
            return fields
        }
        try forEachElement(of: fieldsIndex, path: fieldsPath) { (fieldPath) throws(Failure) in
            if let field = try attempt({ () throws(Failure) in try pair(at: -1, path: fieldPath) }) {
                fields.append(field)
            }
        }
        return fields
    }

    /// One `{key, value}` (or `{key = , value = }`) pair of a field table.
    private func pair(at index: Int32, path: String) throws(Failure) -> Field {
        let pair = try self.table(at: index, path: path, what: "a {key, value} pair")
        let named = stack.rawField(pair, "key") != .nil
        stack.pop()
        if named { stack.rawField(pair, "key") } else { stack.rawIndex(pair, 1) }
        defer { stack.pop() }
        let key = try scalar(at: -1, path: path + (named ? ".key" : "[1]"), limit: CatalogueLimits.nameBytes)
        if named { stack.rawField(pair, "value") } else { stack.rawIndex(pair, 2) }
        defer { stack.pop() }
        let value = try scalar(at: -1, path: path + (named ? ".value" : "[2]"))
        return Field(key: key, value: value)
    }
}

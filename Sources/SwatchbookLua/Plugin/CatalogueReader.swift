import CLuaShim
import SwatchbookCore

/// Reads a plugin's `data` table into a ``Catalogue``, naming the data path
/// of the first thing that is wrong (`data[2].rows[1].items[3].color`).
///
/// Tables are read raw (no metamethods), so reading can neither run script
/// code nor raise a Lua error.
struct CatalogueReader {
    let stack: LuaStack

    struct Failure: Error {
        let path: String
        let message: String
    }

    func catalogue(at index: Int32) throws(Failure) -> Catalogue {
        let index = stack.absolute(index)
        guard stack.type(at: index) == .table else {
            throw Failure(
                path: "data", message: "expected a table of sections, got \(stack.typeName(at: index))")
        }
        var sections: [Section] = []
        try forEachElement(of: index, path: "data") { (path) throws(Failure) in
            sections.append(try section(at: -1, path: path))
        }
        return Catalogue(sections: sections)
    }

    private func section(at index: Int32, path: String) throws(Failure) -> Section {
        let index = try table(at: index, path: path, what: "a section table")
        let name = try requiredString(index, "name", path: path)
        let id = try optionalID(index, path: path)
        var rows: [Row] = []
        let rowsPath = path + ".rows"
        if stack.rawField(index, "rows") != .nil {
            try forEachElement(of: -1, path: rowsPath) { (rowPath) throws(Failure) in
                rows.append(try row(at: -1, path: rowPath))
            }
        }
        stack.pop()
        return Section(name: name, id: id, rows: rows)
    }

    /// What a lazy source's `section(s)` returns: `{ name = …, id = … }`.
    func sectionSummary(at index: Int32, path: String) throws(Failure) -> SectionSummary {
        let index = try table(at: index, path: path, what: "a section table")
        return SectionSummary(
            name: try requiredString(index, "name", path: path), id: try optionalID(index, path: path))
    }

    /// What a lazy source's `row(s, r)` returns: `{ name = …, count = N }`
    /// for a strip whose items are asked for one by one, or a row with its
    /// `items`, `fields` or `children` given whole.
    func lazyRow(at index: Int32, path: String) throws(Failure) -> (RowSummary, RowContent?) {
        let index = try table(at: index, path: path, what: "a row table")
        let hasContent = ["items", "fields", "children"].contains { key in
            defer { stack.pop() }
            return stack.rawField(index, key) != .nil
        }
        if hasContent {
            let row = try row(at: index, path: path)
            let kind: RowSummary.Kind =
                switch row.content {
                case .items: .items
                case .fields: .fields
                case .children: .children
                }
            return (RowSummary(name: row.name, id: row.id, kind: kind, count: row.content.count), row.content)
        }
        let name = try requiredString(index, "name", path: path)
        let id = try optionalID(index, path: path)
        stack.rawField(index, "count")
        defer { stack.pop() }
        guard let count = stack.integer(at: -1), count >= 0 else {
            throw Failure(
                path: path + ".count",
                message:
                    "expected the number of items (a whole number, 0 or more), got \(stack.describe(at: -1))")
        }
        return (RowSummary(name: name, id: id, kind: .items, count: count), nil)
    }

    private func row(at index: Int32, path: String) throws(Failure) -> Row {
        let index = try table(at: index, path: path, what: "a row table")
        let name = try requiredString(index, "name", path: path)
        let id = try optionalID(index, path: path)
        let present = ["items", "fields", "children"].filter { key in
            defer { stack.pop() }
            return stack.rawField(index, key) != .nil
        }
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
        default:
            return Row(name: name, id: id, content: .items(try items(in: index, path: path)))
        }
    }

    private func items(in table: Int32, path: String) throws(Failure) -> [Item] {
        var items: [Item] = []
        if stack.rawField(table, "items") != .nil {
            try forEachElement(of: -1, path: path + ".items") { (itemPath) throws(Failure) in
                items.append(try item(at: -1, path: itemPath))
            }
        }
        stack.pop()
        return items
    }

    /// The common item, `{ name = "…", color = "#…" }` with a colour that
    /// parses, read without protected mode; nil for any other value, which
    /// ``item(at:path:)`` reads or reports.
    static func plainItem(on stack: LuaStack) -> Item? {
        var name = sbl_field()
        var color = sbl_field()
        guard sbl_plain_item(stack.L, -1, &name, &color) != 0 else { return nil }
        return plainItem(name: name, color: color)
    }

    /// The item of a plain `{ name, color }` answer's fields; nil when the
    /// colour does not parse as a code (a name, say), for the full reader.
    static func plainItem(name: sbl_field, color: sbl_field) -> Item? {
        guard let parsed = color.withBytes({ Color.parse(utf8: $0) }) else { return nil }
        return Item(name: name.withBytes { String(decoding: $0, as: UTF8.self) }, color: parsed)
    }

    /// The common row of a lazy source, `{ name = "…", count = N }`, read
    /// without protected mode; nil for any other value, which
    /// ``lazyRow(at:path:)`` reads or reports.
    static func plainRow(on stack: LuaStack) -> (RowSummary, RowContent?)? {
        var name = sbl_field()
        var count = sbl_field()
        guard sbl_plain_row(stack.L, -1, &name, &count) != 0, count.integer >= 0 else { return nil }
        let summary = RowSummary(
            name: name.withBytes { String(decoding: $0, as: UTF8.self) }, kind: .items,
            count: Int(count.integer))
        return (summary, nil)
    }

    func item(at index: Int32, path: String) throws(Failure) -> Item {
        let index = try table(at: index, path: path, what: "an item table")
        let name = try requiredString(index, "name", path: path)
        stack.rawField(index, "color")
        defer { stack.pop() }
        let color: Color
        switch ColorValue.read(at: -1, on: stack) {
        case .success(let value): color = value
        case .failure(let error): throw Failure(path: path + ".color", message: error.message)
        }
        let id = try optionalID(index, path: path)
        var fields: [Field] = []
        if stack.rawField(index, "fields") != .nil {
            stack.pop()
            fields = try self.fields(in: index, path: path)
        } else {
            stack.pop()
        }
        stack.rawField(index, "data")
        // Kept in the registry so a tap can hand the very value back.
        let reference = stack.type(at: -1) == .nil ? nil : stack.reference(-1)
        stack.pop()
        return Item(name: name, color: color, id: id, fields: fields, dataReference: reference)
    }

    /// The nodes of `table[key]`, at `depth` (the row's own nodes are at 1).
    /// A tree deeper than ``Node/maximumDepth`` is refused at the path of
    /// its top node (`top`), not at the deep end, whose path alone would
    /// fill the screen.
    private func nodes(in table: Int32, key: String, path: String, depth: Int, top: String?)
        throws(Failure) -> [Node]
    {
        var nodes: [Node] = []
        if stack.rawField(table, key) != .nil {
            try forEachElement(of: -1, path: path + "." + key) { (nodePath) throws(Failure) in
                let top = top ?? nodePath
                guard depth <= Node.maximumDepth else {
                    throw Failure(
                        path: top,
                        message:
                            "a tree may nest at most \(Node.maximumDepth) levels, and this one goes deeper")
                }
                nodes.append(try node(at: -1, path: nodePath, depth: depth, top: top))
            }
        }
        stack.pop()
        return nodes
    }

    private func node(at index: Int32, path: String, depth: Int, top: String) throws(Failure) -> Node {
        let index = try table(at: index, path: path, what: "a node table")
        var node = Node(name: try requiredString(index, "name", path: path))
        node.id = try optionalID(index, path: path)
        if stack.rawField(index, "color") != .nil {
            switch ColorValue.read(at: -1, on: stack) {
            case .success(let value): node.color = value
            case .failure(let error):
                stack.pop()
                throw Failure(path: path + ".color", message: error.message)
            }
        }
        stack.pop()
        node.selected = try optionalBool(index, "selected", path: path)
        node.expanded = try optionalBool(index, "expanded", path: path)
        node.children = try nodes(in: index, key: "children", path: path, depth: depth + 1, top: top)
        node.items = try items(in: index, path: path)
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
        if stack.rawLength(fieldsIndex) == 0 {
            var fields: [Field] = []
            for key in stack.stringKeys(of: fieldsIndex) {
                stack.rawField(fieldsIndex, key)
                defer { stack.pop() }
                fields.append(Field(key: key, value: try scalar(at: -1, path: fieldsPath + "." + key)))
            }
            return fields
        }
        var fields: [Field] = []
        try forEachElement(of: fieldsIndex, path: fieldsPath) { (fieldPath) throws(Failure) in
            let pair = try self.table(at: -1, path: fieldPath, what: "a {key, value} pair")
            let named = stack.rawField(pair, "key") != .nil
            stack.pop()
            if named { stack.rawField(pair, "key") } else { stack.rawIndex(pair, 1) }
            let key = try scalar(at: -1, path: fieldPath + (named ? ".key" : "[1]"))
            stack.pop()
            if named { stack.rawField(pair, "value") } else { stack.rawIndex(pair, 2) }
            let value = try scalar(at: -1, path: fieldPath + (named ? ".value" : "[2]"))
            stack.pop()
            fields.append(Field(key: key, value: value))
        }
        return fields
    }

    // MARK: Primitives

    /// Calls `body` with each element of the array at `index` pushed on top
    /// (and popped after), and its data path.
    private func forEachElement(
        of index: Int32, path: String, _ body: (String) throws(Failure) -> Void
    ) throws(Failure) {
        let index = stack.absolute(index)
        guard stack.type(at: index) == .table else {
            throw Failure(
                path: path, message: "expected an array (a table), got \(stack.typeName(at: index))")
        }
        let count = stack.rawLength(index)
        guard count > 0 || stack.stringKeys(of: index).isEmpty else {
            throw Failure(path: path, message: "expected an array, got a table with named keys")
        }
        for i in 0..<count {
            stack.rawIndex(index, i + 1)
            defer { stack.pop() }
            try body("\(path)[\(i + 1)]")
        }
    }

    /// The table at `index`, with room made on the stack for reading it:
    /// each level of a nested table holds a few values on the stack while
    /// its contents are read.
    private func table(at index: Int32, path: String, what: String) throws(Failure) -> Int32 {
        guard stack.type(at: index) == .table else {
            throw Failure(path: path, message: "expected \(what), got \(stack.describe(at: index))")
        }
        guard stack.reserve(Self.stackPerLevel) else {
            throw Failure(path: path, message: "not enough memory")
        }
        return stack.absolute(index)
    }

    /// Stack slots one level of reading takes at most: the element, the
    /// array it sits in, and the field being looked at, with room to spare.
    static let stackPerLevel: Int32 = 8

    private func requiredString(_ table: Int32, _ key: String, path: String) throws(Failure) -> String {
        stack.rawField(table, key)
        defer { stack.pop() }
        if let value = stack.string(at: -1) { return value }
        if stack.type(at: -1) == .number { return stack.describe(at: -1) }
        throw Failure(path: path + "." + key, message: "expected a string, got \(stack.describe(at: -1))")
    }

    private func optionalID(_ table: Int32, path: String) throws(Failure) -> String? {
        stack.rawField(table, "id")
        defer { stack.pop() }
        switch stack.type(at: -1) {
        case .nil: return nil
        case .string, .number: return stack.string(at: -1) ?? stack.describe(at: -1)
        default:
            throw Failure(
                path: path + ".id", message: "expected a string or a number, got \(stack.describe(at: -1))")
        }
    }

    private func optionalBool(_ table: Int32, _ key: String, path: String) throws(Failure) -> Bool {
        stack.rawField(table, key)
        defer { stack.pop() }
        switch stack.type(at: -1) {
        case .nil: return false
        case .boolean: return stack.boolean(at: -1)
        default:
            throw Failure(
                path: path + "." + key, message: "expected true or false, got \(stack.describe(at: -1))")
        }
    }

    private func scalar(at index: Int32, path: String) throws(Failure) -> String {
        switch stack.type(at: index) {
        case .string: return stack.string(at: index) ?? ""
        case .number, .boolean: return stack.describe(at: index)
        default:
            if let color = ColorValue.userdata(at: index, on: stack) { return color.hex }
            throw Failure(
                path: path, message: "expected a string, number or boolean, got \(stack.describe(at: index))")
        }
    }
}

extension sbl_field {
    /// The string's bytes (empty for an integer field).
    func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        guard let bytes else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        return bytes.withMemoryRebound(to: UInt8.self, capacity: length) {
            body(UnsafeBufferPointer(start: $0, count: length))
        }
    }
}

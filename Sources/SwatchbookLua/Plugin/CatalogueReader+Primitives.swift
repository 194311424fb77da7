import CLuaShim
import SwatchbookCore

extension CatalogueReader {
    /// The common item, `{ name = "…", color = "#…" }` with a colour that
    /// parses, and what a palette file's reader adds to it (`id`, `key`,
    /// `ref`, `scope`, `description`, `swatch`, a colour value keeping how
    /// it was written), read in one pass without protected mode; nil for
    /// any other value, which ``item(at:path:)`` reads or reports.
    static func plainItem(on stack: LuaStack, at index: Int32 = -1) -> Item? {
        let (shape, fields) = stack.listedItem(at: index)
        guard shape != 0, let item = plainItem(name: fields.name, color: fields.color) else { return nil }
        if shape == 1 { return item }
        let id = fields.id, key = fields.key, ref = fields.ref, scope = fields.scope,
            description = fields.description
        let color = fields.color_block.flatMap {
            ColorValue.authored(block: $0, length: fields.color_block_length, css: fields.color_css.text)
        }
        if color == nil && id.bytes == nil && key.bytes == nil && ref.bytes == nil && scope.bytes == nil
            && description.bytes == nil && fields.swatch.bytes == nil
        {
            return item
        }
        // Longer strings, and a swatch type there is none of, go to the
        // full reader, which reports them.
        guard id.length <= CatalogueLimits.nameBytes,
            [key, ref, scope, description].allSatisfy({ $0.length <= CatalogueLimits.valueBytes })
        else { return nil }
        var swatch: SwatchType?
        if let text = fields.swatch.text {
            guard let type = SwatchType(rawValue: text) else { return nil }
            swatch = type
        }
        let authored = Authored(
            color: color, key: key.text, scope: scope.text, description: description.text,
            reference: ref.text, swatch: swatch)
        return Item(
            name: item.name, color: item.color, id: id.text, fields: [], data: nil,
            authored: authored.isEmpty ? nil : authored)
    }

    /// The item of a plain `{ name, color }` answer's fields; nil when the
    /// colour does not parse as a code (a name, say), for the full reader.
    static func plainItem(name: sbl_field, color: sbl_field) -> Item? {
        guard name.length <= CatalogueLimits.nameBytes, let parsed = plainColor(color) else { return nil }
        return Item(name: name.withBytes { String(decoding: $0, as: UTF8.self) }, color: parsed)
    }

    /// The colour of a plain item or node: a `#` code; nil for any other
    /// form, which the full reader reads (and keeps as written).
    static func plainColor(_ color: sbl_field) -> Color? {
        if color.integer >= 0 {
            // `#RRGGBB` or `#RRGGBBAA`, decoded as the table was read.
            let value = UInt32(truncatingIfNeeded: color.integer)
            return Color(
                red: UInt8(truncatingIfNeeded: value >> 24), green: UInt8(truncatingIfNeeded: value >> 16),
                blue: UInt8(truncatingIfNeeded: value >> 8), alpha: UInt8(truncatingIfNeeded: value))
        }
        guard color.withBytes({ $0.first == UInt8(ascii: "#") }) else { return nil }
        return color.withBytes { Color.parse(utf8: $0) }
    }

    /// The common row of a lazy source, `{ name = "…", count = N }`, read
    /// without protected mode; nil for any other value, which
    /// ``lazyRow(at:path:)`` reads or reports.
    static func plainRow(on stack: LuaStack) -> (RowSummary, RowContent?)? {
        guard let (name, count) = stack.plainRowFields(at: -1), name.length <= CatalogueLimits.nameBytes,
            (0...Int64(CatalogueLimits.itemsPerRow)).contains(count.integer)
        else { return nil }
        let summary = RowSummary(
            name: name.withBytes { String(decoding: $0, as: UTF8.self) }, kind: .items,
            count: Int(count.integer))
        return (summary, nil)
    }

    /// Calls `body` with each element of the array at `index` pushed on top
    /// (and popped after), and its data path.
    func forEachElement(
        of index: Int32, path: String, _ body: (String) throws(Failure) -> Void
    ) throws(Failure) {
        try forEachIndex(of: index, path: path) { (i) throws(Failure) in try body("\(path)[\(i + 1)]") }
    }

    /// Calls `body` with each element of the array at `index` pushed on top
    /// (and popped after), and its index from 0: for readers that make an
    /// element's data path only when they report something, as formatting
    /// it for every element of a large tree cost more than reading it.
    func forEachIndex(
        of index: Int32, path: @autoclosure () -> String, _ body: (Int) throws(Failure) -> Void
    ) throws(Failure) {
        let index = stack.absolute(index)
        guard stack.type(at: index) == .table else {
            throw Failure(
                path: path(), message: "expected an array (a table), got \(stack.typeName(at: index))")
        }
        let count = stack.rawLength(index)
        guard count > 0 || stack.stringKeys(of: index).isEmpty else {
            throw Failure(path: path(), message: "expected an array, got a table with named keys")
        }
        for i in 0..<count {
            stack.rawIndex(index, i + 1)
            defer { stack.pop() }
            try body(i)
        }
    }

    /// The table at `index`, with room made on the stack for reading it:
    /// each level of a nested table holds a few values on the stack while
    /// its contents are read. Its keys are checked against `shape`'s.
    func table(at index: Int32, path: String, what: String, shape: Shape? = nil) throws(Failure)
        -> Int32
    {
        guard stack.type(at: index) == .table else {
            throw Failure(path: path, message: "expected \(what), got \(stack.describe(at: index))")
        }
        guard stack.reserve(Self.stackPerLevel) else {
            throw Failure(path: path, message: "not enough memory")
        }
        let index = stack.absolute(index)
        if let shape { checkKeys(of: index, shape: shape, path: path) }
        return index
    }

    /// An item's or node's table, as ``table(at:path:what:shape:)`` checks
    /// it, and whether it may hold what a palette file said of its colour
    /// (``Shape/authored``): one pass over its keys tells both when it holds
    /// neither those nor unknown keys, the common case.
    func entryTable(at index: Int32, path: String, what: String, shape: Shape) throws(Failure)
        -> (index: Int32, mayBeAuthored: Bool)
    {
        let index = try table(at: index, path: path, what: what)
        guard stack.unknownKeyCount(of: index, known: shape.known & ~Shape.authored) > 0 else {
            return (index, false)
        }
        checkKeys(of: index, shape: shape, path: path)
        return (index, true)
    }

    /// Stack slots one level of reading takes at most: the element, the
    /// array it sits in, and the field being looked at, with room to spare.
    static let stackPerLevel: Int32 = 8

    /// Fails when the value at `index` is a string of more than `limit`
    /// bytes, before it is copied out of Lua. What it is and its path are
    /// made only for the error: a string is read for every name of a
    /// catalogue, and making them every time cost more than the reading.
    func checkLength(
        at index: Int32, limit: Int, what: @autoclosure () -> String, path: @autoclosure () -> String
    ) throws(Failure) {
        guard stack.type(at: index) == .string else { return }
        let length = stack.rawLength(index)
        guard length > limit else { return }
        throw Failure(
            path: path(), message: "expected \(what()) of at most \(limit) bytes, got one of \(length) bytes")
    }

    func requiredString(_ table: Int32, _ key: String, path: String) throws(Failure) -> String {
        stack.rawField(table, key)
        defer { stack.pop() }
        try checkLength(at: -1, limit: CatalogueLimits.nameBytes, what: "a " + key, path: path + "." + key)
        if let value = stack.string(at: -1) { return value }
        if stack.type(at: -1) == .number { return stack.describe(at: -1) }
        let missing = stack.type(at: -1) == .nil
        throw Failure(
            path: path + "." + key,
            message: "expected a string, got \(stack.describe(at: -1))"
                + (missing ? nearMiss(of: key, in: table) : ""))
    }

    /// The colour at `table.color`, which must be there, with its authored
    /// form when it says more than the colour.
    func requiredColor(_ table: Int32, path: String) throws(Failure) -> (Color, AuthoredColor?) {
        stack.rawField(table, "color")
        defer { stack.pop() }
        if stack.type(at: -1) == .nil {
            throw Failure(
                path: path + ".color",
                message: "expected a colour, got nil" + nearMiss(of: "color", in: table))
        }
        switch ColorValue.readAuthored(at: -1, on: stack, keepsHex: false) {
        case .success(let value): return value
        case .failure(let error):
            throw Failure(path: path + ".color", message: error.message, code: .badColour)
        }
    }

    func optionalID(_ table: Int32, path: String) throws(Failure) -> String? {
        stack.rawField(table, "id")
        defer { stack.pop() }
        switch stack.type(at: -1) {
        case .nil: return nil
        case .string, .number:
            try checkLength(at: -1, limit: CatalogueLimits.nameBytes, what: "an id", path: path + ".id")
            return stack.string(at: -1) ?? stack.describe(at: -1)
        default:
            throw Failure(
                path: path + ".id", message: "expected a string or a number, got \(stack.describe(at: -1))")
        }
    }

    func optionalBool(_ table: Int32, _ key: String, path: String) throws(Failure) -> Bool {
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

    /// A field's key or value: `limit` is its longest length in bytes.
    func scalar(at index: Int32, path: String, limit: Int = CatalogueLimits.valueBytes) throws(Failure)
        -> String
    {
        switch stack.type(at: index) {
        case .string:
            try checkLength(at: index, limit: limit, what: "a string", path: path)
            return stack.string(at: index) ?? ""
        case .number, .boolean: return stack.describe(at: index)
        default:
            if let color = ColorValue.userdata(at: index, on: stack) { return color.hex }
            throw Failure(
                path: path, message: "expected a string, number or boolean, got \(stack.describe(at: index))")
        }
    }
}

extension sbl_field {
    /// The string, nil when the field is absent.
    var text: String? { bytes == nil ? nil : withBytes { String(decoding: $0, as: UTF8.self) } }

    /// The string's bytes (empty for an integer field).
    func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        guard let bytes else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        return bytes.withMemoryRebound(to: UInt8.self, capacity: length) {
            body(UnsafeBufferPointer(start: $0, count: length))
        }
    }
}

import SwatchbookCore
extension JSONValue {
    /// Pushes the value as Lua sees it: objects as tables with string keys,
    /// arrays as sequences from 1, integers as Lua integers, other numbers
    /// as floats, and `null` as nil.
    ///
    /// A `null` member leaves its key absent, and a `null` item leaves a
    /// hole in its array (`[1, null, 3]` has `t[2] == nil`, and `#t` may be
    /// 1 or 3), because a Lua table cannot hold nil.
    func push(on stack: LuaStack) throws(LuaHostError) {
        switch self {
        case .null: stack.pushNil()
        case .bool(let value): stack.push(value)
        case .integer(let value): stack.push(value)
        case .number(let value): stack.push(value)
        case .string(let value): stack.push(value)
        case .array(let items):
            guard stack.reserve(4) else { throw LuaHostError("not enough memory") }
            stack.newTable(arrayCount: items.count)
            for (i, item) in items.enumerated() {
                if case .null = item { continue }
                try item.push(on: stack)
                stack.setRawIndex(-2, i + 1)
            }
        case .object(let members):
            guard stack.reserve(5) else { throw LuaHostError("not enough memory") }
            var present = 0
            for member in members {
                if case .null = member.value { continue }
                present += 1
            }
            // The table, and below it the order `pairs` visits its members
            // in (the document's); each key is made once for both.
            stack.newTable(fieldCount: members.count)
            stack.newTable(arrayCount: present)
            var k = 0
            for member in members {
                if case .null = member.value { continue }
                k += 1
                stack.push(member.key)
                stack.pushValue(-1)
                stack.setRawIndex(-3, k)
                try member.value.push(on: stack)
                stack.rawSet(-4)
            }
            stack.keepKeyOrder(-2)
        }
    }

    /// Reads the Lua value at `index` as JSON, by raw access (no
    /// metamethods run); a failure names the offending part, as in
    /// `value.items[2].f: cannot encode a function`.
    ///
    /// A table whose keys are exactly 1...n is an array, one with string
    /// keys an object, and an empty table the empty object `{}`. An
    /// object's members come in the order `pairs` visits them: a decoded
    /// object's in its document's order, any other's sorted. Colours
    /// become their hex strings; nil at the top is `null`.
    ///
    /// At most `limit` bytes are read, counting 64 for each value and the
    /// bytes of each string and key, a table or string shared in several
    /// places counting each time: `t = {t, t}` nested twenty times is a
    /// million values, and `{s, s, s}` three times the string.
    init(luaValueAt index: Int32, on stack: LuaStack, limit: Int) throws(LuaHostError) {
        var reader = LuaJSONReader(stack: stack, limit: limit)
        self = try reader.value(at: stack.absolute(index))
    }
}

extension JSONValue {
    /// The value its pushed table reads back as (``init(luaValueAt:on:limit:)``
    /// after ``push(on:)``), made from a parsed tree without Lua: a null
    /// member is left out, an empty array is the empty object; a part that
    /// has neither is the tree's own, not a copy. Nil where the walk back
    /// would say more than that (a null in an array is a hole it refuses,
    /// a value nested as deep as the limit is refused): the caller then
    /// pushes and reads back. A parsed tree has no key twice (the parser
    /// refuses one). `spent` counts what the walk back counts against the
    /// cap.
    func asLuaGivesItBack(spent: inout Int, depth: Int) -> JSONValue? {
        guard let (value, changed) = readBack(spent: &spent, depth: depth) else { return nil }
        return changed ? value : self
    }

    /// ``asLuaGivesItBack(spent:depth:)``, and whether the value differs
    /// from this one.
    private func readBack(spent: inout Int, depth: Int) -> (JSONValue, changed: Bool)? {
        spent += LuaJSONReader.valueBytes
        switch self {
        case .null, .bool, .integer, .number: return (self, false)
        case .string(let text):
            spent += text.utf8.count
            return (self, false)
        case .array(let items):
            guard depth < JSONValue.maximumDepth else { return nil }
            if items.isEmpty { return (.object([]), true) }
            var kept: [JSONValue]?
            for (i, item) in items.enumerated() {
                if case .null = item { return nil }
                guard let (value, changed) = item.readBack(spent: &spent, depth: depth + 1) else {
                    return nil
                }
                if changed && kept == nil { kept = Array(items[..<i]) }
                kept?.append(value)
            }
            return kept.map { (.array($0), true) } ?? (self, false)
        case .object(let members):
            guard depth < JSONValue.maximumDepth else { return nil }
            var kept: [Member]?
            for (i, member) in members.enumerated() {
                if case .null = member.value {
                    if kept == nil { kept = Array(members[..<i]) }
                    continue
                }
                spent += member.key.utf8.count
                guard let (value, changed) = member.value.readBack(spent: &spent, depth: depth + 1) else {
                    return nil
                }
                if changed && kept == nil { kept = Array(members[..<i]) }
                kept?.append(changed ? Member(member.key, value) : member)
            }
            return kept.map { (.object($0), true) } ?? (self, false)
        }
    }
}

/// The walk behind ``JSONValue/init(luaValueAt:on:)``: it remembers the
/// tables it is inside, so a cycle is an error and not an endless loop,
/// and the keys it followed, so an error can name its place.
struct LuaJSONReader {
    enum Step {
        case index(Int)
        case key(String)
    }

    let stack: LuaStack
    private var ancestors: Set<UnsafeRawPointer> = []
    private var path: [Step] = []
    private let limit: Int
    private var read = 0

    init(stack: LuaStack, limit: Int) {
        self.stack = stack
        self.limit = limit
    }

    /// What one value costs outside the cap, besides its text.
    static let valueBytes = 64

    /// Counts `bytes` against the limit, before they are copied.
    private mutating func spend(_ bytes: Int) throws(LuaHostError) {
        read += bytes
        guard read <= limit else {
            throw failure(
                "the value would take more than \(limit / 1_048_576) MiB to encode (the memory cap, --max-memory),"
                    + " shared tables and strings counted each time they appear")
        }
    }

    mutating func value(at index: Int32) throws(LuaHostError) -> JSONValue {
        try spend(Self.valueBytes + (stack.type(at: index) == .string ? stack.rawLength(index) : 0))
        switch stack.type(at: index) {
        case .nil, .none: return .null
        case .boolean: return .bool(stack.boolean(at: index))
        case .number:
            if stack.isInteger(at: index), let value = stack.integer(at: index) {
                return .integer(value)
            }
            let value = stack.number(at: index) ?? .nan
            guard value.isFinite else { throw failure("cannot encode \(JSONValue.name(of: value))") }
            return .number(value)
        case .string:
            guard let text = string(at: index) else {
                throw failure("cannot encode a string that is not valid UTF-8")
            }
            return .string(text)
        case .userdata:
            guard let color = ColorValue.userdata(at: index, on: stack) else {
                throw failure("cannot encode a userdata")
            }
            return .string(color.hex)
        case .lightUserdata: throw failure("cannot encode a userdata")
        case .function: throw failure("cannot encode a function")
        case .thread: throw failure("cannot encode a thread")
        case .table: return try table(at: index)
        }
    }

    private mutating func table(at index: Int32) throws(LuaHostError) -> JSONValue {
        guard path.count < JSONValue.maximumDepth else {
            throw failure("nesting deeper than \(JSONValue.maximumDepth) levels")
        }
        guard let identity = stack.identity(at: index), ancestors.insert(identity).inserted else {
            throw failure("the table contains itself, and a cycle cannot be encoded")
        }
        defer { ancestors.remove(identity) }
        guard stack.reserve(4) else { throw LuaHostError("not enough memory") }

        let keys = try self.keys(of: index)
        if keys.count > 0 {
            var items: [JSONValue] = []
            items.reserveCapacity(keys.count)
            for i in 1...keys.count {
                stack.rawIndex(index, i)
                path.append(.index(i))
                items.append(try value(at: stack.top))
                path.removeLast()
                stack.pop()
            }
            return .array(items)
        }
        var members: [JSONValue.Member] = []
        members.reserveCapacity(keys.strings.count)
        for key in keys.strings {
            try spend(key.utf8.count)
            stack.rawField(index, key)
            path.append(.key(key))
            members.append(JSONValue.Member(key, try value(at: stack.top)))
            path.removeLast()
            stack.pop()
        }
        return .object(members)
    }

    /// The table's keys, checked to make an array (`count` items, keys
    /// 1...count) or an object (`strings`, in `pairs` order, so the members
    /// and any error inside come in the same order every run).
    private func keys(of table: Int32) throws(LuaHostError) -> (count: Int, strings: [String]) {
        var integers: [Int] = []
        // String keys are only counted and checked here; they are read in
        // their order below.
        var strings = 0
        var others: [String] = []
        var invalidText = false
        stack.pushNil()
        while stack.next(table) {
            switch stack.type(at: -2) {
            case .number where stack.isInteger(at: -2):
                integers.append(stack.integer(at: -2) ?? 0)
            case .string:
                if isValidUTF8(at: -2) { strings += 1 } else { invalidText = true }
            default:
                others.append(stack.describe(at: -2))
            }
            stack.pop()
        }
        if invalidText {
            throw failure("cannot encode a key that is not valid UTF-8")
        }
        if let key = others.sorted().first {
            throw failure("cannot encode the key \(key) (keys must be strings, or 1..n for an array)")
        }
        if !integers.isEmpty && strings > 0 {
            throw failure("cannot encode a table with both string keys and integer keys")
        }
        integers.sort()
        if let key = integers.first, key < 1 {
            throw failure("cannot encode the key \(key) (an array's keys run from 1 to n)")
        }
        if let hole = integers.indices.first(where: { integers[$0] != $0 + 1 }) {
            throw failure("cannot encode an array with a hole at [\(hole + 1)]")
        }
        return (integers.count, strings == 0 ? [] : try orderedStrings(of: table))
    }

    /// The string keys of a table of string keys, in `pairs` order.
    private func orderedStrings(of table: Int32) throws(LuaHostError) -> [String] {
        let count = stack.pushKeysInOrder(table)
        guard count >= 0 else { throw LuaHostError("not enough memory") }
        defer { stack.pop() }
        var keys: [String] = []
        keys.reserveCapacity(count)
        for k in 0..<count {
            stack.rawIndex(-1, k + 1)
            if let key = string(at: -1) { keys.append(key) }
            stack.pop()
        }
        return keys
    }

    /// Whether `bytes` are a short ASCII string (a key, most values): valid
    /// UTF-8 as they are, and far cheaper to decode than to check. A long
    /// string is left to the standard library's check, as quick as a scan.
    private static func isShortASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count <= 64 && bytes.allSatisfy { $0 < 0x80 }
    }

    /// Whether the string at `index` is valid UTF-8, read as ``string(at:)`` reads it.
    private func isValidUTF8(at index: Int32) -> Bool {
        stack.withBytes(at: index) { bytes in
            Self.isShortASCII(bytes) || String(validating: bytes, as: UTF8.self) != nil
        } ?? false
    }

    /// The string at `index` when it is valid UTF-8, which JSON requires.
    private func string(at index: Int32) -> String? {
        stack.withBytes(at: index) { bytes in
            Self.isShortASCII(bytes)
                ? String(decoding: bytes, as: UTF8.self) : String(validating: bytes, as: UTF8.self)
        } ?? nil
    }

    /// An error at the current place, named as a script would write it:
    /// `value.items[2]["two words"]`.
    private func failure(_ message: String) -> LuaHostError {
        var name = "value"
        for step in path {
            switch step {
            case .index(let i): name += "[\(i)]"
            case .key(let key):
                let identifier =
                    key.first.map { $0 == "_" || ($0.isASCII && $0.isLetter) } == true
                    && key.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
                name += identifier ? "." + key : "[" + JSONValue.quoted(key) + "]"
            }
        }
        return LuaHostError("\(name): \(message)")
    }
}

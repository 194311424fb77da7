/// A JSON document (RFC 8259) as a tree, for `sb.json` and the saved view
/// state.
///
/// The host keeps its own small parser and encoder rather than Foundation's
/// so that errors can say where they are (line and column), numbers keep
/// Lua's integer/float distinction, and output is byte-for-byte the same on
/// every platform.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number written without a fraction or an exponent that fits in 64 bits.
    case integer(Int)
    /// Any other number; always finite.
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in document order. Keys compare by their bytes, so `"é"` and
    /// `"e\u{301}"` stay two keys as they are in Lua.
    case object([Member])

    public struct Member: Equatable, Sendable {
        public var key: String
        public var value: JSONValue

        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// How deeply arrays and objects may nest, both ways; deeper input is
    /// refused rather than risking the native stack. Room for a tree some
    /// hundreds of levels deep written as JSON (an object, and the array of
    /// its children, a level), at half of what a worker thread's stack
    /// holds in a debug build.
    public static let maximumDepth = 1024

    /// Parses UTF-8 JSON text; a leading byte-order mark is skipped.
    public init(parsing text: some Collection<UInt8>) throws(JSONSyntaxError) {
        var parser = JSONParser(Array(text))
        self = try parser.document()
    }

    public init(parsing text: String) throws(JSONSyntaxError) {
        try self.init(parsing: text.utf8)
    }

    /// Parses UTF-8 JSON text as ``init(parsing:)`` does, and says where
    /// each value starts: `places` lists them in document order, which is
    /// the order of a walk that visits a value before its members or items.
    /// For readers that point at the value at fault; plain parsing does
    /// not pay for it.
    public static func parsingWithPlaces(_ text: some Collection<UInt8>) throws(JSONSyntaxError)
        -> (value: JSONValue, places: [JSONPlace])
    {
        var parser = JSONParser(Array(text), recordsStarts: true)
        let value = try parser.document()
        return (value, parser.places)
    }
}

/// Where a JSON value starts: its line and column, from 1, the column in
/// Unicode scalars as ``JSONSyntaxError`` counts it.
public struct JSONPlace: Equatable, Sendable {
    public let line: Int
    public let column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

/// Why JSON text could not be parsed, and where: `line 3, column 14: expected ',' or '}'`.
///
/// Lines and columns count from 1; columns count characters (Unicode
/// scalars), not bytes, so they match what an editor shows.
public struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    public let message: String

    public var description: String { "line \(line), column \(column): \(message)" }
}

/// Why a value could not be written as JSON.
public struct JSONEncodingError: Error, Equatable, CustomStringConvertible {
    public let message: String

    public init(message: String) { self.message = message }

    public var description: String { message }
}

extension JSONValue {
    /// A step of a path into a document: an object's member (the first of
    /// that key, as readers take it) or an array's item, from 0.
    public enum Step: Equatable, Sendable {
        case key(String)
        case index(Int)
    }

    /// Where the value at `path` starts in the JSON `text`: for a finding
    /// made after reading (a declared pair below its minimum) that an
    /// annotation should point at. Nil when the text does not parse or has
    /// no value there.
    public static func place(of path: [Step], in text: some Collection<UInt8>) -> JSONPlace? {
        places(of: [path], in: text)[0]
    }

    /// Where each of `paths` starts in `text`, as ``place(of:in:)`` says,
    /// the text parsed once for them all.
    public static func places(of paths: [[Step]], in text: some Collection<UInt8>) -> [JSONPlace?] {
        guard let (document, places) = try? parsingWithPlaces(text) else {
            return Array(repeating: nil, count: paths.count)
        }
        return paths.map { path in
            // `places` is in the order of a walk that visits a value before
            // its members: the value at `path` comes after each value it is
            // inside and after every value of the siblings before it.
            var order = 0
            var value = document
            for step in path {
                switch (value, step) {
                case (.object(let members), .key(let key)):
                    guard let found = members.firstIndex(where: { $0.key == key }) else { return nil }
                    order += 1 + members[..<found].reduce(0) { $0 + $1.value.valueCount }
                    value = members[found].value
                case (.array(let items), .index(let index)) where items.indices.contains(index):
                    order += 1 + items[..<index].reduce(0) { $0 + $1.valueCount }
                    value = items[index]
                default:
                    return nil
                }
            }
            return places.indices.contains(order) ? places[order] : nil
        }
    }

    /// How many values this one is: itself and every value inside it.
    private var valueCount: Int {
        switch self {
        case .object(let members): 1 + members.reduce(0) { $0 + $1.value.valueCount }
        case .array(let items): 1 + items.reduce(0) { $0 + $1.valueCount }
        default: 1
        }
    }
}

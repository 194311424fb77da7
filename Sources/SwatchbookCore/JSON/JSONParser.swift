/// A strict RFC 8259 parser over UTF-8 bytes.
///
/// It tracks only a byte offset; an error works out its line and column
/// from the bytes before it, so the happy path pays nothing for positions.
/// Asked to (`recordsStarts`), it also notes where each value starts, in
/// document order, which ``places`` turns into lines and columns once.
struct JSONParser {
    private let bytes: [UInt8]
    private let start: Int
    private var offset: Int
    private var depth = 0
    /// The byte offset of each value read, in document order; nil when not asked.
    private(set) var starts: [Int]?

    init(_ bytes: [UInt8], recordsStarts: Bool = false) {
        self.bytes = bytes
        start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        offset = start
        starts = recordsStarts ? [] : nil
    }

    /// Where each recorded value starts, as line and column (counted as
    /// errors count them), in one pass over the text.
    var places: [JSONPlace] {
        guard let starts else { return [] }
        var places: [JSONPlace] = []
        places.reserveCapacity(starts.count)
        var line = 1
        var column = 1
        var at = start
        for position in starts {
            while at < position {
                let byte = bytes[at]
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
                at += 1
            }
            places.append(JSONPlace(line: line, column: column))
        }
        return places
    }

    /// The one value the text holds, with nothing but whitespace around it.
    mutating func document() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        let result = try value()
        skipWhitespace()
        guard offset == bytes.count else {
            throw error("unexpected \(describe(bytes[offset])) after the JSON value")
        }
        return result
    }

    // MARK: Values

    private mutating func value() throws(JSONSyntaxError) -> JSONValue {
        guard let byte = peek else { throw error("unexpected end of input, expected a value") }
        starts?.append(offset)
        switch byte {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error("expected a value")
        }
    }

    private mutating func literal(_ word: String, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
        guard bytes[offset...].starts(with: word.utf8) else { throw error("expected '\(word)'") }
        offset += word.utf8.count
        return value
    }

    /// Up to how many members an object's keys are checked one by one.
    private static let smallObject = 8

    private mutating func object() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        defer { depth -= 1 }
        skipWhitespace()
        var members: [JSONValue.Member] = []
        // Keys compare by their bytes: Strings hash by canonical equivalence,
        // so thousands of byte-different but equivalent keys would all meet
        // in one bucket and make the check quadratic. A small object (most
        // of them) is checked against its few keys; a set is made only
        // once it has more.
        var seen: Set<[UInt8]>?
        if peek == UInt8(ascii: "}") {
            offset += 1
            return .object(members)
        }
        while true {
            guard peek == UInt8(ascii: "\"") else { throw expected("a string key") }
            let keyOffset = offset
            let key = try string()
            if members.count < Self.smallObject {
                if members.contains(where: { $0.key.utf8.elementsEqual(key.utf8) }) {
                    throw error("duplicate key \(JSONValue.quoted(key))", at: keyOffset)
                }
            } else {
                if seen == nil { seen = Set(members.map { Array($0.key.utf8) }) }
                guard seen!.insert(Array(key.utf8)).inserted else {
                    throw error("duplicate key \(JSONValue.quoted(key))", at: keyOffset)
                }
            }
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else { throw expected("':'") }
            offset += 1
            skipWhitespace()
            members.append(JSONValue.Member(key, try value()))
            skipWhitespace()
            guard try separator(closing: "}") else { return .object(members) }
        }
    }

    private mutating func array() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        defer { depth -= 1 }
        skipWhitespace()
        var items: [JSONValue] = []
        if peek == UInt8(ascii: "]") {
            offset += 1
            return .array(items)
        }
        while true {
            items.append(try value())
            skipWhitespace()
            guard try separator(closing: "]") else { return .array(items) }
        }
    }

    /// Consumes `[` or `{`, refusing nesting past the limit.
    private mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= JSONValue.maximumDepth else {
            throw error("nesting deeper than \(JSONValue.maximumDepth) levels")
        }
        offset += 1
    }

    /// After a member or an item: true after a `,` (another must follow),
    /// false after the closing bracket.
    private mutating func separator(closing: Unicode.Scalar) throws(JSONSyntaxError) -> Bool {
        let close = UInt8(ascii: closing)
        switch peek {
        case UInt8(ascii: ","):
            let comma = offset
            offset += 1
            skipWhitespace()
            if peek == close { throw error("trailing comma before '\(closing)'", at: comma) }
            return true
        case close:
            offset += 1
            return false
        default:
            throw expected("',' or '\(closing)'")
        }
    }

    // MARK: Numbers

    private mutating func number() throws(JSONSyntaxError) -> JSONValue {
        let first = offset
        var integral = true
        if peek == UInt8(ascii: "-") { offset += 1 }
        if peek == UInt8(ascii: "0") {
            offset += 1
            if let next = peek, isDigit(next) { throw error("leading zeros are not allowed in numbers") }
        } else {
            try digits(after: "'-'")
        }
        if peek == UInt8(ascii: ".") {
            integral = false
            offset += 1
            try digits(after: "'.'")
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            integral = false
            offset += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { offset += 1 }
            try digits(after: "the exponent")
        }
        if integral, let value = integer(bytes[first..<offset]) { return .integer(value) }
        let text = String(decoding: bytes[first..<offset], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error("the number \(text) is too large", at: first)
        }
        return .number(value)
    }

    /// Well-formed integer text as an Int, or nil past 64 bits.
    private func integer(_ text: ArraySlice<UInt8>) -> Int? {
        let negative = text.first == UInt8(ascii: "-")
        var value = 0  // kept negative, so that Int.min fits
        for byte in negative ? text.dropFirst() : text {
            let (tens, overflow) = value.multipliedReportingOverflow(by: 10)
            let (next, underflow) = tens.subtractingReportingOverflow(Int(byte &- UInt8(ascii: "0")))
            guard !overflow && !underflow else { return nil }
            value = next
        }
        if negative { return value }
        return value == .min ? nil : -value
    }

    private mutating func digits(after what: String) throws(JSONSyntaxError) {
        guard let next = peek, isDigit(next) else { throw expected("a digit after \(what)") }
        while let next = peek, isDigit(next) { offset += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    // MARK: Strings

    /// A string literal; the text is checked as UTF-8 as it is read.
    private mutating func string() throws(JSONSyntaxError) -> String {
        let opening = offset
        offset += 1
        // Most strings have no escapes: take them whole when they are valid UTF-8.
        var end = offset
        var bits: UInt8 = 0
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"),
            bytes[end] >= 0x20
        {
            bits |= bytes[end]
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\""),
            let text = bytes.withUnsafeBufferPointer({
                let slice = UnsafeBufferPointer(rebasing: $0[offset..<end])
                // ASCII (nearly every key and value) is valid as it is, and
                // decoding it is far cheaper than the general check.
                return bits < 0x80
                    ? String(decoding: slice, as: UTF8.self) : String(validating: slice, as: UTF8.self)
            })
        {
            offset = end + 1
            return text
        }
        var output: [UInt8] = []
        while true {
            guard let byte = peek else { throw error("unterminated string", at: opening) }
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return String(decoding: output, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try escape(into: &output, opening: opening)
            case 0..<0x20:
                let hex = String(byte, radix: 16, uppercase: true)
                let code = "U+" + String(repeating: "0", count: 4 - hex.count) + hex
                throw error("control character \(code) must be escaped in a string")
            case 0..<0x80:
                output.append(byte)
                offset += 1
            default:
                let length = try utf8SequenceLength()
                output.append(contentsOf: bytes[offset..<offset + length])
                offset += length
            }
        }
    }

    private mutating func escape(into output: inout [UInt8], opening: Int) throws(JSONSyntaxError) {
        let backslash = offset
        offset += 1
        guard let byte = peek else { throw error("unterminated string", at: opening) }
        offset += 1
        let simple: UInt8? =
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): byte
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
        if let simple {
            output.append(simple)
            return
        }
        guard byte == UInt8(ascii: "u") else {
            let shown = byte < 0x80 && byte >= 0x20 ? "'\\\(Character(Unicode.Scalar(byte)))'" : "escape"
            throw error("invalid escape \(shown)", at: backslash)
        }
        var code = try hexQuad(escapeAt: backslash)
        if (0xD800...0xDBFF).contains(code) {
            // A high surrogate counts only with a low one right after it.
            let saved = offset
            if bytes[offset...].starts(with: "\\u".utf8) {
                offset += 2
                let low = try hexQuad(escapeAt: saved)
                if (0xDC00...0xDFFF).contains(low) {
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    offset = saved
                }
            }
        }
        let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"  // lone surrogates
        output.append(contentsOf: Array(String(scalar).utf8))
    }

    private mutating func hexQuad(escapeAt backslash: Int) throws(JSONSyntaxError) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek, let digit = Character(Unicode.Scalar(byte)).hexDigitValue else {
                throw error("invalid \\u escape: expected four hex digits", at: backslash)
            }
            code = code << 4 | UInt32(digit)
            offset += 1
        }
        return code
    }

    /// The length of the well-formed UTF-8 sequence at `offset` (no
    /// overlong forms, no surrogates, nothing past U+10FFFF).
    private func utf8SequenceLength() throws(JSONSyntaxError) -> Int {
        let lead = bytes[offset]
        let (length, range): (Int, ClosedRange<UInt8>) =
            switch lead {
            case 0xC2...0xDF: (2, 0x80...0xBF)
            case 0xE0: (3, 0xA0...0xBF)
            case 0xED: (3, 0x80...0x9F)
            case 0xE1...0xEF: (3, 0x80...0xBF)
            case 0xF0: (4, 0x90...0xBF)
            case 0xF1...0xF3: (4, 0x80...0xBF)
            case 0xF4: (4, 0x80...0x8F)
            default: (0, 0...0)
            }
        guard length > 0, offset + length <= bytes.count, range.contains(bytes[offset + 1]),
            bytes[offset + 2..<offset + length].allSatisfy({ (0x80...0xBF).contains($0) })
        else { throw error("invalid UTF-8") }
        return length
    }

    // MARK: Scanning and errors

    private var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private mutating func skipWhitespace() {
        while let byte = peek,
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
                || byte == UInt8(ascii: "\t")
        {
            offset += 1
        }
    }

    /// "expected X" here, or that the input ended first.
    private func expected(_ what: String) -> JSONSyntaxError {
        error(offset < bytes.count ? "expected \(what)" : "unexpected end of input, expected \(what)")
    }

    private func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "text"
    }

    private func error(_ message: String, at position: Int? = nil) -> JSONSyntaxError {
        let position = position ?? offset
        var line = 1
        var column = 1
        for byte in bytes[start..<min(position, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONSyntaxError(line: line, column: column, message: message)
    }
}

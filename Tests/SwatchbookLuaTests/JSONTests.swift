import Testing

@testable import SwatchbookCore
@testable import SwatchbookLua

@Suite("JSON parser and encoder")
struct JSONTests {
    // MARK: Parsing

    static let values: [(String, JSONValue)] = [
        ("null", .null),
        (" true ", .bool(true)),
        ("false", .bool(false)),
        ("0", .integer(0)),
        ("-0", .integer(0)),
        ("-12", .integer(-12)),
        ("9223372036854775807", .integer(Int.max)),
        ("-9223372036854775808", .integer(Int.min)),
        ("9223372036854775808", .number(9_223_372_036_854_775_808)),
        ("1.0", .number(1)),
        ("1E2", .number(100)),
        ("-2.5e-3", .number(-0.0025)),
        (#""""#, .string("")),
        (#""\"\\\/\b\f\n\r\t""#, .string("\"\\/\u{08}\u{0C}\n\r\t")),
        (#""\u00e9\u00C9""#, .string("éÉ")),
        (#""\ud83c\udfa8""#, .string("🎨")),
        (#""\ud83c""#, .string("\u{FFFD}")),
        (#""\ud83cx""#, .string("\u{FFFD}x")),
        (#""\udfa8""#, .string("\u{FFFD}")),
        (#""\ud83c\ud83c\udfa8""#, .string("\u{FFFD}🎨")),
        (#""\ud83c\u0041""#, .string("\u{FFFD}A")),
        (#""é🎨 \u007f""#, .string("é🎨 \u{7F}")),
        ("[]", .array([])),
        ("{}", .object([])),
        ("[1, [2, []], {}]", .array([.integer(1), .array([.integer(2), .array([])]), .object([])])),
        (
            #"{"b": null, "a": {"c": [true]}}"#,
            .object([.init("b", .null), .init("a", .object([.init("c", .array([.bool(true)]))]))])
        ),
        ("\u{FEFF}[1]", .array([.integer(1)])),
        ("\r\n\t [ 1 ]\n", .array([.integer(1)])),
    ]

    @Test("parses", arguments: values)
    func parses(_ text: String, _ expected: JSONValue) throws {
        #expect(try JSONValue(parsing: text) == expected)
    }

    @Test func canonicallyEquivalentKeysStayApart() throws {
        let value = try JSONValue(parsing: "{\"\u{E9}\": 1, \"e\u{301}\": 2}")
        guard case .object(let members) = value else {
            Issue.record("expected an object")
            return
        }
        #expect(members.count == 2)
        #expect(try value.encoded() == "{\"\u{E9}\":1,\"e\u{301}\":2}")
        // and in an object of more members than are checked one by one
        let keys = (1...9).map { "\"k\($0)\": \($0), " }.joined()
        let large = try JSONValue(parsing: "{" + keys + "\"\u{E9}\": 1, \"e\u{301}\": 2}")
        guard case .object(let many) = large else {
            Issue.record("expected an object")
            return
        }
        #expect(many.count == 11)
    }

    // MARK: Malformed input

    static let malformed: [(String, String)] = [
        ("", "line 1, column 1: unexpected end of input, expected a value"),
        ("   ", "line 1, column 4: unexpected end of input, expected a value"),
        (#"{"a": 1 "b": 2}"#, "line 1, column 9: expected ',' or '}'"),
        ("{\n  \"a\": [1, 2,\n  3 4]\n}", "line 3, column 5: expected ',' or ']'"),
        ("[1, 2,]", "line 1, column 6: trailing comma before ']'"),
        (#"{"a": 1,}"#, "line 1, column 8: trailing comma before '}'"),
        ("[1,\r\n2,\r\n]", "line 2, column 2: trailing comma before ']'"),
        ("{'a': 1}", "line 1, column 2: expected a string key"),
        ("{1: 1}", "line 1, column 2: expected a string key"),
        (#"{"a" 1}"#, "line 1, column 6: expected ':'"),
        (#"{"a": }"#, "line 1, column 7: expected a value"),
        (#"{"a": 1, "a": 2}"#, #"line 1, column 10: duplicate key "a""#),
        // an object of more members than are checked one by one
        (
            "{\"a\": 1, \"b\": 2, \"c\": 3, \"d\": 4, \"e\": 5, \"f\": 6, \"g\": 7, \"h\": 8,\n \"i\": 9, \"c\": 0}",
            #"line 2, column 10: duplicate key "c""#
        ),
        (
            "{\"a\": 1, \"b\": 2, \"c\": 3, \"d\": 4, \"e\": 5, \"f\": 6, \"g\": 7, \"h\": 8, \"h\": 9}",
            #"line 1, column 66: duplicate key "h""#
        ),
        ("[01]", "line 1, column 3: leading zeros are not allowed in numbers"),
        ("[1.]", "line 1, column 4: expected a digit after '.'"),
        ("[-]", "line 1, column 3: expected a digit after '-'"),
        ("[1e]", "line 1, column 4: expected a digit after the exponent"),
        ("[1e+]", "line 1, column 5: expected a digit after the exponent"),
        ("[.5]", "line 1, column 2: expected a value"),
        ("[+1]", "line 1, column 2: expected a value"),
        ("1e400", "line 1, column 1: the number 1e400 is too large"),
        ("[NaN]", "line 1, column 2: expected a value"),
        ("tru", "line 1, column 1: expected 'true'"),
        ("[nul]", "line 1, column 2: expected 'null'"),
        ("[True]", "line 1, column 2: expected a value"),
        (#""abc"#, "line 1, column 1: unterminated string"),
        (#"["a\"#, "line 1, column 2: unterminated string"),
        (#""a\qb""#, #"line 1, column 3: invalid escape '\q'"#),
        (#""\u12G4""#, #"line 1, column 2: invalid \u escape: expected four hex digits"#),
        (#""\u12""#, #"line 1, column 2: invalid \u escape: expected four hex digits"#),
        (#""\ud83c\u12""#, #"line 1, column 8: invalid \u escape: expected four hex digits"#),
        ("\"a\nb\"", "line 1, column 3: control character U+000A must be escaped in a string"),
        ("\"a\tb\"", "line 1, column 3: control character U+0009 must be escaped in a string"),
        ("[1] 2", "line 1, column 5: unexpected '2' after the JSON value"),
        (#"{"a":1}}"#, "line 1, column 8: unexpected '}' after the JSON value"),
        ("[1, 2", "line 1, column 6: unexpected end of input, expected ',' or ']'"),
        (#"{"a""#, "line 1, column 5: unexpected end of input, expected ':'"),
        (#"["é", x]"#, "line 1, column 7: expected a value"),
        ("\u{FEFF}[1,]", "line 1, column 3: trailing comma before ']'"),
        ("[\u{201C}a\u{201D}]", "line 1, column 2: expected a value"),
    ]

    @Test("reports line and column", arguments: malformed)
    func reportsPosition(_ text: String, _ expected: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: text) }
        do {
            _ = try JSONValue(parsing: text)
        } catch {
            #expect(error.description == expected)
        }
    }

    static let invalidUTF8: [([UInt8], String)] = [
        ([0x22, 0xFF, 0x22], "line 1, column 2: invalid UTF-8"),
        ([0x22, 0x61, 0xC3, 0x22], "line 1, column 3: invalid UTF-8"),  // truncated é
        ([0x22, 0xC0, 0xAF, 0x22], "line 1, column 2: invalid UTF-8"),  // overlong '/'
        ([0x22, 0xED, 0xA0, 0x80, 0x22], "line 1, column 2: invalid UTF-8"),  // encoded surrogate
        ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "line 1, column 2: invalid UTF-8"),  // past U+10FFFF
        ([0x0A, 0x22, 0xC3, 0xA9, 0xE2, 0x82, 0x22], "line 2, column 3: invalid UTF-8"),
    ]

    @Test("refuses invalid UTF-8", arguments: invalidUTF8)
    func refusesInvalidUTF8(_ bytes: [UInt8], _ expected: String) {
        do {
            let value = try JSONValue(parsing: bytes)
            Issue.record("parsed \(value)")
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test func nestingIsLimited() throws {
        let limit = JSONValue.maximumDepth
        let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        _ = try JSONValue(parsing: deepest)
        let tooDeep = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
        #expect(
            throws: JSONSyntaxError(
                line: 1, column: limit + 1, message: "nesting deeper than \(limit) levels")
        ) {
            try JSONValue(parsing: tooDeep)
        }
        let objects = String(repeating: #"{"a":"#, count: 100_000)
        #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: objects) }
    }

    // MARK: Encoding

    static let encodings: [(JSONValue, String)] = [
        (.null, "null"),
        (.bool(false), "false"),
        (.integer(-42), "-42"),
        (.integer(Int.min), "-9223372036854775808"),
        (.number(3), "3.0"),
        (.number(0.1), "0.1"),
        (.number(-0.0), "-0.0"),
        (.number(1e-7), "1e-07"),
        (.number(1e300), "1e+300"),
        (.string("a\"b\\c\n\t\r\u{08}\u{0C}\u{01}\u{1F}/é🎨"), #""a\"b\\c\n\t\r\b\f\u0001\u001F/é🎨""#),
        // DEL and the C1 controls are escaped too: encoded text never carries a raw control.
        (.string("\u{7F}\u{85}\u{9F}\u{A0}"), #""\u007F\u0085\u009F\#u{A0}""#),
        (.array([]), "[]"),
        (.object([]), "{}"),
        (
            .object([
                .init("b", .integer(1)), .init("a", .integer(2)), .init("B", .integer(3)), .init("é", .null),
            ]),
            #"{"b":1,"a":2,"B":3,"é":null}"#
        ),
        (
            .array([.object([.init("z", .array([.integer(1), .number(2.5)])), .init("y", .string(""))])]),
            #"[{"z":[1,2.5],"y":""}]"#
        ),
    ]

    @Test("encodes compactly, members in their order", arguments: encodings)
    func encodes(_ value: JSONValue, _ expected: String) throws {
        #expect(try value.encoded() == expected)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteNumbersAreRefused(_ number: Double) {
        #expect(throws: JSONEncodingError.self) { try JSONValue.array([.number(number)]).encoded() }
    }

    static let canonicalTexts = [
        #"{"a":{"y":"","z":"x"},"b":[1,2.5,-0.0,1e-07,true,false,null]}"#,
        #"["\u0000\u001F","\"\\","é🎨",{}]"#,
        #"[0.1,0.30000000000000004,5e-324,1.7976931348623157e+308,-9223372036854775808]"#,
        #"{"":[[[]]],"nested":{"deeper":{"deepest":[{"k":1}]}}}"#,
    ]

    @Test("canonical text survives a round trip", arguments: canonicalTexts)
    func roundTrips(_ text: String) throws {
        let value = try JSONValue(parsing: text)
        #expect(try value.encoded() == text)
        #expect(try JSONValue(parsing: value.encoded()) == value)
    }

    @Test func reformatsToCanonicalText() throws {
        let text = """
            {
              "b": [ 1, 2.50, -0, 1E-7, "\\u00e9\\/" ],
              "a": { "z": "x", "y": "" }
            }
            """
        #expect(try JSONValue(parsing: text).encoded() == #"{"b":[1,2.5,0,1e-07,"é/"],"a":{"z":"x","y":""}}"#)
    }
}

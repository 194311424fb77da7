import Testing

@testable import SwatchbookCore

/// `JSONValue.place(of:in:)` finds where a value starts from its path, for
/// findings made after a document was read.
@Suite struct JSONPlaceTests {
    static let text = """
        {
          "a": [1, {"x": 2}],
          "b": { "c": "d", "e": [true, null, "f"] }
        }
        """

    @Test(arguments: [
        ([JSONValue.Step](), JSONPlace(line: 1, column: 1)),
        ([.key("a")], JSONPlace(line: 2, column: 8)),
        ([.key("a"), .index(1), .key("x")], JSONPlace(line: 2, column: 18)),
        ([.key("b"), .key("c")], JSONPlace(line: 3, column: 15)),
        ([.key("b"), .key("e"), .index(2)], JSONPlace(line: 3, column: 38)),
    ])
    func aPathFindsWhereItsValueStarts(path: [JSONValue.Step], place: JSONPlace) {
        #expect(JSONValue.place(of: path, in: Array(Self.text.utf8)) == place)
    }

    @Test func aPathToNothingOrBadTextIsNil() {
        #expect(JSONValue.place(of: [.key("z")], in: Array(Self.text.utf8)) == nil)
        #expect(JSONValue.place(of: [.key("a"), .index(2)], in: Array(Self.text.utf8)) == nil)
        #expect(JSONValue.place(of: [.index(0)], in: Array(Self.text.utf8)) == nil)
        #expect(JSONValue.place(of: [], in: Array("{".utf8)) == nil)
    }
}

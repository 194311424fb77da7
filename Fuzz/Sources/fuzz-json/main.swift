import FuzzDriver

import SwatchbookCore

// The JSON decoder of `sb.json.decode` and `--state`: any bytes parse or
// fail with a syntax error, and what parses is written and read back
// unchanged. Parsed with places (`{positions = true}`), the same bytes give
// the same value or the same error, and one place for each value, in
// document order, each within the text.
fuzz { bytes in
    let plain = Result { () throws(JSONSyntaxError) in try JSONValue(parsing: bytes) }
    let placed = Result { () throws(JSONSyntaxError) in try JSONValue.parsingWithPlaces(bytes) }
    switch (plain, placed) {
    case (.failure(let error), .failure(let other)):
        precondition(error == other, "the two parses fail differently: \(error), \(other)")
        return
    case (.success(let value), .success(let (placedValue, places))):
        precondition(value == placedValue, "a parse with places reads another value")
        precondition(places.count == count(value), "\(places.count) places for \(count(value)) values")
        let lines = bytes.count { $0 == UInt8(ascii: "\n") } + 1
        for (place, next) in zip(places, places.dropFirst()) {
            precondition(
                (place.line, place.column) < (next.line, next.column), "places out of document order")
        }
        precondition(places.allSatisfy { $0.line >= 1 && $0.line <= lines && $0.column >= 1 })
        guard let encoded = try? value.encoded() else {
            preconditionFailure("a parsed document cannot be encoded")
        }
        precondition(
            (try? JSONValue(parsing: Array(encoded.utf8))) == value, "\(encoded) does not read back")
    default:
        preconditionFailure("one parse fails and the other does not")
    }
}

/// How many values a document holds: itself and every member and item, nested.
func count(_ value: JSONValue) -> Int {
    switch value {
    case .array(let items): 1 + items.reduce(0) { $0 + count($1) }
    case .object(let members): 1 + members.reduce(0) { $0 + count($1.value) }
    default: 1
    }
}

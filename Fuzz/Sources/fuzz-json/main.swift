import FuzzDriver

import SwatchbookCore

// The JSON decoder of `sb.json.decode` and `--state`: any bytes parse or
// fail with a syntax error, and what parses is written and read back
// unchanged.
fuzz { bytes in
    guard let value = try? JSONValue(parsing: bytes) else { return }
    guard let encoded = try? value.encoded() else {
        preconditionFailure("a parsed document cannot be encoded")
    }
    precondition((try? JSONValue(parsing: Array(encoded.utf8))) == value, "\(encoded) does not read back")
}

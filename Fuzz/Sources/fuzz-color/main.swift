import FuzzDriver
import SwatchbookCore

// The colour parser (`#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`, CSS names):
// the string and the byte entry points agree, and a colour read back
// from its own hex is the same colour.
fuzz { bytes in
    let parsed = Color.parse(text(bytes))
    let fromBytes = bytes.withUnsafeBufferPointer { Color.parse(utf8: $0) }
    if bytes.allSatisfy({ $0 < 0x80 }) {
        precondition(parsed == fromBytes, "the two entry points disagree")
    }
    if let parsed {
        precondition(Color.parse(parsed.hex) == parsed, "\(parsed.hex) does not read back")
    }
}

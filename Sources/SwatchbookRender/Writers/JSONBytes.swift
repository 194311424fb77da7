import SwatchbookCore

/// JSON values appended as bytes: the writer builds hundreds of megabytes
/// for a large catalogue, so it never goes through String.

extension Array where Element == UInt8 {
    mutating func append(integer value: Int) {
        if value < 0 {
            append(UInt8(ascii: "-"))
            // Int.min has no positive counterpart; write its magnitude via UInt.
            append(unsigned: value.magnitude)
        } else {
            append(unsigned: UInt(value))
        }
    }

    private mutating func append(unsigned value: UInt) {
        if value >= 10 { append(unsigned: value / 10) }
        append(UInt8(48 + value % 10))
    }

    /// A finite number as Swift writes it shortest (`16.15`, `7.0`), a JSON
    /// number; null for what JSON cannot hold.
    mutating func append(number value: Double) {
        self += (value.isFinite ? "\(value)" : "null").utf8
    }

    mutating func append(bool value: Bool) {
        append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// `"1.2.3"`.
    mutating func append(path indices: [Int]) {
        append(UInt8(ascii: "\""))
        for (i, index) in indices.enumerated() {
            if i > 0 { append(UInt8(ascii: ".")) }
            append(integer: index)
        }
        append(UInt8(ascii: "\""))
    }

    /// `"#RRGGBB"` (`#RRGGBBAA` when translucent), as ``Color/hex`` spells it; or null.
    mutating func append(color: Color?) {
        guard let color else { return append(contentsOf: "null".utf8) }
        append(UInt8(ascii: "\""))
        append(UInt8(ascii: "#"))
        let channels = [color.red, color.green, color.blue]
        for channel in channels + (color.alpha == 255 ? [] : [color.alpha]) {
            append(hexDigit(channel >> 4))
            append(hexDigit(channel & 0x0F))
        }
        append(UInt8(ascii: "\""))
    }

    private func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
    }

    mutating func append(rect: Rect?) {
        guard let rect else { return append(contentsOf: "null".utf8) }
        append(contentsOf: "{\"x\": ".utf8)
        append(integer: rect.x)
        append(contentsOf: ", \"y\": ".utf8)
        append(integer: rect.y)
        append(contentsOf: ", \"width\": ".utf8)
        append(integer: rect.width)
        append(contentsOf: ", \"height\": ".utf8)
        append(integer: rect.height)
        append(UInt8(ascii: "}"))
    }

    /// A JSON string, or null; controls are U+FFFD (see ``JSONString``).
    mutating func append(jsonString text: String?) {
        guard let text else { return append(contentsOf: "null".utf8) }
        JSONString.append(text, to: &self, controls: .replaced)
    }
}

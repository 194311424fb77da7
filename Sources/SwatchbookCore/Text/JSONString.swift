/// JSON string literals, written as UTF-8 bytes: the one place a string is
/// quoted for JSON, for `--format json` reports and `sb.json.encode` alike.
///
/// It works on bytes, as a report of hundreds of megabytes needs: every
/// byte of a multi-byte character is 0x80 or more, so only ASCII bytes and
/// the two-byte C1 controls (0xC2 0x80…0x9F) ever need care.
public enum JSONString {
    /// What becomes of a control character (C0, DEL or C1).
    public enum Controls: Sendable {
        /// Escaped (`\n`, `\u001B`): the text reads back exactly.
        case escaped
        /// U+FFFD, as in every other output format: a name read back by
        /// `jq -r` cannot drive a terminal either.
        case replaced
    }

    /// Appends `text` as a JSON string literal: `"` and `\` escaped, each
    /// control as `controls` says, everything else as it is.
    public static func append(_ text: String, to output: inout [UInt8], controls: Controls) {
        output.append(UInt8(ascii: "\""))
        var afterC2 = false
        for byte in text.utf8 {
            defer { afterC2 = byte == 0xC2 }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                output.append(UInt8(ascii: "\\"))
                output.append(byte)
            case 0x00..<0x20, 0x7F:
                appendControl(byte, to: &output, controls)
            case 0x80...0x9F where afterC2:
                // U+0080…U+009F: take back the 0xC2 lead byte just written.
                output.removeLast()
                appendControl(byte, to: &output, controls)
            default:
                output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// A control character, whose code point is `code`.
    private static func appendControl(_ code: UInt8, to output: inout [UInt8], _ controls: Controls) {
        guard controls == .escaped else { return output.append(contentsOf: replacement) }
        switch code {
        case UInt8(ascii: "\n"): output += #"\n"#.utf8
        case UInt8(ascii: "\t"): output += #"\t"#.utf8
        case UInt8(ascii: "\r"): output += #"\r"#.utf8
        case 0x08: output += #"\b"#.utf8
        case 0x0C: output += #"\f"#.utf8
        default:
            output += #"\u00"#.utf8
            output.append(hexDigit(code >> 4))
            output.append(hexDigit(code & 0x0F))
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
    }

    /// U+FFFD in UTF-8.
    private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
}

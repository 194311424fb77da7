import SwatchbookCore

/// Writes foreign text into generated Lua so that it stays data.
///
/// A scheme's name or author is whatever its file says; spliced into Lua
/// source unescaped, `x"\nos.exit(1) --` would close the string and run.
/// Strings become double-quoted literals with `\\`, `"` and every control
/// byte escaped as `\ddd` (three digits, so a following digit cannot extend
/// the escape); comments get only single lines with control characters
/// replaced, since a Lua comment ends at a line break.
enum LuaLiteral {
    /// A Lua string literal that reads back as exactly `text`.
    static func string(_ text: String) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: "\""):
                bytes += [UInt8(ascii: "\\"), byte]
            case 0..<0x20, 0x7F:
                let digits = [byte / 100, byte / 10 % 10, byte % 10].map { UInt8(ascii: "0") + $0 }
                bytes += [UInt8(ascii: "\\")] + digits
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Text safe inside a `--` comment: one line, no control characters
    /// (C0, DEL, C1 all become U+FFFD, as on the terminal).
    static func commentText(_ text: String) -> String {
        Sanitizer.clean(text)
    }
}

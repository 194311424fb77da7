/// Makes foreign text safe to put on a terminal.
///
/// Plugin, data and theme strings are untrusted: an ESC could move the
/// cursor or retitle the window. Every control character (C0, DEL, C1) is
/// shown as U+FFFD instead; invalid UTF-8 was already replaced on decoding.
public enum Sanitizer {
    public static let replacement: Unicode.Scalar = "\u{FFFD}"

    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (v >= 0x7F && v <= 0x9F)
    }

    public static func clean(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(isControl(scalar) ? replacement : scalar)
        }
        return String(scalars)
    }

    /// ``clean(_:)`` for text bound for a log, not a cell: line breaks and
    /// tabs stay, as they move no cursor a terminal would not move anyway.
    public static func cleanLines(_ text: String) -> String {
        func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
            isControl(scalar) && scalar != "\n" && scalar != "\t"
        }
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(isUnsafe(scalar) ? replacement : scalar)
        }
        return String(scalars)
    }

    /// Decodes bytes from outside (a Lua string, a file) as UTF-8, replacing
    /// invalid sequences, and cleans the result.
    public static func clean(bytes: some Collection<UInt8>) -> String {
        clean(String(decoding: bytes, as: UTF8.self))
    }
}

/// Makes foreign text safe to put on a terminal.
///
/// Plugin, data and theme strings are untrusted: an ESC could move the
/// cursor or retitle the window, and a bidi override could make a line
/// read other than it is (on terminals that reorder text). Every control
/// character (C0, DEL, C1) and every bidi embedding, override and isolate
/// (U+202A–U+202E, U+2066–U+2069) is shown as U+FFFD instead; invalid UTF-8
/// was already replaced on decoding. Other format characters (zero width
/// space and joiners, the left-to-right and right-to-left marks) are kept.
public enum Sanitizer {
    public static let replacement: Unicode.Scalar = "\u{FFFD}"

    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x20 || (v >= 0x7F && v <= 0x9F) { return true }
        return (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }

    public static func clean(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(isControl(scalar) ? replacement : scalar)
        }
        return String(scalars)
    }

    /// ``clean(_:)`` for a one-line message that quotes what a file holds:
    /// a tab shows as `\t`, which a reader can type back, where U+FFFD
    /// would hide what the file had.
    public static func cleanMessage(_ text: String) -> String {
        clean(text.contains("\t") ? text.replacingOccurrences(of: "\t", with: "\\t") : text)
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

/// Text as part of a URI reference (RFC 3986): every byte but the
/// unreserved ones (letters, digits, `-._~`) as `%XX`, so a `#`, `?` or `:`
/// in a file's name is never read as a fragment, a query or a scheme.
public enum PercentEncoding {
    /// `text` encoded; with `keepingSlashes`, a `/` stays a path separator.
    public static func encoded(_ text: String, keepingSlashes: Bool = false) -> String {
        var encoded = ""
        for byte in text.utf8 {
            if unreserved.contains(byte) || (keepingSlashes && byte == UInt8(ascii: "/")) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded.unicodeScalars.append("%")
                encoded.unicodeScalars.append(Unicode.Scalar(hexDigits[Int(byte >> 4)]))
                encoded.unicodeScalars.append(Unicode.Scalar(hexDigits[Int(byte & 15)]))
            }
        }
        return encoded
    }

    private static let unreserved = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}

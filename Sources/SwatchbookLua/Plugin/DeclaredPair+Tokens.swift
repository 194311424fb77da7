import SwatchbookCore

/// The pairs a design-tokens file declares for `contrast`:
/// `$extensions["org.swatchbook"].pairs` at the document's root, each
/// `{ "fg": "{color.text}", "bg": "{color.page}", "min": 4.5 }`, sides named
/// by a token's path, in braces as an alias or bare.
extension DeclaredPair {
    /// Where the pairs are, as messages name it.
    public static let tokensPath = "$extensions[\"org.swatchbook\"].pairs"

    /// The pairs of `document`, a tokens file as read; none when it declares
    /// none. A pair of the wrong shape is bad data naming its place.
    public static func declared(in document: JSONValue, file: String) throws(Diagnostic) -> [DeclaredPair] {
        guard
            case .array(let entries)? = member(
                "pairs", of: member("org.swatchbook", of: member("$extensions", of: document)))
        else { return [] }
        var pairs: [DeclaredPair] = []
        for (index, entry) in entries.enumerated() {
            let place = tokensPath + "[\(index + 1)]"
            func side(_ key: String) throws(Diagnostic) -> String {
                guard case .string(let text)? = member(key, of: entry), !text.isEmpty else {
                    throw Diagnostic(
                        .data, file: file, dataPath: place + "." + key,
                        "expected a token's path, as \"{color.text}\" or \"color.text\"")
                }
                let bare =
                    text.hasPrefix("{") && text.hasSuffix("}") ? String(text.dropFirst().dropLast()) : text
                return bare
            }
            var minimum: Double?
            switch member("min", of: entry) {
            case nil: break
            case .integer(let whole)?: minimum = Double(whole)
            case .number(let number)?: minimum = number
            default:
                throw Diagnostic(.data, file: file, dataPath: place + ".min", "expected a ratio from 1 to 21")
            }
            if let minimum, !(1...21).contains(minimum) {
                throw Diagnostic(.data, file: file, dataPath: place + ".min", "expected a ratio from 1 to 21")
            }
            pairs.append(DeclaredPair(fg: try side("fg"), bg: try side("bg"), min: minimum))
        }
        return pairs
    }

    private static func member(_ key: String, of value: JSONValue?) -> JSONValue? {
        guard case .object(let members)? = value else { return nil }
        return members.first { $0.key == key }?.value
    }
}

import SwatchbookCore

/// A key press, as browse reads it from the terminal and `--keys` spells it.
public enum Key: Hashable, Sendable {
    case up, down, left, right, pageUp, pageDown, home, end, tab, backTab, enter, space, escape, backspace
    case character(Character)

    /// The `<Name>` spellings of `--keys`.
    static let names: [String: Key] = [
        "Up": .up, "Down": .down, "Left": .left, "Right": .right, "PgUp": .pageUp, "PgDn": .pageDown,
        "Home": .home, "End": .end, "Tab": .tab, "S-Tab": .backTab, "Enter": .enter, "Space": .space,
        "Esc": .escape, "BS": .backspace, "lt": .character("<"),
    ]

    /// Parses `jjl<Enter>`: one key per character, `<Name>` for named keys.
    public static func parse(_ text: String) throws(Diagnostic) -> [Key] {
        var keys: [Key] = []
        var rest = Substring(text)
        while let first = rest.first {
            if first == "<" {
                guard let close = rest.firstIndex(of: ">"), close > rest.index(after: rest.startIndex) else {
                    throw Diagnostic(
                        .usage,
                        "\(rest.prefix(12)) is not a key name: close it with > (as in <Enter>),"
                            + " or write <lt> for a < key")
                }
                let name = String(rest[rest.index(after: rest.startIndex)..<close])
                guard let key = names[name] else {
                    throw Diagnostic(
                        .usage, "unknown key <\(name)>",
                        suggestion: Suggestion(for: name, among: names.keys.sorted(), spelled: .key))
                }
                keys.append(key)
                rest = rest[rest.index(after: close)...]
            } else {
                keys.append(first == " " ? .space : .character(first))
                rest = rest.dropFirst()
            }
        }
        return keys
    }
}

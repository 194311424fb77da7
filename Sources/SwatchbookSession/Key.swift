import SwatchbookCore

/// A key press, chords included, as browse reads it from the terminal and
/// `--keys` spells it. A chord is the key it modifies: Ctrl with a
/// character is ``control(_:)``, Alt (Meta) with any key is ``alt(_:)``.
public enum Key: Hashable, Sendable {
    case up, down, left, right, pageUp, pageDown, home, end, tab, backTab, enter, space, escape, backspace
    case delete, insert
    case character(Character)
    /// Ctrl with a character, a letter in lower case: `.control("a")` is Ctrl-A.
    case control(Character)
    /// F1 to F12.
    case function(Int)
    /// Alt with a key: `.alt(.character("b"))` is Alt-B, `.alt(.backspace)` Alt-Backspace.
    indirect case alt(Key)

    /// The `<Name>` spellings of `--keys`, chords aside (``named(_:)``).
    static let names: [String: Key] = [
        "Up": .up, "Down": .down, "Left": .left, "Right": .right, "PgUp": .pageUp, "PgDn": .pageDown,
        "Home": .home, "End": .end, "Tab": .tab, "S-Tab": .backTab, "Enter": .enter, "Space": .space,
        "Esc": .escape, "BS": .backspace, "Del": .delete, "Ins": .insert, "lt": .character("<"),
    ].merging((1...12).map { ("F\($0)", Key.function($0)) }) { $1 }

    /// The key `<name>` spells: a name of ``names``, `C-x` for Ctrl with a
    /// character, `A-x` (or `M-x`) for Alt with a character or a named key.
    static func named(_ name: String) -> Key? {
        if let key = names[name] { return key }
        let rest = String(name.dropFirst(2))
        if name.hasPrefix("A-") || name.hasPrefix("M-") {
            if rest.count == 1, let c = rest.first { return .alt(c == " " ? .space : .character(c)) }
            return named(rest).map { .alt($0) }
        }
        if name.hasPrefix("C-"), rest.count == 1, let c = rest.first {
            return .control(Character(c.lowercased()))
        }
        return nil
    }

    /// How `--keys` and the help write the key: `j`, `Enter`, `C-a`, `A-BS`.
    public var label: String {
        switch self {
        case .character(let c): String(c)
        case .control(let c): "C-" + String(c)
        case .alt(let key): "A-" + key.label
        default: Self.names.first { $0.value == self }?.key ?? "?"
        }
    }

    /// Parses `jjl<Enter><C-a>`: one key per character, `<Name>` for named keys and chords.
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
                guard let key = named(name) else {
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

import SwatchbookCore

/// The key names of `--bind`, as fzf spells them: `ctrl-a`, `alt-b`,
/// `alt-enter`, `shift-tab`, `f1`, `pgdn`, `del`, any case.
extension KeyMap {
    /// The named keys, each by its first name; the others are aliases.
    static let keyNames: [(names: [String], key: Key)] =
        [
            (["up"], .up), (["down"], .down), (["left"], .left), (["right"], .right),
            (["home"], .home), (["end"], .end), (["pgup", "page-up"], .pageUp),
            (["pgdn", "page-down"], .pageDown), (["tab"], .tab), (["btab", "shift-tab", "s-tab"], .backTab),
            (["enter", "return"], .enter), (["space"], .space), (["esc", "escape"], .escape),
            (["bs", "bspace", "backspace"], .backspace), (["del", "delete"], .delete),
            (["insert", "ins"], .insert),
        ] + (1...12).map { (["f\($0)"], Key.function($0)) }

    /// The key `--bind` names `name`: one character, a name of
    /// ``keyNames``, `ctrl-` with a character, `alt-` with a character or
    /// a named key, or `ctrl-alt-` with a character.
    static func key(named name: String) throws(Diagnostic) -> Key {
        if let key = key(spelled: name) { return key }
        throw Diagnostic(
            .usage, "unknown key \"\(name)\"",
            suggestion: Suggestion(for: name.lowercased(), among: keyNames.flatMap(\.names), spelled: .bare),
            help: "keys: " + keyNamesSummary)
    }

    private static func key(spelled name: String) -> Key? {
        if name.count == 1, let c = name.first { return c == " " ? .space : .character(c) }
        let lowered = name.lowercased()
        if let key = keyNames.first(where: { $0.names.contains(lowered) })?.key { return key }
        for (prefix, chord) in [("ctrl-alt-", true), ("ctrl-", false)] where lowered.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard rest.count == 1, let c = rest.first else { return nil }
            let control = Key.control(Character(c.lowercased()))
            return chord ? .alt(control) : control
        }
        if lowered.hasPrefix("alt-") {
            return key(spelled: String(name.dropFirst(4))).map { .alt($0) }
        }
        return nil
    }

    /// How `--bind` writes `key`: `j`, `enter`, `ctrl-a`, `alt-bs`.
    static func bindName(_ key: Key) -> String {
        switch key {
        case .character(let c): String(c)
        case .control(let c): "ctrl-" + String(c)
        case .alt(let key): "alt-" + bindName(key)
        default: keyNames.first { $0.key == key }?.names[0] ?? "?"
        }
    }

    /// The key names `--bind` takes, in one line.
    public static var keyNamesSummary: String {
        "a character, ctrl-a…ctrl-z, alt- with a character or a named key (alt-b, alt-enter, alt-bs),"
            + " ctrl-alt-a…, f1…f12, "
            + keyNames.filter { !$0.names[0].hasPrefix("f") }.map { $0.names.joined(separator: "/") }
            .joined(separator: " ")
    }
}

import SwatchbookCore

/// The key map of browse and `--keys`, in one table: what each key does,
/// the names `--bind KEY:ACTION` uses, and the lines the help (`?`) shows.
public struct KeyMap: Sendable {
    public struct Binding: Sendable {
        public var key: Key
        public var action: KeyAction
    }

    /// In order; for a key bound twice, the later binding wins.
    public private(set) var bindings: [Binding]

    public init(_ bindings: [(Key, KeyAction)]) {
        self.bindings = bindings.map { Binding(key: $0.0, action: $0.1) }
    }

    /// Every action's keys as ``actions`` gives them.
    public static let standard = KeyMap(actions.flatMap { entry in entry.keys.map { ($0, entry.action) } })

    public func action(for key: Key) -> KeyAction? {
        bindings.last { $0.key == key }?.action
    }

    /// The actions, once each: the name `--bind` takes, the keys bound to
    /// it by default, and what it does, in the order the help lists them.
    public static let actions: [(name: String, action: KeyAction, keys: [Key], help: String)] = [
        ("up", .move(.up), [.up, .character("k")], "focus up (outline: line by line)"),
        ("down", .move(.down), [.down, .character("j")], "focus down"),
        ("left", .move(.left), [.left, .character("h")], "focus left (outline: to the parent)"),
        ("right", .move(.right), [.right, .character("l")], "focus right"),
        ("page-up", .move(.pageUp), [.pageUp, .character("b")], "a page up"),
        ("page-down", .move(.pageDown), [.pageDown, .character("f")], "a page down"),
        ("home", .move(.home), [.home, .character("0")], "start of a strip"),
        ("end", .move(.end), [.end, .character("$")], "end of a strip"),
        ("first", .move(.first), [.character("g")], "first row"),
        ("last", .move(.last), [.character("G")], "last row"),
        ("next-section", .move(.nextSection), [.tab], "next section"),
        ("previous-section", .move(.previousSection), [.backTab], "previous section"),
        ("tap", .tap, [.enter, .space], "tap (outline: open or close a section, row)"),
        ("filter", .filter, [.character("/")], "filter (Enter keeps, Esc clears)"),
        ("copy", .copy, [.character("y")], "copy the focused colour (OSC 52)"),
        ("next-theme", .nextTheme, [.character("t")], "next theme"),
        ("reload", .reload, [.character("r")], "reload the source"),
        ("inspect", .inspect, [.character("i")], "inspector of the focused element"),
        ("help", .help, [.character("?")], "this help"),
        ("quit", .quit, [.character("q"), .escape], "quit (Esc: clear the filter first)"),
    ]

    /// `--bind KEY:ACTION[,KEY:ACTION…]`, as fzf spells it: KEY is one
    /// character or a name (`up`, `enter`, `tab`, `s-tab`, `pgdn`, …, any
    /// case), ACTION a name of ``actions`` or `ignore` to unbind.
    public mutating func bind(_ text: String) throws(Diagnostic) {
        for pair in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let colon = pair.lastIndex(of: ":"), colon != pair.startIndex else {
                throw Diagnostic(.usage, "expected KEY:ACTION, got \"\(pair)\"")
            }
            let keyName = String(pair[..<colon])
            let actionName = String(pair[pair.index(after: colon)...]).lowercased()
            let key = try Self.key(named: keyName)
            if actionName == "ignore" {
                bindings.removeAll { $0.key == key }
                continue
            }
            guard let action = Self.actions.first(where: { $0.name == actionName })?.action else {
                throw Diagnostic(
                    .usage, "unknown action \"\(actionName)\"",
                    suggestion: Suggestion(
                        for: actionName, among: Self.actions.map(\.name) + ["ignore"], spelled: .bare))
            }
            bindings.append(Binding(key: key, action: action))
        }
    }

    static func key(named name: String) throws(Diagnostic) -> Key {
        if name.count == 1, let character = name.first {
            return character == " " ? .space : .character(character)
        }
        let lowered = name.lowercased()
        if let key = Key.names.first(where: { $0.key.lowercased() == lowered })?.value { return key }
        let aliases: [String: Key] = [
            "pgup": .pageUp, "pgdn": .pageDown, "page-up": .pageUp, "page-down": .pageDown, "btab": .backTab,
            "shift-tab": .backTab, "esc": .escape, "escape": .escape, "bspace": .backspace,
            "backspace": .backspace,
        ]
        if let key = aliases[lowered] { return key }
        throw Diagnostic(
            .usage, "unknown key \"\(name)\"",
            suggestion: Suggestion(for: name, among: Key.names.keys.sorted(), spelled: .bare))
    }

    /// A key as the help writes it.
    static func label(_ key: Key) -> String {
        if case .character(let c) = key { return String(c) }
        return Key.names.first { $0.value == key }?.key ?? "?"
    }

    /// The help's lines: each action with the keys bound to it.
    public var helpLines: [String] {
        Self.actions.compactMap { entry in
            let keys = bindings.filter { $0.action == entry.action }.map { Self.label($0.key) }
            guard !keys.isEmpty else { return nil }
            let column = keys.joined(separator: " ")
            return column.padding(toLength: max(column.count, 18), withPad: " ", startingAt: 0) + " "
                + entry.help
        }
    }
}

import SwatchbookCore

/// The key map of browse and `--keys`, in one table: what each key does,
/// the names `--bind KEY:ACTION` uses, and the lines the help (`?`,
/// `swatchbook help keys`, the man page) shows.
///
/// A key can have two meanings: one while a filter is typed after `/`,
/// where the line-editing actions (``KeyAction/edit(_:)``) take their keys,
/// and one otherwise. Left moves the cursor of the filter being typed, and
/// the focus when none is.
public struct KeyMap: Sendable {
    /// A key and the actions it runs, in order (`--bind KEY:a+b`).
    public struct Binding: Sendable {
        public var key: Key
        public var actions: [KeyAction]

        /// Whether the binding belongs to the filter line: one of its actions edits it.
        var editsTheLine: Bool { actions.contains { $0.editsTheLine } }
    }

    /// One action of the table: its `--bind` name (fzf's, where fzf has the
    /// action), the other names it answers to, its default keys, its help.
    public struct Entry: Sendable {
        public var name: String
        public var aliases: [String] = []
        public var action: KeyAction
        public var keys: [Key]
        public var help: String
    }

    /// In order; for a key bound twice, the later binding wins.
    public private(set) var bindings: [Binding]

    public init(_ bindings: [(Key, [KeyAction])]) {
        self.bindings = bindings.map { Binding(key: $0.0, actions: $0.1) }
    }

    /// Every action's keys as ``actions`` gives them.
    public static let standard = KeyMap(actions.flatMap { entry in entry.keys.map { ($0, [entry.action]) } })

    /// `pick --multi`'s: the standard map, with Tab marking the focused
    /// colour and stepping on to the next (fzf's `toggle+down`), Shift-Tab
    /// marking and stepping back.
    public static let multi = KeyMap(
        standard.bindings.map { ($0.key, $0.actions) } + multiBindings.map { ($0.key, $0.actions) })

    static let multiBindings = [
        Binding(key: .tab, actions: [.toggle, .step(forward: true)]),
        Binding(key: .backTab, actions: [.toggle, .step(forward: false)]),
    ]

    /// What `key` runs: while a filter is typed (`typing`), its line-editing
    /// binding if it has one, else its other; otherwise only the other.
    public func actions(for key: Key, typing: Bool) -> [KeyAction]? {
        let bound = bindings.filter { $0.key == key }
        if typing, let edit = bound.last(where: \.editsTheLine) { return edit.actions }
        return bound.last { !$0.editsTheLine }?.actions
    }

    /// The actions, once each, in the order the help lists them.
    public static let actions: [Entry] =
        [
            Entry(
                name: "up", action: .move(.up), keys: [.up, .character("k")],
                help: "focus up (outline: line by line)"),
            Entry(name: "down", action: .move(.down), keys: [.down, .character("j")], help: "focus down"),
            Entry(
                name: "left", action: .move(.left), keys: [.left, .character("h")],
                help: "focus left (outline: to the parent)"),
            Entry(
                name: "right", action: .move(.right), keys: [.right, .character("l")], help: "focus right"),
            Entry(
                name: "page-up", action: .move(.pageUp), keys: [.pageUp, .character("b")], help: "a page up"),
            Entry(
                name: "page-down", action: .move(.pageDown), keys: [.pageDown, .character("f")],
                help: "a page down"),
            Entry(
                name: "home", action: .move(.home), keys: [.home, .character("0")], help: "start of a strip"),
            Entry(name: "end", action: .move(.end), keys: [.end, .character("$")], help: "end of a strip"),
            Entry(name: "first", action: .move(.first), keys: [.character("g")], help: "first row"),
            Entry(name: "last", action: .move(.last), keys: [.character("G")], help: "last row"),
            Entry(name: "next-section", action: .move(.nextSection), keys: [.tab], help: "next section"),
            Entry(
                name: "previous-section", action: .move(.previousSection), keys: [.backTab],
                help: "previous section"),
            Entry(
                name: "next-item", action: .step(forward: true), keys: [],
                help: "next item, on to the next row (--multi's Tab after toggle)"),
            Entry(
                name: "previous-item", action: .step(forward: false), keys: [],
                help: "previous item, back to the previous row"),
            Entry(
                name: "accept", aliases: ["tap"], action: .tap, keys: [.enter, .space],
                help: "tap (outline: open or close a section, row); --multi: pick the marked"),
            Entry(name: "toggle", action: .toggle, keys: [], help: "mark or unmark the focused colour"),
            Entry(
                name: "select-all", action: .marks(.mark), keys: [], help: "mark every colour shown (--multi)"
            ),
            Entry(name: "deselect-all", action: .marks(.unmark), keys: [], help: "unmark every colour shown"),
            Entry(
                name: "toggle-all", action: .marks(.flip), keys: [],
                help: "flip the marks of every colour shown"),
            Entry(
                name: "filter", action: .filter, keys: [.character("/")],
                help: "filter (Enter keeps, Esc clears)"),
            Entry(name: "clear-query", action: .clearQuery, keys: [], help: "clear the filter"),
            Entry(
                name: "copy", action: .copy, keys: [.character("y")], help: "copy the focused colour (OSC 52)"
            ),
            Entry(name: "next-theme", action: .nextTheme, keys: [.character("t")], help: "next theme"),
            Entry(name: "reload", action: .reload, keys: [.character("r")], help: "reload the source"),
            Entry(
                name: "toggle-preview", aliases: ["inspect"], action: .inspect, keys: [.character("i")],
                help: "inspector of the focused element"),
            Entry(name: "help", action: .help, keys: [.character("?")], help: "this help"),
            Entry(name: "abort", aliases: ["quit"], action: .quit, keys: [.character("q")], help: "quit"),
            Entry(
                name: "cancel", action: .cancel, keys: [.escape],
                help: "close a reload error, clear a kept filter, else quit"),
        ] + editing

    /// The filter line's actions: only while a filter is typed.
    static let editing: [Entry] = [
        Entry(
            name: "backward-char", action: .edit(.backwardChar), keys: [.left, .control("b")],
            help: "cursor one character left"),
        Entry(
            name: "forward-char", action: .edit(.forwardChar), keys: [.right, .control("f")],
            help: "cursor one character right"),
        Entry(
            name: "beginning-of-line", action: .edit(.beginningOfLine), keys: [.home, .control("a")],
            help: "cursor to the start"),
        Entry(
            name: "end-of-line", action: .edit(.endOfLine), keys: [.end, .control("e")],
            help: "cursor to the end"),
        Entry(
            name: "backward-word", action: .edit(.backwardWord), keys: [.alt(.character("b"))],
            help: "cursor a word left"),
        Entry(
            name: "forward-word", action: .edit(.forwardWord), keys: [.alt(.character("f"))],
            help: "cursor a word right"),
        Entry(
            name: "unix-word-rubout", action: .edit(.unixWordRubout), keys: [.control("w")],
            help: "delete the space-delimited word before the cursor"),
        Entry(
            name: "backward-kill-word", action: .edit(.backwardKillWord), keys: [.alt(.backspace)],
            help: "delete the word before the cursor"),
        Entry(
            name: "kill-word", action: .edit(.killWord), keys: [.alt(.character("d"))],
            help: "delete the word after the cursor"),
        Entry(
            name: "unix-line-discard", action: .edit(.unixLineDiscard), keys: [.control("u")],
            help: "delete to the start"),
        Entry(name: "kill-line", action: .edit(.killLine), keys: [.control("k")], help: "delete to the end"),
        Entry(
            name: "backward-delete-char", action: .edit(.backwardDeleteChar),
            keys: [.backspace, .control("h")],
            help: "delete the character before the cursor"),
        Entry(
            name: "delete-char", action: .edit(.deleteChar), keys: [.delete],
            help: "delete the character under the cursor"),
    ]

    /// Every name an action answers to, `ignore` last.
    static var actionNames: [String] { actions.flatMap { [$0.name] + $0.aliases } + ["ignore"] }

    /// `--bind KEY:ACTION[+ACTION…][,KEY:ACTION…]`, as fzf spells it: KEY is
    /// one character or a name of ``key(named:)``, ACTION a name of
    /// ``actions`` (several joined by `+` run in order), or `ignore` to unbind.
    public mutating func bind(_ text: String) throws(Diagnostic) {
        for pair in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let colon = pair.lastIndex(of: ":"), colon != pair.startIndex else {
                throw Diagnostic(.usage, "expected KEY:ACTION, got \"\(pair)\"")
            }
            let key = try Self.key(named: String(pair[..<colon]))
            let chain = String(pair[pair.index(after: colon)...]).lowercased()
            if chain == "ignore" {
                bindings.removeAll { $0.key == key }
                continue
            }
            var actions: [KeyAction] = []
            for name in chain.split(separator: "+", omittingEmptySubsequences: false).map(String.init) {
                guard let entry = Self.actions.first(where: { $0.name == name || $0.aliases.contains(name) })
                else {
                    throw Diagnostic(
                        .usage, "unknown action \"\(name)\"",
                        suggestion: Suggestion(for: name, among: Self.actionNames, spelled: .bare),
                        help: "actions: " + Self.actionNames.joined(separator: " "))
                }
                actions.append(entry.action)
            }
            bindings.append(Binding(key: key, actions: actions))
        }
    }
}

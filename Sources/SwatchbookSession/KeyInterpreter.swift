import SwatchbookCore

/// Runs keys on a session with browse's key map, including typing a filter
/// after `/` (Enter keeps it, Esc clears it). This is the one place a key
/// gets its meaning: `render --keys` and browse both press keys here, so
/// the same keys give the same screen.
public struct KeyInterpreter {
    public let session: Session
    /// The filter being typed, with its cursor, while `/` is active.
    public private(set) var line: FilterLine?
    /// The text of the filter being typed, while `/` is active.
    public var typing: String? { line?.text }

    /// `pick --multi`: Enter picks every marked colour (and the map is
    /// ``KeyMap/multi``'s, where Tab marks and moves on).
    public var multi = false
    /// What each key does: the standard map (or `--multi`'s), with `--bind` over it.
    public var keyMap: KeyMap

    public init(session: Session, multi: Bool = false, keyMap: KeyMap? = nil) {
        self.session = session
        self.multi = multi
        self.keyMap = keyMap ?? (multi ? .multi : .standard)
    }

    public enum Outcome: Equatable {
        case handled
        case quit
        /// A tap's pick result.
        case picked(String)
        /// A key browse handles itself (theme, help).
        case unhandled(KeyAction)
    }

    /// The filter typed but not yet applied: typing only records the text,
    /// and ``settle()`` filters once for all the keys typed since, so keys
    /// that come faster than the filter runs never wait for work that the
    /// next key makes stale.
    public private(set) var pendingFilter: String?

    /// Runs `key`: while a filter is typed, a character types itself at the
    /// cursor and the editing keys edit the line; otherwise, and for the
    /// other keys, the actions the key map binds it to, in order, until one
    /// ends the session or is left to browse.
    public mutating func press(_ key: Key) throws(Diagnostic) -> Outcome {
        if line != nil, let text = Self.typed(key) {
            edit { $0.insert(text) }
            return .handled
        }
        guard let actions = keyMap.actions(for: key, typing: line != nil) else { return .handled }
        for action in actions {
            let outcome = try run(action)
            if outcome != .handled { return outcome }
        }
        return .handled
    }

    /// The text a key types into the filter line, if it is a character.
    private static func typed(_ key: Key) -> String? {
        switch key {
        case .character(let c): String(c)
        case .space: " "
        default: nil
        }
    }

    /// Changes the filter line, to be filtered when settled.
    private mutating func edit(_ change: (inout FilterLine) -> Void) {
        guard var edited = line else { return }
        change(&edited)
        if edited.text != line?.text { pendingFilter = edited.text }
        line = edited
    }

    /// Ends typing: the filter becomes `text`, at once.
    private mutating func endTyping(keeping text: String) throws(Diagnostic) {
        line = nil
        pendingFilter = nil
        try session.setFilter(text)
    }

    private mutating func run(_ action: KeyAction) throws(Diagnostic) -> Outcome {
        if let typed = line {
            switch action {
            case .edit(let lineEdit):
                edit { $0.apply(lineEdit) }
                return .handled
            case .tap:
                try endTyping(keeping: typed.text)
                return .handled
            case .quit, .cancel:
                try endTyping(keeping: "")
                return .handled
            case .clearQuery:
                edit { $0 = FilterLine("") }
                return .handled
            case .filter:
                return .handled
            default:
                // A key that moves or marks acts on the catalogue filtered as typed.
                try settle()
            }
        }
        switch action {
        case .filter:
            line = FilterLine(session.state.filter ?? "")
        case .cancel where session.state.filter != nil, .clearQuery where session.state.filter != nil:
            // Esc takes back a kept filter first, as fzf's does; a second one quits.
            try session.setFilter("")
        case .quit, .cancel:
            return .quit
        case .tap:
            if multi, let marked = session.markedResult() { return .picked(marked) }
            guard let target = session.navigator.currentTarget(in: session.state) else { return .handled }
            return try session.tap(target.path).map { .picked($0) } ?? .handled
        case .move(let move):
            session.move(move)
        case .step(let forward):
            session.step(forward: forward)
        case .toggle:
            try session.toggleMark()
        case .marks(let change):
            try session.changeMarks(change)
        case .reload:
            session.reload()
        case .edit, .clearQuery:
            break
        case .nextTheme, .help, .inspect, .copy:
            return .unhandled(action)
        }
        return .handled
    }

    /// Types `text` at the cursor of the filter being typed (a paste); line breaks and
    /// tabs separate terms as spaces do. Nothing happens when no filter is
    /// typed. As for typed keys, ``settle()`` filters.
    public mutating func type(_ text: String) throws(Diagnostic) {
        guard line != nil, !text.isEmpty else { return }
        let added = String(
            text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
        edit { $0.insert(added) }
    }

    /// Applies the filter typed since the last time, if any: before a frame
    /// is drawn, once the keys that came together are handled.
    public mutating func settle() throws(Diagnostic) {
        guard let text = pendingFilter else { return }
        pendingFilter = nil
        try session.setFilter(text)
    }

    /// What `--filter`, `--tap` and `--keys` do before the first frame, the
    /// one replay render, browse and pick share: the filter, the taps, the
    /// keys as if typed, then what they typed applied, so `browse --keys K`
    /// starts on the screen `render --keys K` draws. Returns the outcome
    /// that ends the session early: a quit, or (when `picking`) a tap's
    /// result. The taps' paths are in the whole catalogue; one that names
    /// nothing shown is said of `tapsFrom`, where
    /// the caller took the taps from (the CLI's `--tap`).
    public mutating func replay(
        filter: String? = nil, taps: [ElementPath] = [], tapsFrom: String = "tap", keys: [Key],
        picking: Bool = false
    ) throws(Diagnostic) -> Outcome? {
        if let filter { try session.setFilter(filter) }
        for path in taps {
            let shown: ElementPath
            do throws(Diagnostic) { shown = try session.shownPath(of: path) } catch {
                throw error.about(tapsFrom)
            }
            _ = try session.tap(shown)
        }
        for key in keys {
            switch try press(key) {
            case .quit: return .quit
            case .picked(let result) where picking: return .picked(result)
            default: continue
            }
        }
        try settle()
        return nil
    }
}

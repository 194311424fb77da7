import SwatchbookCore

/// Runs keys on a session with browse's key map, including typing a filter
/// after `/` (Enter keeps it, Esc clears it). This is the one place a key
/// gets its meaning: `render --keys` and browse both press keys here, so
/// the same keys give the same screen.
public struct KeyInterpreter {
    public let session: Session
    /// The filter being typed, while `/` is active.
    public private(set) var typing: String?

    /// `pick --multi`: Tab marks the focused colour and moves on (Shift-Tab
    /// moves back), and Enter picks every marked one.
    public var multi = false
    /// What each key does: the standard map, with `--bind` over it.
    public var keyMap = KeyMap.standard

    public init(session: Session, multi: Bool = false, keyMap: KeyMap = .standard) {
        self.session = session
        self.multi = multi
        self.keyMap = keyMap
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

    public mutating func press(_ key: Key) throws(Diagnostic) -> Outcome {
        if var text = typing {
            switch key {
            case .enter:
                typing = nil
                pendingFilter = nil
                try session.setFilter(text)
            case .escape:
                typing = nil
                pendingFilter = nil
                try session.setFilter("")
            case .backspace:
                text = String(text.dropLast())
                typing = text
                pendingFilter = text
            case .space:
                typing = text + " "
                pendingFilter = text + " "
            case .character(let c):
                typing = text + String(c)
                pendingFilter = text + String(c)
            default:
                break
            }
            return .handled
        }
        if multi && (key == .tab || key == .backTab) {
            try session.toggleMark()
            session.move(key == .tab ? .right : .left)
            return .handled
        }
        guard let action = keyMap.action(for: key) else { return .handled }
        switch action {
        case .filter:
            typing = session.state.filter ?? ""
            return .handled
        case .quit where key == .escape && session.state.filter != nil:
            // Esc takes back a kept filter first, as fzf's does; a second one quits.
            try session.setFilter("")
            return .handled
        case .quit:
            return .quit
        case .tap:
            if multi, let marked = session.markedResult() { return .picked(marked) }
            guard let target = session.navigator.currentTarget(in: session.state) else { return .handled }
            return try session.tap(target.path).map { .picked($0) } ?? .handled
        case .move(let move):
            session.move(move)
            return .handled
        case .reload:
            session.reload()
            return .handled
        case .nextTheme, .help, .inspect, .copy:
            return .unhandled(action)
        }
    }

    /// Types `text` into the filter being typed (a paste); line breaks and
    /// tabs separate terms as spaces do. Nothing happens when no filter is
    /// typed. As for typed keys, ``settle()`` filters.
    public mutating func type(_ text: String) throws(Diagnostic) {
        guard let typed = typing, !text.isEmpty else { return }
        let added = String(
            text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
        typing = typed + added
        pendingFilter = typed + added
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

/// What a key does in browse, and in `render --keys`.
public enum KeyAction: Hashable, Sendable {
    case move(Navigator.Move)
    case tap
    case filter
    case quit
    case nextTheme
    case reload
    case help
    /// Shows or hides the inspector of the focused element.
    case inspect
    /// Copies the focused colour to the clipboard (OSC 52).
    case copy

    /// The standard key map (see ``KeyMap``).
    public static func of(_ key: Key) -> KeyAction? { KeyMap.standard.action(for: key) }
}

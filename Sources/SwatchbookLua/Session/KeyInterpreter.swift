import SwatchbookCore

/// Runs keys on a session with browse's key map, including typing a filter
/// after `/` (Enter keeps it, Esc clears it): `render --keys` and browse use
/// this one interpreter, so the same keys give the same screen.
public struct KeyInterpreter {
    public let session: PluginSession
    /// The filter being typed, while `/` is active.
    public private(set) var typing: String?

    public init(session: PluginSession) {
        self.session = session
    }

    public enum Outcome: Equatable {
        case handled
        case quit
        /// A tap's pick result.
        case picked(String)
        /// A key browse handles itself (theme, help).
        case unhandled(KeyAction)
    }

    public mutating func press(_ key: Key) throws(Diagnostic) -> Outcome {
        if var text = typing {
            switch key {
            case .enter:
                typing = nil
                try session.setFilter(text)
            case .escape:
                typing = nil
                try session.setFilter("")
            case .backspace:
                text = String(text.dropLast())
                typing = text
                try session.setFilter(text)
            case .space:
                typing = text + " "
                try session.setFilter(text + " ")
            case .character(let c):
                typing = text + String(c)
                try session.setFilter(text + String(c))
            default:
                break
            }
            return .handled
        }
        guard let action = KeyAction.of(key) else { return .handled }
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
            guard let target = session.navigator.currentTarget(in: session.state) else { return .handled }
            return try session.tap(target.path).map { .picked($0) } ?? .handled
        case .move, .reload:
            try session.press(key)
            return .handled
        case .nextTheme, .help:
            return .unhandled(action)
        }
    }

    /// Types `text` into the filter being typed (a paste), filtering once
    /// for all of it rather than once a character; line breaks and tabs
    /// separate terms as spaces do. Nothing happens when no filter is typed.
    public mutating func type(_ text: String) throws(Diagnostic) {
        guard let typed = typing, !text.isEmpty else { return }
        let added = String(
            text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
        typing = typed + added
        try session.setFilter(typed + added)
    }

    /// Runs `keys` until one quits.
    public mutating func run(_ keys: [Key]) throws(Diagnostic) {
        for key in keys where try press(key) == .quit { return }
    }
}

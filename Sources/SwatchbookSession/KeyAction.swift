import SwatchbookCore

/// What a key does in browse, and in `render --keys`.
public enum KeyAction: Hashable, Sendable {
    case move(Navigator.Move)
    /// The next item, on to the next row's first at a row's end (forward),
    /// or the previous one, back to the previous row's last.
    case step(forward: Bool)
    /// Taps the focused element; in `pick --multi` picks the marked ones (fzf's `accept`).
    case tap
    case filter
    /// Ends browse or pick at once (fzf's `abort`).
    case quit
    /// Clears a kept filter, else quits (fzf's `cancel`, which clears its query first).
    case cancel
    /// Clears the filter, kept or being typed.
    case clearQuery
    case nextTheme
    case reload
    case help
    /// Shows or hides the inspector of the focused element.
    case inspect
    /// Copies the focused colour to the clipboard (OSC 52).
    case copy
    /// Marks the focused colour, or unmarks it.
    case toggle
    /// Marks, unmarks, or flips the marks of every colour shown.
    case marks(Session.MarkChange)
    /// Edits the filter being typed; nothing when none is.
    case edit(LineEdit)

    /// Whether the action belongs to the filter line, so that only a key
    /// pressed while a filter is typed does it.
    var editsTheLine: Bool {
        if case .edit = self { return true }
        return false
    }
}

import SwatchbookSession

/// The error of a failed hot reload while it is up: it takes only what is
/// aimed at it, so browsing the old version goes on around it.
extension BrowseModel {
    /// Lines the reload error takes of the screen; 0 when none is up.
    var reloadErrorLines: Int {
        reloadError?.height(width: size.width, screenHeight: size.height) ?? 0
    }

    /// With a reload error up: the key bound to `cancel` (Esc) closes it,
    /// before it clears a kept filter or quits, and the mouse over it
    /// scrolls it with the wheel and taps nothing under it. True when the
    /// event was the panel's; while a filter is typed, Esc is the line's.
    func handleReloadError(_ event: InputEvent) -> Bool {
        guard reloadError != nil else { return false }
        switch event {
        case .key(let key, let modifiers):
            guard interpreter.line == nil,
                interpreter.keyMap.actions(for: Key(key, modifiers), typing: false)?.first == .cancel
            else { return false }
            reloadError = nil
            resize(width: size.width, height: size.height)
            return true
        case .mouse(let mouse):
            let top = session.screen.height
            guard mouse.y >= top, mouse.y < top + reloadErrorLines else { return false }
            if mouse.action == .wheelDown || mouse.action == .wheelUp {
                reloadError?.scroll(
                    by: mouse.action == .wheelDown ? 1 : -1, width: size.width, height: size.height)
            }
            return true
        case .paste:
            return false
        }
    }
}

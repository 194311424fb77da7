import SwatchbookCore
import SwatchbookRender
import SwatchbookSession

/// The last line of the screen: what is shown (a palette file's name, or
/// the plugin's), how many are marked in `pick --multi`, the focused path
/// and colour, and the latest message (`sb.status`, a script error, the
/// filter being typed). Errors show in the error role and never end the
/// program; a note of the host's is followed by the plugin's status. What
/// does not fit is cut with the theme's ellipsis.
struct StatusLine {
    private(set) var message: String?
    private(set) var isError = false

    mutating func show(_ text: String, isError: Bool = false) {
        message = Sanitizer.clean(text)
        self.isError = isError
    }

    /// The host's own message lasts until the next key or click, which
    /// gives the line back to the plugin's status.
    mutating func clear() {
        message = nil
        isError = false
    }

    /// The plugin's own status (`status(ctx)`), then its latest `sb.status`.
    private func pluginStatus(_ session: Session) -> [String] {
        [session.scriptStatus, session.status].compactMap { $0 }
    }

    /// Draws the line on the last line of `canvas`.
    /// - Parameters:
    ///   - name: what the catalogue is named by.
    ///   - marked: how many are marked, in `pick --multi`; nil otherwise.
    func draw(
        on canvas: inout Canvas, session: Session, theme: Theme, typing: FilterLine?, name: String,
        marked: Int?
    ) {
        let y = canvas.height - 1
        guard y >= 0 else { return }
        let line = Rect(x: 0, y: y, width: canvas.width, height: 1)
        let base = theme.style(.status).over(theme.style(.background))
        canvas.fill(line, clip: canvas.bounds, style: base)
        var parts = [name]
        if let marked { parts.append("\(marked) marked") }
        if let target = session.navigator.currentTarget(in: session.state) {
            parts.append(session.wholePath(of: target.path).description)
            if let element = session.navigator.locate(target.path, in: session.state) {
                if let item = element.item { parts.append(item.name + " " + item.color.hex) }
                if let node = element.node {
                    parts.append(node.name + (node.color.map { " " + $0.hex } ?? ""))
                }
            }
        }
        if typing == nil, let filter = session.state.filter {
            parts.append("/" + filter + " (Esc clears)")
        }
        let left = " " + parts.joined(separator: "  ")
        let text: String?
        let style: Style
        if let typing {
            // As it is typed, the filter shows its cursor and says when nothing matches.
            text =
                "/" + typing.beforeCursor + "▏" + typing.fromCursor
                + (session.filterMessage.map { "  " + $0 } ?? "")
            style = base
        } else if let message, isError {
            text = message
            style = theme.style(.error).over(base)
        } else if let message {
            // A note of the host's (`reloaded …`, `theme: …`) goes first and
            // the plugin's own status after it: a note never hides the status
            // a fresh plugin gives at once.
            text = ([message] + pluginStatus(session)).joined(separator: "  ")
            style = base
        } else if let note = session.filterMessage {
            text = note
            style = theme.style(.error).over(base)
        } else {
            let parts = pluginStatus(session)
            text = parts.isEmpty ? nil : parts.joined(separator: "  ")
            style = theme.style(.muted).over(base)
        }
        // The focus gives way to a message that does not fit, down to half the line.
        let ellipsis = theme.glyphs.ellipsis
        let room = text.map { max(canvas.width / 2, canvas.width - 3 - TextWidth.of($0)) } ?? canvas.width
        var x = canvas.draw(
            TextWidth.truncate(left, to: room, ellipsis: ellipsis), x: 0, y: y, style: base, clip: line)
        if let text {
            x += 2
            let room = canvas.width - x - 1
            canvas.draw(
                TextWidth.truncate(text, to: room, ellipsis: ellipsis), x: x, y: y, style: style, clip: line)
        }
    }
}

import SwatchbookCore
import SwatchbookRender

/// A hot reload that failed, docked between the catalogue and the status
/// line: it says the old version is still running and shows the error
/// whole, wrapped, where the status line cut it after a long path. It
/// stays while the user browses on, since the old version still runs and
/// the author is reading it while fixing the file, until Esc closes it or a
/// reload succeeds. The catalogue is laid out in the lines above it, so the
/// focus is never under it; the wheel over it scrolls an error longer than
/// the lines it may take.
struct ReloadErrorPanel {
    /// The error, `file:line: message`, sanitised.
    let message: String
    /// The first line of the wrapped message shown.
    private(set) var top = 0

    static let title = "Reload failed; still running the version that last loaded"
    static let hint = "Esc closes · printed again on exit"

    init(message: String) {
        self.message = Sanitizer.clean(message)
    }

    /// The title and the message in lines for a screen `width` columns
    /// wide, with a column of padding each side.
    private func text(width: Int) -> (title: [String], message: [String]) {
        let columns = max(1, width - 2)
        return (TextWidth.wrap(Self.title, columns: columns), TextWidth.wrap(message, columns: columns))
    }

    /// Lines the panel takes of a screen `width` × `height` whose last line
    /// is the status line: the title, the message and the hint, in at most
    /// half the lines above the status line (three at least), and never
    /// the last line of the catalogue.
    func height(width: Int, screenHeight height: Int) -> Int {
        let (title, message) = text(width: width)
        let wanted = title.count + message.count + 1
        return max(0, min(wanted, max(3, (height - 1) / 2), height - 2))
    }

    /// Lines of the message shown in a panel of `lines` lines.
    private static func shown(_ lines: Int, title: Int) -> Int { max(0, lines - title - 1) }

    /// Scrolls by `lines` (the wheel) on a screen `width` × `height`.
    mutating func scroll(by lines: Int, width: Int, height: Int) {
        let (title, message) = text(width: width)
        let shown = max(1, Self.shown(self.height(width: width, screenHeight: height), title: title.count))
        top = max(0, min(message.count - shown, top + lines))
    }

    /// Draws the panel over `lines` lines of `canvas` from line `y`: the
    /// title in the error role, the message, and on its last line the hint
    /// and, when the message does not fit, where the panel is in it.
    func draw(on canvas: inout Canvas, y: Int, lines: Int, theme: Theme) {
        guard lines > 0 else { return }
        let box = Rect(x: 0, y: y, width: canvas.width, height: lines).intersection(canvas.bounds)
        let base = theme.style(.status).over(theme.style(.background))
        canvas.fill(box, clip: box, style: base)
        let (title, message) = text(width: canvas.width)
        var row = y
        for line in title.prefix(lines) {
            canvas.draw(line, x: 1, y: row, style: theme.style(.error).over(base), clip: box)
            row += 1
        }
        let shown = Self.shown(lines, title: title.count)
        guard shown > 0 else { return }
        // A screen grown since the last scroll may show more from the same top.
        let first = max(0, min(top, message.count - shown))
        for line in message.dropFirst(first).prefix(shown) {
            canvas.draw(line, x: 1, y: row, style: base, clip: box)
            row += 1
        }
        var hint = Self.hint
        if shown < message.count {
            let arrows = (first > 0 ? "↑" : "") + (first + shown < message.count ? "↓" : "")
            hint = arrows + " \(first + shown)/\(message.count)  " + hint
        }
        canvas.draw(
            TextWidth.truncate(hint, to: max(0, canvas.width - 2), ellipsis: theme.glyphs.ellipsis), x: 1,
            y: y + lines - 1, style: theme.style(.muted).over(base), clip: box)
    }
}

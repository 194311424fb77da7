import SwatchbookCore
import SwatchbookRender
import SwatchbookSession

/// `?`: the key map in a box over the screen. The keys that move the focus
/// up and down (j k, Up Down, PgUp PgDn, g G, as bound) scroll it, so its
/// end can be read on a screen of a few lines; the line under the text
/// says where it is when it does not fit; any other key closes it.
struct HelpOverlay {
    /// What is shown: the key map's own lines (so `--bind` shows), then the mouse.
    let lines: [String]
    /// The first line shown.
    private(set) var top = 0

    init(keys: KeyMap) {
        lines =
            ["Keys", ""] + keys.helpLines + [
                "Ctrl-C             quit, exit 130",
                "",
                "Mouse: click taps, wheel scrolls,",
                "Shift+wheel scrolls a strip.",
                "",
                "The keys that move the focus up",
                "and down scroll this help;",
                "any other key closes it.",
            ]
    }

    /// The box on a screen `width` × `height` whose last line is the status
    /// line, centred above it with a column of padding each side and a line
    /// above and below, and how many lines of text it holds.
    func box(width: Int, height: Int) -> (rect: Rect, shown: Int) {
        let boxWidth = min(width, (lines.map { TextWidth.of($0) }.max() ?? 0) + 4)
        let boxHeight = min(height - 1, lines.count + 2)
        let rect = Rect(
            x: (width - boxWidth) / 2, y: max(0, (height - 1 - boxHeight) / 2), width: boxWidth,
            height: boxHeight)
        return (rect, max(0, boxHeight - 2))
    }

    /// Scrolls for `key` on a screen `width` × `height`, when `keys` binds
    /// it to a move up or down the catalogue; false for any other key.
    mutating func scroll(for key: Key, keys: KeyMap, width: Int, height: Int) -> Bool {
        let shown = max(1, box(width: width, height: height).shown)
        let last = max(0, lines.count - shown)
        // The first action of a chain (`down+toggle`) says which way.
        switch keys.actions(for: key, typing: false)?.first {
        case .move(.down): top += 1
        case .move(.up): top -= 1
        case .move(.pageDown): top += shown
        case .move(.pageUp): top -= shown
        case .move(.first), .move(.home): top = 0
        case .move(.last), .move(.end): top = last
        default: return false
        }
        top = max(0, min(last, top))
        return true
    }

    /// Scrolls by `lines` (the wheel) on a screen `width` × `height`.
    mutating func scroll(by lines: Int, width: Int, height: Int) {
        let shown = max(1, box(width: width, height: height).shown)
        top = max(0, min(self.lines.count - shown, top + lines))
    }

    /// Draws the box over `canvas`, its lines cut to its width with the
    /// theme's ellipsis; nothing on a screen too small for one line of it.
    func draw(on canvas: inout Canvas, theme: Theme) {
        let (box, shown) = box(width: canvas.width, height: canvas.height)
        guard box.width > 4, shown > 0 else { return }
        let style = theme.style(.status).over(theme.style(.background))
        canvas.fill(box, clip: canvas.bounds, style: style)
        // A screen grown since the last scroll may show more from the same top.
        let first = max(0, min(top, lines.count - shown))
        let ellipsis = theme.glyphs.ellipsis
        for (i, line) in lines.dropFirst(first).prefix(shown).enumerated() {
            let lineStyle = first + i == 0 ? theme.style(.header).over(style) : style
            canvas.draw(
                TextWidth.truncate(line, to: box.width - 4, ellipsis: ellipsis), x: box.x + 2,
                y: box.y + 1 + i,
                style: lineStyle, clip: box)
        }
        guard shown < lines.count else { return }
        // Where the box is in the text, on its bottom line: "↑↓ 12/26".
        let arrows = (first > 0 ? "↑" : "") + (first + shown < lines.count ? "↓" : "")
        let place = TextWidth.truncate(
            arrows + " \(first + shown)/\(lines.count)", to: box.width - 2, ellipsis: ellipsis)
        canvas.draw(
            place, x: box.maxX - 1 - TextWidth.of(place), y: box.maxY - 1,
            style: theme.style(.muted).over(style), clip: box)
    }
}

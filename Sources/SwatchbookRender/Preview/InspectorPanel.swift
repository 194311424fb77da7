import SwatchbookCore

/// The inspector drawn: the element's title, a swatch of its colour, then
/// each label and value aligned in two columns. Browse (and `render
/// --inspect --height`) gives it the right of the screen, ``width(onScreen:)``
/// columns, and lays the catalogue out in the rest; `render --inspect`
/// without a height writes it alone, in any canvas format.
///
/// The panel is never wider than it is given, whatever a plugin puts in a
/// field: a long label or title is cut with the theme's ellipsis, and a
/// long value wraps onto at most ``valueLines`` lines, the last one cut.
public enum InspectorPanel {
    /// Lines of the swatch under the title of a colour.
    static let swatchHeight = 2

    /// Lines one value may take before the rest is cut.
    static let valueLines = 4

    /// Columns the panel takes at most: a colour's figures (its longest
    /// label and an OKLCH with alpha) and the padding.
    static let widest = 54

    /// The columns the panel takes of a screen `width` columns wide: half of
    /// it, so the catalogue keeps the other half, and no more than
    /// ``widest``. It is the same for every element, so moving the focus
    /// with the panel open never lays the catalogue out again.
    public static func width(onScreen width: Int) -> Int { min(widest, width / 2) }

    /// Columns and lines the panel wants, within `maxWidth`; two columns of
    /// padding each side.
    public static func size(of inspection: Inspection, maxWidth: Int) -> (width: Int, height: Int) {
        let labels = labelWidth(inspection)
        let widest = inspection.lines.map { labels + 2 + TextWidth.of(Sanitizer.clean($0.value)) }
        let content = max(TextWidth.of(Sanitizer.clean(inspection.title)), widest.max() ?? 0)
        let width = max(1, min(maxWidth, content + 4))
        let lines = layout(inspection, width: width, ellipsis: "…").lines.count
        let height = 1 + (inspection.color == nil ? 0 : swatchHeight) + 1 + lines
        return (width, height + 2)
    }

    /// Draws the panel over `box` of `canvas`, clipped to it.
    public static func draw(_ inspection: Inspection, on canvas: inout Canvas, in box: Rect, theme: Theme) {
        let page = theme.style(.status).over(theme.style(.background))
        let clip = box.intersection(canvas.bounds)
        canvas.fill(box, clip: clip, style: page)
        let shown = layout(inspection, width: box.width, ellipsis: theme.glyphs.ellipsis)
        let x = box.x + 2
        var y = box.y + 1
        canvas.draw(shown.title, x: x, y: y, style: theme.style(.header).over(page), clip: clip)
        y += 1
        if let color = inspection.color {
            let swatch = Rect(x: x, y: y, width: max(0, box.width - 4), height: swatchHeight)
            canvas.fill(swatch, clip: clip, style: Style(background: color))
            y += swatchHeight
        }
        y += 1
        for line in shown.lines {
            canvas.draw(line.label, x: x, y: y, style: theme.style(.label).over(page), clip: clip)
            canvas.draw(line.value, x: x + shown.labelWidth + 2, y: y, style: page, clip: clip)
            y += 1
        }
    }

    /// The panel alone on a canvas `width` columns wide: what `render --inspect` writes.
    public static func canvas(_ inspection: Inspection, width: Int, theme: Theme) -> Canvas {
        let size = size(of: inspection, maxWidth: width)
        var canvas = Canvas(width: max(1, width), height: size.height, fill: theme.style(.background))
        draw(
            inspection, on: &canvas, in: Rect(x: 0, y: 0, width: size.width, height: size.height),
            theme: theme)
        return canvas
    }

    /// What the panel shows in `width` columns: the title cut to fit, and a
    /// line of the two columns for each label and for each further line of
    /// a wrapped value (with no label), all sanitised.
    struct Layout {
        var title: String
        var labelWidth: Int
        var lines: [(label: String, value: String)]
    }

    static func layout(_ inspection: Inspection, width: Int, ellipsis: String) -> Layout {
        let content = max(1, width - 4)
        // Labels take at most half the panel, so a value always has room.
        let labels = min(labelWidth(inspection), max(1, content / 2))
        let values = max(1, content - labels - 2)
        var lines: [(label: String, value: String)] = []
        for line in inspection.lines {
            let label = TextWidth.truncate(line.label, to: labels, ellipsis: ellipsis)
            let wrapped = TextWidth.wrap(
                Sanitizer.clean(line.value), columns: values, limit: valueLines, ellipsis: ellipsis)
            for (index, part) in wrapped.enumerated() { lines.append((index == 0 ? label : "", part)) }
        }
        return Layout(
            title: TextWidth.truncate(inspection.title, to: content, ellipsis: ellipsis), labelWidth: labels,
            lines: lines)
    }

    private static func labelWidth(_ inspection: Inspection) -> Int {
        inspection.lines.map { TextWidth.of(Sanitizer.clean($0.label)) }.max() ?? 0
    }
}

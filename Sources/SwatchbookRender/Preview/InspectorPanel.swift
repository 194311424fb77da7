import SwatchbookCore

/// The inspector drawn: the element's title, a swatch of its colour, then
/// each label and value aligned in two columns. Browse draws it over the
/// screen; `render --inspect` writes it alone, in any canvas format.
public enum InspectorPanel {
    /// Lines of the swatch under the title of a colour.
    static let swatchHeight = 2

    /// Columns and lines the panel wants, within `maxWidth`; two columns of
    /// padding each side.
    public static func size(of inspection: Inspection, maxWidth: Int) -> (width: Int, height: Int) {
        let labels = labelWidth(inspection)
        let widest = inspection.lines.map { labels + 2 + TextWidth.of(Sanitizer.clean($0.value)) }
        let content = max(TextWidth.of(Sanitizer.clean(inspection.title)), widest.max() ?? 0)
        let height = 1 + (inspection.color == nil ? 0 : swatchHeight) + 1 + inspection.lines.count
        return (min(maxWidth, content + 4), height + 2)
    }

    /// Draws the panel over `box` of `canvas`, clipped to it.
    public static func draw(_ inspection: Inspection, on canvas: inout Canvas, in box: Rect, theme: Theme) {
        let page = theme.style(.status).over(theme.style(.background))
        let clip = box.intersection(canvas.bounds)
        canvas.fill(box, clip: clip, style: page)
        let x = box.x + 2
        var y = box.y + 1
        canvas.draw(
            Sanitizer.clean(inspection.title), x: x, y: y, style: theme.style(.header).over(page), clip: clip)
        y += 1
        if let color = inspection.color {
            let swatch = Rect(x: x, y: y, width: max(0, box.width - 4), height: swatchHeight)
            canvas.fill(swatch, clip: clip, style: Style(background: color))
            y += swatchHeight
        }
        y += 1
        let labels = labelWidth(inspection)
        for line in inspection.lines {
            canvas.draw(
                Sanitizer.clean(line.label), x: x, y: y, style: theme.style(.label).over(page), clip: clip)
            canvas.draw(Sanitizer.clean(line.value), x: x + labels + 2, y: y, style: page, clip: clip)
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

    private static func labelWidth(_ inspection: Inspection) -> Int {
        inspection.lines.map { TextWidth.of(Sanitizer.clean($0.label)) }.max() ?? 0
    }
}

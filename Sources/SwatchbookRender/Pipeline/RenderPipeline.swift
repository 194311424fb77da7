import SwatchbookCore

/// The one way a laid-out catalogue becomes bytes: painter, renderer and
/// writer put together once, for render, check, browse, the theme preview
/// and the benchmarks alike.
public struct RenderPipeline {
    public let theme: Theme
    public let depth: ColorDepth
    public let settings: LayoutSettings
    /// The HTML page's title, and a palette file's when it says none.
    public var title = "swatchbook"
    /// What the palette's file said of itself, for the palette writers.
    public var palette = PaletteInfo()
    /// What CSS and Sass names begin with (`--prefix`).
    public var namePrefix: String?
    /// Where a long render's bytes go as its bands are finished (the file
    /// of `-o`); the bytes returned are then only the rest.
    public var spill: (any OutputSpill)?
    /// The most lines a whole document is drawn to (see ``CatalogueRenderer/lineLimit``).
    public var lineLimit: LineLimit?
    /// Whether a document of several bands is drawn on worker threads (see
    /// ``CatalogueRenderer``); false draws band after band on this thread.
    public var isPipelined = true
    /// An item's `data` as JSON text, for the JSON report (nil when it has
    /// no JSON form).
    public var itemData: ((ScriptHandle) -> String?)?
    /// `--simulate`: the colour-vision deficiency the catalogue's colours
    /// are drawn with, in every format (the JSON report adds them beside the
    /// real ones).
    public var simulation: ColorVision.Simulation?

    public init(theme: Theme, depth: ColorDepth, settings: LayoutSettings) {
        self.theme = theme
        self.depth = depth
        self.settings = settings
    }

    public var painter: Painter {
        var painter = Painter(theme: theme, depth: depth, settings: settings)
        painter.simulation = simulation
        return painter
    }

    /// Paints one laid-out window: what browse draws its status line over.
    public func paint(_ layout: Layout) -> Canvas {
        painter.paint(layout)
    }

    /// Paints one laid-out window on a canvas `width` × `height`, with the
    /// inspector, when there is one, in the columns right of the window and
    /// as tall as it: browse's screen with `i` open, and `render --inspect
    /// --height`'s. The window is laid out narrower than the screen by the
    /// panel's width (``InspectorPanel/width(onScreen:)``), so what has
    /// the focus is never under the panel.
    public func paint(_ layout: Layout, inspecting inspection: Inspection?, width: Int, height: Int) -> Canvas
    {
        var screen = layout
        screen.viewport.width = max(width, layout.viewport.width)
        screen.viewport.height = height
        var canvas = paint(screen)
        if let inspection {
            let box = Rect(
                x: layout.viewport.maxX, y: 0, width: width - layout.viewport.maxX,
                height: min(height, layout.viewport.height))
            if box.width > 0 { InspectorPanel.draw(inspection, on: &canvas, in: box, theme: theme) }
        }
        return canvas
    }

    /// The renderer that draws `layout` band by band.
    public func renderer(for layout: CatalogueLayout) -> CatalogueRenderer {
        var renderer = CatalogueRenderer(layout: layout, painter: painter)
        renderer.spill = spill
        renderer.lineLimit = lineLimit
        renderer.isPipelined = isPipelined
        return renderer
    }

    /// The writer of `format`, as ``OutputFormat/writer(depth:theme:title:)`` makes it.
    public func writer(for format: OutputFormat) -> (any CanvasWriter)? {
        format.writer(depth: depth, theme: theme, title: title)
    }

    /// Writes `viewport` of `layout` (the whole document when its height
    /// is nil) in `format`.
    public func render(_ layout: CatalogueLayout, _ viewport: Viewport, as format: OutputFormat) -> [UInt8] {
        if format.isPalette { return writePalette(layout, as: format).bytes }
        if let describer = format.describer {
            return describer.describe(
                layout.layout(viewport), of: layout, isWhole: viewport.height == nil, pipeline: self)
        }
        guard var writer = writer(for: format) else { return [] }
        return render(layout, viewport, with: &writer)
    }

    /// The colours of the whole catalogue (as filtered) in the palette
    /// format `format`, with what it could not hold; a caller refuses a
    /// lazy source first.
    public func writePalette(_ layout: CatalogueLayout, as format: OutputFormat) -> PaletteWriter.Written {
        let catalogue = layout.source as? Catalogue ?? Catalogue(copying: layout.source)
        return PaletteWriter.write(catalogue, as: format, palette: palette, title: title, prefix: namePrefix)
    }

    /// Draws `viewport` of `layout` through `writer`, which may be fed more
    /// canvases afterwards (the theme preview adds its samples).
    public func render(_ layout: CatalogueLayout, _ viewport: Viewport, with writer: inout some CanvasWriter)
        -> [UInt8]
    {
        renderer(for: layout).render(viewport, with: &writer)
    }

    /// Writes the inspector of one element (`render --inspect`) in
    /// `format`: the panel for the canvas formats, an object for JSON, and
    /// a line per figure for the transcript.
    public func render(_ inspection: Inspection, width: Int, as format: OutputFormat) -> [UInt8] {
        if let describer = format.describer { return describer.describe(inspection) }
        return write(InspectorPanel.canvas(inspection, width: width, theme: theme), as: format)
    }

    /// Writes one screen of a catalogue with the inspector beside it
    /// (`render --inspect --height`) in the canvas format `format`, as
    /// ``paint(_:inspecting:width:height:)`` paints it. (JSON and the
    /// transcript describe the inspection alone, with a height or without.)
    public func render(_ screen: Layout, beside inspection: Inspection, width: Int, as format: OutputFormat)
        -> [UInt8]
    {
        write(paint(screen, inspecting: inspection, width: width, height: screen.viewport.height), as: format)
    }

    /// One canvas in a canvas `format`; nothing for a palette format, which
    /// has no inspector (the command refuses it first).
    private func write(_ canvas: Canvas, as format: OutputFormat) -> [UInt8] {
        guard var writer = writer(for: format) else { return [] }
        var bytes: [UInt8] = []
        writer.write(canvas, into: &bytes)
        writer.finish(into: &bytes)
        return bytes
    }
}

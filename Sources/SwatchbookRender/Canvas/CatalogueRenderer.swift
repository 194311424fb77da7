import SwatchbookCore

/// Draws a laid-out catalogue through a writer, band by band, so memory
/// stays flat however long the document is.
public struct CatalogueRenderer {
    public let layout: ShelvesLayout
    public let painter: Painter
    /// Lines per band when drawing the whole document.
    public var bandHeight = 512

    public init(layout: ShelvesLayout, painter: Painter) {
        self.layout = layout
        self.painter = painter
    }

    /// Draws `viewport` (the whole document when its height is nil).
    public func render(_ viewport: Viewport, with writer: inout some CanvasWriter) -> [UInt8] {
        var output: [UInt8] = []
        let total = viewport.height ?? max(0, layout.documentHeight - viewport.top)
        var top = viewport.top
        let end = viewport.top + total
        repeat {
            let height = min(bandHeight, end - top)
            let sticky = viewport.stickyHeaders && top == viewport.top
            let band = layout.layout(
                Viewport(width: layout.width, height: height, top: top, stickyHeaders: sticky))
            writer.write(painter.paint(band), into: &output)
            top += height
        } while top < end
        writer.finish(into: &output)
        return output
    }
}

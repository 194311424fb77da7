import Dispatch
import SwatchbookCore

/// Draws a laid-out catalogue through a writer, band by band, so memory
/// stays flat however long the document is.
///
/// A document of more than one band is drawn as a pipeline: this thread lays
/// bands out (the only step that may call a plugin's source), one worker
/// paints them and another writes them, each band handed on in order, so the
/// bytes are the same as drawing one band after another.
public struct CatalogueRenderer {
    public let layout: ShelvesLayout
    public let painter: Painter
    /// Lines per band when drawing the whole document.
    public var bandHeight = 512
    /// Whether a document of several bands is painted and written on worker
    /// threads while the next bands are laid out.
    public var isPipelined = true

    public init(layout: ShelvesLayout, painter: Painter) {
        self.layout = layout
        self.painter = painter
    }

    /// Draws `viewport` (the whole document when its height is nil).
    public func render<Writer: CanvasWriter>(_ viewport: Viewport, with writer: inout Writer) -> [UInt8] {
        let bands = self.bands(of: viewport)
        guard isPipelined && bands.count > 1 else {
            var output: [UInt8] = []
            for band in bands { writer.write(painter.paint(layout.layout(band)), into: &output) }
            writer.finish(into: &output)
            return output
        }
        // Two bands in flight per hand-over keeps every stage busy without
        // holding more than a few bands in memory.
        let laidOut = BandChannel<Layout>(capacity: 2)
        let painted = BandChannel<Canvas>(capacity: 2)
        let sink = WriterSink(writer)
        // Room for about two bytes a cell (truecolor ANSI of swatches takes
        // that): a long document then never copies its output to grow it,
        // and pages it does not use are never touched.
        let lines = bands.reduce(0) { $0 + ($1.height ?? 0) }
        sink.output.reserveCapacity(lines * (2 * layout.width + 16))
        let group = DispatchGroup()
        let painter = self.painter
        DispatchQueue.global().async(group: group) {
            while let band = laidOut.receive() { painted.send(painter.paint(band)) }
            painted.send(nil)
        }
        DispatchQueue.global().async(group: group) {
            while let canvas = painted.receive() { sink.writer.write(canvas, into: &sink.output) }
            sink.writer.finish(into: &sink.output)
        }
        for band in bands { laidOut.send(layout.layout(band)) }
        laidOut.send(nil)
        group.wait()
        writer = sink.writer
        return sink.output
    }

    /// The viewport cut into bands of at most `bandHeight` lines; only the
    /// first keeps a sticky header.
    private func bands(of viewport: Viewport) -> [Viewport] {
        let total = viewport.height ?? max(0, layout.documentHeight - viewport.top)
        let end = viewport.top + total
        var bands: [Viewport] = []
        var top = viewport.top
        repeat {
            let height = min(bandHeight, end - top)
            let sticky = viewport.stickyHeaders && top == viewport.top
            bands.append(Viewport(width: layout.width, height: height, top: top, stickyHeaders: sticky))
            top += height
        } while top < end
        return bands
    }
}

/// The writer and its output, owned by the writing worker while a pipeline
/// runs and read back by the caller only after the worker has finished.
private final class WriterSink<Writer: CanvasWriter>: @unchecked Sendable {
    var writer: Writer
    var output: [UInt8] = []

    init(_ writer: Writer) {
        self.writer = writer
    }
}

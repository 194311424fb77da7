import Dispatch
#if canImport(Glibc)
    import Glibc
#endif
import SwatchbookCore

/// Draws a laid-out catalogue through a writer, band by band, so memory
/// stays flat however long the document is.
///
/// A document of more than one band is drawn as a pipeline, each band
/// handed on in order, so the bytes are the same as drawing one band after
/// another. This thread lays bands out, or, for a lazy source, only asks it
/// what each band needs (the plugin's Lua stays on this thread) while a
/// worker lays the band out from the answers; another worker paints each
/// band and writes it while its cells are still in that core's cache.
public struct CatalogueRenderer {
    public let layout: CatalogueLayout
    public let painter: Painter
    /// Lines per band when drawing the whole document.
    public var bandHeight = 512
    /// Whether a document of several bands is drawn as the pipeline above
    /// (false: band after band on this thread, as tests compare against).
    public var isPipelined = true
    /// Where the bytes go as bands are finished, a mebibyte or more at a
    /// time, when set; ``render(_:with:)`` then returns only the rest.
    public var spill: (any OutputSpill)?
    static let spillSize = 1 << 20
    /// The most lines a whole document is drawn to, when set: a lazy
    /// source's document is measured as it is drawn, and drawing stops at
    /// the band that would pass it (``LineLimit/isExceeded`` then says so).
    public var lineLimit: LineLimit?

    public init(layout: CatalogueLayout, painter: Painter) {
        self.layout = layout
        self.painter = painter
    }

    /// Draws `viewport` (the whole document when its height is nil).
    public func render<Writer: CanvasWriter>(_ viewport: Viewport, with writer: inout Writer) -> [UInt8] {
        if isPipelined && bands(of: viewport).count > 1 {
            if let output = pipelined(viewport, with: &writer) { return output }
            // A band could not be laid out from its prefetch: the document
            // is drawn again from its start, here.
            spill?.restart()
        }
        var output: [UInt8] = []
        var canvas = Canvas(width: 0, height: 0)
        var bands = Bands(of: viewport, height: bandHeight)
        while let band = bands.next(documentHeight: layout.documentHeight) {
            if lineLimit?.stops(at: band) == true { break }
            painter.paint(layout.layout(band), into: &canvas)
            writer.write(canvas, into: &output)
            Self.spill(&output, to: spill)
        }
        writer.finish(into: &output)
        return output
    }

    /// Hands `output` over to `spill` once it holds a mebibyte or more.
    fileprivate static func spill(_ output: inout [UInt8], to spill: (any OutputSpill)?) {
        guard let spill, output.count >= spillSize else { return }
        output.withUnsafeBytes { spill.append($0) }
        output.removeAll(keepingCapacity: true)
    }

    /// Draws the bands of `viewport` on worker threads: nil (and `writer`
    /// untouched) when a band could not be laid out from its prefetch, for
    /// the caller to draw them one after another instead.
    private func pipelined<Writer: CanvasWriter>(_ viewport: Viewport, with writer: inout Writer) -> [UInt8]?
    {
        // Two bands in flight per hand-over keeps every stage busy without
        // holding more than a few bands in memory.
        let prefetched = BandChannel<Prefetched>(capacity: 2)
        let laidOut = BandChannel<Numbered>(capacity: 2)
        let sink = WriterSink(writer)
        // Drawing is most of a render once a catalogue is read: where a
        // writer's bands stand alone, two workers paint and write bands side
        // by side, each into bytes of its own, joined in order. (A lazy
        // source's Lua keeps this thread busy all along, and a worker lays
        // its bands out: there is no core left for a second drawer.)
        let lazy = layout.isLazy
        let drawers = Writer.writesBandsAlone && !lazy ? 2 : 1
        // Room for about two bytes a cell (truecolor ANSI of swatches takes
        // that): a long document then never copies its output to grow it,
        // and pages it does not use are never touched. Bytes that spill
        // need room for a mebibyte and a band.
        let lines = viewport.height ?? max(0, layout.documentHeight - viewport.top)
        let spill = self.spill
        sink.output.reserveCapacity(
            spill == nil
                ? lines * (2 * layout.width + 16) : Self.spillSize + bandHeight * (2 * layout.width + 16))
        HugePages.advise(&sink.output)
        let group = DispatchGroup()
        let painter = self.painter
        let shared = SharedLayout(layout)
        if lazy {
            // A lazy source runs Lua, which stays on this thread: here each
            // band is only prefetched, and a worker lays it out from that.
            Self.worker("layout").async(group: group) {
                var number = 0
                while let band = prefetched.receive() {
                    // After a divergence the rest is only received, so the
                    // sender is never stuck.
                    guard !sink.diverged else { continue }
                    if let laid = shared.layout.layout(band.viewport, replaying: band.recording) {
                        laidOut.send(Numbered(number: number, layout: laid))
                        number += 1
                    } else {
                        sink.diverged = true
                    }
                }
                for _ in 0..<drawers { laidOut.send(nil) }
            }
        }
        // Painting and writing share a thread: a band's canvas is written
        // as soon as it is painted, from cache, rather than read cold on
        // another core (which made writing a third slower).
        if drawers == 1 {
            Self.worker("draw").async(group: group) {
                // The writer and the output are this worker's own while it
                // runs, and handed back at the end.
                var writer = sink.writer
                // Moved out, not copied, so its reserved room is used.
                var output: [UInt8] = []
                swap(&output, &sink.output)
                var canvas = Canvas(width: 0, height: 0)
                while let band = laidOut.receive() {
                    painter.paint(band.layout, into: &canvas)
                    writer.write(canvas, into: &output)
                    Self.spill(&output, to: spill)
                }
                sink.writer = writer
                sink.output = output
            }
        } else {
            for drawer in 0..<drawers {
                Self.worker("draw\(drawer)").async(group: group) {
                    // A copy each: the sink's own is only read until the end.
                    var writer = sink.writer
                    var canvas = Canvas(width: 0, height: 0)
                    var bytes: [UInt8] = []
                    while let band = laidOut.receive() {
                        painter.paint(band.layout, into: &canvas)
                        bytes.removeAll(keepingCapacity: true)
                        writer.write(canvas, into: &bytes)
                        sink.join(bytes, number: band.number, spill: spill)
                    }
                }
            }
        }
        var bands = Bands(of: viewport, height: bandHeight)
        var number = 0
        while let band = bands.next(documentHeight: layout.documentHeight) {
            if lineLimit?.stops(at: band) == true { break }
            if lazy {
                prefetched.send(Prefetched(viewport: band, recording: layout.prefetch(band)))
            } else {
                laidOut.send(Numbered(number: number, layout: layout.layout(band)))
                number += 1
            }
        }
        if lazy {
            prefetched.send(nil)
        } else {
            for _ in 0..<drawers { laidOut.send(nil) }
        }
        group.wait()
        guard !sink.diverged else { return nil }
        sink.writer.finish(into: &sink.output)
        writer = sink.writer
        return sink.output
    }

    /// A laid-out band and its place in the document.
    private struct Numbered: Sendable {
        var number: Int
        var layout: Layout
    }

    /// A queue of its own for each stage: the stages wait on each other, and
    /// the global queue's threads are as many as the cores (two here), so
    /// stages on it could wait for a thread that never comes. A queue made
    /// by label gets a thread whenever it has work.
    private static func worker(_ stage: String) -> DispatchQueue {
        DispatchQueue(label: "swatchbook.render.\(stage)")
    }

    /// A band and what its layout will ask of the source.
    private struct Prefetched: Sendable {
        var viewport: Viewport
        var recording: SourceRecording
    }

    /// The viewport cut into the bands ``render(_:with:)`` draws, at most
    /// `bandHeight` lines each, as the document measures now; only the first
    /// keeps a sticky header. Drawing a lazy source measures its rows, so a
    /// whole document may then take more bands than this says.
    public func bands(of viewport: Viewport) -> [Viewport] {
        var bands = Bands(of: viewport, height: bandHeight)
        var all: [Viewport] = []
        while let band = bands.next(documentHeight: layout.documentHeight) { all.append(band) }
        return all
    }
}

/// The bands of a viewport, cut one after another: the end of a whole
/// document is read again before each band, since laying out a band of a
/// lazy source measures its rows and moves the end.
struct Bands {
    let viewport: Viewport
    let height: Int
    private var top: Int
    private var started = false

    init(of viewport: Viewport, height: Int) {
        self.viewport = viewport
        self.height = max(1, height)
        top = viewport.top
    }

    /// The next band, or nil after the last; an empty document is one
    /// empty band.
    mutating func next(documentHeight: Int) -> Viewport? {
        let end = viewport.height.map { viewport.top + $0 } ?? max(viewport.top, documentHeight)
        guard !started || top < end else { return nil }
        let band = Viewport(
            height: min(height, end - top), top: top,
            stickyHeaders: viewport.stickyHeaders && !started, endsWithDocument: viewport.height == nil)
        started = true
        top += band.height ?? 0
        return band
    }
}

/// The most lines a whole document may take, checked band by band as it
/// is drawn; once a band would pass it, the render stops and this says so.
public final class LineLimit: @unchecked Sendable {
    public let lines: Int
    /// Set by the thread that cuts the bands, read once the render returns.
    public private(set) var isExceeded = false

    public init(lines: Int) {
        self.lines = lines
    }

    /// Whether `band` takes the document past the limit (a band of a whole
    /// document always has at least one line).
    func stops(at band: Viewport) -> Bool {
        guard band.top + max(1, band.height ?? 1) > lines else { return false }
        isExceeded = true
        return true
    }
}

/// Where a long render puts its bytes as bands are finished, instead of
/// keeping them all to the end: the file of `-o`, say.
public protocol OutputSpill: AnyObject, Sendable {
    /// The next bytes, in order, on the thread that draws.
    func append(_ bytes: UnsafeRawBufferPointer)
    /// Forgets what was appended: the render starts over from its first band.
    func restart()
}

/// The writer and its output, owned by the drawing worker while a pipeline
/// runs and read back by the caller only after the worker has finished.
/// Where two workers draw, each band's bytes are joined to the output in
/// the band's order, under a lock.
private final class WriterSink<Writer: CanvasWriter>: @unchecked Sendable {
    var writer: Writer
    var output: [UInt8] = []
    /// Set by the layout worker, read after every worker has finished.
    var diverged = false
    /// The band whose bytes join the output next, and those that came
    /// before their turn: read and written only while `lock` is held.
    private var next = 0
    private var early: [Int: [UInt8]] = [:]
    private let lock = DispatchSemaphore(value: 1)

    init(_ writer: Writer) {
        self.writer = writer
    }

    /// Joins band `number`'s bytes to the output, after those of every band
    /// before it, keeping them until then.
    func join(_ bytes: [UInt8], number: Int, spill: (any OutputSpill)?) {
        lock.wait()
        defer { lock.signal() }
        guard number == next else {
            early[number] = bytes
            return
        }
        output += bytes
        next += 1
        while let waiting = early.removeValue(forKey: next) {
            output += waiting
            next += 1
        }
        CatalogueRenderer.spill(&output, to: spill)
    }
}

/// A box that hands the layout to the worker that lays bands out from
/// their prefetch. The worker only calls ``CatalogueLayout/layout(_:replaying:)``,
/// which reads the layout's measured geometry and never its source.
private final class SharedLayout: @unchecked Sendable {
    let layout: CatalogueLayout

    init(_ layout: CatalogueLayout) {
        self.layout = layout
    }
}

/// Large buffers backed by huge pages where the system offers them: filling
/// a 12 MB output 4 KB at a time costs thousands of page faults, and each
/// is dear on a virtual machine.
enum HugePages {
    /// Advises the kernel to back the whole 2 MiB pages inside `buffer`'s
    /// reserved capacity with huge pages. Only advice: nothing changes
    /// where the kernel (or the build's platform) does not take it.
    static func advise(_ buffer: inout [UInt8]) {
        #if os(Linux)
            let hugePage = 2 << 20
            let capacity = buffer.capacity
            guard capacity >= 2 * hugePage else { return }
            buffer.withUnsafeMutableBufferPointer { storage in
                guard let base = storage.baseAddress else { return }
                let start = (Int(bitPattern: base) + hugePage - 1) & ~(hugePage - 1)
                let end = (Int(bitPattern: base) + capacity) & ~(hugePage - 1)
                guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
                _ = madvise(pointer, end - start, MADV_HUGEPAGE)
            }
        #endif
    }
}

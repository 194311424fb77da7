import SwatchbookCore
import Testing

@testable import SwatchbookRender

/// Drawing a document in bands, laid out, painted and written on worker
/// threads (two drawing side by side where the writer's bands stand alone):
/// the bytes are those of drawing one band after another.
@Suite struct CatalogueRendererTests {
    /// A catalogue long enough for many bands of a few lines.
    static let catalogue = Catalogue(sections: (1...6).map(section))
    /// Over 512 lines (the default band): several bands at every height tried.
    static let long = Catalogue(sections: (1...24).map(section))

    static func section(_ s: Int) -> Section {
        Section(name: "Section \(s)", rows: (1...5).map { r in row(s, r) })
    }

    static func row(_ s: Int, _ r: Int) -> Row {
        let items = (1...9).map { i -> Item in
            let rgb = UInt32(s * 40_000 + r * 900 + i * 7)
            return Item(name: "Colour \(s).\(r).\(i)", color: Color(rgb: rgb))
        }
        return Row(name: "Row \(s).\(r)", content: .items(items))
    }

    static func renderer(bandHeight: Int, pipelined: Bool, width: Int = 50, of source: Catalogue = catalogue)
        -> CatalogueRenderer
    {
        let layout = CatalogueLayout(
            source: source, settings: LayoutSettings(), width: width, state: ViewState(),
            measure: { TextWidth.of($0) })
        var renderer = CatalogueRenderer(
            layout: layout, painter: Painter(theme: .standard, depth: .truecolor, settings: LayoutSettings()))
        renderer.bandHeight = bandHeight
        renderer.isPipelined = pipelined
        return renderer
    }

    static func render(
        bandHeight: Int, pipelined: Bool, width: Int = 50, viewport: Viewport? = nil,
        writer: some CanvasWriter
    ) -> [UInt8] {
        var writer = writer
        return renderer(bandHeight: bandHeight, pipelined: pipelined, width: width)
            .render(viewport ?? Viewport(), with: &writer)
    }

    /// The pipeline writes what band after band on one thread writes, and
    /// what one band for the whole document writes; every height tried cuts
    /// the document into several bands, so the pipeline really runs.
    @Test(arguments: [1, 3, 7, 64, 512])
    func pipelinedBandsWriteTheSameBytes(bandHeight: Int) {
        let whole = Viewport()
        let pipelinedRenderer = Self.renderer(bandHeight: bandHeight, pipelined: true, of: Self.long)
        #expect(pipelinedRenderer.bands(of: whole).count > 1)
        var writer = ANSIWriter(depth: .truecolor)
        let pipelined = pipelinedRenderer.render(whole, with: &writer)
        writer = ANSIWriter(depth: .truecolor)
        let sequential = Self.renderer(bandHeight: bandHeight, pipelined: false, of: Self.long)
            .render(whole, with: &writer)
        #expect(pipelined == sequential)
        let oneBand = Self.renderer(bandHeight: 100_000, pipelined: false, of: Self.long)
        #expect(oneBand.bands(of: whole).count == 1)
        writer = ANSIWriter(depth: .truecolor)
        #expect(sequential == oneBand.render(whole, with: &writer))
    }

    /// Plain text, whose bands two workers write side by side as ANSI's
    /// are: joined in order, they are the bytes of one band after another.
    /// (One case at a time: a plain writer has no size, and ThreadSanitizer
    /// takes two cases' writers, checked at one shared address, for one.)
    @Test(.serialized, arguments: [1, 7, 64])
    func plainBandsWrittenSideBySideAreJoinedInOrder(bandHeight: Int) {
        let pipelined = Self.renderer(bandHeight: bandHeight, pipelined: true, of: Self.long)
        #expect(PlainWriter.writesBandsAlone && pipelined.bands(of: Viewport()).count > 1)
        var writer = PlainWriter()
        let sideBySide = pipelined.render(Viewport(), with: &writer)
        writer = PlainWriter()
        let sequential = Self.renderer(bandHeight: bandHeight, pipelined: false, of: Self.long)
            .render(Viewport(), with: &writer)
        #expect(sideBySide == sequential)
    }

    /// A writer with state across bands (the HTML page's head and tail) gets
    /// every band, in order, and finishes once.
    @Test func aWriterKeepsItsStateAcrossPipelinedBands() {
        let writer = HTMLWriter(title: "Bands", theme: .standard)
        let pipelined = Self.render(bandHeight: 5, pipelined: true, writer: writer)
        let whole = Self.render(bandHeight: 10_000, pipelined: false, writer: writer)
        #expect(pipelined == whole)
        let page = String(decoding: pipelined, as: UTF8.self)
        #expect(page.components(separatedBy: "</html>").count == 2)
    }

    /// A viewport below the top, with a sticky header in its first band only.
    @Test func aScrolledViewportIsTheSameInBands() {
        let viewport = Viewport(height: 37, top: 23, stickyHeaders: true)
        let sequential = Self.render(
            bandHeight: 4, pipelined: false, viewport: viewport, writer: ANSIWriter(depth: .ansi256))
        let pipelined = Self.render(
            bandHeight: 4, pipelined: true, viewport: viewport, writer: ANSIWriter(depth: .ansi256))
        let one = Self.render(
            bandHeight: 10_000, pipelined: false, viewport: viewport, writer: ANSIWriter(depth: .ansi256))
        #expect(pipelined == sequential)
        #expect(sequential == one)
        #expect(one.filter { $0 == UInt8(ascii: "\n") }.count == 37)
    }

    /// A lazy source whose answers depend on how many questions came before,
    /// as a plugin with state might: any change in what is asked, or in what
    /// order, changes the picture.
    final class StatefulSource: CatalogueSource {
        var asked = 0
        var isEager: Bool { false }
        var sectionCount: Int { 12 }
        func rowCount(_ section: Int) -> Int { 6 }
        func sectionSummary(_ section: Int) -> SectionSummary {
            asked += 1
            return SectionSummary(name: "Section \(section) (\(asked))")
        }
        func rowSummary(_ section: Int, _ row: Int) -> RowSummary {
            asked += 1
            return RowSummary(name: "Row \(row) (\(asked))", kind: .items, count: 20)
        }
        func item(_ section: Int, _ row: Int, _ index: Int) -> Item {
            asked += 1
            return Item(name: "#\(asked)", color: Color(rgb: UInt32(asked * 0x010305 & 0xFFFFFF)))
        }
        func fields(_ section: Int, _ row: Int) -> [Field] { [] }
        func nodes(_ section: Int, _ row: Int) -> [Node] { [] }
    }

    static func renderLazy(bandHeight: Int, pipelined: Bool) -> (bytes: [UInt8], asked: Int) {
        let source = StatefulSource()
        let layout = CatalogueLayout(
            source: source, settings: LayoutSettings(), width: 60, state: ViewState(),
            measure: { TextWidth.of($0) })
        var renderer = CatalogueRenderer(
            layout: layout, painter: Painter(theme: .standard, depth: .truecolor, settings: LayoutSettings()))
        renderer.bandHeight = bandHeight
        renderer.isPipelined = pipelined
        var writer = ANSIWriter(depth: .truecolor)
        return (renderer.render(Viewport(), with: &writer), source.asked)
    }

    /// A lazy document is prefetched on this thread and laid out on a worker:
    /// the source is asked the same things in the same order. (This source
    /// caches nothing, so a section cut by a band is asked again in the next;
    /// a plugin's source answers each question once.)
    @Test(arguments: [2, 5, 64])
    func aLazySourceIsAskedAsInOneThread(bandHeight: Int) {
        let sequential = Self.renderLazy(bandHeight: bandHeight, pipelined: false)
        let pipelined = Self.renderLazy(bandHeight: bandHeight, pipelined: true)
        #expect(pipelined.asked == sequential.asked)
        // Compared as one answer: a failure would print twelve kilobytes twice.
        let same = pipelined.bytes == sequential.bytes
        #expect(same)
    }
}

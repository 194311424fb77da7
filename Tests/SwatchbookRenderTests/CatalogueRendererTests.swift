import SwatchbookCore
import Testing

@testable import SwatchbookRender

/// Drawing a document in bands, laid out, painted and written on three
/// threads: the bytes are those of drawing one band after another.
@Suite struct CatalogueRendererTests {
    /// A catalogue long enough for many bands of a few lines.
    static let catalogue = Catalogue(sections: (1...6).map(section))

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

    static func render(
        bandHeight: Int, pipelined: Bool, width: Int = 50, viewport: Viewport? = nil,
        writer: some CanvasWriter
    ) -> [UInt8] {
        let layout = ShelvesLayout(
            source: catalogue, settings: LayoutSettings(), width: width, state: ViewState(),
            measure: { TextWidth.of($0) })
        var renderer = CatalogueRenderer(
            layout: layout, painter: Painter(theme: .standard, depth: .truecolor, settings: LayoutSettings()))
        renderer.bandHeight = bandHeight
        renderer.isPipelined = pipelined
        var writer = writer
        return renderer.render(viewport ?? Viewport(width: width), with: &writer)
    }

    @Test(arguments: [1, 3, 7, 64, 10_000])
    func pipelinedBandsWriteTheSameBytes(bandHeight: Int) {
        let sequential = Self.render(
            bandHeight: bandHeight, pipelined: false, writer: ANSIWriter(depth: .truecolor))
        let pipelined = Self.render(
            bandHeight: bandHeight, pipelined: true, writer: ANSIWriter(depth: .truecolor))
        #expect(pipelined == sequential)
        // And the same as one band for the whole document.
        #expect(
            sequential
                == Self.render(bandHeight: 10_000, pipelined: false, writer: ANSIWriter(depth: .truecolor)))
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
        let viewport = Viewport(width: 50, height: 37, top: 23, stickyHeaders: true)
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
}

import SwatchbookCore
import Testing

@testable import SwatchbookRender

/// `swatch.fill`: how a swatch's colour block is drawn (SPEC §6).
@Suite struct PainterFillTests {
    static let salmon = Color(rgb: 0xFA8072)
    static let page = Color(rgb: 0x101010)

    /// One item 8 wide and 4 high (3 lines of colour above its label).
    static func paint(_ fill: SwatchFill, depth: ColorDepth = .truecolor) -> Canvas {
        var theme = Theme.standard
        theme.fill = fill
        theme.showHex = false
        theme.roles[.background] = Style(background: page)
        let frame = Rect(x: 0, y: 0, width: 8, height: 4)
        var item = LayoutElement(
            .item(LayoutElement.ItemContent()), path: ElementPath([1, 1, 1]), key: "k", frame: frame,
            clip: frame, title: "Salmon")
        item.color = salmon
        let layout = Layout(viewport: frame, top: 0, documentHeight: 4, elements: [item])
        return Painter(theme: theme, depth: depth, settings: LayoutSettings()).paint(layout)
    }

    @Test func blockFillsEveryColourLineWithTheColour() {
        let canvas = Self.paint(.block)
        for y in 0..<3 {
            let cell = canvas.cell(x: 3, y: y)
            #expect(canvas.text(of: cell) == " ")
            #expect(canvas.style(of: cell).background == Self.salmon)
        }
    }

    /// Each line holds two colour rows: the last line's upper half is the
    /// colour (foreground of ▀), its lower half the page behind.
    @Test func halfEndsTheBlockWithAnUpperHalfBlock() {
        let canvas = Self.paint(.half)
        for y in 0..<2 {
            #expect(canvas.style(of: canvas.cell(x: 3, y: y)).background == Self.salmon)
        }
        for x in 0..<8 {
            let edge = canvas.cell(x: x, y: 2)
            #expect(canvas.text(of: edge) == "\u{2580}")
            #expect(canvas.style(of: edge).foreground == Self.salmon)
            #expect(canvas.style(of: edge).background == Self.page)
        }
        #expect(canvas.text(of: canvas.cell(x: 0, y: 3)) == "S", "the label keeps its line")
    }

    @Test func halfWritesTheHexOnTheLastWholeLine() {
        var theme = Theme.standard
        theme.fill = .half
        let frame = Rect(x: 0, y: 0, width: 12, height: 3)
        var item = LayoutElement(
            .item(LayoutElement.ItemContent()), path: ElementPath([1, 1, 1]), key: "k", frame: frame,
            clip: frame, title: "Salmon")
        item.color = Self.salmon
        let layout = Layout(viewport: frame, top: 0, documentHeight: 3, elements: [item])
        let canvas = Painter(theme: theme, depth: .truecolor, settings: LayoutSettings()).paint(layout)
        let line0 = (0..<12).map { canvas.text(of: canvas.cell(x: $0, y: 0)) }
        #expect(line0.joined() == "  #FA8072   ")
        #expect(canvas.text(of: canvas.cell(x: 5, y: 1)) == "\u{2580}")
    }

    /// Shade draws lightness as ink density, in the colour itself.
    @Test func shadeUsesDensityCharactersInTheColour() {
        let canvas = Self.paint(.shade)
        let cell = canvas.cell(x: 3, y: 1)
        #expect(canvas.text(of: cell) == String(Painter.shade(for: Self.salmon)))
        #expect(canvas.style(of: cell).foreground == Self.salmon)
    }

    /// Without colour every fill falls back to shades, so swatches still read.
    @Test(arguments: SwatchFill.allCases)
    func withoutColourEveryFillIsShaded(_ fill: SwatchFill) {
        let canvas = Self.paint(fill, depth: .none)
        for y in 0..<3 {
            #expect(
                canvas.text(of: canvas.cell(x: 3, y: y)) == String(Painter.shade(for: Self.salmon)), "\(y)")
        }
    }
}

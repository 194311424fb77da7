import SwatchbookCore
import Testing

@testable import SwatchbookRender

/// The hex code painted on a swatch: centred on the block's last line, in
/// black or white for legibility, and left out when the label already is it.
@Suite struct PainterHexTests {
    /// The colour block's last line of an item 12 wide and 3 high.
    static func hexLine(title: String, color: Color, width: Int = 12) -> (text: String, ink: Color?) {
        let frame = Rect(x: 0, y: 0, width: width, height: 3)
        var item = LayoutElement(
            .item(LayoutElement.ItemContent()), path: ElementPath([1, 1, 1]), key: "k", frame: frame,
            clip: frame, title: title)
        item.color = color
        let layout = Layout(viewport: frame, top: 0, documentHeight: 3, elements: [item])
        let canvas = Painter(theme: .standard, depth: .truecolor, settings: LayoutSettings()).paint(layout)
        let text = (0..<width).map { canvas.text(of: canvas.cell(x: $0, y: 1)) }.joined()
        return (text, canvas.style(of: canvas.cell(x: width / 2, y: 1)).foreground)
    }

    @Test func theCodeIsCentredInInkThatReads() {
        let dark = Self.hexLine(title: "Navy", color: Color(rgb: 0x000080))
        #expect(dark.text == "  #000080   ")
        #expect(dark.ink == Color(rgb: 0xFFFFFF))
        let light = Self.hexLine(title: "Ivory", color: Color(rgb: 0xFFFFF0))
        #expect(light.text == "  #FFFFF0   ")
        #expect(light.ink == Color(rgb: 0x000000))
    }

    @Test(arguments: ["#FA8072", "#fa8072", "#Fa8072"])
    func aLabelThatIsTheCodeIsNotRepeated(title: String) {
        #expect(
            Self.hexLine(title: title, color: Color(rgb: 0xFA8072)).text == String(repeating: " ", count: 12))
    }

    /// A title that uppercases to the code counts too, though it is longer:
    /// "ﬀ" (one character, three bytes) uppercases to "FF".
    @Test func aLabelThatUppercasesToTheCodeIsTheCode() {
        #expect(
            Self.hexLine(title: "#\u{FB00}0000", color: Color(rgb: 0xFF0000)).text.allSatisfy { $0 == " " })
    }

    /// Only the code itself hides it: a longer label, another code, or a
    /// name that merely contains it still shows the code.
    @Test(arguments: ["#FA807", "#FA80721", "#FB8072", "x#FA8072", "FA8072 "])
    func otherLabelsShowTheCode(title: String) {
        #expect(Self.hexLine(title: title, color: Color(rgb: 0xFA8072)).text == "  #FA8072   ")
    }

    /// A translucent colour is named with its alpha, when the cell is wide enough.
    @Test func aTranslucentColourShowsEightDigits() {
        let color = Color(red: 0xFA, green: 0x80, blue: 0x72, alpha: 0x80)
        #expect(Self.hexLine(title: "Glass", color: color, width: 14).text.contains(" #FA807280 "))
        #expect(Self.hexLine(title: "Glass", color: color, width: 10).text.allSatisfy { $0 == " " })
    }
}

import SwatchbookCore
import Testing

@testable import SwatchbookRender

/// Names are measured as they will be drawn: a control character shows as
/// U+FFFD, one column, so truncation must count it (SPEC §5).
@Suite struct PainterTextTests {
    static func paintedLines(
        _ element: LayoutElement, width: Int, height: Int, ellipsis: String = Theme.standard.glyphs.ellipsis
    ) -> [String] {
        var theme = Theme.standard
        theme.showHex = false
        theme.glyphs.ellipsis = ellipsis
        let painter = Painter(theme: theme, depth: .truecolor, settings: LayoutSettings())
        let layout = Layout(
            viewport: Rect(x: 0, y: 0, width: width, height: height), top: 0,
            documentHeight: height, elements: [element])
        var writer = PlainWriter()
        var bytes: [UInt8] = []
        writer.write(painter.paint(layout), into: &bytes)
        return String(decoding: bytes, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false
        ).dropLast().map(String.init)
    }

    @Test func aLabelThatFitsIsDrawnWhole() {
        let frame = Rect(x: 0, y: 0, width: 6, height: 2)
        var item = LayoutElement(
            .item(LayoutElement.ItemContent()), path: ElementPath([1, 1, 1]), key: "k", frame: frame,
            clip: frame,
            title: "메인1")
        item.color = Color(rgb: 0xFA8072)
        #expect(Self.paintedLines(item, width: 8, height: 2)[1] == "메인1")
    }

    @Test func aLongLabelEndsInAnEllipsis() {
        let frame = Rect(x: 0, y: 0, width: 6, height: 2)
        var item = LayoutElement(
            .item(LayoutElement.ItemContent()), path: ElementPath([1, 1, 1]), key: "k", frame: frame,
            clip: frame,
            title: "LightSalmon")
        item.color = Color(rgb: 0xFA8072)
        #expect(Self.paintedLines(item, width: 8, height: 2)[1] == "Light…")
    }

    /// An ellipsis that starts with a combining mark joins the last
    /// character kept, as truncating the text itself joins them; one that
    /// does not is drawn after it.
    @Test(arguments: ["\u{301}~", "…", "..", "\u{200D}>"])
    func aCutLabelEndsInTheEllipsisAsTruncatingDoes(_ ellipsis: String) {
        let frame = Rect(x: 0, y: 0, width: 6, height: 2)
        var item = LayoutElement(
            .item(LayoutElement.ItemContent()), path: ElementPath([1, 1, 1]), key: "k", frame: frame,
            clip: frame, title: "LightSalmon")
        item.color = Color(rgb: 0xFA8072)
        var expected = Canvas(width: 8, height: 1)
        let cut = TextWidth.truncate("LightSalmon", to: 6, ellipsis: ellipsis)
        expected.draw(cut, x: 0, y: 0, style: .plain, clip: expected.bounds)
        #expect(
            Self.paintedLines(item, width: 8, height: 2, ellipsis: ellipsis)[1]
                == CanvasTests.plainLines(expected)[0])
    }

    /// "\u{1B}\u{1B}ABCDE" measures 5 raw but draws as 7 columns: it must be
    /// cut with an ellipsis, not silently clipped at the cell's edge.
    @Test func controlCharactersCountWhenTruncatingALabel() {
        let frame = Rect(x: 0, y: 0, width: 6, height: 2)
        var item = LayoutElement(
            .item(LayoutElement.ItemContent()), path: ElementPath([1, 1, 1]), key: "k", frame: frame,
            clip: frame,
            title: "\u{1B}\u{1B}ABCDE")
        item.color = Color(rgb: 0xFA8072)
        #expect(Self.paintedLines(item, width: 8, height: 2)[1] == "\u{FFFD}\u{FFFD}ABC…")
    }

    @Test func controlCharactersCountWhenTruncatingARowTitle() {
        let frame = Rect(x: 0, y: 0, width: 6, height: 1)
        let row = LayoutElement(
            .row(LayoutElement.RowContent(holds: .items, strip: frame)), path: ElementPath([1, 1]), key: "k",
            frame: frame, clip: frame,
            title: "ab\u{07}\u{07}cde")
        #expect(Self.paintedLines(row, width: 8, height: 1)[0] == "ab\u{FFFD}\u{FFFD}c…")
    }
}

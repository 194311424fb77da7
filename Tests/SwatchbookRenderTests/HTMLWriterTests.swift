import Foundation
import SwatchbookCore
import Testing

@testable import SwatchbookRender

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The HTML page looks like the terminal output: one `<pre>` whose text is
/// exactly the plain output, each styled run a span with inline colours, and
/// every byte of foreign text escaped (SPEC §5).
@Suite struct HTMLWriterTests {
    static let title = "Swatches & <friends> \"quoted\""

    static func page(bandHeight: Int = 512) -> String {
        var writer = HTMLWriter(title: title)
        return String(decoding: WriterFixture.render(with: &writer, bandHeight: bandHeight), as: UTF8.self)
    }

    static func page(_ canvas: Canvas) -> String {
        var writer = HTMLWriter(
            title: "t", foreground: Color(rgb: 0xEEEEEE), background: Color(rgb: 0x111111))
        var bytes: [UInt8] = []
        writer.write(canvas, into: &bytes)
        writer.finish(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func plain(_ canvas: Canvas) -> String {
        var writer = PlainWriter()
        var bytes: [UInt8] = []
        writer.write(canvas, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The markup between `<pre class="swatchbook">` and `</pre>`.
    static func preformatted(_ page: String) -> Substring {
        guard let start = page.range(of: "<pre class=\"swatchbook\">"),
            let end = page.range(of: "</pre>", range: start.upperBound..<page.endIndex)
        else { return "" }
        return page[start.upperBound..<end.lowerBound]
    }

    /// Parses the page as XML and returns its one `<pre>`.
    static func parsedPre(_ page: String) throws -> XMLElement? {
        let document = try XMLDocument(xmlString: page, options: .nodePreserveWhitespace)
        #expect(document.rootElement()?.name == "html")
        let pres = try document.nodes(forXPath: "//pre")
        #expect(pres.count == 1)
        return pres.first as? XMLElement
    }

    static func line(width: Int, _ runs: [(String, Style)]) -> Canvas {
        var canvas = Canvas(width: width, height: 1)
        var x = 0
        for (text, style) in runs {
            x = canvas.draw(text, x: x, y: 0, style: style, clip: canvas.bounds)
        }
        return canvas
    }

    static func trimmingLineEnds(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line[..<(line.lastIndex { $0 != " " }.map(line.index(after:)) ?? line.startIndex)]
            }
            .joined(separator: "\n")
    }

    @Test func thePageParsesAndItsTextIsThePlainOutput() throws {
        var plainWriter = PlainWriter()
        let plain = String(decoding: WriterFixture.render(with: &plainWriter), as: UTF8.self)
        // Bands of three lines: several canvases must still make one <pre>.
        let page = Self.page(bandHeight: 3)
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\"/>\n"))
        #expect(page.hasSuffix("</pre>\n</body>\n</html>\n"))
        let pre = try Self.parsedPre(page)
        #expect(pre?.attribute(forName: "class")?.stringValue == "swatchbook")
        // The same text, but for blanks the page keeps because they show a
        // background colour (a swatch), which plain text cannot.
        #expect(Self.trimmingLineEnds(pre?.stringValue ?? "") == plain)
        let document = try XMLDocument(xmlString: page, options: .nodePreserveWhitespace)
        let title = try document.nodes(forXPath: "//title").first?.stringValue
        #expect(title == Self.title)
    }

    @Test func coloursAreInlineStylesInLowercaseHex() {
        let page = Self.page()
        #expect(
            page.contains(
                "<span style=\"color:#f5f5f5;background:#2e3440;font-weight:bold\"> Category #1 "))
        #expect(page.contains("<span style=\"background:#da70d6\">            </span>"))
        #expect(page.contains("<span style=\"color:#000000;background:#da70d6\"> #DA70D6 </span>"))
        #expect(page.contains(" <span style=\"color:#8a93a5\">Latitude</span>   37.33\n"))
        #expect(page.contains(" <span style=\"background:#00ff00\">  </span> <span style="))
        // Focus is reverse video: the page's own colours, swapped.
        #expect(
            page.contains(" <span style=\"color:#1c1f26;background:#d8dee9;font-weight:bold\">Orchid</span> ")
        )
        // Every style attribute is lowercase; the hex labels drawn in cells keep their case.
        for part in page.components(separatedBy: "style=\"").dropFirst() {
            let value = part.prefix { $0 != "\"" }
            #expect(value == value.lowercased())
        }
    }

    @Test func hostileTextIsEscaped() throws {
        let page = Self.page()
        #expect(!page.contains("<script"))
        #expect(page.contains("&lt;script&gt;alert(&quot;x&amp;y&quot;)&lt;/script&gt; &#39;q&#39;"))
        #expect(page.contains("<title>Swatches &amp; &lt;friends&gt; &quot;quoted&quot;</title>"))

        var writer = HTMLWriter(title: "<b>\u{1B}]0;x\u{07}")
        var bytes: [UInt8] = []
        writer.finish(into: &bytes)
        let bare = String(decoding: bytes, as: UTF8.self)
        #expect(bare.contains("<title>&lt;b&gt;\u{FFFD}]0;x\u{FFFD}</title>"))
        #expect(!bytes.contains(0x1B) && !bytes.contains(0x07))
    }

    @Test func clustersAndWideTextReadAsThePlainOutput() throws {
        let canvas = Self.line(
            width: 16, [("<\u{301}&", Style(foreground: Color(rgb: 0xFF0000))), ("메인 👩‍💻 'x'", .plain)])
        let page = Self.page(canvas)
        #expect(
            Self.preformatted(page)
                == "<span class=\"l\"><span style=\"color:#ff0000\">&lt;\u{301}&amp;</span>메인 👩‍💻 &#39;x&#39;\n</span>"
        )
        #expect(try Self.parsedPre(page)?.stringValue == Self.plain(canvas))
    }

    @Test func attributesAndReverseVideo() {
        let red = Color(rgb: 0xFF0000)
        let canvas = Self.line(
            width: 8,
            [
                ("a", Style(foreground: red, attributes: [.bold, .dim, .italic, .underline])),
                ("b", Style(foreground: red, attributes: .reverse)),
                ("c", Style(attributes: .reverse)),
                ("d", Style(foreground: red, background: Color(rgb: 0x0000FF), attributes: .reverse)),
            ])
        let expected = [
            "<span class=\"l\"><span style=\"color:#ff0000;font-weight:bold;opacity:.6;font-style:italic;",
            "text-decoration:underline\">a</span>",
            "<span style=\"color:#111111;background:#ff0000\">b</span>",
            "<span style=\"color:#111111;background:#eeeeee\">c</span>",
            "<span style=\"color:#0000ff;background:#ff0000\">d</span>\n</span>",
        ]
        #expect(Self.preformatted(Self.page(canvas)) == expected.joined()[...])
    }

    @Test func plainRunsHaveNoSpanAndTrailingBlanksGo() {
        var canvas = Canvas(width: 10, height: 3)
        canvas.draw("ab", x: 0, y: 0, style: .plain, clip: canvas.bounds)
        canvas.fill(
            Rect(x: 6, y: 1, width: 2, height: 1), clip: canvas.bounds,
            style: Style(background: Color(rgb: 0x123456)))
        canvas.draw("x", x: 0, y: 2, style: Style(foreground: Color(rgb: 0xABCDEF)), clip: canvas.bounds)
        #expect(
            Self.preformatted(Self.page(canvas))
                == "<span class=\"l\">ab\n</span><span class=\"l\">      <span style=\"background:#123456\">  </span>\n</span>"
                + "<span class=\"l\"><span style=\"color:#abcdef\">x</span>\n</span>")
    }

    /// Block glyphs are drawn as exact backgrounds, the glyph kept for
    /// copying: a browser's glyphs do not fill a line the way a terminal's do.
    @Test func blockGlyphsBecomeBackgrounds() {
        let red = Color(rgb: 0xFF0000)
        let canvas = Self.line(
            width: 6,
            [
                ("██", Style(foreground: red)), ("▀", Style(foreground: red)),
                ("▄", Style(foreground: red, background: Color(rgb: 0x0000FF))),
            ])
        #expect(
            Self.preformatted(Self.page(canvas))
                == "<span class=\"l\"><span style=\"background:#ff0000;color:transparent\">██</span>"
                + "<span style=\"background:linear-gradient(#ff0000 50%,#111111 50%);color:transparent\">▀</span>"
                + "<span style=\"background:linear-gradient(#0000ff 50%,#ff0000 50%);color:transparent\">▄</span>\n</span>"
        )
    }

    @Test func theSameCanvasGivesTheSameBytes() throws {
        #expect(Self.page() == Self.page())
        #expect(Self.page(bandHeight: 1) == Self.page(bandHeight: 512))
        // A page with no canvas at all is still a whole page.
        var writer = HTMLWriter(title: "empty")
        var bytes: [UInt8] = []
        writer.finish(into: &bytes)
        let page = String(decoding: bytes, as: UTF8.self)
        #expect(try Self.parsedPre(page)?.stringValue == "")
    }

    @Test func pageColoursComeFromTheTheme() {
        var light = Theme.standard
        light.isDark = false
        #expect(HTMLWriter(title: "t", theme: light).background == Color(rgb: 0xFFFFFF))
        var painted = Theme.standard
        painted.roles[.background] = Style(foreground: Color(rgb: 0x010203), background: Color(rgb: 0x040506))
        let writer = HTMLWriter(title: "t", theme: painted)
        #expect(writer.foreground == Color(rgb: 0x010203) && writer.background == Color(rgb: 0x040506))
    }
}

import SwatchbookCore

/// A standalone HTML page that looks like the terminal output: one `<pre>`
/// on the page's colours, each line a block of one line's height, each run
/// of equally styled cells one `<span>` with inline styles.
///
/// A terminal paints a cell's background over the whole cell, and a
/// browser only behind the glyphs, which leaves hairline seams between the
/// lines of a swatch; so every run fills its line's height, and the block
/// glyphs swatches are made of (`█`, and `▀` and `▄` of the `half` fill)
/// are drawn as exact backgrounds (a gradient stopped at half the line),
/// the glyph kept, transparent, for copying. A print style sheet keeps the
/// colours when printed and no line is split across pages.
///
/// Colours are always written in full (`#rrggbb`): a browser has no palette
/// limits, so paint the canvas with ``ColorDepth/truecolor``. The markup is
/// also well-formed XML (void elements self-closed, every attribute quoted),
/// so XML tools can read the page, and nothing in it depends on the time,
/// so the same canvas gives the same bytes.
public struct HTMLWriter: CanvasWriter {
    public let title: String
    /// The page's own colours: what cells with no colour show, and what
    /// reverse video swaps in for a missing one.
    public let foreground: Color
    public let background: Color
    private var started = false

    /// - Parameters:
    ///   - title: the page's `<title>`; sanitised and escaped here.
    ///   - theme: supplies the page colours from its `background` role, else
    ///     a terminal's usual colours for a dark or light theme.
    public init(title: String, theme: Theme = .standard) {
        let page = theme.style(.background)
        self.init(
            title: title,
            foreground: page.foreground ?? Color(rgb: theme.isDark ? 0xD8DEE9 : 0x2E3440),
            background: page.background ?? Color(rgb: theme.isDark ? 0x1C1F26 : 0xFFFFFF))
    }

    public init(title: String, foreground: Color, background: Color) {
        self.title = title
        self.foreground = foreground
        self.background = background
    }

    public mutating func write(_ canvas: Canvas, into output: inout [UInt8]) {
        startIfNeeded(into: &output)
        // One opening tag per interned style, built on first use; nil for
        // styles that need no span at all.
        // A run is a style and how its cells fill (text, or a block glyph).
        let looks = canvas.styles.count * BlockGlyph.allCases.count
        var openings: [[UInt8]?] = Array(repeating: nil, count: looks)
        var built = Array(repeating: false, count: looks)
        let showsBlank = canvas.styles.map { style in
            style.background == nil && style.attributes.isDisjoint(with: [.reverse, .underline])
        }
        for y in 0..<canvas.height {
            let end = canvas.usedWidth(ofLine: y) { showsBlank[Int($0)] }
            let row = y * canvas.width
            var current: Int?
            var open = false
            output.append("<span class=\"l\">")
            for x in 0..<end {
                let cell = canvas.cells[row + x]
                if cell.width == 0 { continue }
                let glyph = BlockGlyph(cell.code)
                let look = Int(cell.style) * BlockGlyph.allCases.count + glyph.rawValue
                if look != current {
                    if open { output.append("</span>") }
                    if !built[look] {
                        openings[look] = spanOpening(for: canvas.styles[Int(cell.style)], glyph: glyph)
                        built[look] = true
                    }
                    if let opening = openings[look] {
                        output.append(contentsOf: opening)
                        open = true
                    } else {
                        open = false
                    }
                    current = look
                }
                appendEscapedText(of: cell, in: canvas, to: &output)
            }
            // Spans close at the end of their line, so every line stands
            // alone; the newline ends the line's block (the text reads as
            // the terminal's lines) and adds no line of its own.
            if open { output.append("</span>") }
            output.append("\n</span>")
        }
    }

    /// The glyphs a swatch is made of, which the page draws as backgrounds.
    enum BlockGlyph: Int, CaseIterable {
        case none, full, upperHalf, lowerHalf

        init(_ code: UInt32) {
            switch code {
            case 0x2588: self = .full
            case 0x2580: self = .upperHalf
            case 0x2584: self = .lowerHalf
            default: self = .none
            }
        }
    }

    public mutating func finish(into output: inout [UInt8]) {
        startIfNeeded(into: &output)
        output.append("</pre>\n</body>\n</html>\n")
    }

    // MARK: page

    private mutating func startIfNeeded(into output: inout [UInt8]) {
        guard !started else { return }
        started = true
        let fg = Self.css(foreground)
        let bg = Self.css(background)
        output.append("<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\"/>\n")
        output.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n")
        output.append("<title>")
        Self.appendEscaped(Sanitizer.clean(title), to: &output)
        output.append("</title>\n<style>\n")
        output.append("body { margin: 0; color: \(fg); background: \(bg); }\n")
        output.append("pre.swatchbook {\n  margin: 0;\n  padding: 1em;\n")
        output.append("  color: \(fg);\n  background: \(bg);\n")
        output.append(
            "  font-family: ui-monospace, \"SF Mono\", Menlo, Consolas, \"DejaVu Sans Mono\", "
                + "\"Liberation Mono\", monospace;\n")
        output.append("  line-height: 1.25;\n}\n")
        // A line is exactly one line high and each run fills it, as a
        // terminal's cells do, so backgrounds meet without seams.
        output.append("pre.swatchbook > .l { display: block; height: 1.25em; overflow: hidden; }\n")
        output.append(
            "pre.swatchbook > .l > span { display: inline-block; height: 100%; vertical-align: top; }\n")
        output.append("@media print {\n")
        output.append("  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }\n")
        // The report keeps its colours; the paper around it stays white.
        output.append("  body { background: none; }\n")
        output.append("  pre.swatchbook { padding: 0; font-size: 8pt; }\n")
        output.append("  pre.swatchbook > .l { break-inside: avoid; }\n")
        output.append("}\n")
        output.append("@page { margin: 1cm; }\n")
        output.append("</style>\n</head>\n<body>\n")
        // No newline after <pre>: an HTML parser drops one there and an XML
        // parser keeps it, and the text must read the same to both.
        output.append("<pre class=\"swatchbook\">")
    }

    // MARK: styles

    /// `<span style="…">` for a style, or nil when it looks like the page.
    /// A block glyph's span paints the glyph's ink as its background.
    private func spanOpening(for style: Style, glyph: BlockGlyph) -> [UInt8]? {
        var fg = style.foreground
        var bg = style.background
        if style.attributes.contains(.reverse) {
            (fg, bg) = (bg ?? background, fg ?? foreground)
        }
        var declarations: [String] = []
        if glyph != .none {
            let ink = Self.css(fg ?? foreground)
            let paper = Self.css(bg ?? background)
            switch glyph {
            case .full: declarations.append("background:" + ink)
            case .upperHalf: declarations.append("background:linear-gradient(\(ink) 50%,\(paper) 50%)")
            case .lowerHalf: declarations.append("background:linear-gradient(\(paper) 50%,\(ink) 50%)")
            case .none: break
            }
            declarations.append("color:transparent")
            return Array("<span style=\"\(declarations.joined(separator: ";"))\">".utf8)
        }
        if let fg { declarations.append("color:" + Self.css(fg)) }
        if let bg { declarations.append("background:" + Self.css(bg)) }
        if style.attributes.contains(.bold) { declarations.append("font-weight:bold") }
        if style.attributes.contains(.dim) { declarations.append("opacity:.6") }
        if style.attributes.contains(.italic) { declarations.append("font-style:italic") }
        if style.attributes.contains(.underline) { declarations.append("text-decoration:underline") }
        guard !declarations.isEmpty else { return nil }
        return Array("<span style=\"\(declarations.joined(separator: ";"))\">".utf8)
    }

    /// `#rrggbb` in lowercase, with an alpha pair only when translucent.
    static func css(_ color: Color) -> String {
        color.hex.lowercased()
    }

    // MARK: text

    private func appendEscapedText(of cell: Canvas.Cell, in canvas: Canvas, to output: inout [UInt8]) {
        switch cell.code {
        case 0x26: output.append("&amp;")
        case 0x3C: output.append("&lt;")
        case 0x3E: output.append("&gt;")
        case 0x22: output.append("&quot;")
        case 0x27: output.append("&#39;")
        case let code where code & Canvas.Cell.clusterFlag != 0:
            // A cluster may start with one of the five, e.g. "<" and a combining mark.
            Self.appendEscaped(String(canvas.text(of: cell)), to: &output)
        default: canvas.appendText(of: cell, to: &output)
        }
    }

    static func appendEscaped(_ text: String, to output: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): output.append("&amp;")
            case UInt8(ascii: "<"): output.append("&lt;")
            case UInt8(ascii: ">"): output.append("&gt;")
            case UInt8(ascii: "\""): output.append("&quot;")
            case UInt8(ascii: "'"): output.append("&#39;")
            default: output.append(byte)
            }
        }
    }
}

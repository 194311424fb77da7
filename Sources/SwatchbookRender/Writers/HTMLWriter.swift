import SwatchbookCore

/// A standalone HTML page that looks like the terminal output: one `<pre>`
/// on the page's colours, each run of equally styled cells one `<span>` with
/// inline styles.
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
        var openings: [[UInt8]?] = Array(repeating: nil, count: canvas.styles.count)
        var built = Array(repeating: false, count: canvas.styles.count)
        let showsBlank = canvas.styles.map { style in
            style.background == nil && style.attributes.isDisjoint(with: [.reverse, .underline])
        }
        for y in 0..<canvas.height {
            let end = canvas.usedWidth(ofLine: y) { showsBlank[Int($0)] }
            let row = y * canvas.width
            var current: UInt16?
            var open = false
            for x in 0..<end {
                let cell = canvas.cells[row + x]
                if cell.width == 0 { continue }
                if cell.style != current {
                    if open { output.append("</span>") }
                    let id = Int(cell.style)
                    if !built[id] {
                        openings[id] = spanOpening(for: canvas.styles[id])
                        built[id] = true
                    }
                    if let opening = openings[id] {
                        output.append(contentsOf: opening)
                        open = true
                    } else {
                        open = false
                    }
                    current = cell.style
                }
                appendEscapedText(of: cell, in: canvas, to: &output)
            }
            // Spans close before the newline, so every line stands alone.
            if open { output.append("</span>") }
            output.append(UInt8(ascii: "\n"))
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
        output.append("  line-height: 1.2;\n}\n")
        output.append("</style>\n</head>\n<body>\n")
        // No newline after <pre>: an HTML parser drops one there and an XML
        // parser keeps it, and the text must read the same to both.
        output.append("<pre class=\"swatchbook\">")
    }

    // MARK: styles

    /// `<span style="…">` for a style, or nil when it looks like the page.
    private func spanOpening(for style: Style) -> [UInt8]? {
        var fg = style.foreground
        var bg = style.background
        if style.attributes.contains(.reverse) {
            (fg, bg) = (bg ?? background, fg ?? foreground)
        }
        var declarations: [String] = []
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

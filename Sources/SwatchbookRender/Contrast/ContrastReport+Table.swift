import SwatchbookCore

/// The plain and ANSI matrix: foregrounds down, backgrounds across, each
/// cell its ratio and level; in ANSI, drawn in its own foreground on its
/// own background, so the cell shows what it measures.
extension ContrastReport {
    static let cellWidth = 17

    /// The matrix as text; with a `depth`, each cell in its pair's colours.
    /// A matrix wider than `width` columns is cut into blocks of
    /// backgrounds, each with every foreground, so a line fits the screen.
    static func table(_ matrix: ContrastMatrix, depth: ColorDepth?, width: Int) -> String {
        var out = ""
        for (index, group) in matrix.groups.enumerated() {
            if index > 0 { out += "\n" }
            out += Sanitizer.clean(group.title) + "\n"
            if matrix.isDeclared {
                for pair in group.pairs {
                    let cell = paint(" " + verdict(pair) + " ", pair, depth)
                    out += "  \(describe(pair.foreground)) on \(describe(pair.background))  \(cell)\n"
                }
                continue
            }
            let names = group.swatches.map { TextWidth.truncate(Sanitizer.clean($0.name), to: cellWidth - 1) }
            let side = min(24, max(9, (names.map(TextWidth.of).max() ?? 0) + 1))
            let perBlock = max(1, (width - side) / cellWidth)
            for start in stride(from: 0, to: names.count, by: perBlock) {
                let columns = start..<min(names.count, start + perBlock)
                if start > 0 { out += "\n" }
                out += pad("fg \\ bg", side) + columns.map { pad(names[$0], cellWidth) }.joined() + "\n"
                for (i, name) in names.enumerated() {
                    out += pad(TextWidth.truncate(name, to: side - 1), side)
                    for j in columns {
                        guard let pair = group.pair(i, j) else {
                            out += pad("—", cellWidth)
                            continue
                        }
                        let text = ratio(pair.ratio) + " " + pair.level.rawValue
                        out += paint(pad(text, cellWidth - 1), pair, depth) + " "
                    }
                    out += "\n"
                }
            }
        }
        out += confusions(matrix)
        // Plain lines end at their last word, as a diff or a golden file wants.
        guard depth == nil else { return out }
        return out.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in String(line.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - TextWidth.of(text)))
    }

    /// `text` in the pair's colours as shown, drawn by the ANSI writer at
    /// `depth` (nearest palette entries below truecolor); as it is without.
    private static func paint(_ text: String, _ pair: ContrastPair, _ depth: ColorDepth?) -> String {
        guard let depth else { return text }
        let bg = pair.background.color.composited(over: backdrop(pair))
        let fg = pair.foreground.color.composited(over: bg)
        var canvas = Canvas(width: TextWidth.of(text), height: 1)
        canvas.draw(text, x: 0, y: 0, style: Style(foreground: fg, background: bg), clip: canvas.bounds)
        var writer = ANSIWriter(depth: depth)
        var bytes: [UInt8] = []
        writer.write(canvas, into: &bytes)
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// What the pair's background was measured over: its backdrop, or white.
    static func backdrop(_ pair: ContrastPair) -> Color {
        pair.backdrop == .black ? Color(rgb: 0x000000) : Color(rgb: 0xFFFFFF)
    }
}

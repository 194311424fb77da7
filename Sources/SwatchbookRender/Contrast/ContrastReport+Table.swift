import SwatchbookCore

/// The plain and ANSI matrix: foregrounds down, backgrounds across, each
/// cell its ratio and level; in ANSI, drawn in its own foreground on its
/// own background, so the cell shows what it measures.
extension ContrastReport {
    static let cellWidth = 17

    static func table(_ matrix: ContrastMatrix, coloured: Bool) -> String {
        var out = ""
        for (index, group) in matrix.groups.enumerated() {
            if index > 0 { out += "\n" }
            out += Sanitizer.clean(group.title) + "\n"
            if matrix.isDeclared {
                for pair in group.pairs {
                    let cell = paint(" " + verdict(pair) + " ", pair, coloured)
                    out += "  \(describe(pair.foreground)) on \(describe(pair.background))  \(cell)\n"
                }
                continue
            }
            let names = group.swatches.map { TextWidth.truncate(Sanitizer.clean($0.name), to: cellWidth - 1) }
            let side = min(24, max(9, (names.map(TextWidth.of).max() ?? 0) + 1))
            out += pad("fg \\ bg", side) + names.map { pad($0, cellWidth) }.joined() + "\n"
            for (i, name) in names.enumerated() {
                out += pad(TextWidth.truncate(name, to: side - 1), side)
                for j in names.indices {
                    guard let pair = group.pair(i, j) else {
                        out += pad("—", cellWidth)
                        continue
                    }
                    let text = ratio(pair.ratio) + " " + pair.level.rawValue
                    out += paint(pad(text, cellWidth - 1), pair, coloured) + " "
                }
                out += "\n"
            }
        }
        out += confusions(matrix)
        // Plain lines end at their last word, as a diff or a golden file wants.
        guard !coloured else { return out }
        return out.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in String(line.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - TextWidth.of(text)))
    }

    /// `text` in the pair's colours as shown (24-bit SGR).
    private static func paint(_ text: String, _ pair: ContrastPair, _ coloured: Bool) -> String {
        guard coloured else { return text }
        let bg = pair.background.color.composited(over: backdrop(pair))
        let fg = pair.foreground.color.composited(over: bg)
        return
            "\u{1B}[38;2;\(fg.red);\(fg.green);\(fg.blue);48;2;\(bg.red);\(bg.green);\(bg.blue)m\(text)\u{1B}[0m"
    }

    /// What the pair's background was measured over: its backdrop, or white.
    static func backdrop(_ pair: ContrastPair) -> Color {
        pair.backdrop == .black ? Color(rgb: 0x000000) : Color(rgb: 0xFFFFFF)
    }
}

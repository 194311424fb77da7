/// Turns a canvas into bytes in one output format.
///
/// A whole catalogue is drawn band by band, so writers are fed several
/// canvases in order and keep whatever state must carry between them.
public protocol CanvasWriter {
    mutating func write(_ canvas: Canvas, into output: inout [UInt8])
    mutating func finish(into output: inout [UInt8])
}

extension CanvasWriter {
    public mutating func finish(into output: inout [UInt8]) {}
}

extension Canvas {
    /// The columns of line `y` worth writing: trailing blank cells are
    /// dropped, so text output has no trailing spaces. Styled blanks (a
    /// header's bar) count unless `ignoringStyle`.
    func usedWidth(ofLine y: Int, ignoringStyle: Bool = false) -> Int {
        var end = width
        while end > 0 {
            let cell = cells[y * width + end - 1]
            if cell.text == " " && (ignoringStyle || cell.style == 0) { end -= 1 } else { break }
        }
        return end
    }
}

extension Array where Element == UInt8 {
    mutating func append(_ text: String) {
        append(contentsOf: text.utf8)
    }

    mutating func append(_ character: Character) {
        if let ascii = character.asciiValue {
            append(ascii)
        } else {
            append(contentsOf: character.utf8)
        }
    }

    mutating func append(decimal value: Int) {
        if value >= 10 { append(decimal: value / 10) }
        append(UInt8(48 + value % 10))
    }
}

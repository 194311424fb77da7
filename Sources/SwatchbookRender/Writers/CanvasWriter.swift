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
    /// The columns of line `y` worth writing: trailing spaces whose style
    /// shows nothing on a blank (`showsBlank` is false for a background
    /// colour or reverse video) are dropped, so output has no trailing spaces.
    func usedWidth(ofLine y: Int, showsBlank: (UInt16) -> Bool) -> Int {
        var end = width
        while end > 0 {
            let cell = cells[y * width + end - 1]
            if cell.code == Cell.space && showsBlank(cell.style) { end -= 1 } else { break }
        }
        return end
    }

    /// Appends a cell's cluster as UTF-8.
    func appendText(of cell: Cell, to output: inout [UInt8]) {
        let code = cell.code
        if code < 0x80 {
            output.append(UInt8(code))
        } else if code & Cell.clusterFlag != 0 {
            output.append(contentsOf: clusters[Int(code & ~Cell.clusterFlag)].utf8)
        } else if code < 0x800 {
            output.append(UInt8(0xC0 | code >> 6))
            output.append(UInt8(0x80 | code & 0x3F))
        } else if code < 0x10000 {
            output.append(UInt8(0xE0 | code >> 12))
            output.append(UInt8(0x80 | code >> 6 & 0x3F))
            output.append(UInt8(0x80 | code & 0x3F))
        } else {
            output.append(UInt8(0xF0 | code >> 18))
            output.append(UInt8(0x80 | code >> 12 & 0x3F))
            output.append(UInt8(0x80 | code >> 6 & 0x3F))
            output.append(UInt8(0x80 | code & 0x3F))
        }
    }
}

extension Array where Element == UInt8 {
    mutating func append(_ text: String) {
        append(contentsOf: text.utf8)
    }

    mutating func append(decimal value: Int) {
        if value >= 10 { append(decimal: value / 10) }
        append(UInt8(48 + value % 10))
    }
}

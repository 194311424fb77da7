/// Text only: not one escape byte, so the output is safe anywhere.
public struct PlainWriter: CanvasWriter {
    /// Text by lines: nothing carries from one band to the next.
    public static var writesBandsAlone: Bool { true }

    public init() {}

    public mutating func write(_ canvas: Canvas, into output: inout [UInt8]) {
        for y in 0..<canvas.height {
            let end = canvas.usedWidth(ofLine: y) { _ in true }
            for x in 0..<end {
                let cell = canvas.cells[y * canvas.width + x]
                if cell.width != 0 { canvas.appendText(of: cell, to: &output) }
            }
            output.append(UInt8(ascii: "\n"))
        }
    }
}

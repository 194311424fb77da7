/// Turns a canvas into bytes in one output format.
///
/// A whole catalogue is drawn band by band, so writers are fed several
/// canvases in order and keep whatever state must carry between them. A
/// long document is written on a worker thread (see ``CatalogueRenderer``),
/// which the writer's type must be usable from.
public protocol CanvasWriter: SendableMetatype {
    mutating func write(_ canvas: Canvas, into output: inout [UInt8])
    mutating func finish(into output: inout [UInt8])
    /// Whether a band's bytes depend on that band alone (nothing carries
    /// from one canvas to the next but caches), so that copies of the
    /// writer may write a long document's bands side by side, their bytes
    /// joined in order. False unless a writer says so.
    static var writesBandsAlone: Bool { get }
}

extension CanvasWriter {
    public mutating func finish(into output: inout [UInt8]) {}
    public static var writesBandsAlone: Bool { false }
}

extension Canvas {
    /// Appends a cell's cluster as UTF-8.
    func appendText(of cell: Cell, to output: inout [UInt8]) {
        forEachByte(of: cell) { output.append($0) }
    }

    /// Writes a cell's cluster as UTF-8 at `buffer[count]`, which the caller
    /// has made room for, and moves `count` past it.
    func writeText(of cell: Cell, into buffer: UnsafeMutableBufferPointer<UInt8>, at count: inout Int) {
        forEachByte(of: cell) { byte in
            buffer[count] = byte
            count += 1
        }
    }

    private func forEachByte(of cell: Cell, _ body: (UInt8) -> Void) {
        let code = cell.code
        if code < 0x80 {
            body(UInt8(code))
        } else if code & Cell.clusterFlag != 0 {
            for byte in clusters[Int(code & ~Cell.clusterFlag)].utf8 { body(byte) }
        } else if code < 0x800 {
            body(UInt8(0xC0 | code >> 6))
            body(UInt8(0x80 | code & 0x3F))
        } else if code < 0x10000 {
            body(UInt8(0xE0 | code >> 12))
            body(UInt8(0x80 | code >> 6 & 0x3F))
            body(UInt8(0x80 | code & 0x3F))
        } else {
            body(UInt8(0xF0 | code >> 18))
            body(UInt8(0x80 | code >> 12 & 0x3F))
            body(UInt8(0x80 | code >> 6 & 0x3F))
            body(UInt8(0x80 | code & 0x3F))
        }
    }
}

extension Array where Element == UInt8 {
    mutating func append(_ text: String) {
        append(contentsOf: text.utf8)
    }
}

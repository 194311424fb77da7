import SwatchbookCore
import SwatchbookRender

/// Turns the screen last written into the next one, writing only the cells
/// that changed (SPEC §5: browse redraws only what changed; a resize
/// redraws all): ``CanvasDiff`` finds them, ``FrameEncoder`` writes them.
///
/// Cells are compared by how they look at this colour depth, so two
/// colours reduced to one palette entry are no change. Between changed
/// cells the cursor takes the cheapest way there: nothing when the next
/// change follows on, a short run of unchanged cells written through, a
/// forward move on the same line, or an absolute move. A wide cluster is
/// always written whole, so no half of one is ever left on screen. Every
/// frame leaves the terminal with no style set and the cursor after the
/// last cell written. The same canvases give the same bytes.
public struct FrameDiffer {
    private var writer: ANSIWriter
    /// The screen as last written, or nil before the first frame.
    private var screen: Canvas?
    /// The SGR sequence that shows each of `screen`'s styles after a
    /// reset: how styles of two canvases, interned apart, are compared.
    private var screenLooks: [[UInt8]] = []

    public init(depth: ColorDepth) {
        writer = ANSIWriter(depth: depth)
    }

    /// The bytes that turn the screen last written into `canvas`, which
    /// is as large as the terminal. The first frame, a new size or `full`
    /// clears the screen and paints every cell but the plain blanks.
    public mutating func frame(_ canvas: Canvas, full: Bool = false) -> [UInt8] {
        let kept = screen.flatMap { screen in
            !full && screen.width == canvas.width && screen.height == canvas.height ? screen : nil
        }
        // Cleared with no style set, the screen is blank plain cells.
        let previous = kept ?? Canvas(width: canvas.width, height: canvas.height)
        let previousLooks = kept == nil ? [look(.plain)] : screenLooks
        var looks: [[UInt8]] = []
        for style in canvas.styles { looks.append(look(style)) }
        let (canonical, firstByLook) = Self.canonical(looks)
        var output = FrameEncoder(canvas: canvas, looks: canonical, writer: writer)
        if kept == nil {
            output.bytes = ControlSequence.bytes([.resetStyle, .clearScreen])
        }
        let previousCanonical = previousLooks.map { firstByLook[$0] ?? -1 }
        CanvasDiff(from: previous, looks: previousCanonical, to: canvas, looks: canonical).forEachChange {
            output.write(x: $0, y: $1)
        }
        output.finish()
        writer = output.writer
        screen = canvas
        screenLooks = looks
        return output.bytes
    }

    /// The SGR sequence that shows `style` after a reset, at this depth.
    private mutating func look(_ style: Style) -> [UInt8] {
        var bytes: [UInt8] = []
        writer.appendTransition(from: .plain, to: style, into: &bytes)
        return bytes
    }

    /// For each style, the first style that looks the same, and the
    /// first style of each look.
    private static func canonical(_ looks: [[UInt8]]) -> ([Int], [[UInt8]: Int]) {
        var canonical: [Int] = []
        var firstByLook: [[UInt8]: Int] = [:]
        for (id, look) in looks.enumerated() {
            if let first = firstByLook[look] {
                canonical.append(first)
            } else {
                firstByLook[look] = id
                canonical.append(id)
            }
        }
        return (canonical, firstByLook)
    }
}

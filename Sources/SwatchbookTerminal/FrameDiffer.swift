import SwatchbookCore
import SwatchbookRender

/// Turns the screen last written into the next one, writing only the cells
/// that changed (SPEC §5: browse redraws only what changed; a resize
/// redraws all).
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
        var output = FrameOutput(canvas: canvas, looks: canonical, writer: writer)
        if kept == nil {
            output.bytes.append(escape: "[0m")
            output.bytes.append(escape: "[2J")
        }
        let previousCanonical = previousLooks.map { firstByLook[$0] ?? -1 }
        for y in 0..<canvas.height {
            let row = y * canvas.width
            var x = 0
            while x < canvas.width {
                let old = previous.cells[row + x]
                let new = canvas.cells[row + x]
                if old.width == new.width
                    && (new.width == 0
                        || previousCanonical[Int(old.style)] == canonical[Int(new.style)]
                            && Self.sameText(old, in: previous, new, in: canvas))
                {
                    x += 1
                    continue
                }
                // A changed right half is written with its left half.
                let start = new.width == 0 && x > 0 && canvas.cells[row + x - 1].width == 2 ? x - 1 : x
                x = output.write(x: start, y: y)
            }
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

    /// Whether two cells show the same cluster, scalar for scalar.
    private static func sameText(
        _ old: Canvas.Cell, in previous: Canvas, _ new: Canvas.Cell, in canvas: Canvas
    ) -> Bool {
        let oldIsCluster = old.code > maxScalar
        let newIsCluster = new.code > maxScalar
        if !oldIsCluster && !newIsCluster { return old.code == new.code }
        guard oldIsCluster && newIsCluster else { return false }
        return previous.text(of: old).unicodeScalars.elementsEqual(canvas.text(of: new).unicodeScalars)
    }
}

/// Codes above the last Unicode scalar refer to a canvas's cluster table.
private let maxScalar: UInt32 = 0x10_FFFF

/// One frame being written: the bytes so far, where the cursor is and
/// which style the terminal shows.
private struct FrameOutput {
    let canvas: Canvas
    /// For each style, the first style of the canvas that looks the same.
    let looks: [Int]
    var writer: ANSIWriter
    var bytes: [UInt8] = []
    /// The terminal's style, as a canonical style id; style 0 is plain.
    private var style = 0
    private var row = -1
    /// The cursor's column, or nil where it is not known for sure: at the
    /// start of a frame, after the last column (a wrap is pending) and after
    /// a multi-scalar cluster (terminals disagree on some emoji widths).
    private var column: Int?
    private var transitions: [Int: [UInt8]] = [:]

    init(canvas: Canvas, looks: [Int], writer: ANSIWriter) {
        self.canvas = canvas
        self.looks = looks
        self.writer = writer
    }

    /// Writes the cell at (`x`, `y`), moving there first; returns the
    /// column after it.
    mutating func write(x: Int, y: Int) -> Int {
        let cell = canvas.cells[y * canvas.width + x]
        move(toX: x, y: y, look: looks[Int(cell.style)])
        return emit(cell, x: x)
    }

    /// Leaves the terminal with no style set.
    mutating func finish() {
        if style != 0 { bytes.append(escape: "[0m") }
    }

    private mutating func move(toX x: Int, y: Int, look: Int) {
        if row == y, let column, x >= column {
            if x == column || writeThrough(from: column, to: x, look: look) { return }
            let distance = x - column
            bytes.append(escape: "[")
            if distance > 1 { bytes.append(decimal: distance) }
            bytes.append(UInt8(ascii: "C"))
        } else {
            bytes.append(escape: "[")
            if y > 0 || x > 0 { bytes.append(decimal: y + 1) }
            if x > 0 {
                bytes.append(UInt8(ascii: ";"))
                bytes.append(decimal: x + 1)
            }
            bytes.append(UInt8(ascii: "H"))
        }
        row = y
        column = x
    }

    /// Rewrites the unchanged cells from `start` up to `end` on the cursor's
    /// line when that is shorter than moving over them (`ESC [ n C` is three
    /// to six bytes), counting the style changes either way.
    private mutating func writeThrough(from start: Int, to end: Int, look: Int) -> Bool {
        let distance = end - start
        let jump = 3 + (distance > 1 ? decimalLength(distance) : 0) + transition(to: look).count
        guard distance < jump else { return false }
        let base = row * canvas.width
        var cost = 0
        var current = style
        var x = start
        while x < end {
            let cell = canvas.cells[base + x]
            guard cell.width != 0, cell.code <= maxScalar else { return false }
            let next = looks[Int(cell.style)]
            if next != current { cost += transition(from: current, to: next).count }
            current = next
            cost += UTF8.width(safe(cell.code))
            guard cost < jump else { return false }
            x += Int(cell.width)
        }
        if look != current { cost += transition(from: current, to: look).count }
        guard x == end, cost < jump else { return false }
        x = start
        while x < end { x = emit(canvas.cells[base + x], x: x) }
        return true
    }

    /// Writes one cell where the cursor is; returns the column after it.
    private mutating func emit(_ cell: Canvas.Cell, x: Int) -> Int {
        let look = looks[Int(cell.style)]
        if look != style {
            bytes.append(contentsOf: transition(to: look))
            style = look
        }
        let width: Int
        var known = true
        if cell.width == 0 {
            // A right half without its left never comes from a Canvas; a
            // space keeps the line from shifting all the same.
            bytes.append(UInt8(ascii: " "))
            width = 1
        } else if cell.code <= maxScalar {
            append(safe(cell.code))
            width = Int(cell.width)
        } else {
            for scalar in canvas.text(of: cell).unicodeScalars { append(scalar) }
            width = Int(cell.width)
            known = false
        }
        let after = x + width
        column = known && after < canvas.width ? after : nil
        return after
    }

    private mutating func append(_ scalar: Unicode.Scalar) {
        let scalar = safe(scalar.value)
        if scalar.isASCII {
            bytes.append(UInt8(scalar.value))
        } else {
            UTF8.encode(scalar) { bytes.append($0) }
        }
    }

    private mutating func transition(to look: Int) -> [UInt8] {
        transition(from: style, to: look)
    }

    private mutating func transition(from old: Int, to new: Int) -> [UInt8] {
        let key = old << 16 | new
        if let sequence = transitions[key] { return sequence }
        var sequence: [UInt8] = []
        writer.appendTransition(from: canvas.styles[old], to: canvas.styles[new], into: &sequence)
        transitions[key] = sequence
        return sequence
    }
}

/// The scalar to send for `code`: a control character, which sanitised
/// text never holds, is shown as U+FFFD rather than sent.
private func safe(_ code: UInt32) -> Unicode.Scalar {
    guard let scalar = Unicode.Scalar(code), !Sanitizer.isControl(scalar) else {
        return Sanitizer.replacement
    }
    return scalar
}

private func decimalLength(_ value: Int) -> Int {
    value >= 10 ? 1 + decimalLength(value / 10) : 1
}

extension Array where Element == UInt8 {
    /// Appends ESC followed by `sequence`.
    fileprivate mutating func append(escape sequence: StaticString) {
        append(0x1B)
        sequence.withUTF8Buffer { append(contentsOf: $0) }
    }

    fileprivate mutating func append(decimal value: Int) {
        if value >= 10 { append(decimal: value / 10) }
        append(UInt8(48 + value % 10))
    }
}

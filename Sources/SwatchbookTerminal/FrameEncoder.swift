import SwatchbookCore
import SwatchbookRender

/// Codes above the last Unicode scalar refer to a canvas's cluster table.
private let maxScalar: UInt32 = 0x10_FFFF

/// Writes one frame's changed cells as terminal bytes: the cheapest cursor
/// move to each, and the style changes between them. What changed is the
/// diff's to say (``CanvasDiff``); this knows only how to write it.
struct FrameEncoder {
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

    /// Writes the cell at (`x`, `y`), moving there first.
    mutating func write(x: Int, y: Int) {
        let cell = canvas.cells[y * canvas.width + x]
        move(toX: x, y: y, look: looks[Int(cell.style)])
        _ = emit(cell, x: x)
    }

    /// Leaves the terminal with no style set.
    mutating func finish() {
        if style != 0 { ControlSequence.resetStyle.append(to: &bytes) }
    }

    private mutating func move(toX x: Int, y: Int, look: Int) {
        if row == y, let column, x >= column {
            if x == column || writeThrough(from: column, to: x, look: look) { return }
            ControlSequence.cursorForward(x - column).append(to: &bytes)
        } else {
            ControlSequence.cursorTo(column: x, line: y).append(to: &bytes)
        }
        row = y
        column = x
    }

    /// Rewrites the unchanged cells from `start` up to `end` on the cursor's
    /// line when that is shorter than moving over them (`ESC [ n C` is three
    /// to six bytes), counting the style changes either way.
    private mutating func writeThrough(from start: Int, to end: Int, look: Int) -> Bool {
        let distance = end - start
        let jump = ControlSequence.cursorForwardLength(distance) + transition(to: look).count
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

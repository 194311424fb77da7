import SwatchbookCore

/// ANSI text with the fewest SGR changes: a sequence is written only where
/// the style changes, naming only what changed.
public struct ANSIWriter: CanvasWriter {
    public let depth: ColorDepth
    /// Nearest palette entries, found once per colour (a search in OKLab).
    private var reduced: [Color: ColorCode] = [:]

    /// A colour as an SGR parameter names it at this depth; two colours
    /// reduced to one palette entry have equal codes.
    private enum ColorCode: Equatable {
        case rgb(UInt8, UInt8, UInt8)
        case indexed(UInt8)
        /// The 16-colour index, 0–15.
        case basic(Int)
    }

    /// The longest SGR sequence a transition writes: every attribute turned
    /// off and on, and two truecolor colours, with room to spare.
    private static let longestSequence = 96

    public init(depth: ColorDepth) {
        self.depth = depth
    }

    /// Every line starts and ends plain; only the colour cache carries.
    public static var writesBandsAlone: Bool { true }

    public mutating func write(_ canvas: Canvas, into output: inout [UInt8]) {
        // Cells carry interned style ids. Styles that come out the same at
        // this depth (colours reduced to one palette entry, or dropped) share
        // one id, so the loop compares small integers and builds an SGR
        // sequence only when the id changes.
        let styles = depth == .none ? canvas.styles.map(visible) : canvas.styles
        // In truecolor nothing is reduced: the canvas's styles are already
        // distinct, so each is its own id and the sequences need not be built.
        let canonical = depth == .truecolor ? nil : canonicalIDs(of: styles)
        // Each style's parameters, its colours' formatted once: a change
        // from one swatch to the next then copies bytes.
        let parameters = styles.map { self.parameters(of: $0) }
        let plain = canonical?[0] ?? 0
        // Every line starts plain, so the sequence from plain to a style is
        // wanted again on each line the style shows on: each is built once
        // and copied from `sequences` after that (`spans[id]` is its start
        // and length there, -1 until it is built).
        // A change to plain is a reset, written as it is.
        var sequences: [UInt8] = []
        var spans = [(start: Int32, length: Int32)](repeating: (-1, 0), count: styles.count)

        // A line is written through a pointer into a buffer it cannot
        // overrun: a cell is at most one sequence and its cluster's bytes.
        let widestCluster = canvas.clusters.reduce(4) { max($0, $1.utf8.count) }
        let room = 8 + canvas.width * (Self.longestSequence + widestCluster)
        var line = [UInt8](repeating: 0, count: room)
        line.withUnsafeMutableBufferPointer { line in
            canvas.cells.withUnsafeBufferPointer { cells in
                for y in 0..<canvas.height {
                    // The bytes written so far, held in a register: helpers
                    // hand the new count back rather than take its address,
                    // which kept it in memory, loaded and stored per cell.
                    var count = 0
                    var current = plain
                    // The id the last cell carried: along a run of one style
                    // nothing is looked up. Id 0 is plain, as lines start.
                    var currentRaw = UInt16(0)
                    let end = canvas.usedWidth(ofLine: y) { id in
                        let style = styles[Int(id)]
                        return style.background == nil
                            && style.attributes.isDisjoint(with: [.reverse, .underline])
                    }
                    let row = y * canvas.width
                    for x in 0..<end {
                        let cell = cells[row &+ x]
                        if cell.width == 0 { continue }
                        if cell.style != currentRaw {
                            currentRaw = cell.style
                            let id = canonical?[Int(cell.style)] ?? cell.style
                            if id != current {
                                if id == plain {
                                    count = Self.writeReset(into: line, at: count)
                                } else if current == plain && spans[Int(id)].start >= 0 {
                                    let span = spans[Int(id)]
                                    sequences.withUnsafeBufferPointer { sequences in
                                        (line.baseAddress! + count).update(
                                            from: sequences.baseAddress! + Int(span.start),
                                            count: Int(span.length))
                                    }
                                    count += Int(span.length)
                                } else {
                                    let start = count
                                    count = Self.writeTransition(
                                        from: parameters[Int(current)], to: parameters[Int(id)], into: line,
                                        at: count)
                                    if current == plain {
                                        spans[Int(id)] = (Int32(sequences.count), Int32(count - start))
                                        sequences.append(
                                            contentsOf: UnsafeBufferPointer(rebasing: line[start..<count]))
                                    }
                                }
                                current = id
                            }
                        }
                        let code = cell.code
                        if code < 0x80 {
                            line[count] = UInt8(truncatingIfNeeded: code)
                            count &+= 1
                        } else if code & Canvas.Cell.clusterFlag == 0 {
                            count = Self.writeScalar(code, into: line, at: count)
                        } else {
                            var at = count
                            canvas.writeText(of: cell, into: line, at: &at)
                            count = at
                        }
                    }
                    // Reset before the newline so no background bleeds past the line.
                    if current != plain { count = Self.writeReset(into: line, at: count) }
                    line[count] = UInt8(ascii: "\n")
                    count += 1
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: line[..<count]))
                }
            }
        }
    }

    /// For each style, the id of the first style whose sequence from plain
    /// is the same at this depth.
    private mutating func canonicalIDs(of styles: [Style]) -> [UInt16] {
        var firstBySequence: [[UInt8]: UInt16] = [:]
        return styles.enumerated().map { index, style -> UInt16 in
            var sequence: [UInt8] = []
            appendTransition(from: .plain, to: style, into: &sequence)
            if let id = firstBySequence[sequence] { return id }
            firstBySequence[sequence] = UInt16(index)
            return UInt16(index)
        }
    }

    /// Writes a Unicode scalar value (not ASCII) as UTF-8 at `line[count]`;
    /// returns the count after it.
    @inline(__always)
    private static func writeScalar(
        _ code: UInt32, into line: UnsafeMutableBufferPointer<UInt8>, at count: Int
    ) -> Int {
        if code < 0x800 {
            line[count] = UInt8(truncatingIfNeeded: 0xC0 | code >> 6)
            line[count + 1] = UInt8(truncatingIfNeeded: 0x80 | code & 0x3F)
            return count + 2
        } else if code < 0x10000 {
            line[count] = UInt8(truncatingIfNeeded: 0xE0 | code >> 12)
            line[count + 1] = UInt8(truncatingIfNeeded: 0x80 | code >> 6 & 0x3F)
            line[count + 2] = UInt8(truncatingIfNeeded: 0x80 | code & 0x3F)
            return count + 3
        } else {
            line[count] = UInt8(truncatingIfNeeded: 0xF0 | code >> 18)
            line[count + 1] = UInt8(truncatingIfNeeded: 0x80 | code >> 12 & 0x3F)
            line[count + 2] = UInt8(truncatingIfNeeded: 0x80 | code >> 6 & 0x3F)
            line[count + 3] = UInt8(truncatingIfNeeded: 0x80 | code & 0x3F)
            return count + 4
        }
    }

    /// The style as this depth can show it: no colours at depth none.
    private func visible(_ style: Style) -> Style {
        depth == .none ? Style(attributes: style.attributes) : style
    }

    /// Writes `ESC[0m` at `line[count]`; returns the count after it.
    private static func writeReset(into line: UnsafeMutableBufferPointer<UInt8>, at count: Int) -> Int {
        line[count] = 0x1B
        line[count + 1] = UInt8(ascii: "[")
        line[count + 2] = UInt8(ascii: "0")
        line[count + 3] = UInt8(ascii: "m")
        return count + 4
    }

    /// A style as SGR parameters: its attributes, and each of its colours'
    /// parameters as this depth writes them.
    private struct Parameters {
        var attributes: TextAttributes
        var foreground, background: ColorParameters

        var isPlain: Bool { attributes.isEmpty && foreground.count == 0 && background.count == 0 }
    }

    /// A colour's parameters (`38;2;R;G;B` at the longest, 16 bytes), held
    /// inline; none (count 0) for the terminal's own colour. Two colours
    /// reduced to one palette entry have equal parameters: no change.
    private struct ColorParameters: Equatable {
        var bytes: (UInt64, UInt64) = (0, 0)
        var count: UInt8 = 0

        static func == (a: ColorParameters, b: ColorParameters) -> Bool {
            a.count == b.count && a.bytes == b.bytes
        }

        init() {}

        init(_ code: ColorCode, background: Bool) {
            withUnsafeMutableBytes(of: &bytes) { storage in
                let base = storage.baseAddress!.assumingMemoryBound(to: UInt8.self)
                var parameters = SGRParameters(at: base)
                switch code {
                case .rgb(let r, let g, let b):
                    parameters.append(background ? 48 : 38)
                    parameters.append(2)
                    parameters.append(Int(r))
                    parameters.append(Int(g))
                    parameters.append(Int(b))
                case .indexed(let index):
                    parameters.append(background ? 48 : 38)
                    parameters.append(5)
                    parameters.append(Int(index))
                case .basic(let index):
                    parameters.append(
                        (index < 8 ? (background ? 40 : 30) : (background ? 100 : 90)) + index % 8)
                }
                count = UInt8(parameters.at - base)
            }
        }
    }

    /// `style`'s parameters at this depth.
    private mutating func parameters(of style: Style) -> Parameters {
        Parameters(
            attributes: style.attributes,
            foreground: style.foreground.map { ColorParameters(code($0), background: false) }
                ?? ColorParameters(),
            background: style.background.map { ColorParameters(code($0), background: true) }
                ?? ColorParameters())
    }

    /// Writes the SGR sequence from `old` to `new` at `line[count]` (which
    /// has room for ``longestSequence`` bytes); returns the count after it.
    private static func writeTransition(
        from old: Parameters, to new: Parameters, into line: UnsafeMutableBufferPointer<UInt8>,
        at count: Int
    ) -> Int {
        if new.isPlain { return writeReset(into: line, at: count) }
        let start = count
        line[count] = 0x1B
        line[count + 1] = UInt8(ascii: "[")
        // Parameters go through a pointer held in a local value: written
        // through captured variables, every byte was a load and a store.
        var parameters = SGRParameters(at: line.baseAddress! + count + 2)
        if old.attributes != new.attributes {
            let removed = old.attributes.subtracting(new.attributes)
            var added = new.attributes.subtracting(old.attributes)
            if !removed.intersection([.bold, .dim]).isEmpty {
                parameters.append(22)
                added.formUnion(new.attributes.intersection([.bold, .dim]))
            }
            if removed.contains(.italic) { parameters.append(23) }
            if removed.contains(.underline) { parameters.append(24) }
            if removed.contains(.reverse) { parameters.append(27) }
            if added.contains(.bold) { parameters.append(1) }
            if added.contains(.dim) { parameters.append(2) }
            if added.contains(.italic) { parameters.append(3) }
            if added.contains(.underline) { parameters.append(4) }
            if added.contains(.reverse) { parameters.append(7) }
        }
        if new.foreground != old.foreground { parameters.append(new.foreground, or: 39) }
        if new.background != old.background { parameters.append(new.background, or: 49) }
        if parameters.isEmpty { return start }
        let end = parameters.at - line.baseAddress!
        line[end] = UInt8(ascii: "m")
        return end + 1
    }

    /// The parameters of one SGR sequence, written at `at` with `;` between them.
    private struct SGRParameters {
        var at: UnsafeMutablePointer<UInt8>
        var isEmpty = true

        init(at: UnsafeMutablePointer<UInt8>) {
            self.at = at
        }

        @inline(__always)
        mutating func append(_ value: Int) {
            if !isEmpty {
                at.pointee = UInt8(ascii: ";")
                at += 1
            }
            isEmpty = false
            // Colour channels and SGR codes: three digits at most.
            if value >= 100 {
                at.pointee = UInt8(48 + value / 100 % 10)
                at += 1
            }
            if value >= 10 {
                at.pointee = UInt8(48 + value / 10 % 10)
                at += 1
            }
            at.pointee = UInt8(48 + value % 10)
            at += 1
        }

        /// A colour's formatted parameters, copied; `none` for no colour.
        @inline(__always)
        mutating func append(_ color: ColorParameters, or none: Int) {
            guard color.count > 0 else { return append(none) }
            if !isEmpty {
                at.pointee = UInt8(ascii: ";")
                at += 1
            }
            isEmpty = false
            withUnsafeBytes(of: color.bytes) { bytes in
                at.update(
                    from: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), count: Int(color.count))
            }
            at += Int(color.count)
        }
    }

    private mutating func code(_ color: Color) -> ColorCode {
        switch depth {
        case .truecolor, .none:
            return .rgb(color.red, color.green, color.blue)
        case .ansi256, .ansi16:
            if let known = reduced[color] { return known }
            let code: ColorCode =
                depth == .ansi256
                ? .indexed(TerminalPalette.nearest256(color)) : .basic(Int(TerminalPalette.nearest16(color)))
            reduced[color] = code
            return code
        }
    }
}

extension ANSIWriter {
    /// Appends the SGR sequence that makes a terminal showing `old` show
    /// `new` at this depth, the same sequence ``write(_:into:)`` puts
    /// between cells; for writers that place cells themselves, such as the
    /// browse loop's frame differ. A change to plain is always a reset;
    /// otherwise nothing is appended when the two look the same.
    package mutating func appendTransition(
        from old: Style, to new: Style, into output: inout [UInt8]
    ) {
        let (old, new) = (visible(old), visible(new))
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.longestSequence) { buffer in
            let count = Self.writeTransition(
                from: parameters(of: old), to: parameters(of: new), into: buffer, at: 0)
            output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }
}

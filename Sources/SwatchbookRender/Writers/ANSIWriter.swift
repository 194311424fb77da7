import SwatchbookCore

/// ANSI text with the fewest SGR changes: a sequence is written only where
/// the style changes, naming only what changed.
public struct ANSIWriter: CanvasWriter {
    public let depth: ColorDepth
    private var foregroundCodes: [Color: [UInt8]] = [:]
    private var backgroundCodes: [Color: [UInt8]] = [:]

    public init(depth: ColorDepth) {
        self.depth = depth
    }

    public mutating func write(_ canvas: Canvas, into output: inout [UInt8]) {
        // Cells carry interned style ids. Styles that come out the same at
        // this depth (colours reduced to one palette entry, or dropped) share
        // one id, so the loop compares small integers and builds an SGR
        // sequence only when the id changes, once per pair of styles.
        let styles = canvas.styles.map(visible)
        var firstBySequence: [[UInt8]: UInt16] = [:]
        // In truecolor nothing is reduced: the canvas's styles are already
        // distinct, so each is its own id and the sequences need not be built.
        let canonical =
            depth == .truecolor
            ? (0..<styles.count).map { UInt16($0) }
            : styles.enumerated().map { index, style -> UInt16 in
                var sequence: [UInt8] = []
                transition(from: .plain, to: style, into: &sequence)
                if let id = firstBySequence[sequence] { return id }
                firstBySequence[sequence] = UInt16(index)
                return UInt16(index)
            }
        let showsBlank = styles.map { style in
            style.background == nil && style.attributes.isDisjoint(with: [.reverse, .underline])
        }
        var transitions: [UInt32: [UInt8]] = [:]
        let plain = canonical[0]
        for y in 0..<canvas.height {
            var current = plain
            let end = canvas.usedWidth(ofLine: y) { showsBlank[Int($0)] }
            let row = y * canvas.width
            for x in 0..<end {
                let cell = canvas.cells[row + x]
                if cell.width == 0 { continue }
                let id = canonical[Int(cell.style)]
                if id != current {
                    let key = UInt32(current) << 16 | UInt32(id)
                    if let bytes = transitions[key] {
                        output.append(contentsOf: bytes)
                    } else {
                        var bytes: [UInt8] = []
                        transition(from: styles[Int(current)], to: styles[Int(id)], into: &bytes)
                        transitions[key] = bytes
                        output.append(contentsOf: bytes)
                    }
                    current = id
                }
                canvas.appendText(of: cell, to: &output)
            }
            // Reset before the newline so no background bleeds past the line.
            if current != plain { output.append("\u{1B}[0m") }
            output.append(UInt8(ascii: "\n"))
        }
    }

    /// The style as this depth can show it: no colours at depth none.
    private func visible(_ style: Style) -> Style {
        depth == .none ? Style(attributes: style.attributes) : style
    }

    private mutating func transition(from old: Style, to new: Style, into output: inout [UInt8]) {
        if new == .plain {
            output.append("\u{1B}[0m")
            return
        }
        var codes: [[UInt8]] = []
        let removed = old.attributes.subtracting(new.attributes)
        var added = new.attributes.subtracting(old.attributes)
        if !removed.intersection([.bold, .dim]).isEmpty {
            codes.append(Array("22".utf8))
            added.formUnion(new.attributes.intersection([.bold, .dim]))
        }
        if removed.contains(.italic) { codes.append(Array("23".utf8)) }
        if removed.contains(.underline) { codes.append(Array("24".utf8)) }
        if removed.contains(.reverse) { codes.append(Array("27".utf8)) }
        if added.contains(.bold) { codes.append(Array("1".utf8)) }
        if added.contains(.dim) { codes.append(Array("2".utf8)) }
        if added.contains(.italic) { codes.append(Array("3".utf8)) }
        if added.contains(.underline) { codes.append(Array("4".utf8)) }
        if added.contains(.reverse) { codes.append(Array("7".utf8)) }
        // Compared as codes: two colours reduced to one palette entry are
        // no change at all.
        let newForeground = new.foreground.map { foregroundCode($0) }
        if newForeground != old.foreground.map({ foregroundCode($0) }) {
            codes.append(newForeground ?? Array("39".utf8))
        }
        let newBackground = new.background.map { backgroundCode($0) }
        if newBackground != old.background.map({ backgroundCode($0) }) {
            codes.append(newBackground ?? Array("49".utf8))
        }
        guard !codes.isEmpty else { return }
        output.append("\u{1B}[")
        for (i, code) in codes.enumerated() {
            if i > 0 { output.append(UInt8(ascii: ";")) }
            output.append(contentsOf: code)
        }
        output.append(UInt8(ascii: "m"))
    }

    private mutating func foregroundCode(_ color: Color) -> [UInt8] {
        if let code = foregroundCodes[color] { return code }
        let code = Self.code(color, depth: depth, background: false)
        foregroundCodes[color] = code
        return code
    }

    private mutating func backgroundCode(_ color: Color) -> [UInt8] {
        if let code = backgroundCodes[color] { return code }
        let code = Self.code(color, depth: depth, background: true)
        backgroundCodes[color] = code
        return code
    }

    private static func code(_ color: Color, depth: ColorDepth, background: Bool) -> [UInt8] {
        var code: [UInt8] = []
        switch depth {
        case .truecolor:
            code.append(background ? "48;2;" : "38;2;")
            code.append(decimal: Int(color.red))
            code.append(UInt8(ascii: ";"))
            code.append(decimal: Int(color.green))
            code.append(UInt8(ascii: ";"))
            code.append(decimal: Int(color.blue))
        case .ansi256:
            code.append(background ? "48;5;" : "38;5;")
            code.append(decimal: Int(TerminalPalette.nearest256(color)))
        case .ansi16:
            let index = Int(TerminalPalette.nearest16(color))
            let base = index < 8 ? (background ? 40 : 30) : (background ? 100 : 90)
            code.append(decimal: base + index % 8)
        case .none:
            break
        }
        return code
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
        transition(from: visible(old), to: visible(new), into: &output)
    }
}

import SwatchbookCore
import SwatchbookRender

/// A small deterministic generator, so failures reproduce.
public struct SeededGenerator {
    public var state: UInt64

    public init(state: UInt64) { self.state = state }

    public mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}

/// What SGR has set, in the writer's own terms.
public struct SGRState: Equatable, Sendable, CustomStringConvertible {
    public var foreground: String?
    public var background: String?
    public var attributes: TextAttributes = []

    public init() {}

    /// How `style` shows at `depth`.
    public init(_ style: Style, depth: ColorDepth) {
        func name(_ color: Color?) -> String? {
            guard let color else { return nil }
            switch depth {
            case .truecolor: return "rgb:\(color.red),\(color.green),\(color.blue)"
            case .ansi256: return "256:\(TerminalPalette.nearest256(color))"
            case .ansi16: return "16:\(TerminalPalette.nearest16(color))"
            case .none: return nil
            }
        }
        foreground = name(style.foreground)
        background = name(style.background)
        attributes = style.attributes
    }

    public var description: String {
        "fg \(foreground ?? "-") bg \(background ?? "-") attrs \(attributes.rawValue)"
    }

    /// Applies one SGR parameter list; returns false on a code it does not know.
    public mutating func apply(_ parameters: [Int]) -> Bool {
        var codes = (parameters.isEmpty ? [0] : parameters)[...]
        while let code = codes.popFirst() {
            switch code {
            case 0: self = SGRState()
            case 1: attributes.insert(.bold)
            case 2: attributes.insert(.dim)
            case 3: attributes.insert(.italic)
            case 4: attributes.insert(.underline)
            case 7: attributes.insert(.reverse)
            case 22: attributes.subtract([.bold, .dim])
            case 23: attributes.remove(.italic)
            case 24: attributes.remove(.underline)
            case 27: attributes.remove(.reverse)
            case 39: foreground = nil
            case 49: background = nil
            case 30...37, 90...97: foreground = "16:\(code < 90 ? code - 30 : code - 90 + 8)"
            case 40...47, 100...107: background = "16:\(code < 100 ? code - 40 : code - 100 + 8)"
            case 38, 48:
                let value: String
                switch codes.popFirst() {
                case 5: value = "256:\(codes.popFirst() ?? -1)"
                case 2:
                    value =
                        "rgb:\(codes.popFirst() ?? -1),\(codes.popFirst() ?? -1),\(codes.popFirst() ?? -1)"
                default: return false
                }
                if code == 38 { foreground = value } else { background = value }
            default: return false
            }
        }
        return true
    }
}

/// A terminal cut down to what Swatchbook may send it: CUP, CUF, SGR,
/// `ESC [ 2 J`, line feeds (as a terminal shows a file: to the start of the
/// next line) and UTF-8 text, with deferred wrap at the last column and wide
/// characters whose halves are blanked when one is overwritten. Anything
/// else is a problem, as is text written where it would wrap. The frame
/// differ's tests and the ANSI writer's read their bytes back through it.
public struct EmulatedTerminal {
    public struct Cell: Equatable, Sendable, CustomStringConvertible {
        public var text: String
        public var state: SGRState
        /// 1, 2 for the left half of a wide character, 0 for its right half.
        public var width: Int

        public var description: String { "\(text) (\(state))" }
    }

    /// What a cell holds before anything was written, so a cell the differ
    /// forgot can never pass for one it wrote.
    static let stale = Cell(text: "<stale>", state: SGRState(), width: 1)
    /// What is left of a wide character one of whose halves was overwritten.
    static let halved = Cell(text: "<half>", state: SGRState(), width: 1)

    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]
    public private(set) var state = SGRState()
    public private(set) var problems: [String] = []
    /// SGR sequences received on each line, and the style set when a line
    /// feed left it: a writer's lines should each end with none set.
    public private(set) var sequencesByLine: [Int: Int] = [:]
    public private(set) var stateAtLineFeed: [SGRState] = []
    private var row = 0
    private var column = 0
    private var wrapPending = false

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells = Array(repeating: Self.stale, count: width * height)
    }

    public mutating func apply(_ bytes: [UInt8]) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B {
                index = control(bytes, at: index)
            } else if byte == 0x0A {
                stateAtLineFeed.append(state)
                if row + 1 < height { row += 1 } else { problems.append("a line feed past the last line") }
                column = 0
                wrapPending = false
                index += 1
            } else if byte < 0x20 || byte == 0x7F {
                problems.append("raw control byte \(byte)")
                index += 1
            } else {
                var end = index
                while end < bytes.count && bytes[end] >= 0x20 && bytes[end] != 0x7F { end += 1 }
                let text = String(decoding: bytes[index..<end], as: UTF8.self)
                TextWidth.forEachCluster(in: text) { cluster, width, _ in put(cluster, width: width) }
                index = end
            }
        }
    }

    /// The text each line shows, trailing blanks cut: what a reader of the
    /// screen sees, with swatches as blanks.
    public var lines: [String] {
        (0..<height).map { y in
            let text = cells[(y * width)..<((y + 1) * width)].filter { $0.width > 0 }.map(\.text).joined()
            return String(text.reversed().drop { $0 == " " }.reversed())
        }
    }

    /// Cells that differ from the canvas at this depth, described.
    public func mismatches(with canvas: Canvas, depth: ColorDepth) -> [String] {
        guard canvas.width == width, canvas.height <= height else { return ["size"] }
        var found: [String] = []
        for y in 0..<canvas.height {
            for x in 0..<width {
                let cell = canvas.cell(x: x, y: y)
                let shown = cells[y * width + x]
                if cell.width == 0 {
                    if shown.width != 0 { found.append("(\(x), \(y)): \(shown.text), not a right half") }
                    continue
                }
                let expected = Cell(
                    text: String(canvas.text(of: cell)),
                    state: SGRState(canvas.style(of: cell), depth: depth), width: Int(cell.width))
                if shown != expected { found.append("(\(x), \(y)): \(shown), expected \(expected)") }
            }
        }
        return found
    }

    /// Applies the escape sequence at `start`; returns the index after it.
    private mutating func control(_ bytes: [UInt8], at start: Int) -> Int {
        guard start + 1 < bytes.count, bytes[start + 1] == UInt8(ascii: "[") else {
            problems.append("ESC not followed by [")
            return start + 1
        }
        var end = start + 2
        while end < bytes.count, bytes[end] == UInt8(ascii: ";") || (48...57).contains(bytes[end]) {
            end += 1
        }
        guard end < bytes.count else {
            problems.append("unfinished escape sequence")
            return end
        }
        let parameters = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
            .split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let numbers = parameters.count == 1 && parameters[0] == nil ? [] : parameters.map { $0 ?? 0 }
        switch bytes[end] {
        case UInt8(ascii: "H"):
            row = min(max((parameters.first ?? nil) ?? 1, 1), height) - 1
            column = min(max((parameters.count > 1 ? parameters[1] : nil) ?? 1, 1), width) - 1
            wrapPending = false
        case UInt8(ascii: "C"):
            column = min(column + max(numbers.first ?? 1, 1), width - 1)
            wrapPending = false
        case UInt8(ascii: "m"):
            if !state.apply(numbers) { problems.append("unknown SGR \(numbers)") }
            sequencesByLine[row, default: 0] += 1
        case UInt8(ascii: "J") where numbers == [2]:
            if state != SGRState() { problems.append("erase with a style set") }
            cells = Array(repeating: Cell(text: " ", state: SGRState(), width: 1), count: width * height)
        default:
            problems.append("unexpected sequence ending \(Character(Unicode.Scalar(bytes[end])))")
        }
        return end + 1
    }

    /// Writes one cluster at the cursor, as a terminal with auto-wrap does.
    private mutating func put(_ cluster: String, width w: Int) {
        guard !wrapPending, w > 0, column + w <= width else {
            problems.append("\"\(cluster)\" written at column \(column) where it would wrap")
            return
        }
        let base = row * width
        for x in column..<(column + w) {
            if cells[base + x].width == 0 && x == column && x > 0 { cells[base + x - 1] = Self.halved }
            if cells[base + x].width == 2 && x + 1 == column + w { cells[base + x + 1] = Self.halved }
        }
        cells[base + column] = Cell(text: cluster, state: state, width: w)
        for x in (column + 1)..<(column + w) { cells[base + x] = Cell(text: "", state: state, width: 0) }
        column += w
        if column == width {
            column = width - 1
            wrapPending = true
        }
    }
}

import Foundation

/// The control sequences the terminal UI sends and reads, by name: every
/// escape browse writes is spelled here once (Rich's `ControlType` is the
/// model). Colours and text styles are the ANSI writer's SGR, not these.
enum ControlSequence: Equatable {
    /// `CSI 0 m`: no style set.
    case resetStyle
    /// `CSI 2 J`: every cell blank.
    case clearScreen
    /// `CSI line ; column H`, 0-based here; the top-left corner is `CSI H`.
    case cursorTo(column: Int, line: Int)
    /// `CSI n C`: `n` columns right on the same line.
    case cursorForward(Int)
    /// `CSI ? 1049 h` / `l`: the alternate screen, which leaves the shell's
    /// screen as it was.
    case alternateScreen(Bool)
    /// `CSI ? 25 h` / `l`.
    case cursorVisible(Bool)
    /// Clicks (1000), drags (1002) and wheel reports in SGR form (1006).
    case mouseReports(Bool)
    /// `CSI ? 2004 h` / `l`: a paste arrives between ``pasteStart`` and ``pasteEnd``.
    case bracketedPaste(Bool)

    static let escape: UInt8 = 0x1B
    /// The byte after ESC that opens a control sequence (CSI) and a
    /// single-shift-3 key (SS3).
    static let csi = UInt8(ascii: "[")
    static let ss3 = UInt8(ascii: "O")
    /// What a terminal sends around a bracketed paste: `CSI 200 ~`, `CSI 201 ~`.
    static let pasteStartParameter = 200
    static let pasteEnd: [UInt8] = [escape, csi] + Array("201~".utf8)

    /// Raw mode's screen: the alternate screen, cleared, with no cursor,
    /// mouse reports and bracketed paste on.
    static let enterScreen: [ControlSequence] = [
        .alternateScreen(true), .cursorVisible(false), .mouseReports(true), .bracketedPaste(true),
        .cursorTo(column: 0, line: 0), .clearScreen,
    ]
    /// The shell's screen back, every mode turned off in reverse order.
    static let leaveScreen: [ControlSequence] = [
        .resetStyle, .bracketedPaste(false), .mouseReports(false), .cursorVisible(true),
        .alternateScreen(false),
    ]

    /// `OSC 52 ; c ; BASE64 ST`: `text` to the system clipboard, through
    /// the terminal (and through tmux, with its set-clipboard on).
    static func copyToClipboard(_ text: String) -> [UInt8] {
        [escape] + Array("]52;c;".utf8) + Array(Data(text.utf8).base64EncodedString().utf8) + [escape]
            + Array("\\".utf8)
    }

    static func bytes(_ sequences: [ControlSequence]) -> [UInt8] {
        var bytes: [UInt8] = []
        for sequence in sequences { sequence.append(to: &bytes) }
        return bytes
    }

    func append(to bytes: inout [UInt8]) {
        switch self {
        case .resetStyle: Self.csi(&bytes, "0m")
        case .clearScreen: Self.csi(&bytes, "2J")
        case .cursorTo(let column, let line):
            Self.csi(&bytes, "")
            if line > 0 || column > 0 { bytes.append(decimal: line + 1) }
            if column > 0 {
                bytes.append(UInt8(ascii: ";"))
                bytes.append(decimal: column + 1)
            }
            bytes.append(UInt8(ascii: "H"))
        case .cursorForward(let columns):
            Self.csi(&bytes, "")
            if columns > 1 { bytes.append(decimal: columns) }
            bytes.append(UInt8(ascii: "C"))
        case .alternateScreen(let on): Self.mode(&bytes, 1049, on)
        case .cursorVisible(let on): Self.mode(&bytes, 25, on)
        case .mouseReports(let on):
            for mode in on ? [1000, 1002, 1006] : [1006, 1002, 1000] { Self.mode(&bytes, mode, on) }
        case .bracketedPaste(let on): Self.mode(&bytes, 2004, on)
        }
    }

    /// How many bytes `cursorForward(columns)` takes.
    static func cursorForwardLength(_ columns: Int) -> Int {
        3 + (columns > 1 ? decimalLength(columns) : 0)
    }

    private static func csi(_ bytes: inout [UInt8], _ rest: StaticString) {
        bytes.append(escape)
        bytes.append(csi)
        rest.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// `CSI ? mode h` (set) or `l` (reset).
    private static func mode(_ bytes: inout [UInt8], _ mode: Int, _ on: Bool) {
        csi(&bytes, "?")
        bytes.append(decimal: mode)
        bytes.append(UInt8(ascii: on ? "h" : "l"))
    }

    private static func decimalLength(_ value: Int) -> Int {
        value >= 10 ? 1 + decimalLength(value / 10) : 1
    }
}

extension Array where Element == UInt8 {
    fileprivate mutating func append(decimal value: Int) {
        if value >= 10 { append(decimal: value / 10) }
        append(UInt8(48 + value % 10))
    }
}

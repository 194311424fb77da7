import SwatchbookCore

/// The formats a catalogue is written in: three that draw its canvas, two
/// that describe its layout, and five palette files other tools read
/// (``PaletteWriter``).
public enum OutputFormat: String, CaseIterable, Sendable {
    case ansi, plain, html, json, transcript
    case css, scss, gpl, tokens, ase

    /// The format a file's extension names, if it names one.
    public init?(extensionOf path: String) {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        if name.lowercased().hasSuffix(".tokens.json") {
            self = .tokens
            return
        }
        switch name[name.index(after: dot)...].lowercased() {
        case "html", "htm": self = .html
        case "json": self = .json
        case "css": self = .css
        case "scss": self = .scss
        case "gpl": self = .gpl
        case "tokens": self = .tokens
        case "ase": self = .ase
        case "txt", "text": self = .plain
        case "ans", "ansi": self = .ansi
        default: return nil
        }
    }

    /// Whether the format paints cells (ANSI, plain, HTML) rather than
    /// describing the laid-out elements (JSON, transcript).
    public var drawsCanvas: Bool {
        switch self {
        case .ansi, .plain, .html: true
        case .json, .transcript, .css, .scss, .gpl, .tokens, .ase: false
        }
    }

    /// Whether the format is a palette file, written from the catalogue's
    /// colours rather than its layout.
    public var isPalette: Bool {
        switch self {
        case .css, .scss, .gpl, .tokens, .ase: true
        case .ansi, .plain, .html, .json, .transcript: false
        }
    }

    /// The writer that turns canvases into this format: the one place a
    /// format is matched to its writer. Nil for a format that describes the
    /// layout instead (see ``RenderPipeline/render(_:_:as:)``).
    ///
    /// - Parameters:
    ///   - depth: the colours ANSI may use.
    ///   - title: the HTML page's title.
    public func writer(depth: ColorDepth, theme: Theme, title: String) -> (any CanvasWriter)? {
        switch self {
        case .ansi: ANSIWriter(depth: depth)
        case .plain: PlainWriter()
        case .html: HTMLWriter(title: title, theme: theme)
        case .json, .transcript, .css, .scss, .gpl, .tokens, .ase: nil
        }
    }
}

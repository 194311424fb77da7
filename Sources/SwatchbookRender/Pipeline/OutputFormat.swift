import SwatchbookCore

/// The formats a catalogue is written in: three that draw its canvas, two
/// that describe its layout, five palette files other tools read and nine
/// terminals' colour schemes (``PaletteWriter``).
public enum OutputFormat: String, CaseIterable, Sendable {
    case ansi, plain, html, json, transcript
    case css, scss, gpl, tokens, ase
    case kitty, alacritty, wezterm, ghostty
    case windowsTerminal = "windows-terminal"
    case iterm, xresources, foot, konsole

    /// What a format is, declared once: what it does with the catalogue,
    /// the file extensions that name it, its colours, and one line on it.
    public struct Spec: Sendable {
        public enum Kind: String, Sendable {
            /// Paints the laid-out cells (a ``CanvasWriter``).
            case canvas
            /// Describes the laid-out elements (JSON, a transcript).
            case description
            /// A palette file of the catalogue's colours (``PaletteWriter``).
            case palette
        }

        /// Which colours the format is written in.
        public enum Colours: Sendable {
            /// As the terminal or `--color` allows (ANSI).
            case terminal
            /// None: text only.
            case none
            /// Every colour exact: a file has no terminal's limits.
            case exact
        }

        public var kind: Kind
        /// Lowercased, without the leading dot; compound ones (`tokens.json`) too.
        public var extensions: [String]
        public var colours: Colours
        public var summary: String
        /// Whole file names, lowercased, that name it though nothing comes
        /// before their dot (`.Xresources`).
        public var names: [String] = []
    }

    public var spec: Spec {
        switch self {
        case .ansi:
            Spec(
                kind: .canvas, extensions: ["ans", "ansi"], colours: .terminal,
                summary: "text with ANSI colours")
        case .plain:
            Spec(
                kind: .canvas, extensions: ["txt", "text"], colours: .none, summary: "plain text, no escapes")
        case .html:
            Spec(
                kind: .canvas, extensions: ["html", "htm"], colours: .exact, summary: "a standalone HTML page"
            )
        case .json:
            Spec(
                kind: .description, extensions: ["json"], colours: .exact,
                summary: "the layout as JSON (Schemas/render.schema.json)")
        case .transcript:
            Spec(
                kind: .description, extensions: [], colours: .none,
                summary: "the layout as lines a screen reader speaks")
        case .css:
            Spec(kind: .palette, extensions: ["css"], colours: .exact, summary: "CSS custom properties")
        case .scss: Spec(kind: .palette, extensions: ["scss"], colours: .exact, summary: "Sass variables")
        case .gpl: Spec(kind: .palette, extensions: ["gpl"], colours: .exact, summary: "a GIMP palette")
        case .tokens:
            Spec(
                kind: .palette, extensions: ["tokens.json", "tokens"], colours: .exact,
                summary: "W3C design tokens (DTCG)")
        case .ase:
            Spec(kind: .palette, extensions: ["ase"], colours: .exact, summary: "Adobe Swatch Exchange")
        case .kitty:
            Spec(kind: .palette, extensions: ["conf"], colours: .exact, summary: "a kitty colour theme")
        case .alacritty:
            Spec(
                kind: .palette, extensions: ["toml"], colours: .exact,
                summary: "an Alacritty colour scheme (TOML)")
        // WezTerm's TOML is Alacritty's extension, Windows Terminal's JSON
        // the report's, and Ghostty's themes have none: --format only.
        case .wezterm:
            Spec(kind: .palette, extensions: [], colours: .exact, summary: "a WezTerm colour scheme (TOML)")
        case .ghostty: Spec(kind: .palette, extensions: [], colours: .exact, summary: "a Ghostty theme")
        case .windowsTerminal:
            Spec(kind: .palette, extensions: [], colours: .exact, summary: "a Windows Terminal scheme (JSON)")
        case .iterm:
            Spec(
                kind: .palette, extensions: ["itermcolors"], colours: .exact,
                summary: "an iTerm2 colour preset")
        case .xresources:
            Spec(
                kind: .palette, extensions: ["xresources", "xdefaults", "xrdb"], colours: .exact,
                summary: "X resources colours (xterm, URxvt)", names: [".xresources", ".xdefaults"])
        case .foot: Spec(kind: .palette, extensions: ["ini"], colours: .exact, summary: "a foot theme (INI)")
        case .konsole:
            Spec(
                kind: .palette, extensions: ["colorscheme"], colours: .exact,
                summary: "a Konsole colour scheme")
        }
    }

    /// Whether it is a terminal's colour scheme, written from the slots of
    /// a terminal or base16 scheme (``SchemeSlot``).
    public var isScheme: Bool {
        switch self {
        case .kitty, .alacritty, .wezterm, .ghostty, .windowsTerminal, .iterm, .xresources, .foot, .konsole:
            true
        default: false
        }
    }

    /// The format a file's extension names, if it names one; a compound
    /// extension (`.tokens.json`) before a simple one (`.json`). Something
    /// must come before the extension: `.json` alone is a name.
    public init?(extensionOf path: String) {
        let name = (path.split(separator: "/").last ?? "").lowercased()
        if let named = Self.allCases.first(where: { $0.spec.names.contains(name) }) {
            self = named
            return
        }
        var best: (format: OutputFormat, length: Int)?
        for format in Self.allCases {
            for ext in format.spec.extensions where name.count > ext.count + 1 && name.hasSuffix("." + ext) {
                if ext.count > best?.length ?? 0 { best = (format, ext.count) }
            }
        }
        guard let best else { return nil }
        self = best.format
    }

    /// Whether the format paints cells (ANSI, plain, HTML) rather than
    /// describing the laid-out elements (JSON, transcript).
    public var drawsCanvas: Bool { spec.kind == .canvas }

    /// Whether the format is a palette file, written from the catalogue's
    /// colours rather than its layout.
    public var isPalette: Bool { spec.kind == .palette }

    /// What describes the layout in this format, for one that does not
    /// paint it (JSON, the transcript).
    public var describer: (any LayoutDescriber)? {
        switch self {
        case .json: JSONDescriber()
        case .transcript: TranscriptDescriber()
        // The canvases and every palette file.
        default: nil
        }
    }

    /// The writer that turns canvases into this format: with
    /// ``describer``, the one place a format is matched to what writes it.
    /// Nil for a format that describes the layout or is a palette file.
    ///
    /// - Parameters:
    ///   - depth: the colours ANSI may use.
    ///   - title: the HTML page's title.
    public func writer(depth: ColorDepth, theme: Theme, title: String) -> (any CanvasWriter)? {
        switch self {
        case .ansi: ANSIWriter(depth: depth)
        case .plain: PlainWriter()
        case .html: HTMLWriter(title: title, theme: theme)
        // The descriptions and every palette file.
        default: nil
        }
    }
}

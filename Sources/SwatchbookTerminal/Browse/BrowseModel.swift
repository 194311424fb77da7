import SwatchbookCore
import SwatchbookRender
import SwatchbookSession

/// Browse and pick apart from any terminal: an event in, the effects it
/// has out, and the frame to show.
///
/// The screen above the status line is exactly what `render --height H-1`
/// draws for the same state (with `--inspect` when the inspector is open):
/// both lay out and paint through the same session, painter and key
/// interpreter; the model adds only the status line, the help overlay and
/// the mouse.
public final class BrowseModel {
    public enum Mode: Sendable { case browse, pick }

    public enum Outcome: Equatable, Sendable {
        case quit
        case picked(String)
        case cancelled
        case signalled(Int32)
    }

    /// What an event asks of the terminal beyond the next frame.
    public enum Effect: Equatable, Sendable {
        /// Browse ends.
        case end(Outcome)
        /// Bytes for the terminal itself, such as OSC 52 for the clipboard.
        case send([UInt8])
        /// The next frame must be drawn whole (a new theme: every cell changed).
        case redrawAll
    }

    let mode: Mode
    public private(set) var theme: Theme
    /// The installed themes `t` cycles through, in order.
    public var themes: [Theme] = []
    let depth: ColorDepth
    /// `--simulate`: the colour-vision deficiency swatches are drawn with,
    /// whose colour the inspector shows beside the real one.
    public var simulation: ColorVision.Simulation?
    public private(set) var session: Session
    private(set) var interpreter: KeyInterpreter
    var status = StatusLine()
    /// `?`: the help over the screen, and how far it is scrolled.
    private var help: HelpOverlay?
    public var showsHelp: Bool { help != nil }
    /// `i`: the inspector of the focused element, kept up to date as the
    /// focus moves, beside the catalogue (see ``resize(width:height:)``).
    public private(set) var showsInspector = false
    /// A hot reload that failed, shown until Esc closes it or a reload loads
    /// (see ``ReloadErrorPanel``).
    var reloadError: ReloadErrorPanel?
    /// Whether a reload's error is up, taking lines above the status line.
    public var showsReloadError: Bool { reloadError != nil }
    /// Every distinct error of a failed reload, in order, `file:line:
    /// message`: what browse prints on stderr once the terminal is restored,
    /// to be read after the panel is gone.
    public internal(set) var reloadErrors: [String] = []
    /// Where browse was started, which reload messages name files from; nil
    /// names them as the plugin was found.
    public var folder: WorkingFolder?
    /// The terminal's columns and lines, of which the session has those the
    /// catalogue takes.
    private(set) var size: (width: Int, height: Int)
    /// What the status line names the catalogue by (a palette file's name);
    /// nil names it by its script (``SessionScript/name``).
    public var title: String?
    /// What read the palette file shown, which the inspector names; nil for a plugin.
    public var reader: String?
    /// The terminal's `TERM`, which says whether `y` can copy.
    let terminalName: String

    /// - Parameters:
    ///   - interpreter: the keys pressed so far (a filter being typed), when
    ///     some were replayed before browse starts.
    ///   - terminalName: `TERM`; empty when unset.
    public init(
        session: Session, interpreter: KeyInterpreter? = nil, theme: Theme, depth: ColorDepth, mode: Mode,
        terminalName: String
    ) {
        self.session = session
        self.interpreter = interpreter ?? KeyInterpreter(session: session)
        self.theme = theme
        self.depth = depth
        self.mode = mode
        self.terminalName = terminalName
        size = (session.screen.width, session.screen.height + 1)
    }

    /// The status line's message, if one is shown.
    public var message: String? { status.message }

    /// Handles one event.
    public func update(_ event: InputEvent) -> [Effect] {
        if help != nil {
            handleHelp(event)
            return []
        }
        status.clear()
        if handleReloadError(event) { return [] }
        switch event {
        case .key(.character("c"), let modifiers) where modifiers.contains(.control):
            return [.end(.cancelled)]  // 130 in browse too, as fzf does
        case .key(let key, let modifiers):
            do throws(Diagnostic) {
                switch try interpreter.press(Key(key, modifiers)) {
                case .quit: return [.end(mode == .pick ? .cancelled : .quit)]
                case .picked(let result) where mode == .pick: return [.end(.picked(result))]
                case .unhandled(.help): help = HelpOverlay(keys: interpreter.keyMap)
                case .unhandled(.nextTheme): return nextTheme()
                case .unhandled(.inspect): toggleInspector()
                case .unhandled(.copy): return copyFocusedColour()
                default: break
                }
            } catch {
                status.show(error.formatted, isError: true)
            }
        case .mouse(let mouse):
            return handle(mouse)
        case .paste(let text):
            do throws(Diagnostic) {
                try interpreter.type(text)
            } catch {
                status.show(error.formatted, isError: true)
            }
        }
        return []
    }

    /// After a batch of events: the filter runs once for every key typed
    /// into it since the last frame (see ``KeyInterpreter/settle()``), and
    /// the plugin's status is asked again.
    public func settle() {
        do throws(Diagnostic) {
            try interpreter.settle()
        } catch {
            status.show(error.formatted, isError: true)
        }
        refreshStatus()
    }

    /// The plugin's `status(ctx)`; its failure is shown, never fatal.
    public func refreshStatus() {
        do throws(Diagnostic) {
            try session.refreshStatus()
        } catch {
            status.show(error.formatted, isError: true)
        }
    }

    /// Takes a hot-reloaded session, closing the error of a reload before,
    /// or keeps the old one running and shows why the reload failed.
    public func adopt(_ result: Result<Session, Diagnostic>) {
        switch result {
        case .success(let fresh):
            session = fresh
            interpreter = KeyInterpreter(session: fresh, multi: interpreter.multi, keyMap: interpreter.keyMap)
            reloadError = nil
            status.show("reloaded \(folder?.name(fresh.script.file) ?? fresh.script.file)")
        case .failure(let error):
            let line = (folder?.naming(error) ?? error).formatted
            if !reloadErrors.contains(line) { reloadErrors.append(line) }
            reloadError = ReloadErrorPanel(message: line)
        }
        resize(width: size.width, height: size.height)
    }

    /// Fits the session to a terminal of `width` × `height` cells, one line
    /// of which is the status line; with the inspector open, the catalogue
    /// has the columns left of the panel, and with a reload error the lines
    /// above it, so the focus scrolls into view there and never hides under
    /// either.
    public func resize(width: Int, height: Int) {
        size = (width, height)
        let columns = showsInspector ? width - InspectorPanel.width(onScreen: width) : width
        let lines = height - 1 - reloadErrorLines
        guard columns != session.screen.width || lines != session.screen.height else { return }
        session.resize(width: columns, height: max(1, lines))
    }

    /// The screen for a terminal of `width` × `height`: the catalogue and
    /// the inspector beside it when it is open, a reload's error under
    /// them, the status line, and the help over them when it is open.
    public func frame(width: Int, height: Int) -> Canvas {
        resize(width: width, height: height)
        let errorLines = reloadErrorLines
        var pipeline = RenderPipeline(theme: theme, depth: depth, settings: session.settings)
        pipeline.simulation = simulation
        var canvas = pipeline.paint(
            session.visibleLayout(), inspecting: showsInspector ? focusedInspection() : nil, width: width,
            height: session.screen.height + errorLines + 1)
        reloadError?.draw(on: &canvas, y: session.screen.height, lines: errorLines, theme: theme)
        status.draw(
            on: &canvas, session: session, theme: theme, typing: interpreter.line,
            name: title ?? session.script.name, marked: interpreter.multi ? session.state.selected.count : nil
        )
        help?.draw(on: &canvas, theme: theme)
        return canvas
    }

    /// `i`: opens the inspector, laying the catalogue out in the columns
    /// beside it, or closes it and gives them back (each strip's offset
    /// clamped to the wider screen as the focus is scrolled into view).
    private func toggleInspector() {
        showsInspector.toggle()
        resize(width: size.width, height: size.height)
    }

    /// With the help open: a key that moves the focus, or the wheel,
    /// scrolls it; any other event closes it and does nothing else.
    private func handleHelp(_ event: InputEvent) {
        let (width, height) = size
        switch event {
        case .key(let key, let modifiers):
            let scrolled =
                modifiers.isEmpty
                && help?.scroll(for: key, keys: interpreter.keyMap, width: width, height: height) == true
            if !scrolled { help = nil }
        case .mouse(let mouse) where mouse.action == .wheelDown || mouse.action == .wheelUp:
            help?.scroll(by: mouse.action == .wheelDown ? 3 : -3, width: width, height: height)
        default:
            help = nil
        }
    }

    /// `y`: the focused colour's hex to the clipboard, through the terminal
    /// (OSC 52), said on the status line; a terminal known not to take
    /// OSC 52 (the Linux console, a dumb one) is said instead.
    private func copyFocusedColour() -> [Effect] {
        guard let target = session.navigator.currentTarget(in: session.state),
            let element = session.navigator.locate(target.path, in: session.state),
            let color = element.item?.color ?? element.node?.color
        else {
            status.show("nothing to copy: the focus is on no colour")
            return []
        }
        guard !["linux", "dumb", "vt100", "vt220", ""].contains(terminalName) else {
            let name = terminalName.isEmpty ? "unset" : terminalName
            status.show("this terminal (TERM=\(name)) cannot copy: it has no OSC 52")
            return []
        }
        status.show("copied \(color.hex) to the clipboard (OSC 52)")
        return [.send(ControlSequence.copyToClipboard(color.hex))]
    }

    /// `t`: the next installed theme, redrawn in full.
    private func nextTheme() -> [Effect] {
        guard themes.count > 1 else {
            status.show("\(theme.name) is the only installed theme")
            return []
        }
        let index = themes.firstIndex { $0.id == theme.id } ?? -1
        theme = themes[(index + 1) % themes.count]
        status.show("theme: \(theme.name)")
        return [.redrawAll]
    }

    private func handle(_ mouse: MouseEvent) -> [Effect] {
        let layout = session.visibleLayout()
        switch mouse.action {
        case .press(.left):
            guard let element = layout.element(atX: mouse.x, y: mouse.y) else { return [] }
            do throws(Diagnostic) {
                let result = try session.tap(element.path, mouse: true)
                if mode == .pick, let result { return [.end(.picked(result))] }
            } catch {
                status.show(error.formatted, isError: true)
            }
        case .wheelUp, .wheelDown:
            let step = mouse.action == .wheelDown ? 1 : -1
            if mouse.modifiers.contains(.shift), let element = layout.element(atX: mouse.x, y: mouse.y),
                element.kind == .item || element.kind == .row
            {
                session.scrollStrip(element.path, byCells: step)
            } else {
                session.scroll(by: 3 * step)
            }
        case .wheelLeft, .wheelRight:
            if let element = layout.element(atX: mouse.x, y: mouse.y),
                element.kind == .item || element.kind == .row
            {
                session.scrollStrip(element.path, byCells: mouse.action == .wheelRight ? 1 : -1)
            }
        default:
            break
        }
        return []
    }

    /// What the inspector shows: the focused element, the reader of a
    /// palette file named; nil when no element has the focus.
    private func focusedInspection() -> Inspection? {
        guard let target = session.navigator.currentTarget(in: session.state),
            let element = session.navigator.locate(target.path, in: session.state)
        else { return nil }
        return Inspection(element, readBy: reader, simulating: simulation)
    }
}

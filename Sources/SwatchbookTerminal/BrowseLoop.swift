import Foundation
import SwatchbookCore
import SwatchbookRender
import SwatchbookSession

/// The interactive loop of `browse` and `pick`: input in, a frame out.
///
/// The screen above the status line is exactly what `render --height H-1`
/// draws for the same state: both lay out and paint through the same
/// session, painter and key interpreter; this loop adds only the status
/// line, the help overlay and the mouse.
public final class BrowseLoop {
    public enum Mode: Sendable { case browse, pick }

    public enum Outcome: Equatable, Sendable {
        case quit
        case picked(String)
        case cancelled
        case signalled(Int32)
    }

    let terminal: TerminalDevice
    let mode: Mode
    var theme: Theme
    /// The installed themes `t` cycles through, in order.
    public var themes: [Theme] = []
    let depth: ColorDepth
    public private(set) var session: Session
    var interpreter: KeyInterpreter
    var decoder = InputDecoder()
    var differ: FrameDiffer
    var status = StatusLine()
    var showHelp = false
    /// `i`: the inspector of the focused element, kept up to date as the focus moves.
    var showInspector = false
    let reloader: PluginReloader?

    /// - Parameters:
    ///   - interpreter: the keys pressed so far (a filter being typed), when
    ///     some were replayed before the loop starts.
    ///   - reloader: hot reload; nil turns it off.
    public init(
        session: Session, interpreter: KeyInterpreter? = nil, theme: Theme, depth: ColorDepth,
        terminal: TerminalDevice, mode: Mode, reloader: PluginReloader?
    ) {
        self.session = session
        self.interpreter = interpreter ?? KeyInterpreter(session: session)
        self.theme = theme
        self.depth = depth
        self.terminal = terminal
        self.mode = mode
        self.differ = FrameDiffer(depth: depth)
        self.reloader = reloader
    }

    /// The signals that end browse and pick, each after the terminal is
    /// restored and the state saved: every fatal one a process can catch.
    public static let fatalSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE]

    /// Runs until quit, a pick or a signal; the terminal is restored on return.
    public func run() -> Outcome {
        terminal.enter()
        defer { terminal.leave() }
        let signals = SignalPipe(signals: Self.fatalSignals + [SIGWINCH, SIGTSTP, SIGCONT])
        refreshStatus()
        draw(full: true)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var fds = [
                pollfd(fd: terminal.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0),
            ]
            // A paste whose end marker never comes ends after a second of
            // quiet: a terminal sends a paste in one burst.
            let timeout: Int32 = decoder.isInPaste ? 1000 : decoder.hasPending ? 30 : 300
            let ready = poll(&fds, 2, timeout)
            var events: [InputEvent] = []
            var full = false
            var dirty = false
            if ready < 0 && errno != EINTR { return .quit }
            if fds[1].revents != 0 {
                for number in signals.drain() {
                    switch number {
                    case SIGWINCH:
                        full = true
                    case SIGTSTP:
                        // Job control: the shell's screen and modes back
                        // while stopped, ours again after `fg`.
                        terminal.leave()
                        signals.stopProcess()
                        terminal.enter()
                        full = true
                    case SIGCONT:
                        terminal.resume()
                        full = true
                    default:
                        return .signalled(number)
                    }
                }
            }
            if fds[0].revents & Int16(POLLIN) != 0 {
                let n = read(terminal.descriptor, &buffer, buffer.count)
                if n > 0 { events += decoder.feed(buffer[0..<n]) }
            } else if ready == 0 {
                events += decoder.isInPaste ? decoder.endPaste() : decoder.flushPending()
                if let reloaded = reloader?.poll(state: session.state, screen: session.screen) {
                    adopt(reloaded)
                    dirty = true
                }
            }
            for event in events {
                if let outcome = handle(event) { return outcome }
            }
            if full {
                let size = terminal.size()
                session.resize(width: size.width, height: max(1, size.height - 1))
            }
            if full || dirty || !events.isEmpty {
                // The filter runs once for every key typed into it since the
                // last frame (see KeyInterpreter.settle).
                do throws(Diagnostic) {
                    try interpreter.settle()
                } catch {
                    status.show(error.formatted, isError: true)
                }
                refreshStatus()
                draw(full: full)
            }
        }
    }

    private func adopt(_ result: Result<Session, Diagnostic>) {
        switch result {
        case .success(let fresh):
            session = fresh
            interpreter = KeyInterpreter(session: fresh, multi: interpreter.multi, keyMap: interpreter.keyMap)
            status.show("reloaded \(fresh.script.file)")
        case .failure(let error):
            status.show(error.formatted, isError: true)
        }
    }

    /// Handles one event; an outcome ends the loop.
    private func handle(_ event: InputEvent) -> Outcome? {
        if showHelp {
            showHelp = false
            return nil
        }
        status.clear()
        switch event {
        case .key(.character("c"), let modifiers) where modifiers.contains(.control):
            return .cancelled  // 130 in browse too, as fzf does
        case .key(let key, _):
            do throws(Diagnostic) {
                switch try interpreter.press(key) {
                case .quit: return mode == .pick ? .cancelled : .quit
                case .picked(let result) where mode == .pick: return .picked(result)
                case .unhandled(.help): showHelp = true
                case .unhandled(.nextTheme): nextTheme()
                case .unhandled(.inspect): showInspector.toggle()
                case .unhandled(.copy): copyFocusedColour()
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
        return nil
    }

    /// The plugin's `status(ctx)`, asked after every event; its failure is
    /// shown, never fatal.
    private func refreshStatus() {
        do throws(Diagnostic) {
            try session.refreshStatus()
        } catch {
            status.show(error.formatted, isError: true)
        }
    }

    /// `y`: the focused colour's hex to the clipboard, through the terminal
    /// (OSC 52), said on the status line; a terminal known not to take
    /// OSC 52 (the Linux console, a dumb one) is said instead.
    private func copyFocusedColour() {
        guard let target = session.navigator.currentTarget(in: session.state),
            let element = session.navigator.locate(target.path, in: session.state),
            let color = element.item?.color ?? element.node?.color
        else {
            status.show("nothing to copy: the focus is on no colour")
            return
        }
        let term = ProcessInfo.processInfo.environment["TERM"] ?? ""
        guard !["linux", "dumb", "vt100", "vt220", ""].contains(term) else {
            status.show("this terminal (TERM=\(term.isEmpty ? "unset" : term)) cannot copy: it has no OSC 52")
            return
        }
        terminal.write(ControlSequence.copyToClipboard(color.hex))
        status.show("copied \(color.hex) to the clipboard (OSC 52)")
    }

    /// `t`: the next installed theme, redrawn in full.
    private func nextTheme() {
        guard themes.count > 1 else {
            status.show("\(theme.name) is the only installed theme")
            return
        }
        let index = themes.firstIndex { $0.id == theme.id } ?? -1
        theme = themes[(index + 1) % themes.count]
        differ = FrameDiffer(depth: depth)
        status.show("theme: \(theme.name)")
    }

    private func handle(_ mouse: MouseEvent) -> Outcome? {
        let layout = session.visibleLayout()
        switch mouse.action {
        case .press(.left):
            guard let element = layout.element(atX: mouse.x, y: mouse.y) else { return nil }
            do throws(Diagnostic) {
                let result = try session.tap(element.path, mouse: true)
                if mode == .pick, let result { return .picked(result) }
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
        return nil
    }

    /// The inspector of the focused element, at the screen's right edge above
    /// the status line and no wider than half of it; nothing when no element
    /// has the focus.
    private func drawInspector(on canvas: inout Canvas) {
        guard let target = session.navigator.currentTarget(in: session.state),
            let element = session.navigator.locate(target.path, in: session.state)
        else { return }
        let inspection = Inspection(element)
        let size = InspectorPanel.size(
            of: inspection, maxWidth: InspectorPanel.maxWidth(onScreen: canvas.width))
        let height = min(size.height, canvas.height - 1)
        let box = Rect(x: canvas.width - size.width, y: 0, width: size.width, height: height)
        InspectorPanel.draw(inspection, on: &canvas, in: box, theme: theme)
    }

    /// Paints the screen and writes only what changed.
    func draw(full: Bool) {
        let size = terminal.size()
        if size.width != session.screen.width || size.height - 1 != session.screen.height {
            session.resize(width: size.width, height: max(1, size.height - 1))
        }
        var layout = session.visibleLayout()
        layout.viewport.height = session.screen.height + 1
        var canvas = RenderPipeline(theme: theme, depth: depth, settings: session.settings).paint(layout)
        status.draw(on: &canvas, session: session, theme: theme, typing: interpreter.typing)
        if showInspector { drawInspector(on: &canvas) }
        if showHelp { HelpOverlay.draw(on: &canvas, theme: theme, keys: interpreter.keyMap) }
        terminal.write(differ.frame(canvas, full: full))
    }
}

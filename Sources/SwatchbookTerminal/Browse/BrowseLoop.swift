import Foundation
import SwatchbookCore
import SwatchbookRender
import SwatchbookSession

/// The interactive loop of `browse` and `pick` on a real terminal: raw
/// mode, signals, input and hot reload. What the keys do and what is drawn
/// is the ``BrowseScreen``'s, the same over any backend.
public final class BrowseLoop {
    let terminal: TerminalDevice
    public let screen: BrowseScreen
    var decoder = InputDecoder()
    let reloader: PluginReloader?

    /// - Parameter reloader: hot reload; nil turns it off.
    public init(model: BrowseModel, terminal: TerminalDevice, reloader: PluginReloader?) {
        self.terminal = terminal
        self.screen = BrowseScreen(model: model, backend: terminal)
        self.reloader = reloader
    }

    /// The signals that end browse and pick, each after the terminal is
    /// restored and the state saved: every fatal one a process can catch.
    public static let fatalSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE]

    /// Runs until quit, a pick or a signal; the terminal is restored on return.
    public func run() -> BrowseModel.Outcome {
        terminal.enter()
        defer { terminal.leave() }
        let signals = SignalPipe(signals: Self.fatalSignals + [SIGWINCH, SIGTSTP, SIGCONT])
        let model = screen.model
        model.refreshStatus()
        screen.draw(full: true)
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
            var resized = false
            var reloaded = false
            if ready < 0 && errno != EINTR { return .quit }
            if fds[1].revents != 0 {
                for number in signals.drain() {
                    switch number {
                    case SIGWINCH:
                        resized = true
                    case SIGTSTP:
                        // Job control: the shell's screen and modes back
                        // while stopped, ours again after `fg`.
                        terminal.leave()
                        signals.stopProcess()
                        terminal.enter()
                        resized = true
                    case SIGCONT:
                        terminal.resume()
                        resized = true
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
                if let result = reloader?.poll(state: model.session.state, screen: model.session.screen) {
                    model.adopt(result)
                    reloaded = true
                }
            }
            if let outcome = screen.handle(events, resized: resized, changed: reloaded) { return outcome }
        }
    }
}

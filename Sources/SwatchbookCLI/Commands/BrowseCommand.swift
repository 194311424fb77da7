import Foundation
import SwatchbookCore
import SwatchbookLua
import SwatchbookRender
import SwatchbookSession
import SwatchbookTerminal

/// `swatchbook browse` and `swatchbook pick`: the catalogue on the whole
/// terminal. Pick prints the first tap's result on stdout (fzf style) and
/// exits 0; Esc, q or Ctrl-C print nothing and exit 130. The UI is drawn on
/// /dev/tty, so `$(swatchbook pick)` works.
struct BrowseCommand {
    let mode: BrowseModel.Mode

    var name: String { mode == .pick ? "pick" : "browse" }

    var parser: ArgumentParser { ArgumentParser(command: name, options: ViewOptions.options) }

    var terminal: TerminalInfo
    var locator: PluginLocator
    var warn: (String) -> Void

    /// Lines of the screen `pick --keys` plays its keys on without a terminal.
    static let headlessHeight = 24

    /// Runs the loop; returns what to print on stdout and the exit code.
    func run(_ arguments: [String]) throws(Diagnostic) -> (output: String?, status: Int32) {
        let options = try ViewOptions(try parser.parse(arguments), command: name)
        let setup = SessionSetup(options: options, locator: locator, warn: warn)
        let device: TerminalDevice
        do throws(Diagnostic) {
            device = try TerminalDevice(for: name)
        } catch {
            // Keys that pick need no screen: `pick --filter sea --keys "<Enter>"`.
            guard mode == .pick, !options.keys.isEmpty else { throw error }
            let opened = try setup.open(
                on: Screen(width: options.width ?? Screen.defaultWidth, height: Self.headlessHeight))
            var interpreter = KeyInterpreter(
                session: opened.session, multi: options.multi, keyMap: options.keyMap)
            switch try replay(options, with: &interpreter) {
            case .picked(let result)?: return (result, 0)
            case .cancelled?: return (nil, 130)
            default: throw error
            }
        }
        let size = device.size()
        let opened = try setup.open(on: Screen(width: options.width ?? size.width, height: size.height - 1))
        var interpreter = KeyInterpreter(
            session: opened.session, multi: options.multi, keyMap: options.keyMap)
        if let outcome = try replay(options, with: &interpreter) {
            return Self.exit(outcome)
        }
        let depth = ColorDepth.resolve(options.request, environment: terminal.environment, isTerminal: true)
        let model = BrowseModel(
            session: opened.session, interpreter: interpreter, theme: opened.theme, depth: depth, mode: mode,
            terminalName: terminal.environment["TERM"] ?? "")
        model.title = opened.title
        model.reader = opened.reader
        model.simulation = options.simulation
        model.folder = WorkingFolder(path: locator.currentDirectory, home: terminal.environment["HOME"])
        let catalog = ThemeChoice.catalog()
        let resolver = catalog.resolver
        model.themes = catalog.entries.keys.sorted().compactMap { try? resolver.resolve($0) }
        let loop = BrowseLoop(model: model, terminal: device, reloader: setup.reloader(for: opened.plugin))
        let outcome = loop.run()
        // The terminal is back: each reload error once, to read after the
        // panel that showed it has gone.
        for error in model.reloadErrors { warn(error) }
        if let path = options.statePath {
            try StateFile.save(model.session.stateToSave, to: path, over: opened.saved)
        }
        if case .signalled(let number) = outcome {
            // The terminal is back and the state saved: now die of the
            // signal, so a parent sees how the process ended.
            fflush(nil)
            signal(number, SIG_DFL)
            raise(number)
        }
        return Self.exit(outcome)
    }

    /// Applies `--filter` and plays `--keys` before the first frame, as if
    /// typed; the outcome when a key ends the session (a pick, or a quit).
    private func replay(
        _ options: ViewOptions, with interpreter: inout KeyInterpreter
    ) throws(Diagnostic) -> BrowseModel.Outcome? {
        switch try interpreter.replay(filter: options.filter, keys: options.keys, picking: mode == .pick) {
        case .quit?: mode == .pick ? .cancelled : .quit
        case .picked(let result)?: .picked(result)
        default: nil
        }
    }

    /// What to print on stdout, and the exit code, for an outcome.
    private static func exit(_ outcome: BrowseModel.Outcome) -> (output: String?, status: Int32) {
        switch outcome {
        case .quit: (nil, 0)
        case .picked(let result): (result, 0)
        case .cancelled: (nil, 130)
        case .signalled(let number): (nil, 128 + number)
        }
    }
}

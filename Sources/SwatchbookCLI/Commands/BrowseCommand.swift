import Foundation
import SwatchbookCore
import SwatchbookLua
import SwatchbookRender
import SwatchbookTerminal

/// `swatchbook browse` and `swatchbook pick`: the catalogue on the whole
/// terminal. Pick prints the first tap's result on stdout (fzf style) and
/// exits 0; Esc, q or Ctrl-C print nothing and exit 130. The UI is drawn on
/// /dev/tty, so `$(swatchbook pick)` works.
struct BrowseCommand {
    let mode: BrowseLoop.Mode

    var name: String { mode == .pick ? "pick" : "browse" }

    var parser: ArgumentParser { ArgumentParser(command: name, options: ViewOptions.options) }

    var terminal: TerminalInfo
    var locator: PluginLocator
    var warn: (String) -> Void

    /// Runs the loop; returns what to print on stdout and the exit code.
    func run(_ arguments: [String]) throws(Diagnostic) -> (output: String?, status: Int32) {
        let options = try ViewOptions(try parser.parse(arguments), command: name)
        let device = try TerminalDevice()
        let size = device.size()
        let setup = SessionSetup(options: options, locator: locator, warn: warn)
        let (session, theme) = try setup.open(
            width: options.width ?? size.width, height: max(1, size.height - 1))
        let depth = ColorDepth.resolve(options.request, environment: terminal.environment, isTerminal: true)
        let loop = BrowseLoop(
            session: session, theme: theme, depth: depth, terminal: device, mode: mode,
            reload: { (state: ViewState, width: Int, height: Int) throws(Diagnostic) -> PluginSession in
                try setup.reopen(state: state, width: width, height: height)
            })
        let catalog = ThemeChoice.catalog()
        loop.themes = catalog.entries.keys.sorted().compactMap { try? catalog.resolver.resolve($0) }
        let outcome = loop.run()
        if let path = options.statePath { try StateFile.save(loop.session.state, to: path) }
        switch outcome {
        case .quit: return (nil, 0)
        case .picked(let result): return (result, 0)
        case .cancelled: return (nil, 130)
        case .signalled(let number): return (nil, 128 + number)
        }
    }
}

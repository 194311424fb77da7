import Foundation
import SwatchbookCore
import SwatchbookLua
import SwatchbookRender

/// `swatchbook render`: lay out the catalogue and draw it headless.
struct RenderCommand {
    enum Format: String, CaseIterable {
        case ansi, plain
    }

    static let parser = ArgumentParser(
        command: "render",
        options: [
            .init(
                name: "--width", takesValue: true, valueName: "N",
                help: "columns (default: the terminal's, else 80)"),
            .init(
                name: "--height", takesValue: true, valueName: "N",
                help: "draw one viewport of N lines, not the whole catalogue"),
            .init(
                name: "--format", takesValue: true, valueName: "ansi|plain",
                help: "output format (default: ansi on a terminal, else plain)"),
            .init(
                name: "--color", takesValue: true, valueName: "WHEN",
                help: "auto|always|never|truecolor|256|16"),
            .init(
                name: "--theme", takesValue: true, valueName: "NAME",
                help: "theme to draw with (default: the plugin's, else default)"),
            .init(
                name: "--layout", takesValue: true, valueName: "STYLE",
                help: "shelves|outline|details, over the plugin's choice"),
            .init(name: "--seed", takesValue: true, valueName: "N", help: "seed for math.random (default 1)"),
            .init(
                name: "--script-timeout", takesValue: true, valueName: "SECONDS",
                help: "time budget of each call into Lua (default 5)"),
            .init(
                name: "--max-memory", takesValue: true, valueName: "MiB",
                help: "memory cap of each Lua state (default 256)"),
            .init(
                name: "--set", takesValue: true, repeatable: true, valueName: "KEY=VALUE",
                help: "plugin option, passed in ctx.options"),
            .init(
                name: "--output", short: "-o", takesValue: true, valueName: "FILE",
                help: "write to FILE atomically instead of stdout"),
            .init(name: "--verbose", takesValue: false, help: "add the Lua traceback to script errors"),
        ])

    var terminal: TerminalInfo
    var locator: PluginLocator
    var warn: (String) -> Void

    /// Renders and returns the bytes, and where they go (nil: stdout).
    func run(_ arguments: [String]) throws(Diagnostic) -> (bytes: [UInt8], output: String?) {
        let parsed = try Self.parser.parse(arguments)
        guard parsed.positionals.count <= 1 else {
            throw Diagnostic(
                .usage,
                "render: expected at most one PLUGIN, got \(parsed.positionals.joined(separator: " "))")
        }
        let width =
            try OptionValues.integer(parsed.value("--width"), option: "--width", in: 1...10_000)
            ?? terminal.width ?? 80
        let height = try OptionValues.integer(parsed.value("--height"), option: "--height", in: 1...100_000)
        let format =
            try OptionValues.choice(parsed.value("--format"), option: "--format", as: Format.self)
            ?? (terminal.isTerminal ? .ansi : .plain)
        let request =
            try OptionValues.choice(parsed.value("--color"), option: "--color", as: ColorDepth.Request.self)
            ?? .auto
        let style = try OptionValues.choice(
            parsed.value("--layout"), option: "--layout", as: LayoutSettings.Style.self)

        var context = PluginContext()
        context.width = width
        context.height = height
        context.seed =
            try OptionValues.integer(
                parsed.value("--seed"), option: "--seed", in: Int(Int32.min)...Int(Int32.max)) ?? 1
        context.limits.timeout =
            try OptionValues.seconds(parsed.value("--script-timeout"), option: "--script-timeout") ?? 5
        context.limits.memoryMiB =
            try OptionValues.integer(parsed.value("--max-memory"), option: "--max-memory", in: 1...65_536)
            ?? 256
        for pair in parsed.all("--set") {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw Diagnostic(.usage, "--set: expected KEY=VALUE, got \"\(pair)\"")
            }
            context.options[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }

        let located = try locator.locate(parsed.positionals.first)
        let plugin = try PluginLoader.load(
            file: located.url, displayName: located.displayName, source: located.source, context: context)
        for warning in plugin.warnings { warn(warning.formatted) }

        var theme = Theme.standard
        if let name = parsed.value("--theme") {
            theme = try ThemeChoice.resolve(name, origin: Diagnostic(.usage, "--theme"))
        } else if let name = plugin.themeName {
            theme = try ThemeChoice.resolve(
                name, origin: Diagnostic(.data, file: plugin.file, dataPath: "theme", ""))
        }
        var settings = plugin.settings
        if let style { settings.style = style }
        let depth =
            format == .plain
            ? .none
            : ColorDepth.resolve(request, environment: terminal.environment, isTerminal: terminal.isTerminal)

        let layout = ShelvesLayout(
            source: plugin.catalogue, settings: settings, width: width, state: ViewState(),
            measure: { TextWidth.of($0) })
        let renderer = CatalogueRenderer(
            layout: layout, painter: Painter(theme: theme, depth: depth, settings: settings))
        let viewport = Viewport(width: width, height: height)
        let bytes: [UInt8]
        switch format {
        case .ansi:
            var writer = ANSIWriter(depth: depth)
            bytes = renderer.render(viewport, with: &writer)
        case .plain:
            var writer = PlainWriter()
            bytes = renderer.render(viewport, with: &writer)
        }
        return (bytes, parsed.value("--output"))
    }
}

/// The themes this build knows. Theme files and packs plug in here.
enum ThemeChoice {
    static let installed: [Theme] = [.standard]

    /// The installed theme called `name`; `origin` says where the name came
    /// from, so the error points there.
    static func resolve(_ name: String, origin: Diagnostic) throws(Diagnostic) -> Theme {
        if let theme = installed.first(where: { $0.id == name }) { return theme }
        var failure = origin
        failure.message =
            "theme \"\(name)\" is not installed (installed: \(installed.map(\.id).joined(separator: ", ")))"
        if let guess = Suggestion.closest(to: name, in: installed.map(\.id)) {
            failure.message += "; did you mean \"\(guess)\"?"
        }
        if origin.kind == .usage { failure.message = "--theme: " + failure.message }
        throw failure
    }
}

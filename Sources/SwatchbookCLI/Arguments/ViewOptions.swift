import SwatchbookCore
import SwatchbookLua
import SwatchbookRender
import SwatchbookSession

/// The options render, browse and pick share, read and checked once.
struct ViewOptions {
    var plugin: String?
    /// `--input-format`: the format of the palette file named, over what
    /// its extension and content say.
    var inputFormat: String?
    var width: Int?
    var height: Int?
    var request: ColorDepth.Request = .auto
    var theme: String?
    var style: LayoutSettings.Style?
    /// `--wrap`: strips flow onto several lines, over the plugin's choice.
    var wrap = false
    var context = PluginContext()
    var expand: [String] = []
    var focus: ElementPath?
    var statePath: String?
    var verbose = false
    /// The filter applied before the first frame (fzf's `--query`).
    var filter: String?
    /// Keys pressed before the first frame, with the browse key map.
    var keys: [Key] = []
    /// `--multi`: Tab marks, Enter picks every marked colour.
    var multi = false
    /// `--print`: what a pick prints.
    var printFormat = PickFormat.hex
    /// The key map, with `--bind` over the standard one.
    var keyMap = KeyMap.standard

    /// The columns anything is drawn at, by render, browse and `themes --preview`.
    static let widthRange = 1...10_000

    /// Also taken by `themes --preview`, which draws too.
    static let widthOption = ArgumentParser.Option(
        name: "--width", takesValue: true, valueName: "N",
        help: "columns (default: the terminal's, else \(Screen.defaultWidth))")
    static let colorOption = ArgumentParser.Option(
        name: "--color", takesValue: true, valueName: "WHEN", help: "auto|always|never|truecolor|256|16")

    static let options: [ArgumentParser.Option] = [
        widthOption,
        colorOption,
        .init(
            name: "--theme", takesValue: true, valueName: "NAME",
            help: "theme to draw with (default: the plugin's, else default)"),
        .init(
            name: "--layout", takesValue: true, valueName: "STYLE",
            help: "shelves|outline|details, over the plugin's choice"),
        .init(
            name: "--wrap", takesValue: false,
            help: "flow each strip onto as many lines as its swatches need, so none is scrolled out"),
        .init(
            name: "--expand", takesValue: true, repeatable: true, valueName: "all|PATH",
            help: "open every node, or the node at PATH (repeatable)"),
        .init(name: "--focus", takesValue: true, valueName: "PATH", help: "start with the focus on PATH"),
        .init(
            name: "--filter", takesValue: true, valueName: "TEXT",
            help: "start with the browse filter TEXT applied (fzf's --query)"),
        .init(
            name: "--keys", takesValue: true, repeatable: true, valueName: "KEYS",
            help: "press keys first, with the browse key map, e.g. \"jjl<Enter>\""),
        .init(
            name: "--bind", takesValue: true, repeatable: true, valueName: "KEY:ACTION",
            help:
                "bind a key to an action, as fzf's --bind (e.g. ctrl keys aside: J:down,K:up; ACTION ignore unbinds)"
        ),
        .init(
            name: "--multi", takesValue: false,
            help: "pick several: Tab marks the focused colour, Enter prints every marked one, a line each"),
        .init(
            name: "--print", takesValue: true, valueName: "WHAT",
            help: "what pick prints: hex|rgb|hsl|oklch|name|path|json (default hex; on_tap's string wins)"),
        .init(
            name: "--input-format", takesValue: true, valueName: "FORMAT",
            help:
                "read the palette file as FORMAT (gpl, ase, tokens, css, base16, kitty, …; see 'swatchbook formats')"
        ),
        .init(
            name: "--set", takesValue: true, repeatable: true, valueName: "KEY=VALUE",
            help: "plugin option, passed in ctx.options"),
        .init(
            name: "--state", takesValue: true, valueName: "FILE",
            help: "load the view state from FILE and save it there on exit"),
        .init(name: "--seed", takesValue: true, valueName: "N", help: "seed for math.random (default 1)"),
        .init(
            name: "--script-timeout", takesValue: true, valueName: "SECONDS",
            help: "time budget of each call into Lua (default 5)"),
        .init(
            name: "--max-memory", takesValue: true, valueName: "MiB",
            help: "memory cap of each Lua state (default 256)"),
        .init(name: "--verbose", takesValue: false, help: "add the Lua traceback to script errors"),
        DefaultOptions.noConfig,
    ]

    init(_ parsed: ArgumentParser.Parsed, command: String) throws(Diagnostic) {
        guard parsed.positionals.count <= 1 else {
            throw Diagnostic(
                .usage,
                "\(command): expected at most one PLUGIN, got \(parsed.positionals.joined(separator: " "))")
        }
        plugin = parsed.positionals.first
        inputFormat = parsed.value("--input-format")
        width = try OptionValues.integer(parsed.value("--width"), option: "--width", in: Self.widthRange)
        height = try OptionValues.integer(parsed.value("--height"), option: "--height", in: 1...100_000)
        request =
            try OptionValues.choice(parsed.value("--color"), option: "--color", as: ColorDepth.Request.self)
            ?? .auto
        theme = parsed.value("--theme")
        style = try OptionValues.choice(
            parsed.value("--layout"), option: "--layout", as: LayoutSettings.Style.self)
        wrap = parsed.has("--wrap")
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
        expand = parsed.all("--expand")
        for value in expand where value != "all" && ElementPath(parsing: value) == nil {
            throw Diagnostic(.usage, "--expand: expected all or a path like 2.1.3, got \"\(value)\"")
        }
        focus = try parsed.value("--focus").map { text throws(Diagnostic) in
            try Self.path(text, option: "--focus")
        }
        statePath = parsed.value("--state")
        verbose = parsed.has("--verbose")
        filter = parsed.value("--filter")
        for text in parsed.all("--keys") {
            do throws(Diagnostic) { keys += try Key.parse(text) } catch { throw error.about("--keys") }
        }
        multi = parsed.has("--multi")
        for binding in parsed.all("--bind") {
            do throws(Diagnostic) { try keyMap.bind(binding) } catch { throw error.about("--bind") }
        }
        printFormat =
            try OptionValues.choice(parsed.value("--print"), option: "--print", as: PickFormat.self) ?? .hex
    }

    static func path(_ text: String, option: String) throws(Diagnostic) -> ElementPath {
        guard let path = ElementPath(parsing: text) else {
            throw Diagnostic(.usage, "\(option): expected a path like 2.1.3, got \"\(text)\"")
        }
        return path
    }
}

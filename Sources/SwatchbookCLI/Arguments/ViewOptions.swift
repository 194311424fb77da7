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
    /// `--wrap` (true) or `--no-wrap` (false): whether strips flow onto
    /// several lines, over the plugin's choice; nil when neither was given.
    var wrap: Bool?
    /// A render of the whole document (no `--height`): a report, whose strips
    /// wrap unless `--no-wrap` or the plugin's `wrap = false` says otherwise.
    var wholeDocument = false
    var context = PluginContext()
    /// `--expand`: every node, or the node at a path.
    enum Expansion: Equatable {
        case all
        case path(ElementPath)
    }
    var expand: [Expansion] = []
    var focus: ElementPath?
    var statePath: String?
    var verbose = false
    /// The filter applied before the first frame (fzf's `--query`).
    var filter: String?
    /// Keys pressed before the first frame, with the browse key map.
    var keys: [Key] = []
    /// `--filter-fields`: the filter finds items and nodes by their fields' values too.
    var filterFields = false
    /// `--multi`: Tab marks, Enter picks every marked colour.
    var multi = false
    /// The command is `pick`, which picks an item in every layout.
    var picking = false
    /// `--print`: what a pick prints.
    var printFormat = PickFormat.hex
    /// The key map, with `--bind` over the standard one (or `--multi`'s).
    var keyMap = KeyMap.standard
    /// `--simulate` at `--severity`: every colour drawn as a person with
    /// that colour-vision deficiency sees it.
    var simulation: ColorVision.Simulation?

    /// Also taken by `themes --preview`, which draws too.
    static let width = OptionSpec.integer(
        "--width", in: 1...10_000, help: "columns (default: the terminal's, else \(Screen.defaultWidth))")
    /// Render's alone: browse and pick take the terminal's height.
    static let height = OptionSpec.integer(
        "--height", in: 1...100_000, help: "draw one viewport of N lines, not the whole catalogue")
    static let color = OptionSpec<ColorDepth.Request>.choice(
        "--color", valueName: "WHEN", help: "auto|always|never|truecolor|256|16")
    static let theme = OptionSpec.text(
        "--theme", valueName: "NAME", help: "theme to draw with (default: the plugin's, else default)",
        completion: .list("themes"))
    static let layout = OptionSpec<LayoutSettings.Style>.choice(
        "--layout", valueName: "STYLE", help: "shelves|outline|details, over the plugin's choice")
    static let scheme = OptionSpec<ColorScheme>.choice(
        "--scheme", valueName: "SCHEME",
        help: "light|dark: which colour of a palette's light-dark() to take (ctx.scheme)")
    static let wrap = FlagSpec(
        "--wrap",
        help:
            "flow each strip onto as many lines as its swatches need, so none is scrolled out (a whole-document render's default)"
    )
    static let noWrap = FlagSpec(
        "--no-wrap", help: "clip each strip at the edge, marked ›, as browse and pick do (their default)")
    static let expand = OptionSpec(
        "--expand", valueName: "all|PATH", repeatable: true,
        help: "open every node, or the node at PATH (repeatable)",
        completion: .words(["all"])
    ) { text throws(Diagnostic) -> Expansion in
        if text == "all" { return .all }
        guard let path = ElementPath(parsing: text) else {
            throw Diagnostic(.usage, "--expand: expected all or a path like 2.1.3, got \"\(text)\"")
        }
        return .path(path)
    }
    static let focus = OptionSpec.path("--focus", help: "start with the focus on PATH")
    static let filter = OptionSpec.text(
        "--filter", valueName: "TEXT", help: "start with the browse filter TEXT applied (fzf's --query)")
    static let keys = OptionSpec(
        "--keys", valueName: "KEYS", repeatable: true,
        help: "press keys first, with the browse key map, e.g. \"jjl<Enter>\""
    ) { text throws(Diagnostic) in
        do throws(Diagnostic) { return try Key.parse(text) } catch { throw error.about("--keys") }
    }
    static let bind = OptionSpec.text(
        "--bind", valueName: "KEY:ACTION", repeatable: true,
        help:
            "bind a key to actions, as fzf's --bind (ctrl-j:down,alt-x:accept; a+b chains; ignore unbinds;"
            + " swatchbook help keys lists them)"
    )
    static let filterFields = FlagSpec(
        "--filter-fields", help: "let the filter find items and tree nodes by their fields' values too")
    static let multi = FlagSpec(
        "--multi",
        help: "pick several: Tab marks the focused colour, Enter prints every marked one, a line each")
    static let print = OptionSpec<PickFormat>.choice(
        "--print", valueName: "WHAT",
        help: "what pick prints: hex|rgb|hsl|oklch|name|path|json (default hex; on_tap's string wins)")
    static let inputFormat = OptionSpec.text(
        "--input-format", valueName: "FORMAT",
        help:
            "read the palette file as FORMAT (gpl, ase, tokens, css, base16, kitty, …; see 'swatchbook formats')",
        completion: .list("formats"))
    static let set = OptionSpec(
        "--set", valueName: "KEY=VALUE", repeatable: true, help: "plugin option, passed in ctx.options"
    ) { pair throws(Diagnostic) in
        guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
            throw Diagnostic(.usage, "--set: expected KEY=VALUE, got \"\(pair)\"")
        }
        return (key: String(pair[..<equals]), value: String(pair[pair.index(after: equals)...]))
    }
    static let allowRead = OptionSpec.text(
        "--allow-read", valueName: "PATH", repeatable: true,
        help:
            "let the plugin read PATH (a file, or a folder and what is in it) outside its own folder (repeatable)",
        completion: .files)
    static let state = OptionSpec.text(
        "--state", valueName: "FILE", help: "load the view state from FILE and save it there on exit",
        completion: .files)
    static let seed = OptionSpec.integer(
        "--seed", in: Int(Int32.min)...Int(Int32.max), help: "seed for math.random (default 1)")
    static let scriptTimeout = OptionSpec.seconds(
        "--script-timeout", help: "time budget of each call into Lua (default 5)")
    static let maxMemory = OptionSpec.integer(
        "--max-memory", in: 1...65_536, valueName: "MiB", help: "memory cap of each Lua state (default 256)")
    static let simulate = OptionSpec<ColorVision>.choice(
        "--simulate", valueName: "DEFICIENCY",
        help:
            "protan|deutan|tritan|achroma: draw every colour as people with that colour-vision deficiency see it"
    )
    static let severity = OptionSpec(
        "--severity", valueName: "0..1",
        help: "how strong the --simulate deficiency is (default 1, the cone missing)"
    ) { text throws(Diagnostic) -> Double in
        guard let value = Double(text), value.isFinite, (0...1).contains(value) else {
            throw Diagnostic(.usage, "--severity: expected a number from 0 to 1, got \"\(text)\"")
        }
        return value
    }
    static let verboseFlag = FlagSpec("--verbose", help: "add the Lua traceback to script errors")

    static let options: [ArgumentParser.Option] = [
        width.option, color.option, theme.option, layout.option, wrap.option, noWrap.option, expand.option,
        focus.option,
        filter.option, filterFields.option, keys.option, bind.option, multi.option, print.option,
        inputFormat.option, set.option, allowRead.option,
        scheme.option, simulate.option, severity.option,
        state.option, seed.option, scriptTimeout.option, maxMemory.option, verboseFlag.option,
        DefaultOptions.noConfig,
    ]

    init(_ parsed: ArgumentParser.Parsed, command: String) throws(Diagnostic) {
        guard parsed.positionals.count <= 1 else {
            throw Diagnostic(
                .usage,
                "\(command): expected at most one PLUGIN, got \(parsed.positionals.joined(separator: " "))")
        }
        plugin = parsed.positionals.first
        inputFormat = try Self.inputFormat.value(in: parsed)
        width = try Self.width.value(in: parsed)
        height = try Self.height.value(in: parsed)
        request = try Self.color.value(in: parsed) ?? .auto
        theme = try Self.theme.value(in: parsed)
        style = try Self.layout.value(in: parsed)
        switch (Self.wrap.isSet(in: parsed), Self.noWrap.isSet(in: parsed)) {
        case (true, true): throw Diagnostic(.usage, "--wrap and --no-wrap contradict each other; give one")
        case (true, false): wrap = true
        case (false, true): wrap = false
        case (false, false): wrap = nil
        }
        wholeDocument = command == "render" && height == nil
        context.seed = try Self.seed.value(in: parsed) ?? 1
        context.limits.timeout = try Self.scriptTimeout.value(in: parsed) ?? 5
        context.limits.memoryMiB = try Self.maxMemory.value(in: parsed) ?? 256
        for pair in try Self.set.values(in: parsed) { context.options[pair.key] = pair.value }
        context.allowedReads = try Self.allowRead.values(in: parsed)
        context.scheme = try Self.scheme.value(in: parsed) ?? .light
        expand = try Self.expand.values(in: parsed)
        focus = try Self.focus.value(in: parsed)
        statePath = try Self.state.value(in: parsed)
        verbose = Self.verboseFlag.isSet(in: parsed)
        filter = try Self.filter.value(in: parsed)
        keys = try Self.keys.values(in: parsed).flatMap { $0 }
        multi = Self.multi.isSet(in: parsed)
        filterFields = Self.filterFields.isSet(in: parsed)
        picking = command == "pick"
        if multi { keyMap = .multi }
        for binding in try Self.bind.values(in: parsed) {
            do throws(Diagnostic) { try keyMap.bind(binding) } catch { throw error.about("--bind") }
        }
        printFormat = try Self.print.value(in: parsed) ?? .hex
        let severity = try Self.severity.value(in: parsed)
        if let vision = try Self.simulate.value(in: parsed) {
            simulation = ColorVision.Simulation(vision, severity: severity ?? 1)
        } else if severity != nil {
            throw Diagnostic(.usage, "--severity: says how strong --simulate is; give --simulate too")
        }
    }
}

import SwatchbookCore

/// Every command, once: its usage line, its summary, its options (the
/// parsers' own tables), what its positional arguments are, and what it
/// runs. The dispatch, `--help`, the list of commands `help` knows, the
/// man page and the completions are all made from it.
enum CommandTable {
    enum Positional {
        case plugin, files, none
        case words([String])
        /// A list of words for each leading argument in turn, then files
        /// (`theme import base16 FILE...`).
        case wordsThenFiles([[String]])
    }

    struct Entry {
        var name: String
        /// What follows `swatchbook ` in the usage list of `--help`.
        var usage: String
        var summary: String
        var options: [ArgumentParser.Option]
        var positional: Positional
        /// Runs the command on the arguments after its name; the exit code.
        var run: ([String]) throws(Diagnostic) -> Int32
    }

    static var entries: [Entry] {
        let commands = [
            Entry(
                name: "render", usage: "render [PLUGIN] [options]",
                summary: "draw the catalogue headless (stdout, -o FILE; FILE... --output-dir DIR)",
                options: RenderCommand.parser.options, positional: .plugin, run: SwatchbookCLI.render),
            Entry(
                name: "browse", usage: "browse [PLUGIN] [options]",
                summary: "the catalogue on the whole terminal (keys and mouse)",
                options: ViewOptions.options, positional: .plugin,
                run: { arguments throws(Diagnostic) in try SwatchbookCLI.browse(arguments, mode: .browse) }),
            Entry(
                name: "pick", usage: "pick [PLUGIN] [options]",
                summary: "like browse; print the first tap's result (fzf style)",
                options: ViewOptions.options, positional: .plugin,
                run: { arguments throws(Diagnostic) in try SwatchbookCLI.browse(arguments, mode: .pick) }),
            Entry(
                name: "themes", usage: "themes [--preview] [--show ID]",
                summary: "the installed themes, drawn, or one with provenance",
                options: ThemesCommand.parser.options, positional: .none, run: SwatchbookCLI.themes),
            Entry(
                name: "plugins", usage: "plugins [--json]", summary: "list the plugins on the search path",
                options: PluginsCommand.parser.options, positional: .none, run: SwatchbookCLI.plugins),
            Entry(
                name: "formats", usage: "formats [--json]",
                summary: "the formats render writes and the palette files it reads",
                options: FormatsCommand.parser.options, positional: .none, run: SwatchbookCLI.formats),
            Entry(
                name: "check", usage: "check FILE|DIR... [--format text|json|sarif|github|junit]",
                summary: "check plugins, palette files, themes (contrast) and packs, for CI too",
                options: CheckCommand.parser.options, positional: .plugin, run: SwatchbookCLI.check),
            Entry(
                name: "contrast",
                usage: "contrast FILE|PLUGIN [--scope row|section|all] [--pair FG:BG] [--min R]",
                summary: "the WCAG 2.1 contrast matrix of a palette; --min R fails below R",
                options: ContrastCommand.parser.options, positional: .plugin, run: SwatchbookCLI.contrast),
            Entry(
                name: "diff", usage: "diff OLD NEW [options]",
                summary: "added, removed, renamed, moved and changed colours (ΔE OK)",
                options: DiffCommand.parser.options, positional: .plugin, run: SwatchbookCLI.diff),
            Entry(
                name: "theme", usage: "theme import base16|terminal FILE... -o DIR",
                summary: "import base16 or terminal schemes into a theme pack",
                options: ThemeImportCommand.parser.options,
                positional: .wordsThenFiles([
                    ["import"], ["base16", "terminal"] + ThemeImportCommand.terminalFormats,
                ]),
                run: SwatchbookCLI.themeImport
            ),
            Entry(
                name: "color", usage: "color VALUE... [--print FORM] [--mix C[:T]] [--lighten T] ...",
                summary: "one colour in any CSS syntax: inspect, change, print",
                options: ColorCommand.parser.options, positional: .none, run: SwatchbookCLI.color),
            Entry(
                name: "completions", usage: "completions bash|zsh|fish",
                summary: "a completion script for bash, zsh or fish",
                options: CompletionsCommand.parser.options, positional: .words(CompletionsCommand.shells),
                run: SwatchbookCLI.completions),
            Entry(
                name: "new", usage: "new plugin|theme|reader NAME [-o DIR]",
                summary: "a new plugin, theme or reader, commented, that passes check",
                options: NewCommand.parser.options, positional: .words(NewCommand.kinds),
                run: SwatchbookCLI.new),
            Entry(
                name: "stubs", usage: "stubs [-o DIR]",
                summary: "LuaLS type stubs for plugins, and a .luarc.json",
                options: StubsCommand.parser.options, positional: .none, run: SwatchbookCLI.stubs),
            Entry(
                name: "manpage", usage: "manpage", summary: "the manual page swatchbook.1, in roff",
                options: [], positional: .none, run: SwatchbookCLI.manpage),
        ]
        let help = Entry(
            name: "help", usage: "help COMMAND|keys",
            summary: "options of a command, or every key and action",
            options: [], positional: .words(commands.map(\.name) + ["help", "keys"]), run: SwatchbookCLI.help)
        return commands + [help]
    }
}

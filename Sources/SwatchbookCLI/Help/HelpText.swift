import SwatchbookCore
import SwatchbookSession

/// Usage text, with examples, for `--help` and `help COMMAND`.
enum HelpText {
    static var commands: [String] { CommandTable.entries.map(\.name) }

    static let overview =
        """
        swatchbook — a scriptable colour catalogue for the terminal

        Usage:
        \(usageList)
          swatchbook --version


        """ + overviewNotes

    /// The commands' usage lines from ``CommandTable``, each summary at one
    /// column (under a usage too long to leave room for it).
    private static var usageList: String {
        CommandTable.entries.map { entry in
            let usage = "  swatchbook " + entry.usage
            let column = 41
            return usage.count < column - 1
                ? usage.padding(toLength: column, withPad: " ", startingAt: 0) + entry.summary
                : usage + "\n" + String(repeating: " ", count: column) + entry.summary
        }.joined(separator: "\n")
    }

    private static let overviewNotes = """
        PLUGIN is a .lua file, or a plugin name looked up in ./Scripts, $SWATCHBOOK_PATH,
        $XDG_CONFIG_HOME/swatchbook/plugins; without it the bundled demo is drawn. A
        palette file in its place (GIMP .gpl, .ase, design tokens, CSS, a terminal
        scheme) is opened with the reader plugin for its format (--input-format to name
        it; readers of your own go in $XDG_CONFIG_HOME/swatchbook/readers).

        Examples:
          swatchbook render                                 the demo, in colour
          swatchbook render Scripts/colors.lua --format plain --width 60
          swatchbook render random-palette --seed 7 --color truecolor -o palette.ans
          swatchbook check Scripts/*.lua
          swatchbook render Tango.gpl -o tango.css          a GIMP palette as CSS custom properties

        Exit codes: 0 ok, 64 usage, 65 bad data or script, 66 missing input,
        70 internal error, 73 would replace files it did not write, 74 output error,
        130 pick cancelled or Ctrl-C.

        """

    static func forCommand(_ name: String?) throws(Diagnostic) -> String {
        switch name {
        case nil: return overview
        case "render":
            return """
                Usage: swatchbook render [PLUGIN] [options]
                       swatchbook render FILE... --output-dir DIR [options]

                Lay out the whole catalogue (or one viewport with --height) and draw it.
                The output is byte-identical for the same plugin, options and files.
                A whole-document render opens every tree node (--collapse keeps them as
                the catalogue has them). FILE - reads a palette from standard input.

                \(RenderCommand.parser.optionsHelp)

                Examples:
                  swatchbook render --width 120 --color truecolor
                  swatchbook render Scripts/random-palette.lua --seed 3 --format plain
                  swatchbook render --height 20 -o first-screen.ans --color 256
                  swatchbook render palettes/*.gpl --output-dir reports --format html
                  curl -s https://example.com/brand.tokens.json | swatchbook render - --format plain

                """
        case "formats":
            return """
                Usage: swatchbook formats [--json]

                The formats render writes (--format NAME, or the extension of -o FILE): the
                ones that draw the catalogue, the ones that describe its layout, and the
                palette files other tools read. Then the palette files render opens in a
                plugin's place, with the extensions that name them and the reader that reads
                each (--input-format NAME); a reader of your own in
                $XDG_CONFIG_HOME/swatchbook/readers takes a format before the bundled one.

                \(FormatsCommand.parser.optionsHelp)

                """
        case "plugins":
            return """
                Usage: swatchbook plugins [--json]

                List the plugins on the search path, in the order a PLUGIN name is looked
                up: ./Scripts, each folder of $SWATCHBOOK_PATH (colon separated),
                $XDG_CONFIG_HOME/swatchbook/plugins (default ~/.config/swatchbook/plugins),
                then the bundled ones. Each file is loaded in its own sandbox. A file whose
                name an earlier one already takes is marked "(shadowed by FILE)"; a plugin
                that fails to load is listed with its error, which also goes to stderr.

                \(PluginsCommand.parser.optionsHelp)

                Examples:
                  swatchbook plugins
                  SWATCHBOOK_PATH=~/palettes swatchbook plugins --json

                """
        case "contrast":
            return """
                Usage: swatchbook contrast FILE|PLUGIN [options]

                The WCAG 2.1 contrast of every pair of colours in each row (or section, or
                the whole catalogue): a matrix, foregrounds down and backgrounds across,
                each cell its ratio and level (AAA 7, AA 4.5, AA large 3, else fail). A
                plugin's pairs = { { fg = ID|PATH, bg = ID|PATH, min = R }, … }, or --pair,
                measure only those pairs. A translucent colour is measured as shown: over
                its background, and a translucent background over white and over black,
                the worse of the two.

                \(ContrastCommand.parser.optionsHelp)

                Exit status: 0; 1 when --min is given and a pair is below it (each listed
                on stderr); 64 usage, 65 bad data, 66 a missing file.

                Examples:
                  swatchbook contrast palette.gpl --scope all --min 4.5
                  swatchbook contrast tokens.json --pair text:surface --pair '#777:#FFF'
                  swatchbook contrast Scripts/colors.lua --format html -o contrast.html

                """
        case "check":
            return """
                Usage: swatchbook check FILE... [--strict] [--format FORMAT] [-o FILE] [--verbose]

                Load each plugin in its own sandbox and draw it once, headless, without
                output. A theme file (or an installed theme's id) is resolved and the WCAG
                contrast of each text role against its background printed on stdout; a
                role below 4.5:1 (3:1 for the large kinds) is a problem, and so is a pair
                a palette declares (a plugin's pairs, a tokens file's
                $extensions["org.swatchbook"].pairs) below its min (4.5:1 if it sets
                none). A pack.lua must list theme files that exist.
                Every problem and warning is one line on stderr (FILE:LINE: message,
                FILE: data.path: message, FILE: warning: message), then a summary line.
                A folder stands for its .lua files, the packs in its subfolders and every
                palette file a reader claims; a name that is not a file is looked up on
                the search path, as render does, then among the installed themes. A bad
                file does not stop the others.

                --format json|sarif|github|junit writes every problem and warning, each
                with its code (SB001...), to stdout or -o FILE instead: json an array of
                diagnostics, sarif a SARIF 2.1.0 log, github workflow commands
                (::error file=...,line=...::message), junit a test case per file. The
                summary line stays on stderr.

                \(CheckCommand.parser.optionsHelp)

                Exit status: 0 when every file is valid (warnings allowed, unless
                --strict), 65 when any is invalid, else 66 when any is missing or
                unreadable, 64 without FILE; the same in every format.

                Examples:
                  swatchbook check Scripts/*.lua
                  swatchbook check Scripts ~/.config/swatchbook/plugins
                  swatchbook check Themes/nord solarized-light
                  swatchbook check tokens/ --format github
                  swatchbook check palettes --format sarif -o check.sarif

                """
        case "diff":
            return """
                Usage: swatchbook diff OLD NEW [options]

                Compare two versions of a palette: palette files in any format (the two
                may differ) or plugins, each opened as render opens it. Colours are matched
                by id, then by place (groups and name), then by name alone (moved), then by
                place and colour (renamed). A change shows the old and new value, hex and
                authored text, and ΔE OK (the OKLab distance ×100); a change of space,
                authored text or reference shows even when the 8-bit colour did not change.
                A lazy source cannot be diffed (64). Exit 0 when equal, 1 when different.

                \(DiffCommand.parser.optionsHelp)

                Examples:
                  swatchbook diff old.gpl new.gpl
                  swatchbook diff base/tokens.json tokens.json --threshold 1 --format html -o diff.html
                  swatchbook diff palette.css palette.gpl --format json

                """
        case "browse", "pick":
            let pick = name == "pick"
            return """
                Usage: swatchbook \(name!) [PLUGIN] [options]

                \(pick
                    ? "Like browse; the first tap prints its result (the plugin's string, else the\ncolour's hex) on stdout and exits 0. Esc, q or Ctrl-C print nothing and exit 130.\nThe screen is drawn on /dev/tty, so color=$(swatchbook pick) works."
                    : "The catalogue on the whole terminal, driven by the keyboard and the mouse.")

                Keys: h j k l / arrows move, PgUp PgDn page, Home End strip ends, g G first/last
                row, Tab next section, Enter Space tap, / filter, t theme, r reload, ? help, q quit;
                Esc clears a kept filter, else quits; Ctrl-C quits with exit 130. While a filter
                is typed, Ctrl-A/E/B/F, Alt-B/F, Ctrl-W/U/K, Alt-D and Delete edit it as in fzf;
                'swatchbook help keys' lists every key and action --bind takes.
                Mouse: click taps, wheel scrolls, Shift+wheel scrolls a strip.
                The plugin reloads when its file (or a file it required) changes.

                \(ArgumentParser(command: name!, options: ViewOptions.options).optionsHelp)

                """
        case "themes":
            return """
                Usage: swatchbook themes [--show ID | --preview [ID...]]

                The installed themes: built in, the bundled packs, then theme packs (folders
                with pack.lua) in ./Themes, $SWATCHBOOK_THEMES and
                $XDG_CONFIG_HOME/swatchbook/themes; a later place overrides an earlier one.
                --preview draws each theme (or each ID) in itself: its palette and role
                colours as swatch strips, then each text role's name in its style.
                --show prints one resolved theme and the file that set each role.

                \(ThemesCommand.parser.optionsHelp)

                Examples:
                  swatchbook themes --preview nord gruvbox-dark --color truecolor
                  swatchbook themes --show solarized-light

                """
        case "theme":
            return """
                Usage: swatchbook theme import base16 FILE... -o DIR
                       swatchbook theme import terminal|FORMAT FILE... -o DIR

                Convert base16 and base24 scheme YAML files, classic (scheme:, base00…) or
                tinted-theming (system:, palette:), into a theme pack: DIR/pack.lua and one
                theme per scheme, id base16-SLUG or base24-SLUG. A folder stands for its .yaml
                and .yml files. Every file is checked before anything is written; DIR is
                created, or replaced when it already holds a pack, and never half written.

                terminal reads terminal colour schemes, each in the format its reader
                recognises (or FORMAT: alacritty, foot, ghostty, iterm, kitty, konsole,
                tilix, wezterm, windows-terminal, xfce4-terminal, xresources), into themes
                with id term-SLUG whose roles take the ANSI slots (see docs/FORMATS.md).

                \(ThemeImportCommand.parser.optionsHelp)

                Examples:
                  swatchbook theme import base16 ocean.yaml dracula.yaml -o ~/.config/swatchbook/themes/base16
                  swatchbook theme import base16 tinted-schemes/base16 -o Themes/base16
                  swatchbook theme import terminal ~/.config/kitty/themes/*.conf -o Themes/kitty
                  SWATCHBOOK_THEMES=Themes/base16 swatchbook render --theme base16-ocean

                """
        case "new":
            return """
                Usage: swatchbook new plugin|theme|reader NAME [-o DIR]

                Write a small, commented plugin, theme (in a pack of its own) or reader plugin
                that passes check and renders, into $XDG_CONFIG_HOME/swatchbook/plugins, themes
                or readers (or DIR), with the LuaLS stubs beside it. It never overwrites a file.

                \(NewCommand.parser.optionsHelp)

                Examples:
                  swatchbook new plugin brand && swatchbook render brand
                  swatchbook new theme dusk && swatchbook render --theme dusk
                  swatchbook new reader hexlist -o ~/.config/swatchbook/readers

                """
        case "color":
            return """
                Usage: swatchbook color [VALUE...|-] [options]

                Show each colour VALUE, written in any CSS syntax (#RGB, names, rgb(), hsl(),
                hwb(), lab(), lch(), oklab(), oklch(), color(), color-mix(), relative
                colours): its space and text as written, hex, rgb, hsl, oklch, contrast on
                white and on black, its nearest CSS name; on a terminal a swatch first.
                Without VALUE, or with -, one colour per line of standard input.

                --mix, --lighten and --darken change the colour in the order they are given,
                as the colour methods of the plugin API do. A value that is no colour is
                reported (with its line, from stdin) and the others go on: exit 65 at the end.

                \(ColorCommand.parser.optionsHelp)

                Examples:
                  swatchbook color '#fa8072' 'oklch(0.7 0.15 200)'
                  swatchbook color salmon --lighten 0.1 --mix red:0.2 --print hex
                  swatchbook color '#fa8072' --print css | swatchbook color --darken 0.1
                  swatchbook color '#777' --contrast white

                """
        case "stubs":
            return """
                Usage: swatchbook stubs [-o DIR]

                Write LuaLS type stubs for the swatchbook module, the plugin table, events,
                colours and themes to DIR/.types/swatchbook.lua, and a DIR/.luarc.json that
                points lua-language-server to them (an existing one is kept).

                \(StubsCommand.parser.optionsHelp)

                """
        case "manpage":
            return
                "Usage: swatchbook manpage\n\nWrite the manual page swatchbook.1 in roff: man -l <(swatchbook manpage)\n"
        case "completions":
            return """
                Usage: swatchbook completions bash|zsh|fish

                Write a completion script for the shell, made from the options' own tables:
                commands, options, their values (formats, colour depths, layouts, what pick
                prints, installed themes, reader formats), plugin names and files.

                \(CompletionsCommand.parser.optionsHelp)

                Install:
                  swatchbook completions bash > ~/.local/share/bash-completion/completions/swatchbook
                  swatchbook completions zsh > "${fpath[1]}/_swatchbook"
                  swatchbook completions fish > ~/.config/fish/completions/swatchbook.fish

                """
        case "help": return "Usage: swatchbook help COMMAND|keys\n"
        case "keys": return KeyMap.reference
        case let other?:
            throw Diagnostic(
                .usage, "help: unknown command '\(other)'",
                suggestion: Suggestion(for: other, among: commands + ["keys"], spelled: .singleQuoted))
        }
    }
}

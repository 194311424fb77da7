import SwatchbookCore

/// Usage text, with examples, for `--help` and `help COMMAND`.
enum HelpText {
    static let commands = ["render", "help"]

    static let overview = """
        swatchbook — a scriptable colour catalogue for the terminal

        Usage:
          swatchbook render [PLUGIN] [options]   draw the catalogue headless (stdout or -o FILE)
          swatchbook help COMMAND                options of a command
          swatchbook --version

        PLUGIN is a .lua file, or a plugin name looked up in ./Scripts, $SWATCHBOOK_PATH,
        $XDG_CONFIG_HOME/swatchbook/plugins; without it the bundled demo is drawn.

        Examples:
          swatchbook render                                 the demo, in colour
          swatchbook render Scripts/colors.lua --format plain --width 60
          swatchbook render random-palette --seed 7 --color truecolor -o palette.ans

        Exit codes: 0 ok, 64 usage, 65 bad data or script, 66 missing input,
        70 internal error, 74 output error.

        """

    static func forCommand(_ name: String?) throws(Diagnostic) -> String {
        switch name {
        case nil: return overview
        case "render":
            return """
                Usage: swatchbook render [PLUGIN] [options]

                Lay out the whole catalogue (or one viewport with --height) and draw it.
                The output is byte-identical for the same plugin, options and files.

                \(RenderCommand.parser.optionsHelp)

                Examples:
                  swatchbook render --width 120 --color truecolor
                  swatchbook render Scripts/random-palette.lua --seed 3 --format plain
                  swatchbook render --height 20 -o first-screen.ans --color 256

                """
        case "help": return "Usage: swatchbook help COMMAND\n"
        case let other?:
            var message = "help: unknown command '\(other)'"
            if let guess = Suggestion.closest(to: other, in: commands) {
                message += " (did you mean '\(guess)'?)"
            }
            throw Diagnostic(.usage, message)
        }
    }
}

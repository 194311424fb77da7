import SwatchbookSession

/// `swatchbook manpage`: the manual page `swatchbook.1` in roff, made from
/// the same tables as the help and the completions (``CommandTable``), with
/// the examples, exit codes, environment variables and files.
/// `Tools/install` writes it into `share/man/man1`.
enum ManualPage {
    /// The month of this version's manual, as man pages date themselves.
    static let date = "December 2026"

    static func roff(version: String) -> String {
        var out = [
            ".TH SWATCHBOOK 1 \"\(date)\" \"swatchbook \(version)\" \"User Commands\"",
            ".SH NAME",
            "swatchbook \\- a scriptable colour catalogue for the terminal",
            ".SH SYNOPSIS",
            ".B swatchbook",
            ".I command",
            "[\\fIoptions\\fR] [\\fIPLUGIN\\fR|\\fIFILE\\fR]",
            ".SH DESCRIPTION",
            text(
                "Lua plugins supply nested catalogues of colours (sections, rows of swatches, trees and "
                    + "key/value tables), which swatchbook draws in the terminal, live (browse, pick) or "
                    + "headless (render: ANSI, plain text, HTML, JSON, a transcript, or a palette file). "
                    + "PLUGIN is a .lua file, or a name looked up in ./Scripts, $SWATCHBOOK_PATH and "
                    + "$XDG_CONFIG_HOME/swatchbook/plugins; without one the bundled demo is drawn. A palette "
                    + "file in its place (GIMP .gpl, Adobe .ase, design tokens, CSS custom properties, base16, "
                    + "a terminal colour scheme) is opened with the reader plugin for its format."),
            ".SH COMMANDS",
        ]
        for entry in CommandTable.entries {
            out += [".TP", ".B \(escape(entry.name))", text(entry.summary)]
        }
        out.append(".SH OPTIONS")
        for entry in CommandTable.entries where !entry.options.isEmpty {
            out.append(".SS \(escape(entry.name))")
            for option in entry.options {
                var names = "\\fB\(escape(option.name))\\fR"
                if let short = option.short { names = "\\fB\(escape(short))\\fR, " + names }
                if option.takesValue { names += " \\fI\(escape(option.valueName))\\fR" }
                out += [".TP", names, text(option.help)]
            }
        }
        /// A section of terms, each in bold (or italic) with its meaning.
        func section(_ title: String, _ terms: [(String, String)], font: String = ".B") {
            out.append(".SH \(title)")
            for (term, meaning) in terms { out += [".TP", "\(font) \(escape(term))", text(meaning)] }
        }
        section("KEYS", keyTerms(KeyMap.helpRows.browsing))
        out += [
            ".PP",
            text(
                "While a filter is typed (after /), these keys edit it, as fzf's query line; a character "
                    + "types itself, and other keys do what they do outside it:"),
        ]
        out += keyTerms(KeyMap.helpRows.editing).flatMap { [".TP", ".B \(escape($0.0))", text($0.1)] }
        out += [
            ".PP",
            text(
                "pick --multi binds \(KeyMap.multiHelp). --bind takes as KEY " + KeyMap.keyNamesSummary + "."),
        ]
        section("EXAMPLES", examples)
        section("EXIT STATUS", exitCodes.map { (String($0.0), $0.1) })
        section("ENVIRONMENT", environment)
        section("FILES", files, font: ".I")
        out += [".SH SEE ALSO", "\\fBfzf\\fR(1), \\fBbat\\fR(1)"]
        return out.joined(separator: "\n") + "\n"
    }

    /// The key table's rows as terms: the action's names, then its keys and what it does.
    static func keyTerms(_ rows: [KeyMap.HelpRow]) -> [(String, String)] {
        rows.map { ($0.names, ($0.keys.isEmpty ? "" : $0.keys + ": ") + $0.help) }
    }

    static let examples: [(String, String)] = [
        ("swatchbook render", "the bundled demo, in colour on a terminal"),
        ("swatchbook render Tango.gpl -o tango.css", "a GIMP palette written as CSS custom properties"),
        ("colour=$(swatchbook pick --print oklch)", "pick a colour from the shell"),
        ("swatchbook pick --multi palette.ase", "mark colours with Tab, print every one on Enter"),
        (
            "swatchbook render --filter \"sea grn\" --format html -o sea.html",
            "a filtered report as a web page"
        ),
        (
            "swatchbook theme import terminal kitty.conf -o ~/.config/swatchbook/themes/kitty",
            "a terminal scheme as a theme"
        ),
        (
            "swatchbook completions bash > ~/.local/share/bash-completion/completions/swatchbook",
            "shell completion"
        ),
    ]

    static let exitCodes: [(Int, String)] = [
        (0, "success"), (64, "bad usage: an unknown option or a value out of range"),
        (
            65,
            "bad data: a plugin, theme or palette file that is wrong, or a script that failed or ran too long"
        ),
        (66, "a missing or unreadable input file"), (70, "an internal error"),
        (73, "the output would replace files Swatchbook did not write"),
        (74, "an output error: stdout closed, the disk full"), (130, "a pick cancelled, or Ctrl-C"),
    ]

    static let environment: [(String, String)] = [
        ("SWATCHBOOK_OPTS", "default options, after the config file and before the command line"),
        ("SWATCHBOOK_PATH", "folders of plugins, separated by colons"),
        ("SWATCHBOOK_THEMES", "folders of theme packs, separated by colons"),
        ("NO_COLOR", "when not empty, no colour unless --color asks for it"),
        ("FORCE_COLOR", "colour even when stdout is not a terminal"),
        ("COLORTERM", "truecolor or 24bit: 24-bit colour"),
        ("TERM", "a 256color terminal, or dumb for no colour"),
        ("XDG_CONFIG_HOME", "where the config folder is (default ~/.config)"),
    ]

    static let files: [(String, String)] = [
        ("$XDG_CONFIG_HOME/swatchbook/config", "default options, one a line; # starts a comment"),
        ("$XDG_CONFIG_HOME/swatchbook/plugins/", "plugins found by name"),
        ("$XDG_CONFIG_HOME/swatchbook/themes/", "theme packs"),
        ("$XDG_CONFIG_HOME/swatchbook/readers/", "reader plugins for palette formats of one's own"),
    ]

    /// Text safe as a roff line: backslashes and hyphens escaped, a leading
    /// dot or quote kept from reading as a request.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
    }

    static func text(_ text: String) -> String {
        let escaped = escape(text)
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }
}

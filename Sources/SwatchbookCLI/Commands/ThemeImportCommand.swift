import Foundation
import SwatchbookCore
import SwatchbookImport
import SwatchbookLua

/// `swatchbook theme import base16|terminal|FORMAT FILE|DIR... -o DIR`:
/// base16 and base24 schemes, or terminal colour schemes read by the reader
/// plugins (any of their formats, found from each file, or the one named),
/// into a theme pack. A folder stands for its files; a file that cannot be
/// read is reported and skipped, and the import exits 65 at the end
/// (`--strict` stops at the first). The work is ``Base16Importer``'s and
/// ``TerminalScheme``'s; this reads the words and the options.
struct ThemeImportCommand {
    static let parser = ArgumentParser(
        command: "theme import",
        options: [output.option, force.option, strict.option])
    static let output = OptionSpec.text(
        "--output", short: "-o", valueName: "DIR",
        help: "the pack folder to write: created, or replaced when it holds a pack theme import wrote",
        completion: .files)
    static let force = FlagSpec(
        "--force", help: "replace such a pack even where its files were edited since (never other files)")
    static let strict = FlagSpec(
        "--strict", help: "stop at the first scheme that cannot be read, rather than report and skip it")

    /// Relative FILE and DIR paths start here.
    var currentDirectory: String
    var environment: [String: String]

    /// The terminal-scheme formats the bundled readers read.
    static let terminalFormats = [
        "alacritty", "foot", "ghostty", "iterm", "kitty", "konsole", "tilix", "wezterm", "windows-terminal",
        "xfce4-terminal", "xresources",
    ]

    /// The line to print (how many schemes went into which pack, and their
    /// ids) and the schemes left out. With none imported, the last
    /// problem is thrown, the others before it in its ``Diagnostic/others``.
    func run(_ arguments: [String]) throws(Diagnostic) -> (text: String, skipped: [Diagnostic]) {
        let help = "see 'swatchbook help theme'"
        guard let subcommand = arguments.first else {
            throw Diagnostic(.usage, "theme: expected 'import base16 FILE... -o DIR'", help: help)
        }
        guard subcommand == "import" else {
            throw Diagnostic(
                .usage, "theme: unknown subcommand '\(subcommand)'",
                suggestion: Suggestion(for: subcommand, among: ["import"], spelled: .singleQuoted), help: help
            )
        }
        guard arguments.count > 1, !arguments[1].hasPrefix("-") else {
            throw Diagnostic(.usage, "theme import: expected a format, 'base16' or 'terminal'", help: help)
        }
        let format = arguments[1]
        let formats = ["base16", "terminal"] + Self.terminalFormats
        guard formats.contains(format) else {
            throw Diagnostic(
                .usage, "theme import: unknown format '\(format)'",
                suggestion: Suggestion(for: format, among: formats, spelled: .singleQuoted),
                help: "base16 reads base24 schemes too, terminal any terminal scheme; " + help)
        }
        let parsed = try Self.parser.parse(Array(arguments.dropFirst(2)))
        guard !parsed.positionals.isEmpty else {
            throw Diagnostic(.usage, "theme import \(format): expected at least one scheme FILE", help: help)
        }
        guard let output = try Self.output.value(in: parsed) else {
            throw Diagnostic(
                .usage, "theme import \(format): -o DIR is required (the theme pack folder to write)")
        }
        let force = Self.force.isSet(in: parsed)
        let strict = Self.strict.isSet(in: parsed)
        if format == "base16" {
            let summary = try Base16Importer.run(
                inputs: parsed.positionals, output: output, currentDirectory: currentDirectory, force: force,
                strict: strict, check: GeneratedPackCheck())
            return (summary.description + "\n", summary.skipped)
        }
        var schemes: [TerminalScheme] = []
        var skipped: [Diagnostic] = []
        let files = try SchemeInputs.files(parsed.positionals, extensions: nil, resolve: url)
        for (file, name) in files {
            do throws(Diagnostic) {
                schemes.append(try scheme(file, named: name, format: format == "terminal" ? nil : format))
            } catch {
                if strict { throw error }
                skipped.append(error)
            }
        }
        TerminalScheme.nameApart(&schemes)
        let summary = try TerminalScheme.install(
            schemes, skipped: skipped, output: output, currentDirectory: currentDirectory, force: force,
            strict: strict, check: GeneratedPackCheck())
        return (summary.description + "\n", summary.skipped)
    }

    /// `path` from the current directory.
    private func url(_ path: String) -> URL {
        (path.hasPrefix("/")
            ? URL(fileURLWithPath: path)
            : URL(fileURLWithPath: currentDirectory).appendingPathComponent(path))
            .standardizedFileURL
    }

    /// Reads one terminal scheme with its reader plugin.
    private func scheme(_ url: URL, named file: String, format: String?) throws(Diagnostic) -> TerminalScheme
    {
        let input = InputFile(url: url, displayName: file)
        let located = try ReaderLocator(environment: environment).reader(for: input, format: format) { _ in }
        var context = PluginContext()
        context.input = input
        let plugin = try PluginLoader.load(
            file: located.url, displayName: located.displayName, source: located.source,
            bundle: located.bundle, probe: located.probe, context: context)
        guard let catalogue = plugin.catalogue, let section = catalogue.sections.first else {
            throw Diagnostic(.data, file: file, "names no colours (read as \(plugin.name))")
        }
        var colors: [String: Color] = [:]
        for row in section.rows {
            guard case .items(let items) = row.content else { continue }
            for item in items { if let id = item.id { colors[id] = item.color } }
        }
        // a terminal reader's file with no palette: the 8 colours' error below
        let terminal = located.probe.map { Self.terminalFormats.contains($0.declaration.format) } ?? false
        guard terminal || colors["ansi0"] != nil || format != nil else {
            throw Diagnostic(
                .data, file: file,
                "was read as \(plugin.name), which is not a terminal scheme; name the format: theme import FORMAT"
            )
        }
        return try TerminalScheme(name: section.name, file: file, colors: colors)
    }
}

import Foundation
import SwatchbookCore
import SwatchbookLua

/// `swatchbook theme import base16 FILE... -o DIR`: base16 and base24
/// scheme files into a theme pack. The work is ``Base16Importer``'s; this
/// reads the words and the options.
struct ThemeImportCommand {
    static let parser = ArgumentParser(
        command: "theme import base16",
        options: [
            .init(
                name: "--output", short: "-o", takesValue: true, valueName: "DIR",
                help: "the pack folder to write: created, or replaced when it already holds a pack")
        ])

    /// Relative FILE and DIR paths start here.
    var currentDirectory: String

    /// The line to print: how many schemes went into which pack, and their ids.
    func run(_ arguments: [String]) throws(Diagnostic) -> String {
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
            throw Diagnostic(.usage, "theme import: expected a format, 'base16'", help: help)
        }
        guard arguments[1] == "base16" else {
            throw Diagnostic(
                .usage, "theme import: unknown format '\(arguments[1])'",
                suggestion: Suggestion(for: arguments[1], among: ["base16"], spelled: .singleQuoted),
                help: "base16 reads base24 schemes too; " + help)
        }
        let parsed = try Self.parser.parse(Array(arguments.dropFirst(2)))
        guard !parsed.positionals.isEmpty else {
            throw Diagnostic(.usage, "theme import base16: expected at least one scheme FILE", help: help)
        }
        guard let output = parsed.value("--output") else {
            throw Diagnostic(
                .usage, "theme import base16: -o DIR is required (the theme pack folder to write)")
        }
        let summary = try Base16Importer.run(
            inputs: parsed.positionals, output: output, currentDirectory: currentDirectory)
        return summary.description + "\n"
    }
}

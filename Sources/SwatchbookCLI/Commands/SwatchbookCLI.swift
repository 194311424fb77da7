import Foundation
import SwatchbookCore
import SwatchbookLua
import SwatchbookTerminal

/// The command line: dispatches to a command, prints its output or its one
/// line of error, and returns the exit code (sysexits).
public enum SwatchbookCLI {
    public static let version = "0.2.0"

    public static func main(_ arguments: [String]) -> Int32 {
        let verbose = arguments.contains("--verbose")
        ScriptLimits.beforeStoppingAStuckCall {
            TerminalRestore.restoreNow()
            TemporaryFileCleanup.removeNow()
        }
        do {
            return try run(arguments)
        } catch {
            report(error, verbose: verbose)
            return error.exitCode
        }
    }

    static func run(_ arguments: [String]) throws(Diagnostic) -> Int32 {
        guard let command = arguments.first else {
            try printOut(HelpText.overview)
            return 0
        }
        let rest = Array(arguments.dropFirst())
        let entry = CommandTable.entries.first { $0.name == command }
        // Every command answers --help the same way, before its options are read.
        if let entry, entry.name != "help", rest.contains("--help") || rest.contains("-h") {
            try printOut(try HelpText.forCommand(command))
            return 0
        }
        switch command {
        case "--help", "-h":
            try printOut(HelpText.overview)
            return 0
        case "--version", "-V":
            let api = PluginLoader.supportedAPI.map(String.init).joined(separator: ", ")
            try printOut("swatchbook \(version) (plugin api \(api))\n")
            return 0
        default:
            guard let entry else {
                throw Diagnostic(
                    .usage, "swatchbook: unknown command '\(command)'",
                    suggestion: Suggestion(for: command, among: HelpText.commands, spelled: .singleQuoted),
                    help: "see 'swatchbook --help'")
            }
            return try entry.run(rest)
        }
    }

    /// `arguments` after the config file's and `SWATCHBOOK_OPTS`' defaults
    /// that `parser`'s command takes (see ``DefaultOptions``).
    static func withDefaults(_ arguments: [String], parser: ArgumentParser) throws(Diagnostic)
        -> DefaultOptions.Applied
    {
        try DefaultOptions(environment: ProcessInfo.processInfo.environment).apply(
            to: arguments, parser: parser, allOptions: RenderCommand.parser.options)
    }

    private static func report(_ error: Diagnostic, verbose: Bool) {
        printError(error.formatted)
        if verbose, let traceback = error.traceback, !traceback.isEmpty {
            printError(traceback)
        }
    }

    /// Errors may quote script text: sanitised so they cannot drive the terminal.
    static func printError(_ line: String) {
        StandardError.write(Sanitizer.cleanLines(line) + "\n")
    }

    /// What a command that writes files (`theme import`, `new`, `stubs`)
    /// says it wrote. One rule for them all: the work is the files, and
    /// they are in place when this runs, so stdout failing to take the
    /// report is a warning on stderr and exit 0. A 74 would tell a script
    /// that nothing was written.
    static func reportWritten(_ text: String) {
        do throws(Diagnostic) {
            try printOut(text)
        } catch {
            printError("warning: \(error.formatted); the files it lists were written")
        }
    }

    /// Text on standard output; a failed write is an output error (74).
    static func printOut(_ text: String) throws(Diagnostic) {
        try OutputFile.writeAll(Array(text.utf8), to: STDOUT_FILENO, name: "stdout")
    }
}

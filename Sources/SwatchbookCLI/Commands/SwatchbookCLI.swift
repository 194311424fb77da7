import Foundation
import SwatchbookCore
import SwatchbookLua
import SwatchbookTerminal

/// The command line: dispatches to a command, prints its output or its one
/// line of error, and returns the exit code (sysexits).
public enum SwatchbookCLI {
    public static let version = "0.1.0"

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
        // Every command answers --help the same way, before its options are read.
        if command != "help", HelpText.commands.contains(command),
            rest.contains("--help") || rest.contains("-h")
        {
            try printOut(try HelpText.forCommand(command))
            return 0
        }
        switch command {
        case "--help", "-h":
            try printOut(HelpText.overview)
        case "--version", "-V":
            let api = PluginLoader.supportedAPI.map(String.init).joined(separator: ", ")
            try printOut("swatchbook \(version) (plugin api \(api))\n")
        case "help":
            try printOut(try HelpText.forCommand(rest.first))
        case "render":
            let terminal = TerminalInfo.current()
            let command = RenderCommand(
                terminal: terminal, locator: PluginLocator(environment: terminal.environment),
                warn: { printError($0) })
            let defaults = try withDefaults(rest, parser: RenderCommand.parser)
            let rendered = try defaults.placing { () throws(Diagnostic) in try command.run(defaults.arguments)
            }
            if let output = rendered.output {
                try output.commit(rendered.bytes)
            } else if let streamed = rendered.streamed {
                try streamed.finish(rendered.bytes)
            } else {
                try OutputFile.writeAll(rendered.bytes, to: STDOUT_FILENO, name: "stdout")
            }
            // The process ends next and takes the session's memory with it:
            // freeing a big lazy catalogue's cached answers and its Lua state
            // one object at a time would only delay the exit (by some 20 ms
            // for the 90,000 answers of a 1000×10×50 render). A plugin's
            // `__gc` finalizers are not run at exit.
            _ = Unmanaged.passRetained(rendered.session)
        case "browse", "pick":
            let terminal = TerminalInfo.current()
            let browse = BrowseCommand(
                mode: command == "pick" ? .pick : .browse, terminal: terminal,
                locator: PluginLocator(environment: terminal.environment), warn: { printError($0) })
            let defaults = try withDefaults(rest, parser: browse.parser)
            let (output, status) = try defaults.placing { () throws(Diagnostic) in
                try browse.run(defaults.arguments)
            }
            if let output {
                try OutputFile.writeAll(Array((output + "\n").utf8), to: STDOUT_FILENO, name: "stdout")
            }
            return status
        case "themes":
            try OutputFile.writeAll(
                try ThemesCommand(terminal: TerminalInfo.current(), warn: { printError($0) }).run(rest),
                to: STDOUT_FILENO, name: "stdout")
        case "plugins":
            let environment = ProcessInfo.processInfo.environment
            let command = PluginsCommand(
                locator: PluginLocator(environment: environment), warn: { printError($0) })
            try OutputFile.writeAll(try command.run(rest), to: STDOUT_FILENO, name: "stdout")
        case "formats":
            let command = FormatsCommand(
                environment: ProcessInfo.processInfo.environment, warn: { printError($0) })
            try OutputFile.writeAll(try command.run(rest), to: STDOUT_FILENO, name: "stdout")
        case "new":
            let command = NewCommand(
                environment: ProcessInfo.processInfo.environment,
                currentDirectory: FileManager.default.currentDirectoryPath)
            reportWritten(try command.run(rest))
        case "stubs":
            reportWritten(
                try StubsCommand(currentDirectory: FileManager.default.currentDirectoryPath).run(rest))
        case "manpage":
            try printOut(ManualPage.roff(version: version))
        case "completions":
            let command = CompletionsCommand(environment: ProcessInfo.processInfo.environment)
            try printOut(try command.run(rest))
        case "theme":
            let command = ThemeImportCommand(
                currentDirectory: FileManager.default.currentDirectoryPath,
                environment: ProcessInfo.processInfo.environment)
            reportWritten(try command.run(rest))
        case "check":
            let environment = ProcessInfo.processInfo.environment
            let command = CheckCommand(
                locator: PluginLocator(environment: environment), report: { printError($0) },
                output: { (text: String) throws(Diagnostic) in try printOut(text) })
            return try command.run(rest)
        default:
            throw Diagnostic(
                .usage, "swatchbook: unknown command '\(command)'",
                suggestion: Suggestion(for: command, among: HelpText.commands, spelled: .singleQuoted),
                help: "see 'swatchbook --help'")
        }
        return 0
    }

    /// `arguments` after the config file's and `SWATCHBOOK_OPTS`' defaults
    /// that `parser`'s command takes (see ``DefaultOptions``).
    private static func withDefaults(_ arguments: [String], parser: ArgumentParser) throws(Diagnostic)
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

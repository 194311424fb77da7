import Foundation
import SwatchbookCore
import SwatchbookTerminal

/// What each command of ``CommandTable`` runs: the wiring between the
/// process (its environment, folder, terminal, stdout and stderr) and the
/// command's own type, which the tests call directly. Each returns the
/// exit code.
extension SwatchbookCLI {
    static func help(_ arguments: [String]) throws(Diagnostic) -> Int32 {
        try printOut(try HelpText.forCommand(arguments.first))
        return 0
    }

    static func render(_ arguments: [String]) throws(Diagnostic) -> Int32 {
        let terminal = TerminalInfo.current()
        let command = RenderCommand(
            terminal: terminal, locator: PluginLocator(environment: terminal.environment),
            warn: { printError($0) })
        let defaults = try withDefaults(arguments, parser: RenderCommand.parser)
        let parsed = try defaults.placing { () throws(Diagnostic) in
            try RenderCommand.parser.parse(defaults.arguments)
        }
        if let folder = try RenderBatch.outputDir.value(in: parsed) {
            let batch = RenderBatch(command: command, report: { printError($0.formatted) })
            return try defaults.placing { () throws(Diagnostic) in
                try batch.run(defaults.arguments, parsed: parsed, folder: folder)
            }
        }
        let rendered = try defaults.placing { () throws(Diagnostic) in try command.run(defaults.arguments) }
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
        return 0
    }

    static func browse(_ arguments: [String], mode: BrowseModel.Mode) throws(Diagnostic) -> Int32 {
        let terminal = TerminalInfo.current()
        let browse = BrowseCommand(
            mode: mode, terminal: terminal, locator: PluginLocator(environment: terminal.environment),
            warn: { printError($0) })
        let defaults = try withDefaults(arguments, parser: browse.parser)
        let (output, status) = try defaults.placing { () throws(Diagnostic) in
            try browse.run(defaults.arguments)
        }
        if let output {
            try OutputFile.writeAll(Array((output + "\n").utf8), to: STDOUT_FILENO, name: "stdout")
        }
        return status
    }

    static func themes(_ arguments: [String]) throws(Diagnostic) -> Int32 {
        try OutputFile.writeAll(
            try ThemesCommand(terminal: TerminalInfo.current(), warn: { printError($0) }).run(arguments),
            to: STDOUT_FILENO, name: "stdout")
        return 0
    }

    static func plugins(_ arguments: [String]) throws(Diagnostic) -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let command = PluginsCommand(
            locator: PluginLocator(environment: environment), warn: { printError($0) })
        try OutputFile.writeAll(try command.run(arguments), to: STDOUT_FILENO, name: "stdout")
        return 0
    }

    static func formats(_ arguments: [String]) throws(Diagnostic) -> Int32 {
        let command = FormatsCommand(
            environment: ProcessInfo.processInfo.environment, warn: { printError($0) })
        try OutputFile.writeAll(try command.run(arguments), to: STDOUT_FILENO, name: "stdout")
        return 0
    }

    static func check(_ arguments: [String]) throws(Diagnostic) -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        var command = CheckCommand(
            locator: PluginLocator(environment: environment), report: { printError($0) },
            output: { (text: String) throws(Diagnostic) in try printOut(text) })
        return try command.run(arguments)
    }

    /// The report goes out whole, then each pair below its minimum is a
    /// line on stderr and the exit code is 1, so CI fails and says why.
    static func contrast(_ arguments: [String]) throws(Diagnostic) -> Int32 {
        let terminal = TerminalInfo.current()
        let command = ContrastCommand(
            terminal: terminal, locator: PluginLocator(environment: terminal.environment),
            warn: { printError($0) })
        let defaults = try withDefaults(arguments, parser: ContrastCommand.parser)
        let measured = try defaults.placing { () throws(Diagnostic) in try command.run(defaults.arguments) }
        if let output = measured.output {
            try output.open()
            try output.commit(measured.bytes)
        } else {
            try OutputFile.writeAll(measured.bytes, to: STDOUT_FILENO, name: "stdout")
        }
        for failure in measured.failures { printError(failure) }
        return measured.failures.isEmpty ? 0 : 1
    }

    /// Exit 1 when the two differ, as `diff(1)` does; the report is written either way.
    static func diff(_ arguments: [String]) throws(Diagnostic) -> Int32 {
        let terminal = TerminalInfo.current()
        let command = DiffCommand(
            terminal: terminal, locator: PluginLocator(environment: terminal.environment),
            warn: { printError($0) })
        let outcome = try command.run(arguments)
        if let path = outcome.output {
            try OutputFile.writeAtomically(outcome.bytes, to: path)
        } else {
            try OutputFile.writeAll(outcome.bytes, to: STDOUT_FILENO, name: "stdout")
        }
        return outcome.differ ? 1 : 0
    }

    static func themeImport(_ arguments: [String]) throws(Diagnostic) -> Int32 {
        let command = ThemeImportCommand(
            currentDirectory: FileManager.default.currentDirectoryPath,
            environment: ProcessInfo.processInfo.environment)
        let outcome: (text: String, skipped: [Diagnostic])
        do throws(Diagnostic) {
            outcome = try command.run(arguments)
        } catch {
            for other in error.others { printError(other.formatted) }
            throw error
        }
        for problem in outcome.skipped { printError(problem.formatted) }
        reportWritten(outcome.text)
        return outcome.skipped.isEmpty ? 0 : 65
    }

    static func color(_ arguments: [String]) throws(Diagnostic) -> Int32 {
        let command = ColorCommand(
            terminal: TerminalInfo.current(), nextLine: { readLine(strippingNewline: true) },
            output: { (text: String) throws(Diagnostic) in try printOut(text) }, report: { printError($0) })
        return try command.run(arguments)
    }

    static func completions(_ arguments: [String]) throws(Diagnostic) -> Int32 {
        let command = CompletionsCommand(environment: ProcessInfo.processInfo.environment)
        try printOut(try command.run(arguments))
        return 0
    }

    static func new(_ arguments: [String]) throws(Diagnostic) -> Int32 {
        let command = NewCommand(
            environment: ProcessInfo.processInfo.environment,
            currentDirectory: FileManager.default.currentDirectoryPath)
        reportWritten(try command.run(arguments))
        return 0
    }

    static func stubs(_ arguments: [String]) throws(Diagnostic) -> Int32 {
        reportWritten(
            try StubsCommand(currentDirectory: FileManager.default.currentDirectoryPath).run(arguments))
        return 0
    }

    static func manpage(_ arguments: [String]) throws(Diagnostic) -> Int32 {
        try printOut(ManualPage.roff(version: version))
        return 0
    }
}

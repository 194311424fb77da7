import Foundation
import SwatchbookCore

/// Loads plugin files: runs the chunk in a fresh sandbox, validates the
/// table it returns, and builds the catalogue from its `data`.
public enum PluginLoader {
    /// The API versions this host speaks.
    public static let supportedAPI = [1]

    /// Loads `url`, named `displayName` in messages. `source` stands in for
    /// the file's contents, and `bundle` for its folder's files, for a
    /// plugin compiled into the binary. `probe`, the reader of the file
    /// being opened as the locator probed it, lends its Lua state, whose
    /// chunk has already run, when it ran under the same limits and seed.
    public static func load(
        file url: URL, displayName: String, source: [UInt8]? = nil, bundle: [String: [UInt8]]? = nil,
        probe: ReaderProbe? = nil, context: PluginContext
    ) throws(Diagnostic) -> Plugin {
        // What the plugin sees of its file and its input, given before its
        // chunk runs (or, for a probed reader, before anything else does).
        func prepare(_ runtime: LuaRuntime) {
            if source == nil { runtime.sourceURL = url }
            runtime.grantedReads = context.allowedReads
            runtime.host.input = context.input
            if let input = context.input {
                runtime.stopsStuckCalls(
                    saying: Diagnostic(
                        .data, file: input.displayName,
                        "reading it took a second past the time budget of \(context.limits.timeoutText) s (--script-timeout)"
                            + " inside a library function that cannot be interrupted; swatchbook stopped"))
            }
        }
        let runtime: LuaRuntime
        if let reused = probe?.lend(limits: context.limits, seed: context.seed) {
            runtime = reused
            prepare(runtime)
        } else {
            runtime = try runChunk(
                file: url, displayName: displayName, source: source, bundle: bundle, limits: context.limits,
                seed: context.seed, what: "plugin", before: prepare)
        }
        let stack = runtime.stack
        let pluginIndex = stack.top

        var metadata = PluginMetadata()
        var warnings: [Warning] = []
        var problems: [Diagnostic] = []
        var canReadData = false
        stack.pushValue(pluginIndex)
        try runtime.protected(arguments: 1) { stack throws(LuaHostError) in
            var reader = PluginTableReader(stack: stack, file: displayName)
            (metadata, canReadData) = reader.metadata(at: 1)
            warnings = reader.warnings
            problems = reader.problems
            return 0
        }
        // Every problem at once (for check), the first one first.
        func fail(with more: [Diagnostic] = []) throws(Diagnostic) {
            let all = problems + more
            guard var first = all.first else { return }
            first.others = Array(all.dropFirst()) + first.others
            first.warnings = warnings
            throw first
        }
        if !canReadData { try fail() }  // the data's shape is among the problems
        if context.grantsDeclaredReads { runtime.grantedReads += metadata.needs.files }
        let (options, optionWarnings) = try PluginOptions.resolve(
            defaults: metadata.optionDefaults, set: context.options, file: displayName)
        warnings += optionWarnings

        let tableReference = stack.reference(pluginIndex)
        try runtime.pushProtected { stack throws(LuaHostError) in
            pushContext(context, options: options, folder: url.deletingLastPathComponent(), on: stack)
            return 1
        }
        let contextReference = stack.takeReference()
        if metadata.hasSource {
            try fail()
            if metadata.sourceIsFunction {
                try callSource(tableReference, context: contextReference, runtime: runtime, file: displayName)
            } else {
                stack.rawField(pluginIndex, "source")
            }
            let source = LuaSource(runtime: runtime, context: contextReference)
            stack.setTop(pluginIndex - 1)
            let plugin = Plugin(
                file: displayName, metadata: metadata, source: source, warnings: warnings, runtime: runtime,
                tableReference: tableReference, contextReference: contextReference)
            plugin.context = context
            plugin.options = options
            return plugin
        }

        var catalogue = Catalogue(sections: [])
        do throws(Diagnostic) {
            // The data: a table, or a function of ctx called once.
            if metadata.dataIsFunction {
                // Inside host code the stack is a frame of its own: the plugin
                // table is reached through its reference.
                try call("data", of: tableReference, with: contextReference, in: runtime)
            } else {
                stack.rawField(pluginIndex, "data")
            }
            var dataProblems: [CatalogueReader.Failure] = []
            try runtime.protected(arguments: 1) { stack throws(LuaHostError) in
                let reader = CatalogueReader(stack: stack, collectsProblems: true)
                do throws(CatalogueReader.Failure) {
                    catalogue = try reader.catalogue(at: 1)
                    dataProblems = reader.problems
                } catch {
                    dataProblems = reader.problems.isEmpty ? [error] : reader.problems
                }
                warnings += reader.warnings.warnings(file: displayName)
                return 0
            }
            try fail(
                with: dataProblems.map {
                    Diagnostic(.data, file: displayName, dataPath: $0.path, $0.message).coded($0.code)
                }
            )
        } catch {
            // A reader's failure is the failure of the file it reads; a
            // reader whose own table is wrong is the reader's.
            guard let input = context.input, problems.isEmpty else { throw error }
            var failure = ReaderFailure.onInput(error, input: input, runtime: runtime)
            // The problems it read on past come before the one that stopped it.
            let problems = runtime.host.inputProblems
            if var first = problems.first {
                first.others = Array(problems.dropFirst()) + [failure] + failure.others
                failure.others = []
                first.warnings = failure.warnings
                failure = first
            }
            failure.warnings = runtime.host.inputWarnings + failure.warnings
            throw failure
        }
        // What a reader warned of its file, as it read it.
        warnings += runtime.host.inputWarnings
        if let failure = Diagnostic.all(runtime.host.inputProblems, warnings: warnings) {
            // A reader that read on past problems fails when it is done.
            throw failure
        }
        stack.setTop(pluginIndex - 1)
        let plugin = Plugin(
            file: displayName, metadata: metadata, source: catalogue, warnings: warnings,
            runtime: runtime, tableReference: tableReference, contextReference: contextReference)
        plugin.context = context
        plugin.options = options
        return plugin
    }

    /// Calls the plugin's function `key` with its `ctx`, under the script
    /// limits, and leaves its one result on top.
    private static func call(_ key: String, of tableReference: Int, with context: Int, in runtime: LuaRuntime)
        throws(Diagnostic)
    {
        try runtime.pushProtected { stack throws(LuaHostError) in
            stack.pushReference(tableReference)
            stack.rawField(-1, key)
            stack.pushReference(context)
            return 2
        }
        try runtime.call(arguments: 1, results: 1, in: "\(key)(ctx)")
    }

    /// Calls the plugin's `source(ctx)` and leaves the source table it
    /// returns on top, or throws when it returns anything else.
    private static func callSource(
        _ tableReference: Int, context: Int, runtime: LuaRuntime, file: String
    ) throws(Diagnostic) {
        try call("source", of: tableReference, with: context, in: runtime)
        let stack = runtime.stack
        guard stack.type(at: -1) == .table else {
            throw Diagnostic(
                .data, file: file, dataPath: "source(ctx)",
                "expected a table of functions, got \(stack.describe(at: -1))")
        }
        if let (name, got) = LuaSource.missingFunction(at: -1, on: stack) {
            throw Diagnostic(
                .data, file: file, dataPath: "source(ctx).\(name)", "expected a function, got \(got)")
        }
    }

    /// The one chunk loader of plugins and readers: a fresh sandbox with
    /// the swatchbook module, the script's main chunk run in it, and the
    /// table it returned left on top of the stack.
    static func runChunk(
        file url: URL, displayName: String, source: [UInt8]?, bundle: [String: [UInt8]]?,
        limits: ScriptLimits,
        seed: Int, what: String, before prepare: (LuaRuntime) -> Void = { _ in }
    ) throws(Diagnostic) -> LuaRuntime {
        let bytes = try readScript(url, displayName: displayName, source: source)
        let runtime = try LuaRuntime(file: url, displayName: displayName, limits: limits, seed: seed)
        runtime.bundledFiles = bundle
        prepare(runtime)
        SwatchbookModule.install(in: runtime)
        try runtime.runReturningTable(bytes, what: what)
        return runtime
    }

    /// The script's bytes: `source` when given (a script compiled into the
    /// binary), else the file's, with a one-line error if it cannot be read.
    static func readScript(_ url: URL, displayName: String, source: [UInt8]? = nil) throws(Diagnostic)
        -> [UInt8]
    {
        if let source { return source }
        var status = stat()
        guard stat(url.path, &status) == 0 else {
            let reason =
                errno == ENOENT ? "no such file" : "cannot be read (\(String(cString: strerror(errno))))"
            throw Diagnostic(.inputMissing, file: displayName, reason)
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw Diagnostic(.inputMissing, file: displayName, "is a folder, expected a .lua file")
        default:
            // Reading a FIFO or a device could wait for ever, or never end.
            throw Diagnostic(
                .inputMissing, file: displayName,
                "is not a regular file (a FIFO, a device or a socket), expected a .lua file")
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw Diagnostic(.inputMissing, file: displayName, "cannot be read (permission denied?)")
        }
        return [UInt8](data)
    }

    /// `ctx`: options, the viewport, the plugin's folder and the colour scheme.
    static func pushContext(
        _ context: PluginContext, options: [String: OptionValue], folder: URL, on stack: LuaStack
    ) {
        stack.newTable(fieldCount: 4)
        stack.newTable(fieldCount: options.count)
        for (key, value) in options.sorted(by: { $0.key < $1.key }) {
            switch value {
            case .string(let text): stack.push(text)
            case .integer(let whole): stack.push(whole)
            case .number(let number): stack.push(number)
            case .boolean(let flag): stack.push(flag)
            }
            stack.setRawField(-2, key)
        }
        stack.setRawField(-2, "options")
        stack.push(context.width)
        stack.setRawField(-2, "width")
        if let height = context.height {
            stack.push(height)
            stack.setRawField(-2, "height")
        }
        stack.push(folder.path)
        stack.setRawField(-2, "dir")
        stack.push(context.scheme.rawValue)
        stack.setRawField(-2, "scheme")
        if let input = context.input {
            stack.newTable(fieldCount: 4)
            stack.push(input.checking)
            stack.setRawField(-2, "checking")
            stack.push(input.url.lastPathComponent)
            stack.setRawField(-2, "name")
            stack.push(input.fileExtension)
            stack.setRawField(-2, "extension")
            stack.push(input.stem)
            stack.setRawField(-2, "stem")
            stack.setRawField(-2, "input")
        }
    }
}

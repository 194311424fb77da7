import Foundation
import SwatchbookCore

/// A reader plugin loaded only far enough to say what it reads: its
/// `reads` declaration, and its `detect(head)` asked of a file's first
/// bytes. The command picks a reader with these, then loads it in full with
/// the file as ``PluginContext/input``.
public final class ReaderProbe {
    public let declaration: ReaderDeclaration
    /// The plugin's `name`.
    public let name: String
    public let description: String?
    /// What the plugin table's reading warned of (a misspelt key).
    public let warnings: [Warning]
    private let runtime: LuaRuntime
    private let tableReference: Int
    /// A probe runs under the default limits and seed, which a load under
    /// the same may reuse.
    private let limits = ScriptLimits()
    private let seed = 1
    /// Whether the state went to the plugin loaded from it: lent once.
    private var lent = false

    /// How much of a file `detect` is shown.
    public static let headBytes = 4096

    /// Runs the reader's chunk and reads its declaration; throws when the
    /// file is not a plugin with a `reads` table.
    public init(
        file url: URL, displayName: String, source: [UInt8]? = nil, bundle: [String: [UInt8]]? = nil
    ) throws(Diagnostic) {
        runtime = try PluginLoader.runChunk(
            file: url, displayName: displayName, source: source, bundle: bundle, limits: limits, seed: seed,
            what: "reader")
        let stack = runtime.stack
        let table = stack.top
        var metadata = PluginMetadata()
        var problems: [Diagnostic] = []
        var warnings: [Warning] = []
        stack.pushValue(table)
        try runtime.protected(arguments: 1) { stack throws(LuaHostError) in
            var reader = PluginTableReader(stack: stack, file: displayName)
            metadata = reader.metadata(at: 1).metadata
            problems = reader.problems
            warnings = reader.warnings
            return 0
        }
        if let first = problems.first { throw first }
        guard let declaration = metadata.reads else {
            throw Diagnostic(
                .data, file: displayName, dataPath: "reads",
                "a reader declares what it reads: reads = { format, extensions, detect }")
        }
        self.declaration = declaration
        self.warnings = warnings
        name = metadata.name
        description = metadata.description
        tableReference = stack.reference(table)
        stack.setTop(table - 1)
    }

    /// The probed state, its plugin table pushed on top, for the plugin
    /// loaded from it: once, and only when it runs under `limits` and
    /// `seed` as the load would. Nil otherwise, and the load starts afresh.
    func lend(limits: ScriptLimits, seed: Int) -> LuaRuntime? {
        guard !lent, limits == self.limits, seed == self.seed else { return nil }
        lent = true
        runtime.stack.pushReference(tableReference)
        return runtime
    }

    /// Whether the reader's `detect` recognises `head` (the first
    /// ``headBytes`` of a file); false without a `detect`, or when it fails.
    public func detects(_ head: [UInt8]) -> Bool {
        guard declaration.detects else { return false }
        let stack = runtime.stack
        let top = stack.top
        defer { stack.setTop(top) }
        do throws(Diagnostic) {
            try runtime.pushProtected { stack throws(LuaHostError) in
                stack.pushReference(tableReference)
                stack.rawField(-1, "reads")
                stack.rawField(-1, "detect")
                stack.push(bytes: head)
                return 2
            }
            try runtime.call(arguments: 1, results: 1, in: "reads.detect")
            return stack.boolean(at: -1)
        } catch {
            return false
        }
    }
}

import Foundation
import SwatchbookCore

/// Loads theme files: Lua run in the same sandbox as plugins, returning a
/// table that is read into a ``ThemeSpec`` with every problem named by its
/// path in the file, and unknown keys warned with a "did you mean".
public enum ThemeLoader {
    public struct Loaded {
        public var spec: ThemeSpec
        public var aliases: [String]
        public var warnings: [Warning]
        /// What was wrong in the table, each field left out of ``spec``;
        /// empty from ``load(file:displayName:source:limits:)``, which throws them.
        public var problems: [Diagnostic] = []
    }

    /// Loads `url`, or `source` when given (a theme compiled into the
    /// binary). Every problem in the table is thrown at once, the first
    /// with the others, and with the warnings.
    public static func load(
        file url: URL, displayName: String, source: [UInt8]? = nil, limits: ScriptLimits = ScriptLimits()
    ) throws(Diagnostic) -> Loaded {
        let loaded = try loadCollecting(file: url, displayName: displayName, source: source, limits: limits)
        if let all = Diagnostic.all(loaded.problems, warnings: loaded.warnings) { throw all }
        return loaded
    }

    /// Loads `url` as ``load(file:displayName:source:limits:)`` does, but
    /// hands back the problems in the table beside what could be read, for
    /// `check` to resolve further. A file that does not run is still thrown.
    public static func loadCollecting(
        file url: URL, displayName: String, source: [UInt8]? = nil, limits: ScriptLimits = ScriptLimits()
    ) throws(Diagnostic) -> Loaded {
        let bytes = try PluginLoader.readScript(url, displayName: displayName, source: source)
        let runtime = try LuaRuntime(file: url, displayName: displayName, limits: limits, seed: 1)
        SwatchbookModule.install(in: runtime)
        try runtime.runReturningTable(bytes, what: "theme")
        var loaded: Loaded?
        let fallbackID = url.deletingPathExtension().lastPathComponent
        try runtime.protected(arguments: 1) { stack throws(LuaHostError) in
            let reader = ThemeTableReader(stack: stack, file: displayName)
            let (spec, aliases) = reader.readCollecting(at: 1, fallbackID: fallbackID)
            loaded = Loaded(
                spec: spec, aliases: aliases, warnings: reader.warnings, problems: reader.problems)
            return 0
        }
        guard let loaded else {
            throw Diagnostic(.internal, file: displayName, "the theme table was not read")
        }
        return loaded
    }
}

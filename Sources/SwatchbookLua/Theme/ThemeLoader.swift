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
    }

    /// Loads `url`, or `source` when given (a theme compiled into the binary).
    public static func load(
        file url: URL, displayName: String, source: [UInt8]? = nil, limits: ScriptLimits = ScriptLimits()
    ) throws(Diagnostic) -> Loaded {
        let bytes = try PluginLoader.readScript(url, displayName: displayName, source: source)
        let runtime = try LuaRuntime(file: url, displayName: displayName, limits: limits, seed: 1)
        SwatchbookModule.install(in: runtime)
        try runtime.runReturningTable(bytes, what: "theme")
        var result: Result<Loaded, Diagnostic>?
        let fallbackID = url.deletingPathExtension().lastPathComponent
        try runtime.protected(arguments: 1) { stack throws(LuaHostError) in
            let reader = ThemeTableReader(stack: stack, file: displayName)
            do throws(Diagnostic) {
                let (spec, aliases) = try reader.read(at: 1, fallbackID: fallbackID)
                result = .success(Loaded(spec: spec, aliases: aliases, warnings: reader.warnings))
            } catch {
                result = .failure(error)
            }
            return 0
        }
        switch result {
        case .success(let loaded)?: return loaded
        case .failure(let error)?: throw error
        case nil: throw Diagnostic(.internal, file: displayName, "the theme table was not read")
        }
    }
}

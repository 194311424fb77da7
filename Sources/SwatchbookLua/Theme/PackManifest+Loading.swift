import Foundation
import SwatchbookCore

/// Reading `pack.lua`: the manifest is a Lua chunk that returns a table,
/// run under the same limits as any script.
extension PackManifest {
    /// Loads `url`, or `source` when given; `isMember` says whether a listed
    /// theme file belongs to the pack (by default: it lies inside its folder).
    public static func load(
        file url: URL, displayName: String, source: [UInt8]? = nil, isMember: ((String) -> Bool)? = nil
    ) throws(Diagnostic) -> PackManifest {
        try loadWithWarnings(file: url, displayName: displayName, source: source, isMember: isMember).manifest
    }

    /// Loads as ``load(file:displayName:source:isMember:)`` does, with a
    /// warning for each key the manifest does not have (``LuaSchema/pack``),
    /// for `check`.
    public static func loadWithWarnings(
        file url: URL, displayName: String, source: [UInt8]? = nil, isMember: ((String) -> Bool)? = nil
    ) throws(Diagnostic) -> (manifest: PackManifest, warnings: [Warning]) {
        let bytes = try PluginLoader.readScript(url, displayName: displayName, source: source)
        let folder = url.deletingLastPathComponent()
        let isMember = isMember ?? { ScriptFolder.resolve($0, in: folder) != nil }
        let runtime = try LuaRuntime(file: url, displayName: displayName, limits: ScriptLimits(), seed: 1)
        try runtime.runReturningTable(bytes, what: "pack")
        let stack = runtime.stack
        let table = stack.absolute(-1)
        let known = LuaSchema.pack.keyList
        let warnings = stack.stringKeys(of: table).filter { !known.contains($0) }.map { key in
            Warning(
                file: displayName, dataPath: nil, "unknown key \"\(key)\"",
                suggestion: Suggestion(for: key, among: known))
        }
        func text(_ key: String) -> String? {
            stack.rawField(table, key)
            defer { stack.pop() }
            return stack.string(at: -1)
        }
        guard let name = text("name") else {
            throw Diagnostic(.data, file: displayName, dataPath: "name", "expected the pack's name")
        }
        var themes: [String] = []
        stack.rawField(table, "themes")
        defer { stack.pop() }
        guard stack.type(at: -1) == .table, stack.rawLength(-1) > 0 else {
            throw Diagnostic(.data, file: displayName, dataPath: "themes", "expected a list of theme files")
        }
        for i in 1...stack.rawLength(-1) {
            stack.rawIndex(-1, i)
            defer { stack.pop() }
            guard let file = stack.string(at: -1), isMember(file) else {
                throw Diagnostic(
                    .data, file: displayName, dataPath: "themes[\(i)]",
                    "expected a theme file inside the pack, got \(stack.describe(at: -1))")
            }
            themes.append(file)
        }
        let manifest = PackManifest(
            name: name, version: text("version"), author: text("author"), license: text("license"),
            themes: themes)
        return (manifest, warnings)
    }
}

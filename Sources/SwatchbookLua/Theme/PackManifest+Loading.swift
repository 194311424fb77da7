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

    /// Loads the manifest as ``load(file:displayName:source:isMember:)``
    /// does, with its warnings (unknown keys). Every problem is thrown at
    /// once, the first with the others and the warnings, as `check` shows.
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
        var problems: [Diagnostic] = []
        let known = LuaSchema.pack.keyList
        let warnings = stack.stringKeys(of: table).filter { !known.contains($0) }.map { key in
            Warning(
                file: displayName, dataPath: nil, "unknown key \"\(key)\"",
                suggestion: Suggestion(for: key, among: known)
            ).coded(.unknownKey)
        }
        func text(_ key: String, required: Bool = false) -> String? {
            stack.rawField(table, key)
            defer { stack.pop() }
            if let text = stack.string(at: -1), stack.type(at: -1) == .string { return text }
            guard required || stack.type(at: -1) != .nil else { return nil }
            let expected = key == "name" ? "the pack's name, a string" : "a string"
            problems.append(
                Diagnostic(
                    .data, file: displayName, dataPath: key,
                    "expected \(expected), got \(stack.describe(at: -1))"
                ).coded(.invalidField))
            return nil
        }
        let name = text("name", required: true)
        let (version, author, license) = (text("version"), text("author"), text("license"))
        var themes: [String] = []
        stack.rawField(table, "themes")
        defer { stack.pop() }
        if stack.type(at: -1) == .table, stack.rawLength(-1) > 0 {
            for i in 1...stack.rawLength(-1) {
                stack.rawIndex(-1, i)
                defer { stack.pop() }
                guard let file = stack.string(at: -1), stack.type(at: -1) == .string, isMember(file) else {
                    problems.append(
                        Diagnostic(
                            .data, file: displayName, dataPath: "themes[\(i)]",
                            "expected a theme file inside the pack, got \(stack.describe(at: -1))"
                        ).coded(.invalidField))
                    continue
                }
                themes.append(file)
            }
        } else {
            problems.append(
                Diagnostic(
                    .data, file: displayName, dataPath: "themes",
                    "expected a list of theme files, got \(stack.describe(at: -1))"
                ).coded(.invalidField))
        }
        if let all = Diagnostic.all(problems, warnings: warnings) { throw all }
        let manifest = PackManifest(
            name: name ?? "", version: version, author: author, license: license, themes: themes)
        return (manifest, warnings)
    }
}

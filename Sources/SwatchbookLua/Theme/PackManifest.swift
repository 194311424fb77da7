import Foundation
import SwatchbookCore

/// `pack.lua`: what a theme pack is and which theme files it holds.
struct PackManifest {
    var name: String
    var version: String?
    var author: String?
    var license: String?
    var themes: [String]

    static func load(file url: URL, displayName: String) throws(Diagnostic) -> PackManifest {
        let bytes = try PluginLoader.readScript(url, displayName: displayName)
        let runtime = try LuaRuntime(file: url, displayName: displayName, limits: ScriptLimits(), seed: 1)
        try runtime.runReturningTable(bytes, what: "pack")
        let stack = runtime.stack
        let table = stack.absolute(-1)
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
            guard let file = stack.string(at: -1),
                ScriptFolder.resolve(file, in: url.deletingLastPathComponent()) != nil
            else {
                throw Diagnostic(
                    .data, file: displayName, dataPath: "themes[\(i)]",
                    "expected a theme file inside the pack, got \(stack.describe(at: -1))")
            }
            themes.append(file)
        }
        return PackManifest(
            name: name, version: text("version"), author: text("author"), license: text("license"),
            themes: themes)
    }
}

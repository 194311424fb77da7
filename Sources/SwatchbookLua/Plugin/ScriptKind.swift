import Foundation

/// What a Lua file is, so `check` takes plugins, themes and packs alike: a
/// `pack.lua` is a pack; otherwise the table the file returns tells, by
/// its keys.
public enum ScriptKind: Sendable, Equatable {
    case plugin, theme, pack

    /// Keys only a plugin has, and keys only a theme has.
    static let pluginKeys = ["api", "data", "source"]
    static let themeKeys = ["roles", "palette", "extends", "variant", "glyphs", "swatch", "aliases"]

    /// Runs the file once in the sandbox, silenced, to read its keys. A file
    /// that fails to run counts as a plugin, whose loader reports the error.
    public static func of(file url: URL, displayName: String) -> ScriptKind {
        if url.lastPathComponent == "pack.lua" { return .pack }
        guard let bytes = try? PluginLoader.readScript(url, displayName: displayName),
            let runtime = try? LuaRuntime(
                file: url, displayName: displayName, limits: ScriptLimits(), seed: 1)
        else { return .plugin }
        SwatchbookModule.install(in: runtime)
        runtime.host.log = { _ in }
        runtime.pushFunction { _ throws(LuaHostError) in 0 }
        runtime.stack.setGlobal("print")
        guard (try? runtime.runReturningTable(bytes, what: "plugin")) != nil else { return .plugin }
        let stack = runtime.stack
        let table = stack.absolute(-1)
        func has(_ key: String) -> Bool {
            defer { stack.pop() }
            return stack.rawField(table, key) != .nil
        }
        if pluginKeys.contains(where: has) { return .plugin }
        return themeKeys.contains(where: has) ? .theme : .plugin
    }
}

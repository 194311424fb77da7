import SwatchbookCore

/// `pack.lua` written back out, for packs Swatchbook generates.
///
/// Every value is an escaped string literal (``LuaLiteral``): the pack's
/// name comes from the user's folder name and its author from scheme files.
extension PackManifest {
    /// The manifest as Lua, under one comment line saying where it came from.
    func luaSource(comment: String) -> String {
        var fields = ["name = \(LuaLiteral.string(name))"]
        if let version { fields.append("version = \(LuaLiteral.string(version))") }
        if let author { fields.append("author = \(LuaLiteral.string(author))") }
        if let license { fields.append("license = \(LuaLiteral.string(license))") }
        var lines = ["-- \(LuaLiteral.commentText(comment))", "return {"]
        lines += fields.map { "  \($0)," }
        lines.append("  themes = {")
        lines += themes.map { "    \(LuaLiteral.string($0))," }
        lines += ["  },", "}"]
        return lines.joined(separator: "\n") + "\n"
    }
}

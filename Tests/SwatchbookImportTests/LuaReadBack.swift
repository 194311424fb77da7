import Foundation
import SwatchbookCore

@testable import SwatchbookLua

/// What the Lua generated text reads back as: the importer writes Lua
/// source, and only a real Lua state can say what it means.
enum LuaReadBack {
    /// Runs `source` as a chunk and returns its first result as a string
    /// (or its type).
    static func evaluate(_ source: String) throws(Diagnostic) -> String {
        let runtime = try LuaRuntime(
            file: URL(fileURLWithPath: "/read-back.lua"), displayName: "read-back.lua",
            limits: ScriptLimits(),
            seed: 1)
        try runtime.runMainChunk(source: Array(source.utf8))
        defer { runtime.stack.pop() }
        return runtime.stack.string(at: -1) ?? runtime.stack.describe(at: -1)
    }
}

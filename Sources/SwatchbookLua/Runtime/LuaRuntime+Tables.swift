import SwatchbookCore

extension LuaRuntime {
    /// Runs a script's main chunk and checks that it returned a table (a
    /// plugin, a theme, a pack), which is left on top of the stack.
    func runReturningTable(_ source: [UInt8], what: String) throws(Diagnostic) {
        try runMainChunk(source: source)
        guard stack.type(at: -1) == .table else {
            throw Diagnostic(
                .data, file: displayName,
                "a \(what) must return a table, this one returned \(stack.describe(at: -1))")
        }
    }
}

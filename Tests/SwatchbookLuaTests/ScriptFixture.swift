import Foundation
import SwatchbookCore

@testable import SwatchbookLua

/// A temporary folder of Lua files, loaded the way the CLI loads them.
final class ScriptFixture {
    let folder: URL

    init(_ files: [String: String] = [:]) {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("swatchbook-tests-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { write(name, text) }
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    func write(_ name: String, _ text: String) {
        let url = folder.appendingPathComponent(name)
        try! FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! text.write(to: url, atomically: true, encoding: .utf8)
    }

    func load(_ name: String, limits: ScriptLimits = ScriptLimits(), seed: Int = 1) throws(Diagnostic)
        -> Plugin
    {
        var context = PluginContext()
        context.limits = limits
        context.seed = seed
        return try PluginLoader.load(
            file: folder.appendingPathComponent(name), displayName: "Scripts/" + name, context: context)
    }

    /// The diagnostic loading `name` fails with, or nil if it loads.
    func failure(_ name: String, limits: ScriptLimits = ScriptLimits()) -> Diagnostic? {
        do {
            _ = try load(name, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    /// A bare runtime over `name` in this folder, with the swatchbook module.
    func runtime(limits: ScriptLimits = ScriptLimits(), seed: Int = 1) throws -> LuaRuntime {
        let runtime = try LuaRuntime(
            file: folder.appendingPathComponent("main.lua"), displayName: "Scripts/main.lua",
            limits: limits, seed: seed)
        SwatchbookModule.install(in: runtime)
        return runtime
    }
}

extension LuaRuntime {
    /// Runs a chunk and returns its first result as a string (or its type).
    func evaluate(_ source: String) throws(Diagnostic) -> String {
        try runMainChunk(source: Array(source.utf8))
        defer { stack.pop() }
        return stack.string(at: -1) ?? stack.describe(at: -1)
    }
}

/// A minimal valid plugin around `data`.
func plugin(data: String, extra: String = "") -> String {
    """
    return {
      name = "Test", version = "1.0.0", api = 1,
      data = \(data),
      \(extra)
    }
    """
}

import Foundation
import SwatchbookCore
import SwatchbookLua

/// `swatchbook stubs [-o DIR]`: LuaLS type stubs for plugins, `DIR/.types/swatchbook.lua`
/// (rewritten each time, as the host changes), and `DIR/.luarc.json` pointing
/// to them (kept when there is one).
struct StubsCommand {
    static let output = OptionSpec.text(
        "--output", short: "-o", valueName: "DIR",
        help: "the plugin folder to write the stubs into (default: the current folder)", completion: .files)
    static let parser = ArgumentParser(command: "stubs", options: [output.option])

    var currentDirectory: String

    func run(_ arguments: [String]) throws(Diagnostic) -> String {
        let parsed = try Self.parser.parse(arguments)
        guard parsed.positionals.isEmpty else {
            throw Diagnostic(
                .usage, "stubs: takes no arguments, got \(parsed.positionals.joined(separator: " "))")
        }
        let folder = try Self.output.value(in: parsed) ?? "."
        return try Self.write(into: folder, currentDirectory: currentDirectory)
    }

    /// Writes the stubs into `folder`; returns the line to print.
    static func write(into folder: String, currentDirectory: String) throws(Diagnostic) -> String {
        let base =
            folder.hasPrefix("/")
            ? URL(fileURLWithPath: folder)
            : URL(fileURLWithPath: currentDirectory).appendingPathComponent(folder)
        let types = base.appendingPathComponent(".types")
        do {
            try FileManager.default.createDirectory(at: types, withIntermediateDirectories: true)
            try Data(LuaStubs.source.utf8).write(
                to: types.appendingPathComponent("swatchbook.lua"), options: .atomic)
            let luarc = base.appendingPathComponent(".luarc.json")
            if !FileManager.default.fileExists(atPath: luarc.path) {
                try Data(LuaStubs.luarc(library: ".types").utf8).write(to: luarc, options: .atomic)
            }
        } catch {
            throw Diagnostic(
                .output, file: folder, "cannot write the stubs: \((error as NSError).localizedDescription)")
        }
        let shown = folder == "." ? "" : folder.hasSuffix("/") ? folder : folder + "/"
        return "wrote \(shown).types/swatchbook.lua and \(shown).luarc.json (for lua-language-server)\n"
    }
}

import Foundation

/// LuaLS type stubs (`---@meta`) for the `swatchbook` module, the plugin
/// table, the event object, colours and themes, so an editor completes
/// `sb.` and the plugin's keys. The functions' stubs come from their
/// registrations (``LuaDoc``), which a test holds against what a script
/// finds in the live module; the tables' classes come from ``LuaSchema``,
/// which the readers take their keys from.
public enum LuaStubs {
    /// What the module registers, as a bare state installs it: every
    /// function with what its registration says of it.
    static let registered: [LuaDoc.Entry] = {
        guard
            let runtime = try? LuaRuntime(
                file: URL(fileURLWithPath: "/stubs.lua"), displayName: "stubs.lua", limits: ScriptLimits(),
                seed: 1)
        else { return [] }
        runtime.documentation = []
        SwatchbookModule.install(in: runtime)
        return runtime.documentation ?? []
    }()

    /// `sb.NAME`: its annotations and signature.
    static var functions: [(name: String, annotations: [String], signature: String)] {
        registered.filter { $0.scope == .module }.map { ($0.name, $0.doc.annotations, $0.doc.signature) }
    }

    /// `sb.TABLE.NAME`.
    static var tables: [(table: String, name: String, annotations: [String], signature: String)] {
        registered.compactMap { entry in
            guard case .table(let table) = entry.scope else { return nil }
            return (table, entry.name, entry.doc.annotations, entry.doc.signature)
        }
    }

    /// The colour userdata's methods.
    static var colorMethods: [(name: String, annotations: [String], signature: String)] {
        registered.filter { $0.scope == .colour }.map { ($0.name, $0.doc.annotations, $0.doc.signature) }
    }

    /// A generator's methods.
    static var randomMethods: [(name: String, annotations: [String], signature: String)] {
        registered.filter { $0.scope == .random }.map { ($0.name, $0.doc.annotations, $0.doc.signature) }
    }

    /// The `---@meta` file.
    public static var source: String {
        var out = [
            "---@meta swatchbook",
            "-- Type stubs for Swatchbook plugins, written by `swatchbook stubs`: for lua-language-server.",
            "-- They declare and never run: luacheck need not see the tables used, nor short lines.",
            "-- luacheck: ignore 241 631",
            "",
        ]
        for alias in LuaSchema.aliases {
            out += ["--- " + alias.doc, "---@alias \(alias.qualifiedName) \(alias.type)", ""]
        }
        func add(_ annotations: [String]) {
            for line in annotations { out.append(line.hasPrefix("@") ? "---" + line : "--- " + line) }
        }
        /// A class of methods: `function Name:method(...) end` each.
        func methods(_ name: String, _ list: [(name: String, annotations: [String], signature: String)]) {
            out += ["---@class swatchbook.\(name)", "local \(name) = {}"]
            for method in list {
                add(method.annotations)
                out.append("function \(name):\(method.name)\(method.signature) end")
            }
            out.append("")
        }
        methods("Color", colorMethods)
        methods("Random", randomMethods)
        for table in LuaSchema.tables {
            out += classLines(table)
            out.append("")
        }
        out += [
            "---@class swatchbook",
            "---@field version string",
            "---@field api integer",
        ]
        let grouped = Dictionary(grouping: tables, by: \.table)
        for table in grouped.keys.sorted() { out.append("---@field \(table) swatchbook.\(table)") }
        out += ["local sb = {}", ""]
        for function in functions {
            add(function.annotations)
            out.append("function sb.\(function.name)\(function.signature) end")
            out.append("")
        }
        for table in grouped.keys.sorted() {
            out.append("---@class swatchbook.\(table)")
            out.append("local \(table) = {}")
            for entry in grouped[table]! {
                add(entry.annotations)
                out.append("function \(table).\(entry.name)\(entry.signature) end")
            }
            out.append("")
        }
        out += ["return sb", ""]
        return out.joined(separator: "\n")
    }

    /// A table's `---@class`, a `---@field` for each key: `name?` when it
    /// may be left out, its default after what it means.
    static func classLines(_ table: LuaSchema.Table) -> [String] {
        var lines = ["--- " + table.summary, "---@class " + table.className]
        for field in table.fields {
            let doc = field.doc + (field.defaultValue.map { " (default: \($0))" } ?? "")
            lines.append("---@field \(field.name)\(field.isOptional ? "?" : "") \(field.type) \(doc)")
        }
        return lines
    }

    /// `.luarc.json` beside a plugin: the stubs folder on the library path,
    /// Lua 5.4, and the sandbox's globals.
    public static func luarc(library: String) -> String {
        """
        {
          "runtime.version": "Lua 5.4",
          "workspace.library": [\(JSONQuoted(library))],
          "diagnostics.globals": []
        }

        """
    }

    private static func JSONQuoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            + "\""
    }
}

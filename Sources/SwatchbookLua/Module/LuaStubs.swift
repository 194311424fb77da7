import Foundation

/// LuaLS type stubs (`---@meta`) for the `swatchbook` module, the plugin
/// table, the event object, colours and themes, so an editor completes
/// `sb.` and the plugin's keys. The functions' stubs come from their
/// registrations (``LuaDoc``); a test holds those against what a script
/// finds in the live module, and the plugin fields against the plugin
/// reader's keys.
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

    /// The plugin table's keys, with their types.
    static let pluginFields: [(name: String, type: String, doc: String)] = [
        ("name", "string", "shown as the title"),
        ("version", "string?", ""),
        ("api", "integer", "the host API this plugin speaks: 1"),
        ("description", "string?", ""),
        (
            "data", "swatchbook.Section[]|fun(ctx: swatchbook.Context): swatchbook.Section[]",
            "the catalogue, or a function of ctx"
        ),
        ("source", "swatchbook.Source?", "a lazy catalogue, asked only for what is on screen"),
        ("layout", "swatchbook.Layout?", ""),
        ("theme", "string|table?", "a theme name, or a theme table"),
        ("options", "table<string, string|number|boolean>?", "defaults that --set KEY=VALUE changes"),
        ("reads", "swatchbook.Reads?", "makes the plugin a reader of palette files"),
        (
            "on_tap", "fun(ev: swatchbook.Event): boolean|string|nil",
            "false cancels the default action; a string is the pick result"
        ),
        ("should_select", "fun(ev: swatchbook.Event): boolean", ""),
        ("on_select", "fun(ev: swatchbook.Event)", ""),
        ("on_deselect", "fun(ev: swatchbook.Event)", ""),
        ("on_expand", "fun(ev: swatchbook.Event)", ""),
        ("on_collapse", "fun(ev: swatchbook.Event)", ""),
        ("on_load", "fun(ctx: swatchbook.Context)", ""),
        ("status", "fun(ctx: swatchbook.Context): string", "text for the status line"),
    ]

    /// The `---@meta` file.
    public static var source: String {
        var out = [
            "---@meta swatchbook",
            "-- Type stubs for Swatchbook plugins, written by `swatchbook stubs`: for lua-language-server.",
            "-- They declare and never run: luacheck need not see the tables used, nor short lines.",
            "-- luacheck: ignore 241 631",
            "",
            "---@alias swatchbook.Path string|integer[] \"2.1.3\" or {2, 1, 3}",
            "",
        ]
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
        out += [
            "---@class swatchbook.Item",
            "---@field name string",
            "---@field color string|swatchbook.Color",
            "---@field id? string",
            "---@field fields? table<string, any>|{[1]: string, [2]: any}[]",
            "---@field data? any handed back in ev.item.data on a tap",
            "---@field description? string what the palette file says of it",
            "---@field ref? string the reference it was written as: \"{a.b}\", \"var(--x)\"",
            "---@field key? string its name in the palette file: a token path, a CSS property",
            "---@field scope? string where in the file it was declared: a CSS rule's selector",
            "---@field swatch? \"global\"|\"spot\"|\"process\" Adobe's swatch type",
            "---@field extensions? table DTCG $extensions, kept as JSON",
            "",
            "---@class swatchbook.Node",
            "---@field name string",
            "---@field id? string",
            "---@field color? string|swatchbook.Color",
            "---@field selected? boolean",
            "---@field expanded? boolean",
            "---@field children? swatchbook.Node[]",
            "---@field items? swatchbook.Item[]",
            "---@field description? string",
            "---@field ref? string",
            "---@field key? string",
            "---@field scope? string",
            "---@field swatch? \"global\"|\"spot\"|\"process\"",
            "---@field extensions? table",
            "",
            "---@class swatchbook.Row",
            "---@field name string",
            "---@field id? string",
            "---@field items? swatchbook.Item[] a strip of swatches",
            "---@field fields? table<string, any> a key/value table",
            "---@field children? swatchbook.Node[] an expandable tree",
            "---@field count? integer a lazy row's number of items",
            "",
            "---@class swatchbook.Section",
            "---@field name string",
            "---@field id? string",
            "---@field rows swatchbook.Row[]",
            "",
            "---@class swatchbook.Source",
            "---@field sections fun(): {name: string, id?: string}[]",
            "---@field rows fun(section: integer): swatchbook.Row[]",
            "---@field item? fun(section: integer, row: integer, index: integer): swatchbook.Item",
            "---@field search? fun(query: string): integer[][]",
            "",
            "---@class swatchbook.Layout",
            "---@field style? \"shelves\"|\"outline\"|\"details\"",
            "---@field selection? \"single\"|\"multiple\"|\"none\"",
            "---@field wrap? boolean",
            "---@field outline? {name_width?: integer|\"auto\"} the widest names grow; \"auto\": the screen's room",
            "",
            "---@class swatchbook.ColorSpec",
            "---@field space \"srgb\"|\"srgb-linear\"|\"display-p3\"|\"a98-rgb\"|\"prophoto-rgb\"|\"rec2020\"|\"xyz-d50\"|\"xyz-d65\"|\"lab\"|\"lch\"|\"oklab\"|\"oklch\"|\"hsl\"|\"hwb\"|\"cmyk\"|\"gray\"",
            "---@field components (number|\"none\")[] as DTCG numbers them (cmyk 4, gray 1, others 3)",
            "---@field alpha? number 0-1, default 1",
            "",
            "---@class swatchbook.Reads",
            "---@field format string the name --input-format takes",
            "---@field extensions? string[] without the dot",
            "---@field keeps? string[] what it keeps of its files (see swatchbook formats)",
            "---@field loses? string[] what its files say that it does not keep",
            "---@field detect? fun(head: string): boolean the file's first 4,096 bytes",
            "---@field sample? string a file it reads, as text: what swatchbook check reads it on",
            "",
            "---@class swatchbook.Context",
            "---@field options table<string, string|number|boolean>",
            "---@field width integer",
            "---@field height? integer",
            "---@field dir string",
            "---@field scheme \"light\"|\"dark\" --scheme: the colour a palette's light-dark() takes",
            "---@field input? {name: string, stem: string, extension: string} a reader's palette file",
            "",
            "---@class swatchbook.Event",
            "---@field kind \"header\"|\"row\"|\"item\"|\"field\"|\"node\"",
            "---@field path string",
            "---@field section {name: string, id?: string}",
            "---@field row? {name: string, id?: string}",
            "---@field item? {name: string, id?: string, color: swatchbook.Color, fields?: table, data?: any}",
            "---@field node? {name: string, id?: string, color?: swatchbook.Color, selected: boolean, expanded: boolean, is_leaf: boolean, children?: table[]}",
            "---@field field? {key: string, value: any}",
            "---@field index integer",
            "---@field mouse boolean",
            "---@field x? integer",
            "---@field y? integer",
            "",
            "---@class swatchbook.Plugin",
        ]
        for field in pluginFields {
            out.append("---@field \(field.name) \(field.type)" + (field.doc.isEmpty ? "" : " " + field.doc))
        }
        out += [
            "",
            "---@class swatchbook.Theme",
            "---@field id string",
            "---@field name? string",
            "---@field variant? \"dark\"|\"light\"",
            "---@field extends? string",
            "---@field palette? table<string, string>",
            "---@field roles? table<string, {fg?: string, bg?: string, bold?: boolean, dim?: boolean, italic?: boolean, underline?: boolean, reverse?: boolean}>",
            "---@field glyphs? table<string, string>",
            "",
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

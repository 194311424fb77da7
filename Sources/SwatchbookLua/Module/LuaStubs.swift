/// LuaLS type stubs (`---@meta`) for the `swatchbook` module, the plugin
/// table, the event object, colours and themes, so an editor completes
/// `sb.` and the plugin's keys. A test holds these tables against the live
/// module's functions, the colour methods and the plugin reader's keys, so a
/// function registered without its stub fails there.
public enum LuaStubs {
    /// `sb.NAME`: its annotations and signature.
    static let functions: [(name: String, annotations: [String], signature: String)] = [
        (
            "color",
            [
                "Any colour form: hex, a CSS name or function, {r, g, b[, a]}, a colour.",
                "@param x string|integer[]|swatchbook.Color", "@return swatchbook.Color",
            ], "(x)"
        ),
        (
            "rgb",
            [
                "@param r integer 0-255", "@param g integer 0-255", "@param b integer 0-255",
                "@param a? integer 0-255", "@return swatchbook.Color",
            ], "(r, g, b, a)"
        ),
        (
            "hsl",
            [
                "@param h number hue in degrees", "@param s number|string fraction 0-1 or \"50%\"",
                "@param l number|string fraction 0-1 or \"50%\"", "@return swatchbook.Color",
            ], "(h, s, l)"
        ),
        (
            "oklch",
            [
                "Gamut-mapped as CSS Color 4 maps it.", "@param l number|string lightness 0-1",
                "@param c number|string chroma 0-0.5 (\"100%\" is 0.4)", "@param h number hue in degrees",
                "@return swatchbook.Color",
            ], "(l, c, h)"
        ),
        ("select", ["@param path swatchbook.Path"], "(path)"),
        ("deselect", ["@param path swatchbook.Path"], "(path)"),
        ("selected", ["@return string[] paths"], "()"),
        ("expand", ["@param path swatchbook.Path"], "(path)"),
        ("collapse", ["@param path swatchbook.Path"], "(path)"),
        ("toggle", ["@param path swatchbook.Path"], "(path)"),
        ("focus", ["@param path swatchbook.Path"], "(path)"),
        ("scroll_to", ["@param path swatchbook.Path"], "(path)"),
        (
            "offset",
            [
                "Get or set a row's horizontal offset.", "@param rowpath swatchbook.Path",
                "@param n? integer", "@return integer",
            ], "(rowpath, n)"
        ),
        ("viewport", ["@return { width: integer, height: integer }"], "()"),
        (
            "visible",
            [
                "@return { path: string, kind: string, x: integer, y: integer, width: integer, height: integer }[]"
            ], "()"
        ),
        ("layout", ["Changes layout settings live.", "@param settings swatchbook.Layout"], "(settings)"),
        ("status", ["Shows text on the status line.", "@param text string"], "(text)"),
        ("emit", ["Sets the pick result.", "@param text string"], "(text)"),
        ("log", ["Writes to stderr, never the screen.", "@param ... any"], "(...)"),
        ("reload", ["Asks the host to load the plugin again."], "()"),
        (
            "update",
            ["Replaces the element at path.", "@param path swatchbook.Path", "@param element table"],
            "(path, element)"
        ),
        (
            "read",
            ["A file of the plugin's folder, read-only.", "@param relative string", "@return string"],
            "(relative)"
        ),
        ("input", ["A reader plugin's palette file: its bytes.", "@return string"], "()"),
        (
            "input_error",
            [
                "Reports the palette file as bad at a line (0 for none): FILE:LINE: message, exit 65.",
                "@param line integer", "@param message string",
            ], "(line, message)"
        ),
        (
            "title",
            [
                "The title of what is written (HTML's page title, a GIMP palette's Name:).",
                "@param text string",
            ], "(text)"
        ),
        ("random", ["A seeded generator.", "@param seed integer", "@return swatchbook.Random"], "(seed)"),
    ]

    /// `sb.TABLE.NAME`.
    static let tables: [(table: String, name: String, annotations: [String], signature: String)] = [
        ("json", "decode", ["@param text string", "@return any"], "(text)"),
        ("json", "encode", ["@param value any", "@return string"], "(value)"),
        (
            "json", "read", ["A JSON file of the plugin's folder.", "@param relative string", "@return any"],
            "(relative)"
        ),
        (
            "plist", "decode", ["An XML or binary property list.", "@param bytes string", "@return any"],
            "(bytes)"
        ),
        (
            "base16", "decode",
            [
                "A base16 or base24 scheme, read as `theme import` reads it.", "@param text string",
                "@return { system: string, name: string, author: string?, description: string?, variant: string, slug: string, colors: table<string, string> }",
            ], "(text)"
        ),
        (
            "yaml", "decode",
            [
                "A YAML document: every scalar a string as written, mappings in the document's order.",
                "@param text string", "@return any value", "@return table<string, integer> lines by key path",
            ], "(text)"
        ),
    ]

    /// The colour userdata's methods.
    static let colorMethods: [(name: String, annotations: [String], signature: String)] = [
        ("hex", ["@return string #RRGGBB or #RRGGBBAA"], "()"),
        ("rgb", ["@return integer r, integer g, integer b, integer a"], "()"),
        ("hsl", ["@return number h, number s, number l"], "()"),
        ("oklch", ["@return number l, number c, number h"], "()"),
        ("lighten", ["@param t number|string 0-1", "@return swatchbook.Color"], "(t)"),
        ("darken", ["@param t number|string 0-1", "@return swatchbook.Color"], "(t)"),
        (
            "mix",
            [
                "color-mix in OKLab, premultiplied.", "@param other swatchbook.Color|string",
                "@param t? number|string 0-1, default 0.5", "@return swatchbook.Color",
            ], "(other, t)"
        ),
        ("luminance", ["@return number WCAG relative luminance"], "()"),
        (
            "contrast", ["@param other swatchbook.Color|string", "@return number WCAG 2 ratio, 1-21"],
            "(other)"
        ),
        ("nearest_name", ["@return string"], "()"),
        ("is_light", ["@return boolean"], "()"),
    ]

    static let randomMethods: [(name: String, annotations: [String], signature: String)] = [
        ("int", ["@param a integer", "@param b integer", "@return integer"], "(a, b)"),
        ("float", ["@return number"], "()"),
        ("color", ["@return swatchbook.Color"], "()"),
    ]

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
            "",
            "---@class swatchbook.Node",
            "---@field name string",
            "---@field id? string",
            "---@field color? string|swatchbook.Color",
            "---@field selected? boolean",
            "---@field expanded? boolean",
            "---@field children? swatchbook.Node[]",
            "---@field items? swatchbook.Item[]",
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
            "",
            "---@class swatchbook.Reads",
            "---@field format string the name --input-format takes",
            "---@field extensions? string[] without the dot",
            "---@field detect? fun(head: string): boolean the file's first 4,096 bytes",
            "",
            "---@class swatchbook.Context",
            "---@field options table<string, string|number|boolean>",
            "---@field width integer",
            "---@field height? integer",
            "---@field dir string",
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

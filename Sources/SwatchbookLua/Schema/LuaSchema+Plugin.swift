import SwatchbookCore

/// The table a plugin returns, with its layout, its lazy source and what
/// it reads, and the `ctx` its functions are handed.
extension LuaSchema {
    static let plugin = Table(
        "Plugin", "what a plugin file returns",
        [
            .required("name", "string", "shown as the title"),
            .optional("version", "string", "the plugin's own version"),
            .required(
                "api", "integer",
                "the host API the plugin speaks: \(PluginLoader.supportedAPI.map(String.init).joined(separator: ", "))"
            ),
            .optional("description", "string", "one line on what it shows"),
            .optional(
                "data", "swatchbook.Section[]|fun(ctx: swatchbook.Context): swatchbook.Section[]",
                "the catalogue, or a function of ctx called once per load; give this or source"),
            .optional(
                "source", "swatchbook.Source|fun(ctx: swatchbook.Context): swatchbook.Source",
                "a lazy catalogue, asked only for what is on screen; give this or data"),
            .optional("layout", "swatchbook.Layout", "how the catalogue is laid out"),
            .optional(
                "theme", "string|swatchbook.Theme", default: "--theme, else default",
                "an installed theme's id, a theme file beside the plugin, or a theme table"),
            .optional(
                "options", "table<string, string|number|boolean>",
                "option defaults that --set KEY=VALUE changes; ctx.options holds them"),
            .optional("reads", "swatchbook.Reads", "makes the plugin a reader of palette files"),
            .optional("needs", "swatchbook.Needs", "what the plugin asks of the machine beyond its folder"),
            .optional(
                "pairs", "swatchbook.Pair[]",
                "the foreground/background pairs the palette is used in, which contrast checks"),
            .optional(
                "on_tap", "fun(ev: swatchbook.Event): boolean|string|nil",
                "a tap; false cancels the default action, a string is the pick result"),
            .optional(
                "should_select", "fun(ev: swatchbook.Event): boolean", default: "true",
                "whether a tap may select the element"),
            .optional("on_select", "fun(ev: swatchbook.Event)", "after an element is selected"),
            .optional("on_deselect", "fun(ev: swatchbook.Event)", "after an element is deselected"),
            .optional("on_expand", "fun(ev: swatchbook.Event)", "after a node opens"),
            .optional("on_collapse", "fun(ev: swatchbook.Event)", "after a node closes"),
            .optional(
                "on_load", "fun(ctx: swatchbook.Context)",
                "once as the catalogue opens, before a lazy source is asked anything"),
            .optional(
                "status", "fun(ctx: swatchbook.Context): string|nil",
                "text for the status line, asked after every key and click"),
        ])

    static let pair = Table(
        "Pair", "a foreground on a background that contrast measures",
        [
            .required("fg", "string", "the foreground: an item's id or its path (\"1.2.3\")"),
            .required("bg", "string", "the background: an item's id or its path"),
            .optional("min", "number", default: "--min", "the WCAG ratio this pair must reach"),
        ])

    static let needs = Table(
        "Needs", "what a plugin asks of the machine beyond its own folder",
        [
            .optional(
                "files", "string[]",
                "files outside the plugin's folder it asks to read; the user grants each with --allow-read PATH"
            )
        ])

    /// Every function is handed `ctx` after its own arguments.
    static let source = Table(
        "Source", "a lazy catalogue, the UITableViewDataSource shape; indices are 1-based",
        [
            .required("sections", "fun(ctx: swatchbook.Context): integer", "how many sections there are"),
            .optional(
                "section", "fun(section: integer, ctx: swatchbook.Context): swatchbook.SectionSummary",
                default: "Section N", "a section's name and id"),
            .required(
                "rows", "fun(section: integer, ctx: swatchbook.Context): integer",
                "how many rows a section has"),
            .required(
                "row", "fun(section: integer, row: integer, ctx: swatchbook.Context): swatchbook.SourceRow",
                "a row: a count of items, or its items, fields or children whole"),
            .optional(
                "item",
                "fun(section: integer, row: integer, index: integer, ctx: swatchbook.Context): swatchbook.Item",
                "an item of a row that gave a count"),
            .optional(
                "search", "fun(query: string, ctx: swatchbook.Context): integer[][]",
                "the paths that match the filter: {s, r, i} items and {s, r} whole rows"),
        ])

    private static let defaults = LayoutSettings()

    static let layout = Table(
        "Layout", "how the catalogue is laid out (also what sb.layout changes live)",
        [
            .optional(
                "style", literals(LayoutSettings.Style.allCases.map(\.rawValue)),
                default: quoted(defaults.style.rawValue), "strips of swatches, a tree, or tables"),
            .optional(
                "selection", literals(LayoutSettings.Selection.allCases.map(\.rawValue)),
                default: quoted(defaults.selection.rawValue), "how many elements a tap may select"),
            .optional("item", "swatchbook.LayoutItem", "a swatch's size"),
            .optional("spacing", "swatchbook.LayoutSpacing", "room between swatches and rows"),
            .optional("insets", "swatchbook.LayoutInsets", "room at the sides"),
            .optional("indent", "integer", default: "\(defaults.indent)", "columns per tree level, 0-16"),
            .optional(
                "wrap", "boolean", default: "\(defaults.wrap)",
                "flow a row onto several lines instead of clipping (unset, a whole-document render wraps)"),
            .optional("outline", "swatchbook.LayoutOutline", "the outline layout's columns"),
        ])

    static let layoutItem = Table(
        "LayoutItem", "a swatch's size: `layout.item`",
        [
            .optional(
                "width", "integer", default: "\(defaults.itemWidth)",
                range(LayoutSettings.itemWidthRange, "columns")),
            .optional(
                "height", "integer", default: "\(defaults.itemHeight)",
                range(LayoutSettings.itemHeightRange, "lines") + ": height - 1 of colour, then the label"),
        ])

    static let layoutSpacing = Table(
        "LayoutSpacing", "room between swatches and rows: `layout.spacing`",
        [
            .optional(
                "item", "integer", default: "\(defaults.itemSpacing)",
                range(LayoutSettings.spacingRange, "columns between swatches")),
            .optional(
                "line", "integer", default: "\(defaults.lineSpacing)",
                range(LayoutSettings.spacingRange, "blank lines after a row")),
        ])

    static let layoutInsets = Table(
        "LayoutInsets", "room at the sides: `layout.insets`",
        [
            .optional(
                "left", "integer", default: "\(defaults.insetLeft)",
                range(LayoutSettings.insetRange, "columns")),
            .optional(
                "right", "integer", default: "\(defaults.insetRight)",
                range(LayoutSettings.insetRange, "columns")),
        ])

    static let layoutOutline = Table(
        "LayoutOutline", "the outline layout's columns: `layout.outline`",
        [
            .optional(
                "name_width", "integer|\"auto\"", default: "\"auto\"",
                "the widest a name grows, 1 to \(LayoutSettings.nameWidthRange.upperBound) columns; auto: the room the screen gives"
            )
        ])

    static let reads = Table(
        "Reads", "what makes a plugin a reader of palette files",
        [
            .required("format", "string", "the name --input-format takes: letters, digits and -"),
            .optional("extensions", "string[]", "the file extensions it reads, without the dot"),
            .optional(
                "keeps", "(\(literals(PaletteAspect.allCases.map(\.rawValue))))[]",
                "what it keeps of its files (see swatchbook formats)"),
            .optional("loses", "string[]", "what its files say that it does not keep"),
            .optional(
                "detect", "fun(head: string): boolean",
                "whether a file is one it reads, by its first 4,096 bytes"),
            .optional("sample", "string", "a file it reads, as text: what swatchbook check reads it on"),
        ])

    static let context = Table(
        "Context", "`ctx`, handed to data, source, on_load and status",
        [
            .required(
                "options", "table<string, string|number|boolean>",
                "the plugin's options, --set over their defaults"),
            .required("width", "integer", "the viewport's width"),
            .optional("height", "integer", "the viewport's height; none when the output runs to its end"),
            .required("dir", "string", "the plugin's folder"),
            .required(
                "scheme", literals(ColorScheme.allCases.map(\.rawValue)),
                "the colour a palette's light-dark() takes, as --scheme says"),
            .optional("input", "swatchbook.Input", "a reader's palette file"),
        ])

    static let input = Table(
        "Input", "the palette file a reader is handed: `ctx.input`",
        [
            .required("name", "string", "its file name"),
            .required("stem", "string", "its name without the extension"),
            .required("extension", "string", "its extension, without the dot"),
            .required(
                "checking", "boolean",
                "whether check reads it: warn then also of what a report leaves out, such as non-colour tokens"
            ),
        ])

    /// "columns, 1-200": what a whole number counts, and its range.
    private static func range(_ range: ClosedRange<Int>, _ unit: String) -> String {
        "\(unit), \(range.lowerBound)-\(range.upperBound)"
    }
}

import SwatchbookCore

extension PluginTableReader {
    /// The keys a `layout` table may have (``LuaSchema``).
    static let layoutKeys = LuaSchema.layout.keys

    /// Reads a `layout` table over `base` (the defaults at load; the live
    /// settings for `sb.layout`).
    mutating func layoutSettings(
        at index: Int32, over base: LayoutSettings = LayoutSettings()
    ) throws(Diagnostic) -> LayoutSettings {
        guard stack.type(at: index) == .table else {
            throw error("layout", "expected a table, got \(stack.describe(at: index))")
        }
        let table = stack.absolute(index)
        warnUnknown(keys: stack.stringKeys(of: table), known: Self.layoutKeys, path: "layout")
        var settings = base
        if let style = try optionalString(table, "style", path: "layout") {
            guard let value = LayoutSettings.Style(rawValue: style) else {
                throw choices("layout.style", style, LayoutSettings.Style.allCases.map(\.rawValue))
            }
            settings.style = value
        }
        if let selection = try optionalString(table, "selection", path: "layout") {
            guard let value = LayoutSettings.Selection(rawValue: selection) else {
                throw choices(
                    "layout.selection", selection, LayoutSettings.Selection.allCases.map(\.rawValue))
            }
            settings.selection = value
        }
        try readInts(
            table, "item", LuaSchema.layoutItem, ["width": \.itemWidth, "height": \.itemHeight],
            into: &settings,
            ranges: ["width": LayoutSettings.itemWidthRange, "height": LayoutSettings.itemHeightRange])
        try readInts(
            table, "spacing", LuaSchema.layoutSpacing, ["item": \.itemSpacing, "line": \.lineSpacing],
            into: &settings,
            ranges: ["item": LayoutSettings.spacingRange, "line": LayoutSettings.spacingRange])
        try readInts(
            table, "insets", LuaSchema.layoutInsets, ["left": \.insetLeft, "right": \.insetRight],
            into: &settings, ranges: ["left": LayoutSettings.insetRange, "right": LayoutSettings.insetRange])
        if field(table, "indent") != .nil {
            settings.indent = try integer(table, "indent", path: "layout.indent", range: 0...16)
        }
        try readOutline(table, into: &settings)
        switch field(table, "wrap") {
        case .nil: break
        case .boolean:
            stack.rawField(table, "wrap")
            settings.wrap = stack.boolean(at: -1)
            settings.wrapDeclared = true
            stack.pop()
        default: throw error("layout.wrap", "expected true or false, got \(describe(table, "wrap"))")
        }
        return settings
    }

    /// Reads a sub-table of whole numbers such as `item = {width=, height=}`,
    /// whose keys `schema` declares.
    private mutating func readInts(
        _ table: Int32, _ key: String, _ schema: LuaSchema.Table,
        _ fields: [String: WritableKeyPath<LayoutSettings, Int>],
        into settings: inout LayoutSettings, ranges: [String: ClosedRange<Int>]
    ) throws(Diagnostic) {
        let type = stack.rawField(table, key)
        defer { stack.pop() }
        guard type != .nil else { return }
        let path = "layout." + key
        guard type == .table else { throw error(path, "expected a table, got \(stack.describe(at: -1))") }
        let sub = stack.absolute(-1)
        warnUnknown(keys: stack.stringKeys(of: sub), known: schema.keys, path: path)
        for (name, keyPath) in fields.sorted(by: { $0.key < $1.key }) where field(sub, name) != .nil {
            settings[keyPath: keyPath] = try integer(sub, name, path: path + "." + name, range: ranges[name]!)
        }
    }

    /// `outline = { name_width = N }`: the widest an outline's names grow,
    /// or `"auto"` (the default) for the room the screen gives.
    private mutating func readOutline(_ table: Int32, into settings: inout LayoutSettings) throws(Diagnostic)
    {
        let type = stack.rawField(table, "outline")
        defer { stack.pop() }
        guard type != .nil else { return }
        guard type == .table else {
            throw error("layout.outline", "expected a table, got \(stack.describe(at: -1))")
        }
        let outline = stack.absolute(-1)
        warnUnknown(
            keys: stack.stringKeys(of: outline), known: LuaSchema.layoutOutline.keys, path: "layout.outline")
        guard field(outline, "name_width") != .nil else { return }
        if string(outline, "name_width") == "auto" {
            settings.outlineNameWidth = nil
            return
        }
        let range = LayoutSettings.nameWidthRange
        stack.rawField(outline, "name_width")
        defer { stack.pop() }
        guard stack.type(at: -1) == .number, let value = stack.integer(at: -1), range.contains(value) else {
            throw error(
                "layout.outline.name_width",
                "expected \"auto\" or a whole number from \(range.lowerBound) to \(range.upperBound), got \(stack.describe(at: -1))"
            )
        }
        settings.outlineNameWidth = value
    }
}

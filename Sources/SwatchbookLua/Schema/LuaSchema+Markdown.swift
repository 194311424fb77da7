/// The plugin reference in docs/PLUGINS.md: a table of keys for each table kind,
/// generated from the schema so it says what the host accepts. A test holds
/// the page's copy to this text (`RECORD_GOLDEN=1` rewrites it).
extension LuaSchema {
    /// The line before the generated reference in docs/PLUGINS.md.
    static let referenceBegin =
        "<!-- The plugin reference, generated from LuaSchema: RECORD_GOLDEN=1 swift test --filter PluginReference rewrites it -->"
    /// The line after it.
    static let referenceEnd = "<!-- End of the plugin reference -->"

    /// The reference: the named types, then each table with its keys, types,
    /// defaults and meanings.
    static var markdownReference: String {
        var lines = ["", "| type | is | meaning |", "|---|---|---|"]
        for alias in aliases {
            lines.append("| `\(alias.qualifiedName)` | \(code(alias.type)) | \(cell(alias.doc)) |")
        }
        for table in tables {
            lines += [
                "", "**`\(table.className)`**: \(cell(table.summary)).", "",
                "| key | type | default | meaning |", "|---|---|---|---|",
            ]
            for field in table.fields {
                let value =
                    !field.isOptional ? "required" : field.defaultValue.map(defaultCell) ?? "optional"
                lines.append("| `\(field.name)` | \(code(field.type)) | \(value) | \(cell(field.doc)) |")
            }
        }
        return (lines + [""]).joined(separator: "\n")
    }

    /// A type as code in a table cell: a `|` in it escaped, as GitHub's tables need.
    private static func code(_ type: String) -> String {
        "`" + type.replacingOccurrences(of: "|", with: "\\|") + "`"
    }

    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }

    /// A default that is a Lua value shows as code; one in words as words.
    private static func defaultCell(_ value: String) -> String {
        let isLiteral =
            value.first == "\"" || value == "true" || value == "false" || value == "{}"
            || Int(value) != nil
        return isLiteral ? code(value) : cell(value)
    }
}

/// Every table a script hands the host or is handed by it, declared once:
/// its keys, each key's LuaLS type, whether it may be left out, its default
/// and what it means.
///
/// The readers take the keys they accept (and "did you mean" among) from
/// here, ``LuaStubs`` writes the `---@class` stubs from here and the
/// plugin reference in docs/PLUGINS.md is generated from here, so what the host
/// accepts, what an editor completes and what the reference says cannot
/// drift apart.
enum LuaSchema {
    /// One kind of table: a LuaLS class `swatchbook.NAME`.
    struct Table: Sendable {
        /// The class's name without the `swatchbook.` prefix.
        let name: String
        /// One line on what the table is and where it goes.
        let summary: String
        let fields: [Field]

        init(_ name: String, _ summary: String, _ fields: [Field]) {
            self.name = name
            self.summary = summary
            self.fields = fields
        }

        /// `swatchbook.NAME`, as stubs and other types name it.
        var className: String { "swatchbook." + name }

        /// The keys in declaration order: what a "did you mean" chooses among.
        var keyList: [String] { fields.map(\.name) }

        /// The keys a reader accepts without a warning.
        var keys: Set<String> { Set(keyList) }

        /// The keys that must be there.
        var requiredKeys: [String] { fields.filter { !$0.isOptional }.map(\.name) }

        func field(_ name: String) -> Field? { fields.first { $0.name == name } }

        /// The same table under another name, with more fields after its own.
        func extended(as name: String, _ summary: String, with more: [Field]) -> Table {
            Table(name, summary, fields + more)
        }
    }

    /// One key of a table.
    struct Field: Sendable {
        let name: String
        /// The LuaLS type text, without the `?` an optional field takes.
        let type: String
        let isOptional: Bool
        /// What the host takes when the key is left out, as the reference
        /// shows it; nil when leaving it out means "none".
        let defaultValue: String?
        /// One line on what it is for.
        let doc: String

        /// A key that must be there.
        static func required(_ name: String, _ type: String, _ doc: String) -> Field {
            Field(name: name, type: type, isOptional: false, defaultValue: nil, doc: doc)
        }

        /// A key that may be left out, taking `default` then.
        static func optional(_ name: String, _ type: String, default: String? = nil, _ doc: String) -> Field {
            Field(name: name, type: type, isOptional: true, defaultValue: `default`, doc: doc)
        }
    }

    /// A LuaLS `---@alias`: a type named for being used in many places.
    struct Alias: Sendable {
        let name: String
        let type: String
        let doc: String

        var qualifiedName: String { "swatchbook." + name }
    }

    /// A union of string literals, as LuaLS writes one: `"a"|"b"`.
    static func literals(_ values: [String]) -> String {
        values.map { "\"\($0)\"" }.joined(separator: "|")
    }

    /// A string shown as a Lua literal in a default: `"shelves"`.
    static func quoted(_ value: String) -> String { "\"\(value)\"" }

    /// Every alias, in the order the stubs declare them.
    static let aliases: [Alias] = [path, scalar, colorValue, fields]

    /// Every table, in the order the stubs and the reference give them:
    /// what a plugin returns, then what it is handed, then themes and packs.
    static let tables: [Table] = [
        plugin, pair, needs, source, sectionSummary, sourceRow, layout, layoutItem, layoutSpacing,
        layoutInsets,
        layoutOutline, reads, section, row, item, node, colorSpec, context, input,
        event, eventSection, eventRow, eventItem, eventNode, eventField,
        theme, roles, role, glyphs, swatch, pack,
    ]

    /// The table of class `swatchbook.NAME` (or `NAME`).
    static func table(named name: String) -> Table? {
        let bare = name.hasPrefix("swatchbook.") ? String(name.dropFirst("swatchbook.".count)) : name
        return tables.first { $0.name == bare }
    }
}

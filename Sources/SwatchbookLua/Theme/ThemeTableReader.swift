import SwatchbookCore

/// Reads a theme table (SPEC §6) without running any of its code: raw
/// access only, like the plugin readers.
final class ThemeTableReader {
    let stack: LuaStack
    let file: String
    /// Where the table sits in its file: nil for a theme file, `theme` for
    /// a plugin's inline theme; every data path starts with it.
    let prefix: String?
    private(set) var warnings: [Warning] = []
    /// Every problem found, in the order of the table's fields.
    private(set) var problems: [Diagnostic] = []

    /// The keys a theme, a role, the glyphs and the swatch may have (``LuaSchema``).
    static let keys = LuaSchema.theme.keys
    static let roleKeys = LuaSchema.role.keys
    static let glyphNames = LuaSchema.glyphs.keys
    static let swatchKeys = LuaSchema.swatch.keys

    init(stack: LuaStack, file: String, prefix: String? = nil) {
        self.stack = stack
        self.file = file
        self.prefix = prefix
    }

    /// Reads the theme table at `index`; every problem in it is thrown at
    /// once, the first with the others (see ``readCollecting(at:fallbackID:)``).
    func read(at index: Int32, fallbackID: String) throws(Diagnostic) -> (ThemeSpec, [String]) {
        let (spec, aliases) = readCollecting(at: index, fallbackID: fallbackID)
        if let all = Diagnostic.all(problems) { throw all }
        return (spec, aliases)
    }

    /// Reads the theme table at `index`, each field on its own: a bad one is
    /// kept in ``problems`` and left out, so one mistake hides no other
    /// (`check` lists them all), and what is left can still be resolved.
    func readCollecting(at index: Int32, fallbackID: String) -> (ThemeSpec, [String]) {
        let table = stack.absolute(index)
        warnUnknown(stack.stringKeys(of: table), known: Self.keys, path: nil)
        let id = collect { () throws(Diagnostic) in try string(table, "id", path: "id") } ?? nil
        var spec = ThemeSpec(id: id ?? fallbackID, file: file)
        collect { () throws(Diagnostic) in
            if let name = try string(table, "name", path: "name") { spec.name = .set(name) }
        }
        collect { () throws(Diagnostic) in
            switch try field(table, "variant", path: "variant", as: String.self) {
            case .set(let variant) where variant != "dark" && variant != "light":
                throw error("variant", "expected \"dark\" or \"light\", got \"\(variant)\"")
            case let other: spec.variant = other
            }
        }
        collect { () throws(Diagnostic) in spec.extends = try string(table, "extends", path: "extends") }
        var aliases: [String] = []
        forEachEntry(table, "aliases") { (key, path) throws(Diagnostic) in
            guard let alias = stack.string(at: -1) else {
                throw error(path, "expected a theme name, got \(stack.describe(at: -1))")
            }
            aliases.append(alias)
        }
        forEachEntry(table, "palette") { (key, path) throws(Diagnostic) in
            spec.palette[key] = try colorField(path: path)
        }
        forEachEntry(table, "roles") { (key, path) throws(Diagnostic) in
            guard let role = Role(rawValue: key) else {
                warn(path: "roles", key: key, known: Role.allCases.map(\.rawValue))
                return
            }
            spec.roles[role] = roleSpec(path: path)
        }
        forEachEntry(table, "glyphs") { (key, path) throws(Diagnostic) in
            guard Self.glyphNames.contains(key) else {
                warn(path: "glyphs", key: key, known: Self.glyphNames.sorted())
                return
            }
            spec.glyphs[key] = try field(at: -1, path: path, as: String.self)
        }
        if stack.rawField(table, "swatch") != .nil {
            defer { stack.pop() }
            swatch(into: &spec)
        } else {
            stack.pop()
        }
        return (spec, aliases)
    }

    /// `swatch = { fill, show_hex }`, on top of the stack.
    private func swatch(into spec: inout ThemeSpec) {
        guard stack.type(at: -1) == .table else {
            problems.append(error("swatch", "expected a table, got \(stack.describe(at: -1))"))
            return
        }
        let swatch = stack.absolute(-1)
        warnUnknown(stack.stringKeys(of: swatch), known: Self.swatchKeys, path: "swatch")
        collect { () throws(Diagnostic) in
            switch try field(swatch, "fill", path: "swatch.fill", as: String.self) {
            case .set(let text):
                guard let fill = SwatchFill(rawValue: text) else {
                    throw error("swatch.fill", "expected block, half or shade, got \"\(text)\"")
                }
                spec.fill = .set(fill)
            case .unset: spec.fill = .unset
            case .inherit: break
            }
        }
        collect { () throws(Diagnostic) in
            spec.showHex = try field(swatch, "show_hex", path: "swatch.show_hex", as: Bool.self)
        }
    }

    /// A role's table on top of the stack; each bad field is a problem of
    /// its own, and left out.
    private func roleSpec(path: String) -> ThemeSpec.RoleSpec {
        var spec = ThemeSpec.RoleSpec()
        guard stack.type(at: -1) == .table else {
            problems.append(
                error(path, "expected a table of fg, bg and attributes, got \(stack.describe(at: -1))"))
            return spec
        }
        let table = stack.absolute(-1)
        warnUnknown(stack.stringKeys(of: table), known: Self.roleKeys, path: path)
        for (key, keyPath) in [("fg", \ThemeSpec.RoleSpec.foreground), ("bg", \.background)] {
            stack.rawField(table, key)
            defer { stack.pop() }
            collect { () throws(Diagnostic) in spec[keyPath: keyPath] = try colorField(path: path + "." + key)
            }
        }
        for name in AttributeName.allCases {
            collect { () throws(Diagnostic) in
                spec.attributes[name] = try field(
                    table, name.rawValue, path: path + "." + name.rawValue, as: Bool.self)
            }
        }
        return spec
    }

    /// Runs `read`, keeping what it throws in ``problems``; its value, or
    /// nil after a problem.
    @discardableResult
    private func collect<T>(_ read: () throws(Diagnostic) -> T) -> T? {
        do throws(Diagnostic) {
            return try read()
        } catch {
            problems.append(error)
            return nil
        }
    }

    /// A colour value on top of the stack: `#hex`, a table, a colour, a
    /// name (palette entry or CSS name, bound late), or false.
    private func colorField(path: String) throws(Diagnostic) -> ThemeSpec.Field<ThemeSpec.ColorReference> {
        switch stack.type(at: -1) {
        case .nil: return .inherit
        case .boolean:
            guard !stack.boolean(at: -1) else { throw error(path, "expected a colour or false, got true") }
            return .unset
        case .string:
            let text = stack.string(at: -1) ?? ""
            if text.hasPrefix("#") {
                guard let color = Color.parse(text) else { throw error(path, "\"\(text)\" is not a colour") }
                return .set(.literal(color))
            }
            return .set(.name(text))
        default:
            switch ColorValue.read(at: -1, on: stack) {
            case .success(let color): return .set(.literal(color))
            case .failure(let failure): throw error(path, failure.message)
            }
        }
    }

    private func field<T>(_ table: Int32, _ key: String, path: String, as type: T.Type) throws(Diagnostic)
        -> ThemeSpec.Field<T>
    {
        stack.rawField(table, key)
        defer { stack.pop() }
        return try field(at: -1, path: path, as: type)
    }

    private func field<T>(at index: Int32, path: String, as type: T.Type) throws(Diagnostic)
        -> ThemeSpec.Field<T>
    {
        switch stack.type(at: index) {
        case .nil: return .inherit
        case .boolean where T.self == Bool.self: return .set(stack.boolean(at: index) as! T)
        case .boolean where !stack.boolean(at: index): return .unset
        case .string where T.self == String.self:
            return .set(Sanitizer.clean(stack.string(at: index) ?? "") as! T)
        default:
            let expected = T.self == Bool.self ? "true or false" : "a string or false"
            throw error(path, "expected \(expected), got \(stack.describe(at: index))")
        }
    }

    private func string(_ table: Int32, _ key: String, path: String) throws(Diagnostic) -> String? {
        try field(table, key, path: path, as: String.self).value
    }

    /// Calls `body` with each `key = value` of the sub-table `key` (value on
    /// top), sorted by key; what it throws for an entry is kept in
    /// ``problems`` and the next entry read.
    private func forEachEntry(
        _ table: Int32, _ key: String, _ body: (String, String) throws(Diagnostic) -> Void
    ) {
        let type = stack.rawField(table, key)
        defer { stack.pop() }
        guard type != .nil else { return }
        guard type == .table else {
            problems.append(error(key, "expected a table, got \(stack.describe(at: -1))"))
            return
        }
        let sub = stack.absolute(-1)
        let count = stack.rawLength(sub)
        if count > 0 {
            for i in 1...count {
                stack.rawIndex(sub, i)
                defer { stack.pop() }
                collect { () throws(Diagnostic) in try body(String(i), "\(key)[\(i)]") }
            }
            return
        }
        for name in stack.stringKeys(of: sub) {
            stack.rawField(sub, name)
            defer { stack.pop() }
            collect { () throws(Diagnostic) in try body(name, key + "." + name) }
        }
    }

    private func warnUnknown(_ keys: [String], known: Set<String>, path: String?) {
        for key in keys where !known.contains(key) { warn(path: path, key: key, known: known.sorted()) }
    }

    private func warn(path: String?, key: String, known: [String]) {
        warnings.append(
            Warning(
                file: file, dataPath: prefixed(path), "unknown key \"\(key)\"",
                suggestion: Suggestion(for: key, among: known)
            ).coded(.unknownKey))
    }

    private func error(_ path: String, _ message: String) -> Diagnostic {
        Diagnostic(.data, file: file, dataPath: prefixed(path), message).coded(.invalidField)
    }

    private func prefixed(_ path: String?) -> String? {
        guard let prefix else { return path }
        return path.map { prefix + "." + $0 } ?? prefix
    }
}

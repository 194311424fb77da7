import SwatchbookCore

/// Validates the table a plugin returns, apart from its data: required
/// fields, the API version, and the `layout` table. Unknown keys are
/// warnings with a "did you mean".
struct PluginTableReader {
    let stack: LuaStack
    let file: String
    private(set) var warnings: [Warning] = []

    /// The keys the plugin table may have (``LuaSchema``).
    static let knownKeys = LuaSchema.plugin.keys

    init(stack: LuaStack, file: String) {
        self.stack = stack
        self.file = file
    }

    /// The id of a plugin's inline theme that gives none.
    static let inlineThemeID = "(plugin theme)"

    /// Every problem found in the table, in order: each field is read on
    /// its own, so one bad field does not hide the next (`check` lists all).
    private(set) var problems: [Diagnostic] = []

    /// Reads the plugin table at `index`, keeping each bad field in
    /// ``problems``; the catalogue can be read afterwards only when
    /// `canReadData` says its `data` or `source` is of the right shape.
    mutating func metadata(at index: Int32) -> (metadata: PluginMetadata, canReadData: Bool) {
        let table = stack.absolute(index)
        var metadata = PluginMetadata()
        warnUnknown(keys: stack.stringKeys(of: table), known: Self.knownKeys, path: nil)

        collect { (reader: inout Self) throws(Diagnostic) in
            guard let name = reader.string(table, "name") else {
                throw reader.error(
                    "name", "expected a string naming the plugin, got \(reader.describe(table, "name"))")
            }
            metadata.name = name
        }
        collect { (reader: inout Self) throws(Diagnostic) in
            reader.stack.rawField(table, "api")
            let api = reader.stack.integer(at: -1)
            let apiText = reader.stack.describe(at: -1)
            reader.stack.pop()
            guard let api, PluginLoader.supportedAPI.contains(api) else {
                let supported = PluginLoader.supportedAPI.map(String.init).joined(separator: ", ")
                throw reader.error(
                    "api", "this host supports api \(supported), the plugin asks for \(apiText)")
            }
            metadata.api = api
        }
        collect { (reader: inout Self) throws(Diagnostic) in
            metadata.version = try reader.optionalString(table, "version")
        }
        collect { (reader: inout Self) throws(Diagnostic) in
            metadata.description = try reader.optionalString(table, "description")
        }
        let canReadData = collect { (reader: inout Self) throws(Diagnostic) in
            try reader.dataShape(table, into: &metadata)
        }
        collect { (reader: inout Self) throws(Diagnostic) in
            switch reader.field(table, "theme") {
            case .nil: break
            case .string: metadata.themeName = reader.string(table, "theme")
            case .table:
                reader.stack.rawField(table, "theme")
                defer { reader.stack.pop() }
                let themeReader = ThemeTableReader(stack: reader.stack, file: reader.file, prefix: "theme")
                metadata.inlineTheme = try themeReader.read(at: -1, fallbackID: Self.inlineThemeID).0
                reader.warnings += themeReader.warnings
            default:
                throw reader.error(
                    "theme", "expected a theme name or a theme table, got \(reader.describe(table, "theme"))")
            }
        }
        collect { (reader: inout Self) throws(Diagnostic) in
            guard reader.field(table, "layout") != .nil else { return }
            reader.stack.rawField(table, "layout")
            defer { reader.stack.pop() }
            metadata.settings = try reader.layoutSettings(at: -1)
        }
        collect { (reader: inout Self) throws(Diagnostic) in
            metadata.optionDefaults = try reader.optionDefaults(table)
        }
        collect { (reader: inout Self) throws(Diagnostic) in
            metadata.reads = try reader.readerDeclaration(table)
        }
        collect { (reader: inout Self) throws(Diagnostic) in
            metadata.pairs = try reader.pairs(table)
        }
        if stack.rawField(table, "needs") != .nil {
            let read = PluginNeeds.read(at: -1, on: stack, file: file)
            metadata.needs = read.needs
            problems += read.problems
            warnings += read.warnings
        }
        stack.pop()
        return (metadata, canReadData)
    }

    /// `reads = { format = "gpl", extensions = { "gpl" }, detect = function(head) … end }`:
    /// the kind of file a reader plugin reads.
    private mutating func readerDeclaration(_ table: Int32) throws(Diagnostic) -> ReaderDeclaration? {
        let type = stack.rawField(table, "reads")
        defer { stack.pop() }
        guard type != .nil else { return nil }
        let reads = stack.absolute(-1)
        guard type == .table else {
            throw error(
                "reads", "expected a table { format, extensions, detect }, got \(stack.describe(at: reads))")
        }
        warnUnknown(
            keys: stack.stringKeys(of: reads),
            known: LuaSchema.reads.keys,
            path: "reads")
        guard let format = string(reads, "format"), !format.isEmpty,
            format.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        else {
            throw error(
                "reads.format",
                "expected the format's name (letters, digits and -), got \(describe(reads, "format"))")
        }
        var extensions: [String] = []
        let extensionsType = stack.rawField(reads, "extensions")
        defer { stack.pop() }
        if extensionsType != .nil {
            let list = stack.absolute(-1)
            guard extensionsType == .table else {
                throw error(
                    "reads.extensions", "expected a list of extensions, got \(stack.describe(at: list))")
            }
            for index in 1...max(1, stack.rawLength(list)) where stack.rawLength(list) > 0 {
                stack.rawIndex(list, index)
                defer { stack.pop() }
                guard let name = stack.string(at: -1), !name.isEmpty else {
                    throw error(
                        "reads.extensions[\(index)]",
                        "expected an extension such as \"gpl\", got \(stack.describe(at: -1))")
                }
                extensions.append((name.hasPrefix(".") ? String(name.dropFirst()) : name).lowercased())
            }
        }
        let detect = field(reads, "detect")
        guard detect == .nil || detect == .function else {
            throw error(
                "reads.detect",
                "expected a function of the file's first bytes, got \(describe(reads, "detect"))")
        }
        var declaration = ReaderDeclaration(
            format: format, extensions: extensions, detects: detect == .function)
        let aspects = PaletteAspect.allCases.map(\.rawValue)
        for text in try strings(reads, "keeps") {
            guard let aspect = PaletteAspect(rawValue: text) else {
                throw error(
                    "reads.keeps",
                    "\(JSONValue.quoted(text)) is not a thing a palette keeps (there are \(aspects.joined(separator: ", ")))"
                )
            }
            declaration.keeps.append(aspect)
        }
        declaration.loses = try strings(reads, "loses")
        let sample = stack.rawField(reads, "sample")
        defer { stack.pop() }
        if sample != .nil {
            guard sample == .string, let text = stack.string(at: -1) else {
                throw error(
                    "reads.sample",
                    "expected the text of a file it reads, for check to read, got \(stack.describe(at: -1))")
            }
            declaration.sample = text
        }
        return declaration
    }

    /// The list of strings at `table[key]` (none when it is absent).
    private func strings(_ table: Int32, _ key: String) throws(Diagnostic) -> [String] {
        let type = stack.rawField(table, key)
        defer { stack.pop() }
        guard type != .nil else { return [] }
        let list = stack.absolute(-1)
        guard type == .table else {
            throw error("reads.\(key)", "expected a list of strings, got \(stack.describe(at: list))")
        }
        var strings: [String] = []
        for index in 0..<stack.rawLength(list) {
            stack.rawIndex(list, index + 1)
            defer { stack.pop() }
            guard let text = stack.string(at: -1), stack.type(at: -1) == .string else {
                throw error("reads.\(key)[\(index + 1)]", "expected a string, got \(stack.describe(at: -1))")
            }
            strings.append(Sanitizer.clean(text))
        }
        return strings
    }

    /// Runs one field's reading, keeping its problem; false when it had one.
    @discardableResult
    private mutating func collect(_ read: (inout Self) throws(Diagnostic) -> Void) -> Bool {
        do {
            try read(&self)
            return true
        } catch {
            problems.append(error)
            return false
        }
    }

    /// Whether the plugin gives `data` (a table or a function) or a lazy
    /// `source` with the functions every source has.
    private func dataShape(_ table: Int32, into metadata: inout PluginMetadata) throws(Diagnostic) {
        switch (field(table, "data"), field(table, "source")) {
        case (.table, .nil): break
        case (.function, .nil): metadata.dataIsFunction = true
        case (.nil, .table):
            metadata.hasSource = true
            stack.rawField(table, "source")
            defer { stack.pop() }
            if let (name, got) = LuaSource.missingFunction(at: -1, on: stack) {
                throw error("source.\(name)", "expected a function, got \(got)")
            }
        case (.nil, .function):
            // A function of ctx that returns the source, called once at load.
            metadata.hasSource = true
            metadata.sourceIsFunction = true
        case (.nil, .nil):
            throw error("data", "expected a table or a function returning one (or a lazy source), got nil")
        case (.nil, _):
            throw error(
                "source",
                "expected a table of functions or a function of ctx returning one, got \(describe(table, "source"))"
            )
        case (_, .nil):
            throw error(
                "data", "expected a table or a function returning one, got \(describe(table, "data"))")
        default:
            throw error("source", "a plugin gives data or source, not both")
        }
    }

    /// `options = { name = default, … }`: each default a string, a number
    /// or a boolean, which `--set` values are then read as.
    private func optionDefaults(_ table: Int32) throws(Diagnostic) -> [String: OptionValue] {
        let type = stack.rawField(table, "options")
        defer { stack.pop() }
        guard type != .nil else { return [:] }
        let options = stack.absolute(-1)
        guard type == .table, stack.rawLength(options) == 0 else {
            throw error(
                "options",
                "expected a table of option defaults (name = default), got \(stack.describe(at: options))")
        }
        var defaults: [String: OptionValue] = [:]
        for key in stack.stringKeys(of: options) {
            stack.rawField(options, key)
            defer { stack.pop() }
            switch stack.type(at: -1) {
            case .string: defaults[key] = .string(stack.string(at: -1) ?? "")
            case .boolean: defaults[key] = .boolean(stack.boolean(at: -1))
            case .number:
                if stack.isInteger(at: -1), let value = stack.integer(at: -1) {
                    defaults[key] = .integer(value)
                } else {
                    defaults[key] = .number(stack.number(at: -1) ?? 0)
                }
            default:
                throw error(
                    "options.\(key)",
                    "expected a default that is a string, a number or a boolean, got \(stack.describe(at: -1))"
                )
            }
        }
        return defaults
    }

    // MARK: Primitives

    func field(_ table: Int32, _ key: String) -> LuaStack.ValueType {
        defer { stack.pop() }
        return stack.rawField(table, key)
    }

    func string(_ table: Int32, _ key: String) -> String? {
        stack.rawField(table, key)
        defer { stack.pop() }
        return stack.string(at: -1)
    }

    func describe(_ table: Int32, _ key: String) -> String {
        stack.rawField(table, key)
        defer { stack.pop() }
        return stack.describe(at: -1)
    }

    func optionalString(_ table: Int32, _ key: String, path: String? = nil) throws(Diagnostic)
        -> String?
    {
        let type = field(table, key)
        let full = path.map { $0 + "." + key } ?? key
        switch type {
        case .nil: return nil
        case .string: return string(table, key)
        default: throw error(full, "expected a string, got \(describe(table, key))")
        }
    }

    func integer(_ table: Int32, _ key: String, path: String, range: ClosedRange<Int>)
        throws(Diagnostic) -> Int
    {
        stack.rawField(table, key)
        defer { stack.pop() }
        guard let value = stack.integer(at: -1), range.contains(value) else {
            throw error(
                path,
                "expected a whole number from \(range.lowerBound) to \(range.upperBound), got \(stack.describe(at: -1))"
            )
        }
        return value
    }

    func choices(_ path: String, _ value: String, _ allowed: [String]) -> Diagnostic {
        Diagnostic(
            .data, file: file, dataPath: path,
            "\"\(value)\" is not one of \(allowed.joined(separator: ", "))",
            suggestion: Suggestion(for: value, among: allowed)
        ).coded(.invalidField)
    }

    mutating func warnUnknown(keys: [String], known: Set<String>, path: String?) {
        for key in keys where !known.contains(key) {
            warnings.append(
                Warning(
                    file: file, dataPath: path, "unknown key \"\(key)\"",
                    suggestion: Suggestion(for: key, among: known.sorted())
                ).coded(.unknownKey))
        }
    }

    func error(_ path: String, _ message: String) -> Diagnostic {
        Diagnostic(.data, file: file, dataPath: path, message).coded(.invalidField)
    }
}

import Foundation
import SwatchbookCore

extension SwatchbookModule {
    /// A reader plugin's helpers: `sb.input()` (its palette file),
    /// `sb.input_warning`, `sb.input_problem` and `sb.input_error` (what is
    /// wrong with the file, and where), and `sb.title` and `sb.document`
    /// (what the file says of itself, for its writer to give back).
    static func installInputFunctions(in runtime: LuaRuntime) {
        // The runtime keeps its host functions; they must not keep it, or
        // every loaded plugin and theme would leak its Lua state.
        unowned let runtime = runtime
        function(
            "input", in: runtime,
            doc: LuaDoc("()", ["A reader plugin's palette file: its bytes.", "@return string"])
        ) { stack throws(LuaHostError) in
            stack.push(bytes: try readInput(of: runtime))
            return 1
        }
        function(
            "input_warning", in: runtime,
            doc: LuaDoc(
                "(place, message, code)",
                [
                    "Warns of something in the palette file that is read anyway or left out:",
                    "FILE:LINE:COLUMN: warning: message; check counts it, and --strict fails on it. The place is a",
                    "line (0 for none) or {line = L, column = C}; the code a rule name (\"bad-colour\", \"dropped\" …);",
                    "with {typed = word, among = {…}} the closest known word is suggested (did you mean …?).",
                    "@param place integer|{line: integer, column?: integer}", "@param message string",
                    "@param code? string", "@param suggest? {typed: string, among: string[]}",
                ])
        ) { stack throws(LuaHostError) in
            let (input, place) = try inputPlace(of: runtime, on: stack, in: "sb.input_warning")
            guard let message = stack.string(at: 2) else {
                throw LuaHostError(
                    "sb.input_warning: argument 2 is \(stack.describe(at: 2)), expected the warning's text")
            }
            let code = try diagnosticCode(at: 3, on: stack, in: "sb.input_warning")
            var warning = Warning(
                file: input.displayName, Sanitizer.cleanMessage(message),
                suggestion: try suggestion(at: 4, on: stack, in: "sb.input_warning"))
            warning.line = place.line
            warning.column = place.column
            warning.code = code
            runtime.host.inputWarnings.append(warning)
            return 0
        }
        function(
            "input_problem", in: runtime,
            doc: LuaDoc(
                "(place, message, code)",
                [
                    "Reports a problem of the palette file and goes on reading: check lists every one, and when",
                    "the reader is done the file fails (exit 65) with the first. Arguments as sb.input_warning's.",
                    "@param place integer|{line: integer, column?: integer}", "@param message string",
                    "@param code? string", "@param suggest? {typed: string, among: string[]}",
                ])
        ) { stack throws(LuaHostError) in
            let problem = try inputProblem(of: runtime, on: stack, in: "sb.input_problem")
            runtime.host.inputProblems.append(problem)
            return 0
        }
        function(
            "input_error", in: runtime,
            doc: LuaDoc(
                "(place, message, code)",
                [
                    "Reports the palette file as bad and stops reading: FILE:LINE:COLUMN: message, exit 65.",
                    "Arguments as sb.input_warning's; problems sb.input_problem reported come first.",
                    "@param place integer|{line: integer, column?: integer}", "@param message string",
                    "@param code? string", "@param suggest? {typed: string, among: string[]}",
                ])
        ) { stack throws(LuaHostError) in
            let problem = try inputProblem(of: runtime, on: stack, in: "sb.input_error")
            runtime.host.inputFailure = problem
            throw LuaHostError(problem.formatted)
        }
        function(
            "title", in: runtime,
            doc: LuaDoc(
                "(text)",
                [
                    "The title of what is written (HTML's page title, a GIMP palette's Name:).",
                    "@param text string",
                ])
        ) { stack throws(LuaHostError) in
            guard let text = stack.string(at: 1) else {
                throw LuaHostError("sb.title: expected a string, got \(stack.typeName(at: 1))")
            }
            runtime.host.palette.title = String(Sanitizer.clean(text).prefix(CatalogueLimits.nameBytes))
            return 0
        }
        function(
            "document", in: runtime,
            doc: LuaDoc(
                "(info)",
                [
                    "What a palette file says of itself, for its writer to give back: title, description,",
                    "columns (a GIMP palette's), tokens (a DTCG document as sb.json.decode read it, or its",
                    "JSON text, read as that table would be without reading the table back).",
                    "@param info {title?: string, description?: string, columns?: integer, tokens?: table|string}",
                ])
        ) { stack throws(LuaHostError) in
            guard stack.type(at: 1) == .table else {
                throw LuaHostError("sb.document: expected a table, got \(stack.typeName(at: 1))")
            }
            var palette = runtime.host.palette
            for key in ["title", "description"] {
                stack.rawField(1, key)
                defer { stack.pop() }
                guard stack.type(at: -1) != .nil else { continue }
                guard let text = stack.string(at: -1), stack.type(at: -1) == .string else {
                    throw LuaHostError("sb.document: \(key) is \(stack.describe(at: -1)), expected a string")
                }
                let kept = String(Sanitizer.clean(text).prefix(CatalogueLimits.valueBytes))
                if key == "title" { palette.title = kept } else { palette.description = kept }
            }
            stack.rawField(1, "columns")
            if stack.type(at: -1) != .nil {
                guard let columns = stack.integer(at: -1), (0...256).contains(columns) else {
                    throw LuaHostError("sb.document: columns is \(stack.describe(at: -1)), expected 0 to 256")
                }
                palette.columns = columns
            }
            stack.pop()
            switch stack.rawField(1, "tokens") {
            case .nil: break
            case .string: palette.tokens = try documentTokens(fromTextAt: -1, on: stack, in: runtime)
            default:
                palette.tokens = try JSONValue(luaValueAt: -1, on: stack, limit: runtime.limits.memoryBytes)
            }
            stack.pop()
            runtime.host.palette = palette
            return 0
        }
    }

    /// `sb.document{tokens = text}`: the JSON text's document as its
    /// decoded table would be read back, without decoding and reading it
    /// back: from the tree `sb.json.decode` made of the same text, or a new
    /// one. A tree its table would not give back as it is (a null in an
    /// array, nesting at the limit, more than the cap) is pushed and read
    /// back, for the very value or error the table gives.
    private static func documentTokens(fromTextAt index: Int32, on stack: LuaStack, in runtime: LuaRuntime)
        throws(LuaHostError) -> JSONValue?
    {
        let text = try bytes(at: index, on: stack, in: "sb.document: tokens")
        let value: JSONValue
        if let last = runtime.host.lastDecoded, sameBytes(last.text, text) {
            value = last.value
        } else {
            value = try parse(text, in: "sb.document: tokens")
        }
        if case .null = value { return nil }
        var spent = 0
        if let kept = value.asLuaGivesItBack(spent: &spent, depth: 0), spent <= runtime.limits.memoryBytes {
            return kept
        }
        try push(value, on: stack, in: "sb.document: tokens")
        defer { stack.pop() }
        return try JSONValue(luaValueAt: -1, on: stack, limit: runtime.limits.memoryBytes)
    }

    /// Whether `a` and `b` hold the same bytes, compared a block at a time
    /// (`==` on arrays compares a megabyte a byte at a time).
    private static func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        guard !a.isEmpty else { return true }
        return a.withUnsafeBytes { a in
            b.withUnsafeBytes { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
        }
    }

    /// The largest file `sb.input()` reads: what the memory cap could hold.
    /// A file it cannot read is the file's failure (``LuaRuntime/inputFailure``).
    private static func readInput(of runtime: LuaRuntime) throws(LuaHostError) -> [UInt8] {
        guard let input = runtime.host.input else {
            throw LuaHostError("sb.input: this plugin was given no file (it is not run as a reader)")
        }
        if let contents = input.contents { return contents }
        func refuse(_ kind: Diagnostic.Kind, _ message: String) -> LuaHostError {
            runtime.host.inputFailure = Diagnostic(kind, file: input.displayName, message)
            return LuaHostError("sb.input: \(input.displayName): \(message)")
        }
        var status = stat()
        guard stat(input.url.path, &status) == 0 else {
            throw refuse(.inputMissing, String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw refuse(.inputMissing, "is not a regular file (a folder, a FIFO or a device)")
        }
        guard Int(status.st_size) <= runtime.limits.memoryBytes / 2 else {
            throw refuse(
                .data,
                "is \(status.st_size) bytes, more than half the memory cap of \(runtime.limits.memoryMiB) MiB (--max-memory)"
            )
        }
        guard let data = FileManager.default.contents(atPath: input.url.path) else {
            throw refuse(.inputMissing, "cannot be read (permission denied?)")
        }
        return [UInt8](data)
    }

    /// The file a reader was given and the place argument 1 names in it:
    /// a line (0: none) or `{line = L, column = C}`, for `sb.input_error`,
    /// `sb.input_problem` and `sb.input_warning`.
    private static func inputPlace(of runtime: LuaRuntime, on stack: LuaStack, in function: String)
        throws(LuaHostError) -> (InputFile, (line: Int?, column: Int?))
    {
        guard let input = runtime.host.input else {
            throw LuaHostError("\(function): this plugin was given no file (it is not run as a reader)")
        }
        func refuse() -> LuaHostError {
            LuaHostError(
                "\(function): argument 1 is \(stack.describe(at: 1)), expected a line number (0 for none) or {line = L, column = C}"
            )
        }
        if stack.type(at: 1) == .table {
            stack.rawField(1, "line")
            let line = stack.type(at: -1) == .number ? stack.integer(at: -1) : nil
            stack.pop()
            stack.rawField(1, "column")
            let hasColumn = stack.type(at: -1) != .nil
            let column = stack.type(at: -1) == .number ? stack.integer(at: -1) : nil
            stack.pop()
            guard let line, line >= 0, !hasColumn || (column ?? 0) > 0 else { throw refuse() }
            return (input, (line > 0 ? line : nil, line > 0 ? column : nil))
        }
        guard stack.type(at: 1) == .number, let line = stack.integer(at: 1), line >= 0 else { throw refuse() }
        return (input, (line > 0 ? Int(line) : nil, nil))
    }

    /// The problem `sb.input_error` or `sb.input_problem` reports: its
    /// place, message (a default when none) and code.
    private static func inputProblem(of runtime: LuaRuntime, on stack: LuaStack, in function: String)
        throws(LuaHostError) -> Diagnostic
    {
        let (input, place) = try inputPlace(of: runtime, on: stack, in: function)
        let message = stack.string(at: 2) ?? "is not a file this reader understands"
        var problem = Diagnostic(
            .data, file: input.displayName, line: place.line, Sanitizer.cleanMessage(message),
            suggestion: try suggestion(at: 4, on: stack, in: function))
        problem.column = place.column
        problem.code = try diagnosticCode(at: 3, on: stack, in: function)
        return problem
    }

    /// The suggestion argument `index` asks for, `{typed = word, among =
    /// {…}}`: the known word closest to the one typed, when one is close.
    private static func suggestion(at index: Int32, on stack: LuaStack, in function: String)
        throws(LuaHostError) -> Suggestion?
    {
        guard stack.type(at: index) != .nil && stack.type(at: index) != .none else { return nil }
        func refuse() -> LuaHostError {
            LuaHostError(
                "\(function): argument \(index) is \(stack.describe(at: index)), expected {typed = word, among = {words}}"
            )
        }
        guard stack.type(at: index) == .table else { throw refuse() }
        stack.rawField(index, "typed")
        let typed = stack.type(at: -1) == .string ? stack.string(at: -1) : nil
        stack.pop()
        guard let typed, stack.rawField(index, "among") == .table else {
            stack.pop()
            throw refuse()
        }
        var words: [String] = []
        var i = 1
        while stack.rawIndex(-1, i) == .string, let word = stack.string(at: -1) {
            words.append(word)
            stack.pop()
            i += 1
        }
        stack.pop(2)
        return Suggestion(for: typed, among: words)
    }

    /// The code argument `index` names by its rule name (`"bad-colour"`),
    /// or nil when it is absent; a name no code has is the script's error.
    private static func diagnosticCode(at index: Int32, on stack: LuaStack, in function: String)
        throws(LuaHostError) -> DiagnosticCode?
    {
        guard stack.type(at: index) != .nil && stack.type(at: index) != .none else { return nil }
        let names = DiagnosticCode.allCases.map(\.name)
        guard stack.type(at: index) == .string, let name = stack.string(at: index) else {
            throw LuaHostError(
                "\(function): argument \(index) is \(stack.describe(at: index)), expected a code name such as \"bad-colour\""
            )
        }
        guard let code = DiagnosticCode.allCases.first(where: { $0.name == name }) else {
            let suggestion = Suggestion(for: name, among: names)
            throw LuaHostError(
                "\(function): argument \(index) is \(JSONValue.quoted(name)), expected a code name: "
                    + names.joined(separator: ", ") + (suggestion?.phrase ?? ""))
        }
        return code
    }
}

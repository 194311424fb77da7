import Foundation
import SwatchbookCore

/// The view state on disk (`--state FILE`): JSON, written atomically.
///
/// It is read with the host's own JSON parser, so a damaged file is
/// reported where it is damaged: the line and column of a syntax error, or
/// the field and what it should hold (`top: expected a whole number, got
/// 1e+300`). Every field may be missing, or null: it keeps its default.
///
/// A file is written back only when the state changed, and then with the
/// top-level fields this version does not know (a newer version's) as
/// they were. No state is near `maximumBytes`; a file past it is refused
/// before it is read.
enum StateFile {
    /// What a state file held: the state, and the fields not read into it.
    struct Loaded {
        var state: ViewState
        var unknown: [JSONValue.Member] = []
    }

    static let maximumBytes = 16 * 1024 * 1024

    /// The saved state, or nil when the file does not exist yet.
    static func load(_ path: String) throws(Diagnostic) -> Loaded? {
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw Diagnostic(.inputMissing, file: path, "cannot be read: \(String(cString: strerror(errno)))")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw Diagnostic(
                .inputMissing, file: path, "is not a regular file (a folder, a FIFO or a device)")
        }
        guard status.st_size <= maximumBytes else {
            throw Diagnostic(
                .data, file: path,
                "is \(status.st_size) bytes; a state file is at most \(maximumBytes / 1024 / 1024) MiB")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Diagnostic(.inputMissing, file: path, "cannot be read")
        }
        return try decode([UInt8](data), file: path)
    }

    /// Reads the text of a saved state; `file` names it in errors.
    static func decode(_ bytes: [UInt8], file: String) throws(Diagnostic) -> Loaded {
        let document: JSONValue
        do throws(JSONSyntaxError) {
            document = try JSONValue(parsing: bytes)
        } catch {
            throw Diagnostic(.data, file: file, line: error.line, "column \(error.column): \(error.message)")
        }
        return try Reader(file: file).loaded(document)
    }

    /// Writes `state` to `path`, unless it is what the file already held.
    static func save(_ state: ViewState, to path: String, over saved: Loaded?) throws(Diagnostic) {
        if let saved, saved.state == state { return }
        let text: [UInt8]
        do {
            text = try encode(state, keeping: saved?.unknown ?? [])
        } catch {
            throw Diagnostic(.internal, file: path, "cannot encode the view state: \(error)")
        }
        try OutputFile.writeAtomically(text, to: path)
    }

    /// The text of a saved state, with `unknown` fields beside it: pretty
    /// JSON with sorted keys, so the same state is the same bytes.
    static func encode(_ state: ViewState, keeping unknown: [JSONValue.Member] = []) throws -> [UInt8] {
        var object =
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(state)) as? [String: Any] ?? [:]
        for member in unknown where object[member.key] == nil {
            object[member.key] = Self.object(member.value)
        }
        let options: JSONSerialization.WritingOptions = [
            .prettyPrinted, .sortedKeys, .withoutEscapingSlashes,
        ]
        return [UInt8](try JSONSerialization.data(withJSONObject: object, options: options)) + [
            UInt8(ascii: "\n")
        ]
    }

    /// A decoded value as Foundation's JSON writer takes it.
    private static func object(_ value: JSONValue) -> Any {
        switch value {
        case .null: NSNull()
        case .bool(let flag): flag
        case .integer(let number): number
        case .number(let number): number
        case .string(let text): text
        case .array(let elements): elements.map(object)
        case .object(let members):
            Dictionary(members.map { ($0.key, object($0.value)) }, uniquingKeysWith: { _, last in last })
        }
    }

    /// Reads each field as the type it holds, naming the field that holds
    /// something else.
    private struct Reader {
        let file: String

        func loaded(_ document: JSONValue) throws(Diagnostic) -> Loaded {
            guard case .object(let members) = document else {
                throw problem("", "expected a saved view state (a JSON object), got \(describe(document))")
            }
            var state = ViewState()
            var unknown: [JSONValue.Member] = []
            for member in members {
                let field = member.key
                let value = member.value
                if value == .null { continue }
                switch field {
                case "offsets":
                    state.offsets = try map(value, field) { v, p throws(Diagnostic) in try integer(v, p) }
                case "lastFocused":
                    state.lastFocused = try map(value, field) { v, p throws(Diagnostic) in try string(v, p) }
                case "expanded": state.expanded = try keys(value, field)
                case "collapsed": state.collapsed = try keys(value, field)
                case "selected": state.selected = try keys(value, field)
                case "selectionPaths":
                    state.selectionPaths = try map(value, field) { v, p throws(Diagnostic) in try path(v, p) }
                case "focus": state.focus = try string(value, field)
                case "focusPath": state.focusPath = try path(value, field)
                case "top": state.top = try integer(value, field)
                case "filter": state.filter = try string(value, field)
                case "beforeFilter": state.beforeFilter = try savedView(value, field)
                // Written by versions before the whole view was saved.
                case "expandedBeforeFilter":
                    var saved = state.beforeFilter ?? ViewState.SavedView()
                    saved.expanded = try keys(value, field)
                    state.beforeFilter = saved
                default: unknown.append(member)
                }
            }
            return Loaded(state: state, unknown: unknown)
        }

        func savedView(_ document: JSONValue, _ field: String) throws(Diagnostic) -> ViewState.SavedView {
            guard case .object(let members) = document else {
                throw problem(field, "expected an object, got \(describe(document))")
            }
            var saved = ViewState.SavedView()
            for member in members where member.value != .null {
                let path = "\(field).\(member.key)"
                switch member.key {
                case "expanded": saved.expanded = try keys(member.value, path)
                case "collapsed": saved.collapsed = try keys(member.value, path)
                case "offsets":
                    saved.offsets = try map(member.value, path) { v, p throws(Diagnostic) in try integer(v, p)
                    }
                case "focus": saved.focus = try string(member.value, path)
                case "focusPath": saved.focusPath = try self.path(member.value, path)
                case "top": saved.top = try integer(member.value, path)
                default: continue
                }
            }
            return saved
        }

        private func map<T>(
            _ value: JSONValue, _ field: String, _ read: (JSONValue, String) throws(Diagnostic) -> T
        ) throws(Diagnostic) -> [String: T] {
            guard case .object(let members) = value else {
                throw problem(field, "expected an object, got \(describe(value))")
            }
            var result: [String: T] = [:]
            for member in members {
                result[member.key] = try read(member.value, "\(field)[\(quoted(member.key))]")
            }
            return result
        }

        private func keys(_ value: JSONValue, _ field: String) throws(Diagnostic) -> Set<String> {
            guard case .array(let elements) = value else {
                throw problem(field, "expected an array of element keys, got \(describe(value))")
            }
            var result: Set<String> = []
            for (index, element) in elements.enumerated() {
                result.insert(try string(element, "\(field)[\(index + 1)]"))
            }
            return result
        }

        private func string(_ value: JSONValue, _ field: String) throws(Diagnostic) -> String {
            guard case .string(let text) = value else {
                throw problem(field, "expected a string, got \(describe(value))")
            }
            return text
        }

        private func integer(_ value: JSONValue, _ field: String) throws(Diagnostic) -> Int {
            guard case .integer(let number) = value else {
                throw problem(field, "expected a whole number, got \(describe(value))")
            }
            return number
        }

        private func path(_ value: JSONValue, _ field: String) throws(Diagnostic) -> ElementPath {
            let text = try string(value, field)
            guard let path = ElementPath(parsing: text) else {
                throw problem(field, "expected a path like \"2.1.3\", got \(quoted(text))")
            }
            return path
        }

        private func problem(_ field: String, _ message: String) -> Diagnostic {
            Diagnostic(.data, file: file, dataPath: field.isEmpty ? nil : field, message)
        }

        /// What a value is, briefly and safely: untrusted text is cut and
        /// quoted, never shown raw.
        private func describe(_ value: JSONValue) -> String {
            switch value {
            case .null: "null"
            case .bool(let flag): flag ? "true" : "false"
            case .integer(let number): "\(number)"
            case .number(let number): "\(number)"
            case .string(let text): "the string \(quoted(text))"
            case .array: "an array"
            case .object: "an object"
            }
        }

        private func quoted(_ text: String) -> String {
            let cut = text.count > 40 ? String(text.prefix(40)) + "…" : text
            return "\"" + Sanitizer.clean(cut) + "\""
        }
    }
}

import SwatchbookCore
import SwatchbookImport

extension SwatchbookModule {
    /// `sb.yaml.decode(text)` → `value, lines`: the YAML parser `theme import`
    /// reads schemes with (libyaml), for readers, so a file means the same
    /// to both.
    ///
    /// - Every scalar is a string as written, never a number or a boolean:
    ///   `base00: 000000` stays `"000000"`, and `tonumber` makes a number.
    /// - Mappings are tables whose `pairs` follow the document's order (as
    ///   `sb.json.decode` makes them); a key given twice is an error, as it
    ///   is to `theme import`.
    /// - Sequences are arrays from 1; an alias is a copy of what its anchor
    ///   named, counted against the memory cap each time it is copied.
    /// - `lines` maps each key's path (`palette.base00`, `list.3`; `""` for
    ///   the document) to the line it is on, for the reader's errors.
    ///
    /// Bad YAML raises `sb.yaml.decode: line N: what was wrong`.
    static func installYAMLFunctions(in runtime: LuaRuntime) {
        unowned let runtime = runtime
        let stack = runtime.stack
        stack.newTable()
        function(
            "decode", in: runtime, table: "yaml",
            doc: LuaDoc(
                "(text)",
                [
                    "A YAML document: every scalar a string as written, mappings in the document's order.",
                    "@param text string", "@return any value",
                    "@return table<string, integer> lines by key path",
                ])
        ) { stack throws(LuaHostError) in
            let bytes = try bytes(at: 1, on: stack, in: "sb.yaml.decode")
            let document: YAMLNode?
            do throws(Diagnostic) {
                document = try YAMLReader.read(bytes, file: "")
            } catch {
                throw LuaHostError("sb.yaml.decode: " + placed(error.line, error.message))
            }
            guard let document else {
                stack.pushNil()
                stack.newTable()
                return 2
            }
            // Each node becomes a value and a line entry: both are counted
            // before either is built, aliases at every copy.
            let count = document.expandedCount(limit: runtime.limits.memoryBytes / bytesPerNode)
            guard runtime.reserve(count * bytesPerNode) else {
                throw LuaHostError(
                    "sb.yaml.decode: the document would take more than the memory cap of "
                        + "\(runtime.limits.memoryMiB) MiB (--max-memory) as Lua values")
            }
            var lines: [JSONValue.Member] = [JSONValue.Member("", .integer(document.line))]
            let value = try json(document, path: nil, lines: &lines)
            do throws(LuaHostError) {
                try value.push(on: stack)
                try JSONValue.object(lines).push(on: stack)
            } catch {
                throw LuaHostError("sb.yaml.decode: \(error.message)")
            }
            return 2
        }
        stack.setRawField(-2, "yaml")
    }

    /// Lua's least cost of a decoded node and its entry in `lines`: a slot
    /// and a string header for each.
    private static let bytesPerNode = 80

    /// `message` at `line` as the YAML helpers raise it: `line N: …`.
    static func placed(_ line: Int?, _ message: String) -> String {
        line.map { "line \($0): \(message)" } ?? message
    }

    /// `node` as a JSON value whose scalars are all strings, each key's
    /// line added to `lines` under its path.
    private static func json(_ node: YAMLNode, path: String?, lines: inout [JSONValue.Member])
        throws(LuaHostError) -> JSONValue
    {
        func child(_ key: String) -> String { path.map { $0 + "." + key } ?? key }
        switch node.content {
        case .scalar(let text):
            return .string(text)
        case .sequence(let elements):
            var values: [JSONValue] = []
            for (index, element) in elements.enumerated() {
                let key = child(String(index + 1))
                lines.append(JSONValue.Member(key, .integer(element.line)))
                values.append(try json(element, path: key, lines: &lines))
            }
            return .array(values)
        case .mapping(let entries):
            var members: [JSONValue.Member] = []
            for entry in entries {
                guard let key = entry.key.scalar else {
                    throw LuaHostError(
                        "sb.yaml.decode: "
                            + placed(
                                entry.key.line,
                                "expected a key that is text, got \(entry.key.kindDescription)"))
                }
                lines.append(JSONValue.Member(child(key), .integer(entry.key.line)))
                members.append(JSONValue.Member(key, try json(entry.value, path: child(key), lines: &lines)))
            }
            return .object(members)
        }
    }
}

extension YAMLNode {
    /// How many nodes this one stands for, an alias counted at each place
    /// it is used; at most `limit + 1`, so a walk of a file of aliases of
    /// aliases stops once it is known to be too big.
    func expandedCount(limit: Int) -> Int {
        var count = 1
        switch content {
        case .scalar: break
        case .sequence(let elements):
            for element in elements where count <= limit {
                count += element.expandedCount(limit: limit - count)
            }
        case .mapping(let entries):
            for entry in entries where count <= limit {
                count += entry.key.expandedCount(limit: limit - count)
                if count <= limit { count += entry.value.expandedCount(limit: limit - count) }
            }
        }
        return min(count, limit + 1)
    }
}

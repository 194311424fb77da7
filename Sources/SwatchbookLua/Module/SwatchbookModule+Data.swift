import Foundation
import SwatchbookCore

extension SwatchbookModule {
    /// The data helpers: `sb.read(rel)` and `sb.json.decode`, `encode` and
    /// `read`. Files are read-only and confined to the plugin's folder.
    ///
    /// - `sb.json.decode(s)`: objects become tables with string keys, whose
    ///   `pairs` follows the document's order; arrays sequences from 1,
    ///   `null` nil (so a `null` item leaves a hole).
    /// - `sb.json.encode(v)`: compact text, members in `pairs` order (a
    ///   decoded object's document order, else keys sorted); a table with
    ///   keys 1..n is an array, any other non-empty table needs string keys,
    ///   and an empty table is `{}`. Colours encode as their hex.
    static func installDataFunctions(in runtime: LuaRuntime) {
        // The runtime keeps its host functions; they must not keep it, or
        // every loaded plugin and theme would leak its Lua state.
        unowned let runtime = runtime
        let stack = runtime.stack
        function(
            "read", in: runtime,
            doc: LuaDoc(
                "(relative)",
                [
                    "A file of the plugin's folder, or outside it one the user granted with --allow-read; read-only.",
                    "@param relative string", "@return string",
                ])
        ) { stack throws(LuaHostError) in
            let relative = try relativePath(on: stack, in: "sb.read")
            stack.push(bytes: try read(relative, in: runtime, for: "sb.read"))
            return 1
        }

        stack.newTable()
        function(
            "decode", in: runtime, table: "json",
            doc: LuaDoc(
                "(text, options)",
                [
                    "With {positions = true} also returns where each value starts: places[path] = {line, column},",
                    "the path dotted as sb.yaml.decode's (\"\" the document, \"color.bg.$value\", \"list.3\").",
                    "@param text string", "@param options? {positions?: boolean}", "@return any value",
                    "@return table<string, {line: integer, column: integer}>? places",
                ])
        ) { stack throws(LuaHostError) in
            let text = try bytes(at: 1, on: stack, in: "sb.json.decode")
            guard try wantsPositions(on: stack) else {
                let value = try push(decoding: text, on: stack, in: "sb.json.decode")
                runtime.host.lastDecoded = (text, value)
                return 1
            }
            try pushWithPlaces(decoding: text, on: stack, in: "sb.json.decode")
            return 2
        }
        function(
            "encode", in: runtime, table: "json",
            doc: LuaDoc("(value)", ["@param value any", "@return string"])
        ) { stack throws(LuaHostError) in
            do throws(LuaHostError) {
                // The value is copied outside the cap as it is turned to
                // text: a cap's worth of it at most.
                let value = try JSONValue(luaValueAt: 1, on: stack, limit: runtime.limits.memoryBytes)
                stack.push(try encode(value))
            } catch {
                throw LuaHostError("sb.json.encode: \(error.message)")
            }
            return 1
        }
        function(
            "read", in: runtime, table: "json",
            doc: LuaDoc(
                "(relative)",
                [
                    "A JSON file of the plugin's folder, or one granted with --allow-read.",
                    "@param relative string", "@return any",
                ])
        ) { stack throws(LuaHostError) in
            let relative = try relativePath(on: stack, in: "sb.json.read")
            let text = try read(relative, in: runtime, for: "sb.json.read")
            try push(decoding: text, on: stack, in: "sb.json.read: \(relative)")
            return 1
        }
        stack.setRawField(-2, "json")

        installInputFunctions(in: runtime)
        installPlistFunctions(in: runtime)
        installYAMLFunctions(in: runtime)
        installBase16Functions(in: runtime)
    }

    /// Whether argument 2 of `sb.json.decode` asks for positions:
    /// `{positions = true}`.
    private static func wantsPositions(on stack: LuaStack) throws(LuaHostError) -> Bool {
        switch stack.type(at: 2) {
        case .nil, .none: return false
        case .table:
            stack.rawField(2, "positions")
            defer { stack.pop() }
            switch stack.type(at: -1) {
            case .nil: return false
            case .boolean: return stack.boolean(at: -1)
            default:
                throw LuaHostError(
                    "sb.json.decode: positions is \(stack.describe(at: -1)), expected true or false")
            }
        default:
            throw LuaHostError(
                "sb.json.decode: argument 2 is \(stack.describe(at: 2)), expected a table of options ({positions = true})"
            )
        }
    }

    private static func relativePath(on stack: LuaStack, in function: String) throws(LuaHostError) -> String {
        guard let relative = stack.string(at: 1) else {
            throw LuaHostError(
                "\(function): expected a path relative to the plugin's folder, got \(stack.typeName(at: 1))")
        }
        return relative
    }

    private static func read(_ relative: String, in runtime: LuaRuntime, for function: String)
        throws(LuaHostError) -> [UInt8]
    {
        do throws(ScriptFolder.ReadError) {
            return try runtime.readData(relative)
        } catch {
            throw LuaHostError("\(function): \(error.message(for: relative))")
        }
    }

    /// Parses JSON text and pushes the Lua value, and gives the tree;
    /// errors read `prefix: line L, column C: message`.
    @discardableResult
    private static func push(decoding text: [UInt8], on stack: LuaStack, in prefix: String)
        throws(LuaHostError) -> JSONValue
    {
        let value = try parse(text, in: prefix)
        try push(value, on: stack, in: prefix)
        return value
    }

    /// The tree of JSON text; errors read `prefix: line L, column C: message`.
    static func parse(_ text: [UInt8], in prefix: String) throws(LuaHostError) -> JSONValue {
        do throws(JSONSyntaxError) {
            return try JSONValue(parsing: text)
        } catch {
            throw LuaHostError("\(prefix): \(error)")
        }
    }

    /// Pushes a parsed tree as its Lua value; errors read `prefix: message`.
    static func push(_ value: JSONValue, on stack: LuaStack, in prefix: String) throws(LuaHostError) {
        do throws(LuaHostError) {
            try value.push(on: stack)
        } catch {
            throw LuaHostError("\(prefix): \(error.message)")
        }
    }

    /// Parses JSON text and pushes the Lua value and its places: where
    /// each value starts, by its dotted path.
    private static func pushWithPlaces(decoding text: [UInt8], on stack: LuaStack, in prefix: String)
        throws(LuaHostError)
    {
        let parsed: (value: JSONValue, places: [JSONPlace])
        do throws(JSONSyntaxError) {
            parsed = try JSONValue.parsingWithPlaces(text)
        } catch {
            throw LuaHostError("\(prefix): \(error)")
        }
        var members: [JSONValue.Member] = []
        members.reserveCapacity(parsed.places.count)
        var next = parsed.places.makeIterator()
        // The places follow the document, as this walk does: a value, then
        // its members or items.
        func walk(_ value: JSONValue, path: String?) {
            if let place = next.next() {
                members.append(
                    JSONValue.Member(
                        path ?? "",
                        .object([
                            JSONValue.Member("line", .integer(place.line)),
                            JSONValue.Member("column", .integer(place.column)),
                        ])))
            }
            func child(_ key: String) -> String { path.map { $0 + "." + key } ?? key }
            switch value {
            case .array(let items):
                for (index, item) in items.enumerated() { walk(item, path: child(String(index + 1))) }
            case .object(let fields):
                for field in fields { walk(field.value, path: child(field.key)) }
            default: break
            }
        }
        walk(parsed.value, path: nil)
        try push(parsed.value, on: stack, in: prefix)
        try push(.object(members), on: stack, in: prefix)
    }

    private static func encode(_ value: JSONValue) throws(LuaHostError) -> String {
        do throws(JSONEncodingError) {
            return try value.encoded()
        } catch {
            throw LuaHostError(error.message)
        }
    }
}

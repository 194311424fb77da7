import Foundation

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
        function("read", in: runtime) { stack throws(LuaHostError) in
            let relative = try relativePath(on: stack, in: "sb.read")
            stack.push(bytes: try read(relative, in: runtime, for: "sb.read"))
            return 1
        }

        stack.newTable()
        function("decode", in: runtime) { stack throws(LuaHostError) in
            guard let text = stack.rawBytes(at: 1) else {
                throw LuaHostError("sb.json.decode: expected a string, got \(stack.typeName(at: 1))")
            }
            try push(decoding: text, on: stack, in: "sb.json.decode")
            return 1
        }
        function("encode", in: runtime) { stack throws(LuaHostError) in
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
        function("read", in: runtime) { stack throws(LuaHostError) in
            let relative = try relativePath(on: stack, in: "sb.json.read")
            let text = try read(relative, in: runtime, for: "sb.json.read")
            try push(decoding: text, on: stack, in: "sb.json.read: \(relative)")
            return 1
        }
        stack.setRawField(-2, "json")
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
            return try runtime.readFile(relative)
        } catch {
            throw LuaHostError("\(function): \(error.message(for: relative))")
        }
    }

    /// Parses JSON text and pushes the Lua value; errors read
    /// `prefix: line L, column C: message`.
    private static func push(decoding text: [UInt8], on stack: LuaStack, in prefix: String)
        throws(LuaHostError)
    {
        let value: JSONValue
        do throws(JSONSyntaxError) {
            value = try JSONValue(parsing: text)
        } catch {
            throw LuaHostError("\(prefix): \(error)")
        }
        do throws(LuaHostError) {
            try value.push(on: stack)
        } catch {
            throw LuaHostError("\(prefix): \(error.message)")
        }
    }

    private static func encode(_ value: JSONValue) throws(LuaHostError) -> String {
        do throws(JSONEncodingError) {
            return try value.encoded()
        } catch {
            throw LuaHostError(error.message)
        }
    }
}

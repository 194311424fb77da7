import Foundation
import SwatchbookCore

extension SwatchbookModule {
    /// `sb.plist.decode(bytes)`: a property list, XML or binary (iTerm2's
    /// `.itermcolors` is one), as Lua values: dictionaries become tables
    /// with keys in sorted order, arrays sequences, data as UTF-8 text,
    /// dates ISO 8601 text, reals as they are (a NaN or an infinity too, for
    /// the reader to refuse). Binary plists are why this is a host helper: Lua has
    /// no reader for them, and Foundation has one.
    static func installPlistFunctions(in runtime: LuaRuntime) {
        unowned let runtime = runtime
        let stack = runtime.stack
        stack.newTable()
        function(
            "decode", in: runtime, table: "plist",
            doc: LuaDoc("(bytes)", ["An XML or binary property list.", "@param bytes string", "@return any"])
        ) { stack throws(LuaHostError) in
            let bytes = try bytes(at: 1, on: stack, in: "sb.plist.decode")
            try checkExtent(of: bytes, in: runtime)
            let root: Any
            do {
                root = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
            } catch {
                throw LuaHostError("sb.plist.decode: not a property list (\(Self.reason(error)))")
            }
            let value = try json(root, depth: 0)
            do throws(LuaHostError) {
                try value.push(on: stack)
            } catch {
                throw LuaHostError("sb.plist.decode: \(error.message)")
            }
            return 1
        }
        stack.setRawField(-2, "plist")
    }

    /// A binary plist may name one object from many places, so a few
    /// hundred bytes can stand for more objects than memory holds; what it
    /// would become is measured first (``BinaryPropertyListExtent``) and
    /// must fit under the memory cap, which is then refused as any
    /// allocation past it is. An XML plist has no references: what it
    /// becomes is in proportion to its size.
    private static func checkExtent(of bytes: [UInt8], in runtime: LuaRuntime) throws(LuaHostError) {
        guard bytes.starts(with: "bplist00".utf8) else { return }
        let size: Int
        do throws(BinaryPropertyListExtent.Malformed) {
            size = try BinaryPropertyListExtent.measure(
                bytes, limit: runtime.limits.memoryBytes, maximumDepth: JSONValue.maximumDepth)
        } catch {
            throw LuaHostError("sb.plist.decode: not a property list (\(error.reason))")
        }
        guard runtime.reserve(size) else {
            throw LuaHostError(
                "sb.plist.decode: the property list would take more than the memory cap of "
                    + "\(runtime.limits.memoryMiB) MiB (--max-memory) as Lua values")
        }
    }

    private static func reason(_ error: Error) -> String {
        let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
        return Sanitizer.clean(text ?? "unreadable")
    }

    private static func json(_ value: Any, depth: Int) throws(LuaHostError) -> JSONValue {
        guard depth < JSONValue.maximumDepth else {
            throw LuaHostError("sb.plist.decode: nested more than \(JSONValue.maximumDepth) levels")
        }
        switch value {
        case let text as String: return .string(text)
        case let whole as Int: return .integer(whole)
        case let real as Double: return .number(real)
        case let flag as Bool: return .bool(flag)
        case let data as Data: return .string(String(decoding: data, as: UTF8.self))
        case let date as Date: return .string(ISO8601DateFormatter().string(from: date))
        case let array as [Any]:
            var values: [JSONValue] = []
            for element in array { values.append(try json(element, depth: depth + 1)) }
            return .array(values)
        case let dictionary as [String: Any]:
            var members: [JSONValue.Member] = []
            for key in dictionary.keys.sorted() {
                members.append(JSONValue.Member(key, try json(dictionary[key]!, depth: depth + 1)))
            }
            return .object(members)
        default:
            return .null
        }
    }
}

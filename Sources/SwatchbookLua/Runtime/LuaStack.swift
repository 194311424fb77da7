import CLua
import CLuaShim

/// Safe access to a Lua stack from Swift.
///
/// Only functions that cannot raise a Lua error are used here (raw table
/// access, `to*` conversions, pushes under the host's memory grace), so no
/// `longjmp` ever crosses a Swift frame.
struct LuaStack {
    let L: OpaquePointer

    enum ValueType: Int32 {
        case none = -1, `nil` = 0, boolean, lightUserdata, number, string, table, function, userdata, thread
    }

    var top: Int32 { lua_gettop(L) }

    func type(at index: Int32) -> ValueType { ValueType(rawValue: lua_type(L, index)) ?? .none }

    func absolute(_ index: Int32) -> Int32 { lua_absindex(L, index) }

    func pop(_ n: Int32 = 1) { sbl_pop(L, n) }

    func setTop(_ index: Int32) { lua_settop(L, index) }

    /// Pushes `table[key]` without metamethods and returns its type.
    @discardableResult
    func rawField(_ table: Int32, _ key: String) -> ValueType {
        let t = absolute(table)
        push(key)
        return ValueType(rawValue: lua_rawget(L, t)) ?? .none
    }

    /// Pushes `table[i]` without metamethods and returns its type.
    @discardableResult
    func rawIndex(_ table: Int32, _ i: Int) -> ValueType {
        ValueType(rawValue: lua_rawgeti(L, table, lua_Integer(i))) ?? .none
    }

    func rawLength(_ index: Int32) -> Int { Int(lua_rawlen(L, index)) }

    /// Keeps the value at `index` in the registry; the number gets it back.
    func reference(_ index: Int32) -> Int {
        pushValue(index)
        return Int(luaL_ref(L, sbl_registryindex()))
    }

    /// Pushes a value kept with ``reference(_:)``.
    func pushReference(_ reference: Int) {
        lua_rawgeti(L, sbl_registryindex(), lua_Integer(reference))
    }

    /// The value at `index` when it is a real string (numbers are not
    /// converted), decoded as UTF-8 with invalid bytes replaced.
    func string(at index: Int32) -> String? {
        guard type(at: index) == .string else { return nil }
        return withBytes(at: index) { String(decoding: $0, as: UTF8.self) }
    }

    func integer(at index: Int32) -> Int? {
        var isNumber: Int32 = 0
        let value = sbl_tointeger(L, index, &isNumber)
        return isNumber != 0 ? Int(value) : nil
    }

    func number(at index: Int32) -> Double? {
        guard type(at: index) == .number else { return nil }
        var isNumber: Int32 = 0
        let value = sbl_tonumber(L, index, &isNumber)
        return isNumber != 0 ? value : nil
    }

    func boolean(at index: Int32) -> Bool { lua_toboolean(L, index) != 0 }

    func push(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                _ = lua_pushlstring(L, $0.baseAddress, $0.count)
            }
        }
    }

    func push(_ value: Int) { lua_pushinteger(L, lua_Integer(value)) }
    func push(_ value: Double) { lua_pushnumber(L, value) }
    func push(_ value: Bool) { lua_pushboolean(L, value ? 1 : 0) }
    func pushNil() { lua_pushnil(L) }
    func pushValue(_ index: Int32) { lua_pushvalue(L, index) }

    func newTable(arrayCount: Int = 0, fieldCount: Int = 0) {
        lua_createtable(L, Int32(arrayCount), Int32(fieldCount))
    }

    /// `table[key] = value` for the key and the value on top, popping
    /// both, without metamethods.
    func rawSet(_ table: Int32) { lua_rawset(L, table) }

    /// `table[key] = top`, popping the value, without metamethods.
    func setRawField(_ table: Int32, _ key: String) {
        let t = absolute(table)
        push(key)
        lua_rotate(L, -2, 1)
        lua_rawset(L, t)
    }

    /// The string keys of a table, sorted by their bytes so they come in
    /// the same order whatever Lua's hash seed.
    func stringKeys(of table: Int32) -> [String] {
        let t = absolute(table)
        var keys: [String] = []
        pushNil()
        while lua_next(L, t) != 0 {
            if let key = string(at: -2) { keys.append(key) }
            pop()
        }
        // By bytes: Strings compare by canonical equivalence, so "é" and
        // "e" + U+0301 would tie and come in `next`'s order, which changes
        // from run to run.
        return keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// How a value reads in an error message: strings quoted, numbers as
    /// written, other types by name.
    func describe(at index: Int32) -> String {
        switch type(at: index) {
        case .string: return "\"" + (string(at: index) ?? "") + "\""
        case .number:
            if lua_isinteger(L, index) != 0, let i = integer(at: index) { return String(i) }
            return number(at: index).map { String($0) } ?? "a number"
        case .boolean: return boolean(at: index) ? "true" : "false"
        case .nil, .none: return "nil"
        case .table: return "a table"
        case .function: return "a function"
        case .userdata, .lightUserdata: return "a userdata"
        case .thread: return "a coroutine"
        }
    }

    /// Type name as Lua's `type()` says it, for "expected X, got Y".
    func typeName(at index: Int32) -> String {
        switch type(at: index) {
        case .none, .nil: "nil"
        case .boolean: "boolean"
        case .lightUserdata, .userdata: "userdata"
        case .number: "number"
        case .string: "string"
        case .table: "table"
        case .function: "function"
        case .thread: "thread"
        }
    }
}

import CLua
import CLuaShim

/// Table, registry and global access beyond reading fields: what the module
/// and readers need, so no `lua_*` call is made outside `Runtime/`.
extension LuaStack {
    /// Pops the value on top into `table[i]`, without metamethods.
    func setRawIndex(_ table: Int32, _ i: Int) {
        lua_rawseti(L, table, lua_Integer(i))
    }

    /// Pops a key and pushes `table[key]`, without metamethods.
    @discardableResult
    func rawGet(_ table: Int32) -> ValueType {
        ValueType(rawValue: lua_rawget(L, table)) ?? .none
    }

    /// Pops a key and pushes the next key and value of `table` (`next`);
    /// false, with nothing pushed, after the last.
    func next(_ table: Int32) -> Bool {
        lua_next(L, table) != 0
    }

    /// Whether the value at `index` is a number with an integer representation.
    func isInteger(at index: Int32) -> Bool {
        lua_isinteger(L, index) != 0
    }

    /// The identity of a table or function at `index`: equal for the same object.
    func identity(at index: Int32) -> UnsafeRawPointer? {
        lua_topointer(L, index)
    }

    /// Pops the value on top into the global `name`.
    func setGlobal(_ name: String) {
        lua_setglobal(L, name)
    }

    /// Pushes the registry's field `key`.
    func pushRegistryField(_ key: String) {
        lua_getfield(L, sbl_registryindex(), key)
    }

    /// Pops the value on top into the registry; the number gets it back
    /// (``pushReference(_:)``) until it is ``release(_:)``d.
    func takeReference() -> Int {
        Int(luaL_ref(L, sbl_registryindex()))
    }

    func release(_ reference: Int) {
        luaL_unref(L, sbl_registryindex(), Int32(reference))
    }

    // MARK: Key order

    /// Pushes the string keys of `table` in `pairs` order (UTF-8 byte order)
    /// as a list; their count, or -1 when memory ran out.
    func pushKeysInOrder(_ table: Int32) -> Int {
        Int(sbl_push_keys_in_order(L, table))
    }

    /// Marks the table at `index` to keep its keys in insertion order for `pairs`.
    func keepKeyOrder(_ table: Int32) {
        sbl_keep_key_order(L, table)
    }
}

/// Userdata with a named metatable: colours and random generators.
extension LuaStack {
    /// Registers the metatable `name` if it is new, and pushes it.
    @discardableResult
    func newMetatable(_ name: String) -> Bool {
        luaL_newmetatable(L, name) != 0
    }

    /// Pushes a new userdata of `size` bytes with the metatable `name`, and
    /// returns its memory.
    func newUserdata(size: Int, userValues: Int32 = 0, metatable name: String) -> UnsafeMutableRawPointer {
        let raw = lua_newuserdatauv(L, size, userValues)!
        luaL_setmetatable(L, name)
        return raw
    }

    /// Pops the value on top into user value `n` of the userdata at `index`.
    func setUserValue(_ index: Int32, _ n: Int32) {
        lua_setiuservalue(L, index, n)
    }

    /// Pushes user value `n` of the userdata at `index` (nil when it has none).
    @discardableResult
    func pushUserValue(_ index: Int32, _ n: Int32) -> ValueType {
        ValueType(rawValue: lua_getiuservalue(L, index, n)) ?? .none
    }

    /// The memory of the userdata at `index` when its metatable is `name`.
    func userdata(at index: Int32, metatable name: String) -> UnsafeMutableRawPointer? {
        luaL_testudata(L, index, name)
    }
}

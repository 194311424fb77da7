import CLua
import CLuaShim

extension LuaStack {
    /// The bytes of the string at `index` exactly as Lua holds them (no
    /// UTF-8 repair), or nil when the value is not a real string.
    func rawBytes(at index: Int32) -> [UInt8]? {
        guard type(at: index) == .string else { return nil }
        return withBytes(at: index) { Array($0) }
    }

    /// Calls `body` with the bytes of the string (or number, converted in
    /// place) at `index`, straight from Lua's buffer; nil for other values.
    func withBytes<T>(at index: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T? {
        var length = 0
        guard let raw = sbl_tostring(L, index, &length) else { return nil }
        return body(
            UnsafeBufferPointer(
                start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: length))
    }

    /// Pushes `bytes` as a Lua string, unchanged.
    func push(bytes: some Collection<UInt8>) {
        let copied = Array(bytes)
        copied.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                _ = lua_pushlstring(L, $0.baseAddress, $0.count)
            }
        }
    }

    /// Makes room for `count` more values; false only when memory is gone.
    func reserve(_ count: Int32) -> Bool { lua_checkstack(L, count) != 0 }
}

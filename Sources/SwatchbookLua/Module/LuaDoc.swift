/// What the LuaLS stubs say of one function a script can call: its
/// signature and annotations (`@param`, `@return`, a line of prose).
///
/// Each is given where the function is registered, and a runtime asked to
/// keeps what was registered (``LuaRuntime/documentation``): `swatchbook
/// stubs` writes the stubs from a module installed in a bare state, so a
/// function can be neither registered without its stub nor stubbed
/// without existing.
struct LuaDoc: Sendable {
    /// Where the function is reached from a script.
    enum Scope: Hashable, Sendable {
        /// `sb.NAME`.
        case module
        /// `sb.TABLE.NAME`.
        case table(String)
        /// `colour:NAME()`.
        case colour
        /// `generator:NAME()`.
        case random
    }

    /// One registered function and what is said of it.
    struct Entry: Sendable {
        var scope: Scope
        var name: String
        var doc: LuaDoc
    }

    var signature: String
    var annotations: [String]

    init(_ signature: String, _ annotations: [String] = []) {
        self.signature = signature
        self.annotations = annotations
    }
}

import SwatchbookCore
import SwatchbookSession

/// A plugin answers its session through its Lua table: each callback is a
/// function there, called under the script limits.
extension Plugin: SessionScript {
    public func attach(to session: Session) {
        runtime.host.session = session
    }

    public func answers(_ callback: ScriptCallback) -> Bool {
        has(callback.rawValue)
    }

    /// The session asks ``answers(_:)`` first, so the table is not looked
    /// up twice a callback.
    public func call(_ callback: ScriptCallback, with event: ScriptEvent) throws(Diagnostic) -> ScriptAnswer {
        let stack = runtime.stack
        let base = stack.top
        defer { stack.setTop(base) }
        try runtime.pushProtected { stack throws(LuaHostError) in
            stack.pushReference(self.tableReference)
            stack.rawField(-1, callback.rawValue)
            do throws(Diagnostic) {
                try self.push(event, on: stack)
            } catch {
                throw LuaHostError(error.sentence)
            }
            return 2
        }
        let element = event.element
        try runtime.call(
            arguments: 1, results: 1,
            in: "\(callback.rawValue)(\(element.kind.rawValue) \(element.wholePath))")
        switch stack.type(at: -1) {
        case .nil, .none: return .nothing
        case .boolean: return stack.boolean(at: -1) ? .other : .no
        case .string: return .text(stack.string(at: -1) ?? "")
        default: return .other
        }
    }

    public func load(on screen: Screen) throws(Diagnostic) {
        _ = try callWithContext("on_load", on: screen) { _ in }
    }

    public func status(on screen: Screen) throws(Diagnostic) -> String? {
        var text: String?
        _ = try callWithContext("status", on: screen) { (stack) throws(Diagnostic) in
            switch stack.type(at: -1) {
            case .nil, .none: text = nil
            case .string, .number: text = stack.string(at: -1) ?? stack.describe(at: -1)
            default:
                throw Diagnostic(
                    .data, file: file, "status: expected text or nil, got \(stack.describe(at: -1))")
            }
        }
        return text
    }

    public func reload() {
        (source as? LuaSource)?.reload()
    }

    /// Whether the plugin's table has a function `name`.
    private func has(_ name: String) -> Bool {
        let stack = runtime.stack
        let base = stack.top
        defer { stack.setTop(base) }
        stack.pushReference(tableReference)
        return stack.rawField(-1, name) == .function
    }

    /// Calls the plugin's function `name` with `ctx` (options, the screen's
    /// size, folder) and hands its one result, on top of the stack, to
    /// `read`. False when the plugin has no such function.
    private func callWithContext(
        _ name: String, on screen: Screen, read: (LuaStack) throws(Diagnostic) -> Void
    ) throws(Diagnostic) -> Bool {
        guard has(name) else { return false }
        let stack = runtime.stack
        let base = stack.top
        defer { stack.setTop(base) }
        try runtime.pushProtected { stack throws(LuaHostError) in
            stack.pushReference(self.tableReference)
            stack.rawField(-1, name)
            // The one ctx, which the source's functions see too, given the
            // screen's size as it is now.
            stack.pushReference(self.contextReference)
            stack.push(screen.width)
            stack.setRawField(-2, "width")
            stack.push(screen.height)
            stack.setRawField(-2, "height")
            return 2
        }
        try runtime.call(arguments: 1, results: 1, in: "\(name)(ctx)")
        try read(stack)
        return true
    }
}

extension Plugin {
    /// Whether the catalogue is a lazy source with a `search(query)`.
    public var hasSearch: Bool { (source as? LuaSource)?.hasSearch ?? false }

    /// What the lazy source's `search(query)` answers; nil without one.
    public func search(_ query: String) throws(Diagnostic) -> [ElementPath]? {
        try (source as? LuaSource)?.search(query)
    }

    /// An item's `data` as compact JSON, as `sb.json.encode` writes it, or
    /// nil when it has no JSON form (a function, a userdata, a cycle, a
    /// number JSON cannot hold) or would take more than the memory cap.
    public func json(of data: ScriptHandle) -> String? {
        let stack = runtime.stack
        let base = stack.top
        defer { stack.setTop(base) }
        stack.pushReference(data.rawValue)
        guard let value = try? JSONValue(luaValueAt: -1, on: stack, limit: runtime.limits.memoryBytes) else {
            return nil
        }
        return try? value.encoded()
    }
}

import CLua
import CLuaShim
import SwatchbookCore

/// The `swatchbook` module plugins `require`: colour constructors and
/// methods, and the host's version.
enum SwatchbookModule {
    static let version = "0.1.0"
    static let api = 1

    /// Builds the module table, registers it for `require "swatchbook"`,
    /// and sets up the colour metatable.
    static func install(in runtime: LuaRuntime) {
        // The runtime keeps its host functions; they must not keep it, or
        // every loaded plugin and theme would leak its Lua state.
        unowned let runtime = runtime
        let stack = runtime.stack
        installColorMetatable(in: runtime)

        stack.newTable()
        function("color", in: runtime) { stack throws(LuaHostError) in
            try push(color(at: 1, on: stack, in: "sb.color"), on: stack)
        }
        function("rgb", in: runtime) { stack throws(LuaHostError) in
            var channels: [UInt8] = []
            for i in Int32(1)...4 {
                if i == 4 && stack.type(at: 4) == .none {
                    channels.append(255)
                    break
                }
                guard let value = stack.integer(at: i), (0...255).contains(value) else {
                    throw LuaHostError("sb.rgb: argument \(i) is \(stack.describe(at: i)), expected 0-255")
                }
                channels.append(UInt8(value))
            }
            return push(
                Color(red: channels[0], green: channels[1], blue: channels[2], alpha: channels[3]), on: stack)
        }
        function("hsl", in: runtime) { stack throws(LuaHostError) in
            let (h, s, l) = try (
                number(1, on: stack, in: "sb.hsl"), number(2, on: stack, in: "sb.hsl"),
                number(3, on: stack, in: "sb.hsl")
            )
            return push(Color(hue: h, saturation: s, lightness: l), on: stack)
        }
        function("oklch", in: runtime) { stack throws(LuaHostError) in
            let (l, c, h) = try (
                number(1, on: stack, in: "sb.oklch"), number(2, on: stack, in: "sb.oklch"),
                number(3, on: stack, in: "sb.oklch")
            )
            return push(Color(oklchL: l, c: c, h: h), on: stack)
        }
        lua_getfield(runtime.L, sbl_registryindex(), LuaRuntime.logKey)
        stack.setRawField(-2, "log")
        installDataFunctions(in: runtime)
        installRandomFunctions(in: runtime)
        installStateFunctions(in: runtime)
        stack.push(version)
        stack.setRawField(-2, "version")
        stack.push(api)
        stack.setRawField(-2, "api")
        runtime.preload("swatchbook")
        stack.pop()
    }

    static func function(
        _ name: String, in runtime: LuaRuntime,
        _ body: @escaping (LuaStack) throws(LuaHostError) -> Int32
    ) {
        runtime.pushFunction(body)
        runtime.stack.setRawField(-2, name)
    }

    static func push(_ color: Color, on stack: LuaStack) -> Int32 {
        ColorValue.push(color, on: stack)
        return 1
    }

    static func color(at index: Int32, on stack: LuaStack, in function: String) throws(LuaHostError) -> Color
    {
        switch ColorValue.read(at: index, on: stack) {
        case .success(let color): return color
        case .failure(let error): throw LuaHostError("\(function): \(error.message)")
        }
    }

    static func number(_ index: Int32, on stack: LuaStack, in function: String) throws(LuaHostError) -> Double
    {
        guard let value = stack.number(at: index) else {
            throw LuaHostError(
                "\(function): argument \(index) is \(stack.describe(at: index)), expected a number")
        }
        return value
    }
}

import SwatchbookCore

extension SwatchbookModule {
    /// The colour metatable: methods in `__index`, `tostring` as hex, `==`
    /// by value.
    static func installColorMetatable(in runtime: LuaRuntime) {
        // The runtime keeps its host functions; they must not keep it, or
        // every loaded plugin and theme would leak its Lua state.
        unowned let runtime = runtime
        let stack = runtime.stack
        stack.newMetatable(ColorValue.metatableName)
        stack.newTable()
        method("hex", in: runtime, doc: LuaDoc("()", ["@return string #RRGGBB or #RRGGBBAA"])) {
            color, stack throws(LuaHostError) in
            stack.push(color.hex)
            return 1
        }
        method("rgb", in: runtime, doc: LuaDoc("()", ["@return integer r, integer g, integer b, integer a"]))
        { color, stack throws(LuaHostError) in
            stack.push(Int(color.red))
            stack.push(Int(color.green))
            stack.push(Int(color.blue))
            stack.push(Int(color.alpha))
            return 4
        }
        method(
            "space", in: runtime,
            doc: LuaDoc("()", ["The space it was written in (\"srgb\" for a hex).", "@return string"])
        ) { color, stack throws(LuaHostError) in
            stack.push((ColorValue.authored(at: 1, on: stack) ?? AuthoredColor(color)).space.rawValue)
            return 1
        }
        method(
            "components", in: runtime,
            doc: LuaDoc(
                "()",
                [
                    "The components as written, full precision (\"none\" where missing), and the alpha.",
                    "@return (number|string)[] components, number alpha",
                ])
        ) { color, stack throws(LuaHostError) in
            let authored = ColorValue.authored(at: 1, on: stack) ?? AuthoredColor(color)
            stack.newTable(arrayCount: authored.components.count)
            for (i, component) in authored.components.enumerated() {
                if let component { stack.push(component) } else { stack.push("none") }
                stack.setRawIndex(-2, i + 1)
            }
            stack.push(authored.alpha)
            return 2
        }
        method(
            "css", in: runtime,
            doc: LuaDoc(
                "()",
                [
                    "CSS text: as written, else made from the space (a hex for CMYK and grey).",
                    "@return string",
                ])
        ) { color, stack throws(LuaHostError) in
            stack.push(ColorValue.authored(at: 1, on: stack)?.cssText ?? color.hex)
            return 1
        }
        method("hsl", in: runtime, doc: LuaDoc("()", ["@return number h, number s, number l"])) {
            color, stack throws(LuaHostError) in
            let hsl = color.hsl
            stack.push(hsl.h)
            stack.push(hsl.s)
            stack.push(hsl.l)
            return 3
        }
        method("oklch", in: runtime, doc: LuaDoc("()", ["@return number l, number c, number h"])) {
            color, stack throws(LuaHostError) in
            let lch = color.oklch
            stack.push(lch.l)
            stack.push(lch.c)
            stack.push(lch.h)
            return 3
        }
        method(
            "lighten", in: runtime,
            doc: LuaDoc("(t)", ["@param t number|string 0-1", "@return swatchbook.Color"])
        ) { color, stack throws(LuaHostError) in
            push(
                color.lightened(try fraction(2, on: stack, in: "colour:lighten", named: "t", isMethod: true)),
                on: stack)
        }
        method(
            "darken", in: runtime,
            doc: LuaDoc("(t)", ["@param t number|string 0-1", "@return swatchbook.Color"])
        ) { color, stack throws(LuaHostError) in
            push(
                color.darkened(try fraction(2, on: stack, in: "colour:darken", named: "t", isMethod: true)),
                on: stack)
        }
        method(
            "mix", in: runtime,
            doc: LuaDoc(
                "(other, t)",
                [
                    "color-mix in OKLab, premultiplied.", "@param other swatchbook.Color|string",
                    "@param t? number|string 0-1, default 0.5", "@return swatchbook.Color",
                ])
        ) { color, stack throws(LuaHostError) in
            let other = try SwatchbookModule.color(at: 2, on: stack, in: "mix")
            let t =
                stack.type(at: 3) == .none
                ? 0.5 : try fraction(3, on: stack, in: "colour:mix", named: "t", isMethod: true)
            return push(color.mixed(with: other, t: t), on: stack)
        }
        method("luminance", in: runtime, doc: LuaDoc("()", ["@return number WCAG relative luminance"])) {
            color, stack throws(LuaHostError) in
            stack.push(color.relativeLuminance)
            return 1
        }
        method(
            "contrast", in: runtime,
            doc: LuaDoc(
                "(other)", ["@param other swatchbook.Color|string", "@return number WCAG 2 ratio, 1-21"])
        ) { color, stack throws(LuaHostError) in
            stack.push(color.contrast(with: try SwatchbookModule.color(at: 2, on: stack, in: "contrast")))
            return 1
        }
        method("nearest_name", in: runtime, doc: LuaDoc("()", ["@return string"])) {
            color, stack throws(LuaHostError) in
            stack.push(color.nearestName())
            return 1
        }
        method("is_light", in: runtime, doc: LuaDoc("()", ["@return boolean"])) {
            color, stack throws(LuaHostError) in
            stack.push(color.isLight)
            return 1
        }
        stack.setRawField(-2, "__index")
        method("__tostring", in: runtime) { color, stack throws(LuaHostError) in
            stack.push(color.hex)
            return 1
        }
        runtime.pushFunction { stack throws(LuaHostError) in
            let a = ColorValue.userdata(at: 1, on: stack)
            let b = ColorValue.userdata(at: 2, on: stack)
            stack.push(a != nil && a == b)
            return 1
        }
        stack.setRawField(-2, "__eq")
        stack.push("swatchbook.color")
        stack.setRawField(-2, "__name")
        stack.pop()
    }

    /// A colour method; `doc` nil for a metamethod, which scripts do not call by name.
    private static func method(
        _ name: String, in runtime: LuaRuntime, doc: @autoclosure () -> LuaDoc? = nil,
        _ body: @escaping (Color, LuaStack) throws(LuaHostError) -> Int32
    ) {
        if runtime.documentation != nil, let doc = doc() {
            document(name, in: runtime, scope: .colour, doc: doc)
        }
        runtime.pushFunction { stack throws(LuaHostError) in
            guard let color = ColorValue.userdata(at: 1, on: stack) else {
                throw LuaHostError("\(name): call it as colour:\(name)(...)")
            }
            return try body(color, stack)
        }
        runtime.stack.setRawField(-2, name)
    }
}

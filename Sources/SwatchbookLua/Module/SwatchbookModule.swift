import Foundation
import SwatchbookCore

/// The `swatchbook` module plugins `require`: colour constructors and
/// methods, and the host's version.
enum SwatchbookModule {
    static let version = "0.2.0"
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
        function(
            "color", in: runtime,
            doc: LuaDoc(
                "(x, options)",
                [
                    "Any colour form: hex, a CSS name or function, {r, g, b[, a]}, a colour, or",
                    "{space = \"oklch\", components = {l, c, h}, alpha = 1}; what was written is kept",
                    "(c:space(), c:components(), c:css()) and palette writers write it back.",
                    "CSS Color 5 is read: calc(), color-mix(), relative colours (oklch(from x l c h)) and",
                    "light-dark(), which gives its second colour with options {scheme = \"dark\"}.",
                    "@param x string|integer[]|swatchbook.ColorSpec|swatchbook.Color",
                    "@param options? {scheme?: \"light\"|\"dark\"}",
                    "@return swatchbook.Color",
                ])
        ) { stack throws(LuaHostError) in
            let scheme = try colorScheme(2, on: stack)
            switch ColorValue.readAuthored(at: 1, on: stack, keepsHex: true, scheme: scheme) {
            case .success(let (color, authored)):
                ColorValue.push(color, authored: authored, on: stack)
                return 1
            case .failure(let error): throw LuaHostError("sb.color: \(error.message)")
            }
        }
        function(
            "rgb", in: runtime,
            doc: LuaDoc(
                "(r, g, b, a)",
                [
                    "@param r integer 0-255", "@param g integer 0-255", "@param b integer 0-255",
                    "@param a? integer 0-255", "@return swatchbook.Color",
                ])
        ) { stack throws(LuaHostError) in
            // Read in place: a palette reader calls this once a colour.
            func channel(_ i: Int32) throws(LuaHostError) -> UInt8 {
                if i == 4 && stack.type(at: 4) == .none { return 255 }
                guard let value = stack.integer(at: i), (0...255).contains(value) else {
                    throw LuaHostError("sb.rgb: argument \(i) is \(stack.describe(at: i)), expected 0-255")
                }
                return UInt8(value)
            }
            let red = try channel(1)
            let green = try channel(2)
            let blue = try channel(3)
            return push(Color(red: red, green: green, blue: blue, alpha: try channel(4)), on: stack)
        }
        function(
            "hsl", in: runtime,
            doc: LuaDoc(
                "(h, s, l)",
                [
                    "@param h number hue in degrees", "@param s number|string fraction 0-1 or \"50%\"",
                    "@param l number|string fraction 0-1 or \"50%\"", "@return swatchbook.Color",
                ])
        ) { stack throws(LuaHostError) in
            let h = try degrees(1, on: stack, in: "sb.hsl", named: "hue")
            let s = try fraction(2, on: stack, in: "sb.hsl", named: "saturation")
            let l = try fraction(3, on: stack, in: "sb.hsl", named: "lightness")
            return push(Color(hue: h, saturation: s, lightness: l), on: stack)
        }
        function(
            "oklch", in: runtime,
            doc: LuaDoc(
                "(l, c, h)",
                [
                    "Gamut-mapped as CSS Color 4 maps it.", "@param l number|string lightness 0-1",
                    "@param c number|string chroma 0-0.5 (\"100%\" is 0.4)", "@param h number hue in degrees",
                    "@return swatchbook.Color",
                ])
        ) { stack throws(LuaHostError) in
            let l = try fraction(1, on: stack, in: "sb.oklch", named: "lightness")
            let c = try fraction(
                2, on: stack, in: "sb.oklch", named: "chroma", range: 0...0.5, percentOf: 0.4)
            let h = try degrees(3, on: stack, in: "sb.oklch", named: "hue")
            return push(Color(oklchL: l, c: c, h: h), on: stack)
        }
        runtime.stack.pushRegistryField(LuaRuntime.logKey)
        stack.setRawField(-2, "log")
        document(
            "log", in: runtime,
            doc: LuaDoc("(...)", ["Writes to stderr, never the screen.", "@param ... any"]))
        installDataFunctions(in: runtime)
        installMatch(in: runtime)
        installRandomFunctions(in: runtime)
        installStateFunctions(in: runtime)
        stack.push(version)
        stack.setRawField(-2, "version")
        stack.push(api)
        stack.setRawField(-2, "api")
        runtime.preload("swatchbook")
        stack.pop()
    }

    /// Registers `sb.NAME` (or `sb.TABLE.NAME`) in the table on top of
    /// the stack, with what the stubs say of it.
    static func function(
        _ name: String, in runtime: LuaRuntime, table: String? = nil, doc: @autoclosure () -> LuaDoc,
        _ body: @escaping (LuaStack) throws(LuaHostError) -> Int32
    ) {
        document(name, in: runtime, scope: table.map { .table($0) } ?? .module, doc: doc())
        runtime.pushFunction(body)
        runtime.stack.setRawField(-2, name)
    }

    /// Says what the stubs say of a function registered some other way;
    /// `doc` is made only when the runtime records documentation.
    static func document(
        _ name: String, in runtime: LuaRuntime, scope: LuaDoc.Scope = .module, doc: @autoclosure () -> LuaDoc
    ) {
        guard runtime.documentation != nil else { return }
        runtime.documentation?.append(LuaDoc.Entry(scope: scope, name: name, doc: doc()))
    }

    static func push(_ color: Color, on stack: LuaStack) -> Int32 {
        ColorValue.push(color, on: stack)
        return 1
    }

    /// The bytes of the string argument at `index`, exactly as Lua holds
    /// them; anything else is an error naming `function`.
    static func bytes(at index: Int32, on stack: LuaStack, in function: String) throws(LuaHostError)
        -> [UInt8]
    {
        guard let bytes = stack.rawBytes(at: index) else {
            throw LuaHostError("\(function): expected a string, got \(stack.typeName(at: index))")
        }
        return bytes
    }

    static func color(at index: Int32, on stack: LuaStack, in function: String) throws(LuaHostError) -> Color
    {
        switch ColorValue.read(at: index, on: stack) {
        case .success(let color): return color
        case .failure(let error): throw LuaHostError("\(function): \(error.message)")
        }
    }

    /// A component in `range` (0 to 1 unless said), given as a number or, as
    /// CSS writes it, a percentage (`"50%"`) of `percentOf`. Out of range is
    /// an error naming the function, the argument and its range: a 50 meant
    /// as a percentage must not quietly turn a colour white.
    /// A method counts its arguments after the colour it is called on,
    /// as the script writes them: `c:mix(other, t)` has `t` as argument 2.
    static func fraction(
        _ index: Int32, on stack: LuaStack, in function: String, named name: String,
        range: ClosedRange<Double> = 0...1, percentOf whole: Double = 1, isMethod: Bool = false
    ) throws(LuaHostError) -> Double {
        var value = stack.number(at: index)
        if value == nil, let text = stack.string(at: index), text.hasSuffix("%"),
            let percent = Double(text.dropLast().trimmingCharacters(in: .whitespaces)), percent.isFinite
        {
            value = percent / 100 * whole
        }
        guard let value, value.isFinite, range.contains(value) else {
            let percent = whole == 1 ? "\"50%\"" : "\"100%\" for \(Self.decimal(whole))"
            throw LuaHostError(
                "\(function): argument \(isMethod ? index - 1 : index) (\(name)) is \(stack.describe(at: index)), expected "
                    + "\(Self.decimal(range.lowerBound)) to \(Self.decimal(range.upperBound)) or a percentage such as \(percent)"
            )
        }
        return value
    }

    /// `sb.color`'s options at `index`: nothing, or a table whose only key
    /// is `scheme`, `"light"` or `"dark"`; anything else is an error with a
    /// "did you mean".
    static func colorScheme(_ index: Int32, on stack: LuaStack) throws(LuaHostError) -> ColorScheme {
        switch stack.type(at: index) {
        case .none, .nil: return .light
        case .table: break
        default:
            throw LuaHostError(
                "sb.color: argument \(index) (options) is \(stack.describe(at: index)), expected {scheme = \"dark\"}"
            )
        }
        let table = stack.absolute(index)
        let schemes = ColorScheme.allCases.map(\.rawValue)
        var scheme = ColorScheme.light
        stack.pushNil()
        while stack.next(table) {
            defer { stack.pop() }
            guard stack.type(at: -2) == .string, let key = stack.string(at: -2), key == "scheme" else {
                let key = stack.describe(at: -2)
                let hint =
                    stack.string(at: -2).flatMap { Suggestion(for: $0, among: ["scheme"]) }?.phrase ?? ""
                throw LuaHostError("sb.color: option \(key) is unknown, expected scheme\(hint)")
            }
            guard stack.type(at: -1) == .string, let value = stack.string(at: -1),
                let chosen = ColorScheme(rawValue: value)
            else {
                let hint = stack.string(at: -1).flatMap { Suggestion(for: $0, among: schemes) }?.phrase ?? ""
                throw LuaHostError(
                    "sb.color: option scheme = \(stack.describe(at: -1)), expected \"light\" or \"dark\"\(hint)"
                )
            }
            scheme = chosen
        }
        return scheme
    }

    /// An angle in degrees, any finite number (it wraps round the circle).
    static func degrees(_ index: Int32, on stack: LuaStack, in function: String, named name: String)
        throws(LuaHostError) -> Double
    {
        guard let value = stack.number(at: index), value.isFinite else {
            throw LuaHostError(
                "\(function): argument \(index) (\(name)) is \(stack.describe(at: index)), expected an angle in degrees"
            )
        }
        return value
    }

    /// `0.5`, `1`, `0.4`: a bound as a person writes it.
    private static func decimal(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
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

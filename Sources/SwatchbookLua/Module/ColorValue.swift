import SwatchbookCore

/// Colours as Lua sees them: userdata with methods, made from any of the
/// forms SPEC §2 accepts.
///
/// A colour is its eight-bit sRGB value (4 bytes), and when it was made
/// from more (`sb.color("oklch(…)")`, `sb.color{space = …}`) also its
/// authored form: the space, components and alpha in a larger block, and
/// the CSS text as the userdata's one user value.
enum ColorValue {
    static let metatableName = "swatchbook.color"

    /// The authored block after the 4 bytes of the colour: the scheme
    /// (1 dark), the space, the `none` mask and the count, then 4 components and the
    /// alpha. A userdata this long has an authored form.
    private static let authoredSize = 8 + 5 * MemoryLayout<Double>.size

    /// The spaces by the number a userdata keeps, made once: `allCases`
    /// builds a new array each time it is asked.
    private static let spaces = AuthoredColor.Space.allCases

    static func push(_ color: Color, authored: AuthoredColor? = nil, on stack: LuaStack) {
        let size = authored == nil ? 4 : authoredSize
        let raw = stack.newUserdata(
            size: size, userValues: authored?.css == nil ? 0 : 1, metatable: metatableName)
        let bytes = raw.assumingMemoryBound(to: UInt8.self)
        bytes[0] = color.red
        bytes[1] = color.green
        bytes[2] = color.blue
        bytes[3] = color.alpha
        guard let authored else { return }
        bytes[4] = authored.scheme == .dark ? 1 : 0
        bytes[5] = UInt8(spaces.firstIndex(of: authored.space) ?? 0)
        var mask: UInt8 = 0
        let count = min(authored.components.count, 4)
        for i in 0..<4 {
            let value = i < count ? authored.components[i] : 0
            if value == nil { mask |= 1 << i }
            raw.storeBytes(of: value ?? 0, toByteOffset: 8 + i * 8, as: Double.self)
        }
        bytes[6] = mask
        bytes[7] = UInt8(count)
        raw.storeBytes(of: authored.alpha, toByteOffset: 40, as: Double.self)
        if let css = authored.css {
            stack.push(css)
            stack.setUserValue(-2, 1)
        }
    }

    /// The colour userdata at `index`, if it is one.
    static func userdata(at index: Int32, on stack: LuaStack) -> Color? {
        guard let raw = stack.userdata(at: index, metatable: metatableName) else { return nil }
        let bytes = raw.assumingMemoryBound(to: UInt8.self)
        return Color(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes[3])
    }

    /// The authored form of the colour userdata at `index`; nil when it
    /// is none, or was made as eight-bit sRGB.
    static func authored(at index: Int32, on stack: LuaStack) -> AuthoredColor? {
        guard let raw = stack.userdata(at: index, metatable: metatableName) else { return nil }
        return authored(raw, at: index, on: stack)
    }

    /// The authored form kept in the colour userdata `raw`, at `index`.
    private static func authored(_ raw: UnsafeMutableRawPointer, at index: Int32, on stack: LuaStack)
        -> AuthoredColor?
    {
        guard stack.rawLength(index) >= authoredSize else { return nil }
        var css: String?
        if stack.pushUserValue(index, 1) == .string { css = stack.string(at: -1) }
        stack.pop()
        return authored(block: UnsafeRawPointer(raw), length: authoredSize, css: css)
    }

    /// The authored form kept in a colour userdata's block of `length`
    /// bytes, with the CSS text it keeps; nil when it was made as
    /// eight-bit sRGB (four bytes).
    static func authored(block raw: UnsafeRawPointer, length: Int, css: String?) -> AuthoredColor? {
        guard length >= authoredSize else { return nil }
        let bytes = raw.assumingMemoryBound(to: UInt8.self)
        let space = spaces[Int(bytes[5]) < spaces.count ? Int(bytes[5]) : 0]
        let components: [Double?] = (0..<Int(min(bytes[7], 4))).map { i in
            bytes[6] & (1 << i) != 0 ? nil : raw.load(fromByteOffset: 8 + i * 8, as: Double.self)
        }
        return AuthoredColor(
            space: space, components: components, alpha: raw.load(fromByteOffset: 40, as: Double.self),
            css: css, scheme: bytes[4] == 1 ? .dark : .light)
    }

    /// Reads any accepted colour form; the error text names the value.
    static func read(at index: Int32, on stack: LuaStack) -> Result<Color, ColorError> {
        let index = stack.absolute(index)
        switch stack.type(at: index) {
        case .string:
            // Parsed from Lua's own buffer: no Swift string for the common case.
            guard let color = stack.withBytes(at: index, { Color.parse(utf8: $0) }) ?? nil else {
                return .failure(ColorError(stack.describe(at: index)))
            }
            return .success(color)
        case .userdata:
            if let color = userdata(at: index, on: stack) { return .success(color) }
        case .table:
            if stack.rawField(index, "space") != .nil {
                return readSpace(at: index, on: stack).map(\.color)
            }
            stack.pop()
            var components: [UInt8] = []
            let count = stack.rawLength(index)
            guard count == 3 || count == 4 else {
                return .failure(
                    ColorError(
                        "a table of \(count) values",
                        expected: "{r, g, b[, a]} or {space = …, components = {…}}"))
            }
            for i in 1...count {
                stack.rawIndex(index, i)
                defer { stack.pop() }
                guard let value = stack.integer(at: -1), (0...255).contains(value) else {
                    return .failure(
                        ColorError(
                            "component \(i) = \(stack.describe(at: -1))",
                            expected: "whole numbers from 0 to 255"))
                }
                components.append(UInt8(value))
            }
            return .success(
                Color(
                    red: components[0], green: components[1], blue: components[2],
                    alpha: count == 4 ? components[3] : 255))
        default:
            break
        }
        return .failure(ColorError(stack.describe(at: index)))
    }

    /// Reads a colour with its authored form: a colour userdata's own, the
    /// text of a CSS function or name, or `{space, components, alpha}`. A
    /// hex is kept as written only when `keepsHex` (`sb.color("#fff")`, which
    /// a CSS reader calls to give `#fff` back); in a plugin's data it says no
    /// more than the colour, and the common item stays small.
    static func readAuthored(
        at index: Int32, on stack: LuaStack, keepsHex: Bool, scheme: ColorScheme = .light
    )
        -> Result<(Color, AuthoredColor?), ColorError>
    {
        let index = stack.absolute(index)
        switch stack.type(at: index) {
        case .string:
            // A function is read once, for its authored form and the colour
            // that form draws.
            if stack.withBytes(at: index, { $0.last == UInt8(ascii: ")") }) == true,
                let text = stack.string(at: index), let authored = AuthoredColor(css: text, scheme: scheme)
            {
                return .success((authored.color, authored))
            }
            // Read from Lua's buffer: a colour's own hex (and, in a plugin's
            // data, any hex) says no more than the colour, and makes no string.
            let plain =
                stack.withBytes(at: index) { bytes -> (Color, Bool)? in
                    guard let color = Color.parse(utf8: bytes, scheme: scheme) else { return nil }
                    let isOwnHex = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 9) { hex in
                        bytes.elementsEqual(hex[..<color.hex(into: hex)])
                    }
                    let isHex = bytes.first == UInt8(ascii: "#")
                    return (color, isOwnHex || (isHex && !keepsHex))
                } ?? nil
            guard let (color, saysNoMore) = plain else { break }
            if saysNoMore { return .success((color, nil)) }
            guard let authored = AuthoredColor(css: stack.string(at: index) ?? "", scheme: scheme) else {
                break
            }
            return .success((color, authored))
        case .userdata:
            // The metatable is checked once for the colour and its form.
            if let raw = stack.userdata(at: index, metatable: metatableName) {
                let bytes = raw.assumingMemoryBound(to: UInt8.self)
                let color = Color(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes[3])
                return .success((color, authored(raw, at: index, on: stack)))
            }
        case .table:
            if stack.rawField(index, "space") != .nil {
                return readSpace(at: index, on: stack).map { ($0.color, $0) }
            }
            stack.pop()
        default:
            break
        }
        return read(at: index, on: stack).map { ($0, nil) }
    }

    /// `{space = "oklch", components = {0.62, 0.19, 259.8}, alpha = 0.85}`:
    /// a space ``AuthoredColor/Space`` names, its number of finite
    /// components (or `"none"`), and an optional alpha from 0 to 1.
    /// The table's `space` is on top of the stack, where the caller looked
    /// at it, and is popped.
    private static func readSpace(at index: Int32, on stack: LuaStack) -> Result<AuthoredColor, ColorError> {
        guard let name = stack.string(at: -1), let space = AuthoredColor.Space(rawValue: name) else {
            let described = stack.describe(at: -1)
            stack.pop()
            let names = spaces.map(\.rawValue)
            return .failure(
                ColorError("space = \(described)", expected: "one of \(names.joined(separator: ", "))"))
        }
        stack.pop()
        let count = space.componentCount
        guard stack.rawField(index, "components") == .table else {
            stack.pop()
            return .failure(ColorError("a \(name) colour without components", expected: "components = {…}"))
        }
        defer { stack.pop() }
        let list = stack.absolute(-1)
        guard stack.rawLength(list) == count else {
            return .failure(
                ColorError(
                    "a \(name) colour of \(stack.rawLength(list)) components", expected: "\(count) components"
                ))
        }
        var components: [Double?] = []
        components.reserveCapacity(count)
        for i in 1...count {
            stack.rawIndex(list, i)
            defer { stack.pop() }
            if stack.string(at: -1) == "none", stack.type(at: -1) == .string {
                components.append(nil)
            } else if let value = stack.number(at: -1), value.isFinite, stack.type(at: -1) == .number {
                components.append(value)
            } else {
                return .failure(
                    ColorError(
                        "component \(i) = \(stack.describe(at: -1))", expected: "a finite number or \"none\"")
                )
            }
        }
        var alpha = 1.0
        if stack.rawField(index, "alpha") != .nil {
            guard let value = stack.number(at: -1), stack.type(at: -1) == .number, (0...1).contains(value)
            else {
                let text = stack.describe(at: -1)
                stack.pop()
                return .failure(ColorError("alpha = \(text)", expected: "a number from 0 to 1"))
            }
            alpha = value
        }
        stack.pop()
        return .success(AuthoredColor(space: space, components: components, alpha: alpha))
    }

    struct ColorError: Error {
        let message: String
        init(_ value: String, expected: String? = nil) {
            if let expected {
                message = "\(value) is not a colour (expected \(expected))"
            } else {
                message = "\(value) is not a colour"
            }
        }
    }
}

import SwatchbookCore

/// Colours as Lua sees them: userdata with methods, made from any of the
/// forms SPEC §2 accepts.
enum ColorValue {
    static let metatableName = "swatchbook.color"

    static func push(_ color: Color, on stack: LuaStack) {
        let bytes = stack.newUserdata(size: 4, metatable: metatableName).assumingMemoryBound(to: UInt8.self)
        bytes[0] = color.red
        bytes[1] = color.green
        bytes[2] = color.blue
        bytes[3] = color.alpha
    }

    /// The colour userdata at `index`, if it is one.
    static func userdata(at index: Int32, on stack: LuaStack) -> Color? {
        guard let raw = stack.userdata(at: index, metatable: metatableName) else { return nil }
        let bytes = raw.assumingMemoryBound(to: UInt8.self)
        return Color(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes[3])
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
            var components: [UInt8] = []
            let count = stack.rawLength(index)
            guard count == 3 || count == 4 else {
                return .failure(ColorError("a table of \(count) values", expected: "{r, g, b[, a]}"))
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

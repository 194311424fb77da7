extension JSONValue {
    /// Compact JSON text: no whitespace, and object members in their order
    /// (a decoded document's own; a Lua table's `pairs` order, its keys
    /// sorted by their UTF-8 bytes), so equal values encode to the same bytes.
    ///
    /// Doubles use Swift's shortest round-trip form (`0.1`, `1e-07`, `3.0`);
    /// a float that happens to be whole keeps its `.0`, so decoding gives a
    /// float back. NaN and infinity have no JSON form and are refused.
    public func encoded() throws(JSONEncodingError) -> String {
        var output: [UInt8] = []
        try write(to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// `text` as a JSON string literal: `"`, `\` and control characters
    /// (C0, DEL, C1) escaped, everything else (non-ASCII included) as it is.
    public static func quoted(_ text: String) -> String {
        var output: [UInt8] = []
        JSONString.append(text, to: &output, controls: .escaped)
        return String(decoding: output, as: UTF8.self)
    }

    private func write(to output: inout [UInt8]) throws(JSONEncodingError) {
        switch self {
        case .null: output += "null".utf8
        case .bool(let value): output += (value ? "true" : "false").utf8
        case .integer(let value): output += String(value).utf8
        case .number(let value):
            guard value.isFinite else {
                throw JSONEncodingError(message: "cannot encode \(Self.name(of: value))")
            }
            output += value.description.utf8
        case .string(let value): JSONString.append(value, to: &output, controls: .escaped)
        case .array(let items):
            output.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { output.append(UInt8(ascii: ",")) }
                try item.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (i, member) in members.enumerated() {
                if i > 0 { output.append(UInt8(ascii: ",")) }
                JSONString.append(member.key, to: &output, controls: .escaped)
                output.append(UInt8(ascii: ":"))
                try member.value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// How a number JSON cannot hold is named in errors.
    public static func name(of nonFinite: Double) -> String {
        nonFinite.isNaN ? "NaN" : nonFinite < 0 ? "-infinity" : "infinity"
    }
}

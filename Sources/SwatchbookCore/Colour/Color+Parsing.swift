extension Color {
    /// Reads a colour the way a theme author writes one: `#RGB`, `#RGBA`, `#RRGGBB`,
    /// `#RRGGBBAA` (the `#` optional, digits in either case) or a CSS named colour.
    ///
    /// Strict on purpose: surrounding whitespace, `transparent` and functional forms such
    /// as `rgb()` are rejected, so a typo surfaces as an error at load time instead of a
    /// silently wrong colour. Only ASCII is accepted, so no Unicode case mapping can turn
    /// an odd spelling into a valid name.
    public static func parse(_ text: String) -> Color? {
        var bytes = Array(text.utf8)
        let hadHash = bytes.first == UInt8(ascii: "#")
        if hadHash { bytes.removeFirst() }
        if let color = parseHexDigits(bytes) { return color }
        if hadHash { return nil }
        return cssNameLookup[asciiLowercased(bytes)]
    }

    /// Decodes 3, 4, 6 or 8 hex digits; short forms repeat each digit (`a` → `aa`).
    private static func parseHexDigits(_ bytes: [UInt8]) -> Color? {
        var nibbles: [UInt8] = []
        nibbles.reserveCapacity(bytes.count)
        for byte in bytes {
            guard let nibble = hexValue(byte) else { return nil }
            nibbles.append(nibble)
        }
        let channels: [UInt8]
        switch nibbles.count {
        case 3, 4:
            channels = nibbles.map { $0 << 4 | $0 }
        case 6, 8:
            channels = stride(from: 0, to: nibbles.count, by: 2).map {
                nibbles[$0] << 4 | nibbles[$0 + 1]
            }
        default:
            return nil
        }
        return Color(
            red: channels[0], green: channels[1], blue: channels[2],
            alpha: channels.count == 4 ? channels[3] : 255)
    }

    /// The value of one ASCII hex digit, or nil for anything else (including `+` and `-`,
    /// which `UInt8(_:radix:)` would let through).
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Lowercases ASCII letters only; any non-ASCII byte yields a string no name matches.
    private static func asciiLowercased(_ bytes: [UInt8]) -> String {
        let lowered = bytes.map { byte in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
        }
        return String(decoding: lowered, as: UTF8.self)
    }
}

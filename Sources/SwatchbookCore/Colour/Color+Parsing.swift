extension Color {
    /// Reads a colour the way a theme author writes one: `#RGB`, `#RGBA`, `#RRGGBB`,
    /// `#RRGGBBAA` (the `#` optional, digits in either case), a CSS named colour,
    /// `transparent`, or a CSS Color 4 function (`rgb()`, `hsl()`, `hwb()`, `lab()`,
    /// `lch()`, `oklab()`, `oklch()`, `color(srgb|display-p3|rec2020|… …)`; see
    /// ``CSSColorFunction``), case-insensitive.
    ///
    /// Strict on purpose: surrounding whitespace is rejected, so a typo surfaces as an
    /// error at load time instead of a silently wrong colour. Only ASCII is accepted, so
    /// no Unicode case mapping can turn an odd spelling into a valid name.
    ///
    /// `light-dark()` gives its first colour for the light `scheme`, its
    /// second for the dark one.
    public static func parse(_ text: String, scheme: ColorScheme = .light) -> Color? {
        var text = text
        return text.withUTF8 { parse(utf8: $0, scheme: scheme) }
    }

    /// The same, straight from UTF-8 bytes (a Lua string's buffer): hex
    /// forms are decoded without allocating.
    public static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>, scheme: ColorScheme = .light) -> Color? {
        let hadHash = bytes.first == UInt8(ascii: "#")
        let digits = UnsafeBufferPointer(rebasing: bytes[(hadHash ? 1 : 0)...])
        if let color = parseHexDigits(digits) { return color }
        if hadHash { return nil }
        let lowered = asciiLowercased(digits)
        if let named = cssNameLookup[lowered] { return named }
        if lowered == "transparent" { return Color(red: 0, green: 0, blue: 0, alpha: 0) }
        guard bytes.last == UInt8(ascii: ")"), bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        return CSSColorFunction.parse(lowered, scheme: scheme)
    }

    /// Whether `text` could be a CSS function (it ends in a parenthesis):
    /// no hex or name is.
    static func isFunction(_ text: String) -> Bool {
        text.utf8.last == UInt8(ascii: ")") && text.utf8.allSatisfy { $0 < 0x80 }
    }

    /// Decodes 3, 4, 6 or 8 hex digits; short forms repeat each digit (`a` → `aa`).
    static func parseHexDigits(_ bytes: UnsafeBufferPointer<UInt8>) -> Color? {
        let count = bytes.count
        guard count == 3 || count == 4 || count == 6 || count == 8 else { return nil }
        var value: UInt32 = 0
        for byte in bytes {
            guard let nibble = hexValue(byte) else { return nil }
            value = value << 4 | UInt32(nibble)
        }
        func short(_ shift: UInt32) -> UInt8 {
            let nibble = UInt8((value >> shift) & 0xF)
            return nibble << 4 | nibble
        }
        func long(_ shift: UInt32) -> UInt8 { UInt8((value >> shift) & 0xFF) }
        switch count {
        case 3: return Color(red: short(8), green: short(4), blue: short(0))
        case 4: return Color(red: short(12), green: short(8), blue: short(4), alpha: short(0))
        case 6: return Color(red: long(16), green: long(8), blue: long(0))
        default: return Color(red: long(24), green: long(16), blue: long(8), alpha: long(0))
        }
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
    private static func asciiLowercased(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let lowered = bytes.map { byte in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
        }
        return String(decoding: lowered, as: UTF8.self)
    }
}

/// An sRGB colour with alpha, eight bits per channel.
///
/// Eight bits is what terminals, CSS hex and theme files all speak, so the model stores
/// exactly that and nothing finer: two colours that print the same hex are equal, and a
/// colour can be a dictionary key without worrying about floating-point noise. Maths that
/// needs more precision (OKLab, HSL, contrast) converts on demand and rounds back.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    /// Opacity, 255 being fully opaque.
    public var alpha: UInt8

    @inlinable
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Creates an opaque colour from a `0xRRGGBB` literal, the form colour tables read best in.
    ///
    /// Bits above the low 24 are ignored rather than trapping, so a stray `0xFF000000`
    /// cannot crash a table built at start-up.
    public init(rgb: UInt32) {
        self.init(
            red: UInt8(truncatingIfNeeded: rgb >> 16),
            green: UInt8(truncatingIfNeeded: rgb >> 8),
            blue: UInt8(truncatingIfNeeded: rgb)
        )
    }

    /// The colour as `#RRGGBB`, or `#RRGGBBAA` when it is not fully opaque.
    ///
    /// Uppercase and alpha-only-when-needed so that output is stable and diffs in golden
    /// files stay quiet for the common opaque case.
    public var hex: String {
        String(unsafeUninitializedCapacity: 9) { hex(into: $0) }
    }

    /// Writes ``hex`` into `buffer` (room for 9 bytes), returning its length;
    /// for painting a swatch's code without making a string.
    public func hex(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        buffer[0] = UInt8(ascii: "#")
        var count = 1
        func append(_ channel: UInt8) {
            buffer[count] = Self.hexDigit(channel >> 4)
            buffer[count + 1] = Self.hexDigit(channel & 0x0F)
            count += 2
        }
        append(red)
        append(green)
        append(blue)
        if alpha != 255 { append(alpha) }
        return count
    }

    public var description: String { hex }

    /// `value` limited to `0...1`, with NaN read as 0.
    ///
    /// Numbers reach the colour maths from user scripts, where `0/0` and `math.huge` are
    /// easy to produce; converting NaN or infinity to `UInt8` traps, so every path from a
    /// `Double` to a channel goes through here first.
    public static func unitClamped(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, 0), 1)
    }

    /// The uppercase ASCII digit for a nibble.
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
    }
}

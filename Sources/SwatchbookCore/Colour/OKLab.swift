import Foundation

/// A colour in Björn Ottosson's OKLab space: `l` is perceived lightness (0 black, 1 white),
/// `a` runs green to red and `b` blue to yellow.
///
/// Swatchbook measures "how different do these look" and "mix these" here rather than in
/// sRGB because OKLab is close to perceptually uniform: equal distances look like equal
/// differences, and interpolating does not pass through muddy greys.
public struct OKLab: Hashable, Sendable {
    public var l: Double
    public var a: Double
    public var b: Double

    public init(l: Double, a: Double, b: Double) {
        self.l = l
        self.a = a
        self.b = b
    }

    /// Squared Euclidean distance, enough for nearest-match searches and free of a square root.
    public func distanceSquared(to other: OKLab) -> Double {
        let dl = l - other.l
        let da = a - other.a
        let db = b - other.b
        return dl * dl + da * da + db * db
    }
}

extension Color {
    /// This colour in OKLab (alpha is not part of it).
    public var oklab: OKLab {
        let r = Self.linearTable[Int(red)]
        let g = Self.linearTable[Int(green)]
        let b = Self.linearTable[Int(blue)]
        // Linear sRGB to cone-like responses, then a cube root for perceptual compression.
        let lms0 = cbrt(0.412_221_470_8 * r + 0.536_332_536_3 * g + 0.051_445_992_9 * b)
        let lms1 = cbrt(0.211_903_498_2 * r + 0.680_699_545_1 * g + 0.107_396_956_6 * b)
        let lms2 = cbrt(0.088_302_461_9 * r + 0.281_718_837_6 * g + 0.629_978_700_5 * b)
        return OKLab(
            l: 0.210_454_255_3 * lms0 + 0.793_617_785_0 * lms1 - 0.004_072_046_8 * lms2,
            a: 1.977_998_495_1 * lms0 - 2.428_592_205_0 * lms1 + 0.450_593_709_9 * lms2,
            b: 0.025_904_037_1 * lms0 + 0.782_771_766_2 * lms1 - 0.808_675_766_0 * lms2)
    }

    /// The sRGB colour nearest to `oklab`, each linear channel clipped into gamut.
    ///
    /// Clipping can shift hue slightly for far out-of-gamut inputs, but it is predictable
    /// and cheap, and what Swatchbook feeds in here (round trips, mixes of real colours)
    /// lands in or very near the gamut. Lightness edits use `init(oklabReducingChroma:)`.
    public init(oklab: OKLab, alpha: UInt8 = 255) {
        let (r, g, b) = Self.linearRGB(oklab)
        self.init(red: Self.encode(r), green: Self.encode(g), blue: Self.encode(b), alpha: alpha)
    }

    /// The in-gamut colour with the same OKLab lightness and hue as `oklab`, giving up as
    /// little chroma as needed (lightness is clamped to `0...1` first).
    ///
    /// Used where lightness is the point: clipping a very light saturated colour would
    /// change its lightness and hue, whereas shedding chroma keeps both, and lightness 1
    /// or 0 come out as pure white or black. A bisection of 20 steps is finer than 8 bits.
    init(oklabReducingChroma oklab: OKLab, alpha: UInt8 = 255) {
        let lightness = Self.unitClamped(oklab.l)
        func scaled(_ factor: Double) -> OKLab {
            OKLab(l: lightness, a: oklab.a * factor, b: oklab.b * factor)
        }
        if Self.isInGamut(scaled(1)) {
            self.init(oklab: scaled(1), alpha: alpha)
            return
        }
        var low = 0.0
        var high = 1.0
        for _ in 0..<20 {
            let middle = (low + high) / 2
            if Self.isInGamut(scaled(middle)) { low = middle } else { high = middle }
        }
        self.init(oklab: scaled(low), alpha: alpha)
    }

    /// OKLab in polar form: lightness, chroma, and hue in degrees in `0..<360`.
    ///
    /// Hue is reported as 0 for greys, where it is meaningless; the matrices leave greys a
    /// chroma near 1e-8, so anything under 1e-5 (an order below the least chroma any
    /// 8-bit non-grey has, about 1e-3) counts as grey and callers never see that noise.
    public var oklch: (l: Double, c: Double, h: Double) {
        let lab = oklab
        let chroma = (lab.a * lab.a + lab.b * lab.b).squareRoot()
        guard chroma > 1e-5 else { return (lab.l, 0, 0) }
        var hue = atan2(lab.b, lab.a) * 180 / .pi
        if hue < 0 { hue += 360 }
        if hue >= 360 { hue = 0 }
        return (lab.l, chroma, hue)
    }

    /// Creates a colour from OKLCh, the space where "same lightness, rotate the hue" and
    /// "less saturated" are single-number edits; out-of-gamut results are clipped.
    public init(oklchL l: Double, c: Double, h: Double, alpha: UInt8 = 255) {
        let radians = h * .pi / 180
        self.init(oklab: OKLab(l: l, a: c * cos(radians), b: c * sin(radians)), alpha: alpha)
    }

    /// Linear-light value of each 8-bit sRGB code, computed once: every conversion needs
    /// three of these and `pow` is the slow part.
    static let linearTable: [Double] = (0...255).map { code in
        let v = Double(code) / 255
        return v <= 0.040_45 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    /// OKLab to linear-light sRGB, unclipped, so callers can tell when it leaves the gamut.
    private static func linearRGB(_ lab: OKLab) -> (Double, Double, Double) {
        let lms0 = lab.l + 0.396_337_777_4 * lab.a + 0.215_803_757_3 * lab.b
        let lms1 = lab.l - 0.105_561_345_8 * lab.a - 0.063_854_172_8 * lab.b
        let lms2 = lab.l - 0.089_484_177_5 * lab.a - 1.291_485_548_0 * lab.b
        let l = lms0 * lms0 * lms0
        let m = lms1 * lms1 * lms1
        let s = lms2 * lms2 * lms2
        return (
            4.076_741_662_1 * l - 3.307_711_591_3 * m + 0.230_969_929_2 * s,
            -1.268_438_004_6 * l + 2.609_757_401_1 * m - 0.341_319_396_5 * s,
            -0.004_196_086_3 * l - 0.703_418_614_7 * m + 1.707_614_701_0 * s
        )
    }

    /// Whether `lab` is displayable in sRGB, allowing for the rounding in the matrices.
    private static func isInGamut(_ lab: OKLab) -> Bool {
        let (r, g, b) = linearRGB(lab)
        let range = -1e-6...(1 + 1e-6)
        return range.contains(r) && range.contains(g) && range.contains(b)
    }

    /// Linear light back to an 8-bit sRGB code, clipping out-of-gamut values.
    private static func encode(_ linear: Double) -> UInt8 {
        let clipped = unitClamped(linear)
        let v = clipped <= 0.003_130_8 ? clipped * 12.92 : 1.055 * pow(clipped, 1 / 2.4) - 0.055
        return UInt8((v * 255).rounded())
    }
}

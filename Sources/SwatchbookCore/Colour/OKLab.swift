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
    public var oklab: OKLab { linear.oklab }

    /// The sRGB colour nearest to `oklab`, gamut-mapped as CSS Color 4 maps
    /// colours (``init(mapping:alpha:)``).
    public init(oklab: OKLab, alpha: UInt8 = 255) {
        self.init(mapping: oklab, alpha: Double(alpha) / 255)
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
    /// "less saturated" are single-number edits; out-of-gamut results are gamut-mapped,
    /// keeping lightness and hue.
    public init(oklchL l: Double, c: Double, h: Double, alpha: UInt8 = 255) {
        self.init(oklab: OKLab(l: l, c: c, h: h), alpha: alpha)
    }

    /// Linear-light value of each 8-bit sRGB code, computed once: every conversion needs
    /// three of these and `pow` is the slow part.
    static let linearTable: [Double] = (0...255).map { LinearRGB.decode(Double($0) / 255) }
}

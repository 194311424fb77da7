import Foundation

extension Color {
    /// The 8-bit sRGB colour CSS Color 4 shows for `colour`: itself when it
    /// is in gamut, else the colour of the same OKLCh lightness and hue
    /// with the chroma reduced until clipping it changes it by less than a
    /// just-noticeable difference (ΔEOK 0.02); OKLab lightness 1 or more is
    /// white and 0 or less black (CSS Color 4, "binary search gamut mapping").
    ///
    /// Clipping each channel instead, as a naive conversion does, shifts hue
    /// (up to 80° for a vivid OKLCh pink) and lightness.
    public init(mapping colour: LinearRGB, alpha: Double = 1) {
        let encoded = colour.encoded
        if Self.inGamut(encoded) {
            self.init(encoded: encoded, alpha: alpha)
        } else {
            self.init(mapping: colour.oklab, alpha: alpha)
        }
    }

    /// ``init(mapping:alpha:)`` for a colour in OKLab, whose lightness
    /// decides black and white before anything else.
    public init(mapping lab: OKLab, alpha: Double = 1) {
        if lab.l.isNaN || lab.l <= 0 {
            self.init(encoded: (0, 0, 0), alpha: alpha)
        } else if lab.l >= 1 {
            self.init(encoded: (1, 1, 1), alpha: alpha)
        } else {
            let encoded = LinearRGB(oklab: lab).encoded
            self.init(encoded: Self.inGamut(encoded) ? encoded : Self.mapped(lab), alpha: alpha)
        }
    }

    /// The colour as floating-point linear light.
    public var linear: LinearRGB {
        LinearRGB(
            r: Self.linearTable[Int(red)], g: Self.linearTable[Int(green)], b: Self.linearTable[Int(blue)])
    }

    private static let noticeable = 0.02
    private static let precision = 0.0001

    /// CSS Color 4's search, returning encoded sRGB in gamut.
    private static func mapped(_ origin: OKLab) -> (r: Double, g: Double, b: Double) {
        func clipped(_ lab: OKLab) -> (OKLab, (r: Double, g: Double, b: Double)) {
            let e = LinearRGB(oklab: lab).encoded
            let clip = (unitClamped(e.r), unitClamped(e.g), unitClamped(e.b))
            return (LinearRGB(encodedSRGB: clip.0, clip.1, clip.2).oklab, clip)
        }
        func difference(_ x: OKLab, _ y: OKLab) -> Double { x.distanceSquared(to: y).squareRoot() }

        // No displayable colour has an OKLCh chroma near 2; a larger one (or
        // one that overflowed) would only lengthen the search, or, infinite,
        // never let it end.
        let measured = (origin.a * origin.a + origin.b * origin.b).squareRoot()
        let chroma = measured.isFinite ? min(measured, 2) : 2
        let hue = atan2(origin.b, origin.a)
        var (clippedLab, clip) = clipped(origin)
        if difference(clippedLab, origin) < noticeable { return clip }
        var low = 0.0
        var high = chroma
        var lowInGamut = true
        while high - low > precision {
            let middle = (low + high) / 2
            let current = OKLab(l: origin.l, a: middle * cos(hue), b: middle * sin(hue))
            let encoded = LinearRGB(oklab: current).encoded
            if lowInGamut && inGamut(encoded) {
                low = middle
                continue
            }
            (clippedLab, clip) = clipped(current)
            let delta = difference(clippedLab, current)
            if delta < noticeable {
                if noticeable - delta < precision { return clip }
                lowInGamut = false
                low = middle
            } else {
                high = middle
            }
        }
        return clip
    }

    /// Whether encoded sRGB values are displayable, allowing for the
    /// rounding in the matrices.
    static func inGamut(_ e: (r: Double, g: Double, b: Double)) -> Bool {
        let range = -1e-7...(1 + 1e-7)
        return range.contains(e.r) && range.contains(e.g) && range.contains(e.b)
    }

    /// Rounds encoded sRGB and alpha, clipped to `0...1`, to 8 bits a channel.
    init(encoded e: (r: Double, g: Double, b: Double), alpha: Double) {
        func code(_ v: Double) -> UInt8 { UInt8((Self.unitClamped(v) * 255).rounded()) }
        self.init(red: code(e.r), green: code(e.g), blue: code(e.b), alpha: code(alpha))
    }
}

extension Color {
    /// Hue in degrees (`0..<360`), saturation and lightness in `0...1`, as CSS `hsl()` means them.
    ///
    /// Kept because theme authors think in HSL; Swatchbook's own maths uses OKLab.
    public var hsl: (h: Double, s: Double, l: Double) {
        let r = Double(red) / 255
        let g = Double(green) / 255
        let b = Double(blue) / 255
        let high = max(r, g, b)
        let low = min(r, g, b)
        let lightness = (high + low) / 2
        let delta = high - low
        guard delta > 0 else { return (0, 0, lightness) }
        let saturation = delta / (1 - abs(2 * lightness - 1))
        var hue: Double
        if high == r {
            hue = (g - b) / delta
        } else if high == g {
            hue = (b - r) / delta + 2
        } else {
            hue = (r - g) / delta + 4
        }
        hue *= 60
        if hue < 0 { hue += 360 }
        return (hue, min(saturation, 1), lightness)
    }

    /// Creates a colour from CSS-style HSL; hue wraps, saturation and lightness are clamped,
    /// and non-finite inputs read as 0 rather than trapping.
    public init(hue: Double, saturation: Double, lightness: Double, alpha: UInt8 = 255) {
        let s = Self.unitClamped(saturation)
        let l = Self.unitClamped(lightness)
        var h = hue.isFinite ? hue.truncatingRemainder(dividingBy: 360) : 0
        if h < 0 { h += 360 }
        let chroma = (1 - abs(2 * l - 1)) * s
        let sector = h / 60
        let x = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double) =
            switch sector {
            case ..<1: (chroma, x, 0)
            case ..<2: (x, chroma, 0)
            case ..<3: (0, chroma, x)
            case ..<4: (0, x, chroma)
            case ..<5: (x, 0, chroma)
            default: (chroma, 0, x)
            }
        let m = l - chroma / 2
        func code(_ v: Double) -> UInt8 { UInt8((Self.unitClamped(v + m) * 255).rounded()) }
        self.init(red: code(r), green: code(g), blue: code(b), alpha: alpha)
    }

    /// WCAG 2.x relative luminance, 0 for black to 1 for white, ignoring alpha.
    ///
    /// Uses the IEC sRGB threshold 0.04045 rather than WCAG's historical 0.03928; no
    /// 8-bit code falls between the two, so ratios match published checkers exactly.
    public var relativeLuminance: Double {
        0.2126 * Self.linearTable[Int(red)] + 0.7152 * Self.linearTable[Int(green)]
            + 0.0722 * Self.linearTable[Int(blue)]
    }

    /// WCAG contrast ratio between this colour and `other`, from 1 (identical) to 21
    /// (black on white); order does not matter. Themes are checked against 4.5 for text.
    public func contrast(with other: Color) -> Double {
        let mine = relativeLuminance
        let theirs = other.relativeLuminance
        return (max(mine, theirs) + 0.05) / (min(mine, theirs) + 0.05)
    }

    /// Whether this colour reads as light, so dark text belongs on it.
    ///
    /// Judged by OKLab lightness because it tracks what eyes see, where WCAG luminance is
    /// linear light. Black and white text tie on WCAG contrast near L 0.56 for greys; the
    /// threshold sits a little above that because WCAG 2 is known to underrate light text
    /// on mid-tones, so colours in that band get light text.
    public var isLight: Bool {
        // Painting asks this of every swatch, and the cube roots of
        // `oklab` are most of its cost: cube roots by Newton's method,
        // good to about 1e-12, decide every colour but one within a hair
        // of the line, which the exact lightness decides.
        let lightness = approximateLightness
        if abs(lightness - 0.6) > 1e-9 { return lightness > 0.6 }
        return oklab.l > 0.6
    }

    /// OKLab lightness as ``oklab`` computes it, but with fast cube roots.
    var approximateLightness: Double {
        let r = Self.linearTable[Int(red)]
        let g = Self.linearTable[Int(green)]
        let b = Self.linearTable[Int(blue)]
        let l = Self.cubeRoot(0.412_221_470_8 * r + 0.536_332_536_3 * g + 0.051_445_992_9 * b)
        let m = Self.cubeRoot(0.211_903_498_2 * r + 0.680_699_545_1 * g + 0.107_396_956_6 * b)
        let s = Self.cubeRoot(0.088_302_461_9 * r + 0.281_718_837_6 * g + 0.629_978_700_5 * b)
        return 0.210_454_255_3 * l + 0.793_617_785_0 * m - 0.004_072_046_8 * s
    }

    /// The cube root of `x` in 0...1 (a cone response), by three Newton
    /// steps from an estimate read off its bits (within 4%).
    static func cubeRoot(_ x: Double) -> Double {
        guard x > 0 else { return 0 }
        var y = Double(bitPattern: x.bitPattern / 3 + 0x2A9F_7893_782D_A1CE)
        for _ in 0..<3 { y = (2 * y + x / (y * y)) / 3 }
        return y
    }

    /// The colour a fraction `t` of the way from this one to `other` (`t` clamped to `0...1`).
    ///
    /// Interpolates in OKLab so halfway looks halfway and blue-to-yellow does not pass
    /// through grey; alpha, which is not perceptual, interpolates linearly.
    public func mixed(with other: Color, t: Double) -> Color {
        let t = Self.unitClamped(t)
        let from = oklab
        let to = other.oklab
        let lab = OKLab(
            l: from.l + (to.l - from.l) * t,
            a: from.a + (to.a - from.a) * t,
            b: from.b + (to.b - from.b) * t)
        let alpha = Double(alpha) + (Double(other.alpha) - Double(alpha)) * t
        return Color(oklab: lab, alpha: UInt8(alpha.rounded()))
    }

    /// Moves OKLab lightness a fraction `t` of the way to white, keeping hue, so
    /// `lightened(0.2)` is a similar-looking step on any colour. `t` is clamped to `0...1`.
    ///
    /// Chroma is kept where the gamut allows and reduced where it does not, so `lightened(1)`
    /// is white rather than a clipped pastel.
    public func lightened(_ t: Double) -> Color {
        var lab = oklab
        lab.l += (1 - lab.l) * Self.unitClamped(t)
        return Color(oklabReducingChroma: lab, alpha: alpha)
    }

    /// Moves OKLab lightness a fraction `t` of the way to black, keeping hue; chroma is
    /// reduced only where the gamut requires it. `t` is clamped to `0...1`.
    public func darkened(_ t: Double) -> Color {
        var lab = oklab
        lab.l -= lab.l * Self.unitClamped(t)
        return Color(oklabReducingChroma: lab, alpha: alpha)
    }
}

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

    /// Whether this colour reads as light, so dark text belongs on it: black has the
    /// higher WCAG contrast with it than white (relative luminance above about 0.179).
    ///
    /// WCAG contrast, not OKLab lightness, because the hex written on a swatch must
    /// pass 4.5:1 wherever either ink can: by lightness, 4.1% of colours got white ink
    /// below 4.5:1 where black passed (`#1C9A2E`: white 3.68:1, black 5.71:1).
    public var isLight: Bool {
        let luminance = relativeLuminance
        // (L + 0.05) / 0.05 > 1.05 / (L + 0.05), without the divisions.
        return (luminance + 0.05) * (luminance + 0.05) > 0.05 * 1.05
    }

    /// The colour a fraction `t` of the way from this one to `other` (`t` clamped to `0...1`),
    /// as CSS `color-mix(in oklab, …)` makes it.
    ///
    /// Interpolates in OKLab so halfway looks halfway and blue-to-yellow does not pass
    /// through grey. Translucent colours mix premultiplied by their alpha, so a transparent
    /// colour adds no hue of its own: halfway from transparent red to blue is half-opaque
    /// blue. The result is gamut-mapped.
    public func mixed(with other: Color, t: Double) -> Color {
        let t = Self.unitClamped(t)
        let from = oklab
        let to = other.oklab
        let fromAlpha = Double(alpha) / 255
        let toAlpha = Double(other.alpha) / 255
        let mixedAlpha = fromAlpha + (toAlpha - fromAlpha) * t
        func mix(_ x: Double, _ y: Double) -> Double {
            // Both transparent: nothing to weigh by, so the plain mix.
            guard mixedAlpha > 0 else { return x + (y - x) * t }
            return (x * fromAlpha * (1 - t) + y * toAlpha * t) / mixedAlpha
        }
        let lab = OKLab(l: mix(from.l, to.l), a: mix(from.a, to.a), b: mix(from.b, to.b))
        return Color(mapping: lab, alpha: mixedAlpha)
    }

    /// Moves OKLab lightness a fraction `t` of the way to white, keeping hue, so
    /// `lightened(0.2)` is a similar-looking step on any colour. `t` is clamped to `0...1`.
    ///
    /// Chroma is kept where the gamut allows and reduced where it does not (CSS Color 4's
    /// gamut mapping), so `lightened(1)` is white rather than a clipped pastel.
    public func lightened(_ t: Double) -> Color {
        var lab = oklab
        lab.l += (1 - lab.l) * Self.unitClamped(t)
        return Color(oklab: lab, alpha: alpha)
    }

    /// Moves OKLab lightness a fraction `t` of the way to black, keeping hue; chroma is
    /// reduced only where the gamut requires it. `t` is clamped to `0...1`.
    public func darkened(_ t: Double) -> Color {
        var lab = oklab
        lab.l -= lab.l * Self.unitClamped(t)
        return Color(oklab: lab, alpha: alpha)
    }

    /// ΔE OK ×100: the Euclidean distance in OKLab between the colours
    /// drawn (coloraide's `delta_e(method="ok")`, scaled as ΔE 2000 is, so
    /// 1 is about a just-noticeable difference).
    public func deltaEOK(to other: Color) -> Double {
        oklab.distanceSquared(to: other.oklab).squareRoot() * 100
    }
}

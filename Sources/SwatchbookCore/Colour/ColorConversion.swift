import Foundation

/// Components of ``AuthoredColor``'s CSS spaces to and from linear sRGB,
/// the hub every conversion passes through, and what `color-mix()` and
/// relative colours need of them: which component is a hue, when a hue is
/// powerless, and which components are analogous across spaces.
enum ColorConversion {
    /// The space's components as encoded sRGB, for the spaces that are
    /// sRGB itself (`srgb`, `hsl`, `hwb`); nil for the others.
    static func encodedSRGB(_ space: AuthoredColor.Space, _ c: [Double]) -> (r: Double, g: Double, b: Double)?
    {
        guard c.count >= 3 else { return nil }
        switch space {
        case .srgb: return (c[0], c[1], c[2])
        case .hsl:
            let (r, g, b) = CSSColorFunction.hslToRGB(
                c[0], min(max(c[1] / 100, 0), 1), min(max(c[2] / 100, 0), 1))
            return (r, g, b)
        case .hwb:
            var white = c[1] / 100
            var black = c[2] / 100
            if white + black >= 1 {
                let grey = white / (white + black)
                return (grey, grey, grey)
            }
            white = max(white, 0)
            black = max(black, 0)
            let (r, g, b) = CSSColorFunction.hslToRGB(c[0], 1, 0.5)
            func channel(_ v: Double) -> Double { v * (1 - white - black) + white }
            return (channel(r), channel(g), channel(b))
        default: return nil
        }
    }

    /// The components of a colour in `space` as linear sRGB (missing ones
    /// given as 0).
    static func linear(_ space: AuthoredColor.Space, _ c: [Double]) -> LinearRGB {
        guard c.count >= 3 else { return LinearRGB(r: 0, g: 0, b: 0) }
        if let e = encodedSRGB(space, c) { return LinearRGB(encodedSRGB: e.r, e.g, e.b) }
        let (x, y, z) = (c[0], c[1], c[2])
        switch space {
        case .srgbLinear: return LinearRGB(r: x, g: y, b: z)
        case .displayP3: return LinearRGB(displayP3: x, y, z)
        case .a98RGB: return LinearRGB(a98RGB: x, y, z)
        case .proPhotoRGB: return LinearRGB(proPhotoRGB: x, y, z)
        case .rec2020: return LinearRGB(rec2020: x, y, z)
        case .xyzD65: return LinearRGB(xyzD65: x, y, z)
        case .xyzD50: return LinearRGB(xyzD50: x, y, z)
        case .lab: return LinearRGB(lab: min(max(x, 0), 100), y, z)
        case .lch:
            let radians = z * .pi / 180
            let chroma = max(y, 0)
            return LinearRGB(lab: min(max(x, 0), 100), chroma * cos(radians), chroma * sin(radians))
        case .oklab: return LinearRGB(oklab: OKLab(l: min(max(x, 0), 1), a: y, b: z))
        case .oklch: return LinearRGB(oklab: OKLab(l: min(max(x, 0), 1), c: max(y, 0), h: z))
        default: return LinearRGB(r: 0, g: 0, b: 0)
        }
    }

    /// A linear sRGB colour's components in `space`; a hue is nil where
    /// it is powerless (an achromatic colour).
    static func components(_ linear: LinearRGB, in space: AuthoredColor.Space) -> [Double?] {
        func polar(_ l: Double, _ a: Double, _ b: Double) -> [Double] {
            var hue = atan2(b, a) * 180 / .pi
            if hue < 0 { hue += 360 }
            return [l, (a * a + b * b).squareRoot(), hue]
        }
        var values: [Double]
        switch space {
        case .srgb:
            let e = linear.encoded
            values = [e.r, e.g, e.b]
        case .srgbLinear: values = [linear.r, linear.g, linear.b]
        case .displayP3: values = tuple(linear.displayP3)
        case .a98RGB: values = tuple(linear.a98RGB)
        case .proPhotoRGB: values = tuple(linear.proPhotoRGB)
        case .rec2020: values = tuple(linear.rec2020)
        case .xyzD65: values = tuple(linear.xyzD65)
        case .xyzD50: values = tuple(linear.xyzD50)
        case .lab: values = tuple(linear.lab)
        case .lch:
            let lab = linear.lab
            values = polar(lab.l, lab.a, lab.b)
        case .oklab:
            let lab = linear.oklab
            values = [lab.l, lab.a, lab.b]
        case .oklch:
            let lab = linear.oklab
            values = polar(lab.l, lab.a, lab.b)
        case .hsl: values = hsl(linear.encoded)
        case .hwb:
            let e = linear.encoded
            let hue = hsl(e)[0]
            values = [hue, min(e.r, e.g, e.b) * 100, (1 - max(e.r, e.g, e.b)) * 100]
        case .cmyk, .gray: return []
        }
        var result = values.map { Optional($0) }
        if let h = hueIndex(space), isAchromatic(space, values) { result[h] = nil }
        return result
    }

    /// CSS Color 4's `rgbToHsl`: hue in degrees, saturation and lightness
    /// in percent, a negative saturation turned round.
    static func hsl(_ e: (r: Double, g: Double, b: Double)) -> [Double] {
        let high = max(e.r, e.g, e.b)
        let low = min(e.r, e.g, e.b)
        var hue = 0.0
        var saturation = 0.0
        let lightness = (low + high) / 2
        let d = high - low
        if d != 0 {
            saturation =
                lightness == 0 || lightness == 1 ? 0 : (high - lightness) / min(lightness, 1 - lightness)
            switch high {
            case e.r: hue = (e.g - e.b) / d + (e.g < e.b ? 6 : 0)
            case e.g: hue = (e.b - e.r) / d + 2
            default: hue = (e.r - e.g) / d + 4
            }
            hue *= 60
        }
        if saturation < 0 {
            hue += 180
            saturation = -saturation
        }
        if hue >= 360 { hue -= 360 }
        return [hue, saturation * 100, lightness * 100]
    }

    /// A colour's components in `space`: its own when it is in that space
    /// (missing ones kept missing), else converted with missing ones as 0.
    static func convert(_ colour: CSSColorFunction.Resolved, to space: AuthoredColor.Space) -> [Double?] {
        if colour.space == space { return colour.components }
        return components(linear(colour.space, colour.components.map { $0 ?? 0 }), in: space)
    }

    /// The index of the hue in a polar space.
    static func hueIndex(_ space: AuthoredColor.Space) -> Int? {
        switch space {
        case .hsl, .hwb: 0
        case .lch, .oklch: 2
        default: nil
        }
    }

    /// Whether the hue of `c` in `space` means nothing (coloraide's
    /// thresholds).
    static func isAchromatic(_ space: AuthoredColor.Space, _ c: [Double]) -> Bool {
        switch space {
        case .lch: abs(c[1]) < 1e-4
        case .oklch: abs(c[1]) < 1e-6
        case .hsl: abs(c[1]) < 1e-4 || c[2] == 0 || abs(100 - c[2]) < 1e-4
        case .hwb: (c[1] + c[2]) / 100 >= 1 - 1e-7
        default: false
        }
    }

    /// The kinds of component CSS Color 4 calls analogous, for carrying a
    /// missing one forward into the space of an interpolation.
    enum Analog { case red, green, blue, lightness, colorfulness, hue, opponentA, opponentB, other }

    static func analogs(_ space: AuthoredColor.Space) -> [Analog] {
        switch space {
        case .lab, .oklab: [.lightness, .opponentA, .opponentB]
        case .lch, .oklch: [.lightness, .colorfulness, .hue]
        case .hsl: [.hue, .colorfulness, .lightness]
        case .hwb: [.hue, .other, .other]
        case .cmyk, .gray: [.other, .other, .other, .other]
        default: [.red, .green, .blue]
        }
    }

    private static func tuple(_ t: (Double, Double, Double)) -> [Double] { [t.0, t.1, t.2] }
}

/// `color-mix()` as CSS Color 5 mixes two colours: in a space, a hue
/// method for the polar ones, percentages normalised, missing components
/// carried forward, alpha premultiplied.
enum ColorMix {
    enum HueMethod: String, CaseIterable { case shorter, longer, increasing, decreasing }

    /// The mix, nil when both percentages are 0.
    static func mix(
        _ first: CSSColorFunction.Resolved, _ p1: Double?, _ second: CSSColorFunction.Resolved, _ p2: Double?,
        in space: AuthoredColor.Space, hue method: HueMethod
    ) -> CSSColorFunction.Resolved? {
        let (w1, w2): (Double, Double)
        switch (p1, p2) {
        case (nil, nil): (w1, w2) = (50, 50)
        case (let a?, nil): (w1, w2) = (a, 100 - a)
        case (nil, let b?): (w1, w2) = (100 - b, b)
        case (let a?, let b?): (w1, w2) = (a, b)
        }
        let sum = w1 + w2
        guard sum > 0 else { return nil }
        let multiplier = sum < 100 ? sum / 100 : 1
        let t = w2 / sum
        var c1 = carried(first, to: space)
        var c2 = carried(second, to: space)
        let alpha1 = first.alpha ?? second.alpha
        let alpha2 = second.alpha ?? first.alpha
        for i in 0..<3 {
            if c1[i] == nil { c1[i] = c2[i] }
            if c2[i] == nil { c2[i] = c1[i] }
        }
        let hueIndex = ColorConversion.hueIndex(space)
        if let h = hueIndex, let a = c1[h], let b = c2[h] {
            (c1[h], c2[h]) = fixed(a, b, method)
        }
        let a1 = alpha1 ?? 1
        let a2 = alpha2 ?? 1
        let alpha = a1 * (1 - t) + a2 * t
        var components: [Double?] = []
        for i in 0..<3 {
            guard let x = c1[i], let y = c2[i] else {
                components.append(nil)
                continue
            }
            if i == hueIndex {
                var hue = (x * (1 - t) + y * t).truncatingRemainder(dividingBy: 360)
                if hue < 0 { hue += 360 }
                components.append(hue)
            } else {
                let premultiplied = x * a1 * (1 - t) + y * a2 * t
                components.append(alpha == 0 ? premultiplied : premultiplied / alpha)
            }
        }
        return CSSColorFunction.Resolved(
            space: space, components: components, alpha: alpha1 == nil ? nil : alpha * multiplier)
    }

    /// Whether a colour converted into LCh or OKLCh to be mixed is so
    /// near grey that its hue is noise: a chroma of 0.02 or less, as
    /// Chromium takes it (a grey made by `color-mix(in lab, …)` of a
    /// faintly blue one keeps no hue of its own when mixed in oklch).
    /// CSS Color 4 calls the hue powerless at chroma 0 and leaves "near"
    /// to the implementation; a colour written in the space keeps its hue.
    static func isNearGrey(_ space: AuthoredColor.Space, _ c: [Double]) -> Bool {
        (space == .lch || space == .oklch) && abs(c[1]) <= 0.02
    }

    /// A colour's components in `space` with its missing ones carried
    /// forward to their analogues, and a powerless hue missing.
    static func carried(_ colour: CSSColorFunction.Resolved, to space: AuthoredColor.Space) -> [Double?] {
        var values = ColorConversion.convert(colour, to: space)
        if let h = ColorConversion.hueIndex(space), !values.contains(where: { $0 == nil }) {
            let plain = values.map { $0 ?? 0 }
            if ColorConversion.isAchromatic(space, plain)
                || (colour.space != space && isNearGrey(space, plain))
            {
                values[h] = nil
            }
        }
        guard colour.space != space else { return values }
        let from = ColorConversion.analogs(colour.space)
        let to = ColorConversion.analogs(space)
        for (i, component) in colour.components.enumerated() where component == nil && i < from.count {
            if from[i] != .other, let j = to.firstIndex(of: from[i]) { values[j] = nil }
        }
        return values
    }

    /// The two hues adjusted for `method`, as CSS Color 4's hue
    /// interpolation has it.
    static func fixed(_ a: Double, _ b: Double, _ method: HueMethod) -> (Double, Double) {
        func normal(_ h: Double) -> Double {
            let r = h.truncatingRemainder(dividingBy: 360)
            return r < 0 ? r + 360 : r
        }
        var h1 = normal(a)
        var h2 = normal(b)
        let d = h2 - h1
        switch method {
        case .shorter:
            if d > 180 { h1 += 360 } else if d < -180 { h2 += 360 }
        case .longer:
            if 0 < d && d < 180 { h1 += 360 } else if -180 < d && d <= 0 { h2 += 360 }
        case .increasing:
            if h2 < h1 { h2 += 360 }
        case .decreasing:
            if h1 < h2 { h1 += 360 }
        }
        return (h1, h2)
    }
}

import Foundation

/// CSS Color 4's functional notations: `rgb()`, `rgba()`, `hsl()`, `hsla()`,
/// `hwb()`, `lab()`, `lch()`, `oklab()`, `oklch()` and `color()` with the
/// `srgb`, `srgb-linear`, `display-p3`, `a98-rgb`, `prophoto-rgb`, `rec2020`,
/// `xyz`, `xyz-d65` and `xyz-d50` spaces. Colours outside sRGB are
/// gamut-mapped (``Color/init(mapping:alpha:)``).
///
/// Both syntaxes are read: the modern one (`rgb(250 128 114 / 50%)`, `none`
/// for a missing component) and the legacy one with commas (`rgba(250, 128,
/// 114, 0.5)`, all numbers or all percentages, no `none`), as CSS reads them.
enum CSSColorFunction {
    /// One component as written.
    enum Value: Equatable {
        case number(Double)
        case percentage(Double)
        /// An angle, in degrees.
        case angle(Double)
        case none
    }

    static func parse(_ text: String) -> Color? {
        let lowered = text.lowercased()
        guard let open = lowered.firstIndex(of: "("), lowered.last == ")" else { return nil }
        let name = String(lowered[..<open])
        let inside = lowered[lowered.index(after: open)..<lowered.index(before: lowered.endIndex)]
        guard let arguments = Arguments(inside) else { return nil }
        switch name {
        case "rgb", "rgba": return rgb(arguments)
        case "hsl", "hsla": return hsl(arguments)
        case "hwb": return hwb(arguments)
        case "lab": return lab(arguments)
        case "lch": return lch(arguments)
        case "oklab": return oklab(arguments)
        case "oklch": return oklch(arguments)
        case "color": return color(arguments)
        default: return nil
        }
    }

    /// The space and components of a function as written, `none` kept as
    /// nil and percentages resolved to the numbers of
    /// ``AuthoredColor``: nil when `lowered` is no function ``parse(_:)``
    /// reads.
    static func authored(_ lowered: String) -> AuthoredColor? {
        guard let open = lowered.firstIndex(of: "("), lowered.last == ")" else { return nil }
        let name = String(lowered[..<open])
        let inside = lowered[lowered.index(after: open)..<lowered.index(before: lowered.endIndex)]
        guard let arguments = Arguments(inside), arguments.values.count == 3, let alpha = alpha(arguments)
        else { return nil }
        /// Each component as a number of `scales[i]` per 100%, an angle where
        /// `scales[i]` is nil; `none` is nil.
        func components(_ scales: [Double?]) -> [Double?] {
            zip(arguments.values, scales).map { value, scale in
                switch (value, scale) {
                case (.none, _): nil
                case (.number(let n), _), (.angle(let n), nil): n
                case (.percentage(let p), let scale?): p / 100 * scale
                default: nil
                }
            }
        }
        let space: AuthoredColor.Space
        let values: [Double?]
        switch name {
        case "rgb", "rgba":
            space = .srgb
            values = arguments.values.map { value in
                switch value {
                case .number(let n): n / 255
                case .percentage(let p): p / 100
                default: nil
                }
            }
        case "hsl", "hsla", "hwb":
            space = name == "hwb" ? .hwb : .hsl
            // The modern syntax's plain numbers are percentages too.
            values = zip(arguments.values, [nil, 100, 100] as [Double?]).map { value, scale in
                switch value {
                case .none: nil
                case .number(let n), .angle(let n): n
                case .percentage(let p): scale.map { p / 100 * $0 }
                }
            }
        case "lab": (space, values) = (.lab, components([100, 125, 125]))
        case "lch": (space, values) = (.lch, components([100, 150, nil]))
        case "oklab": (space, values) = (.oklab, components([1, 0.4, 0.4]))
        case "oklch": (space, values) = (.oklch, components([1, 0.4, nil]))
        case "color":
            guard let named = arguments.space,
                let known = named == "xyz" ? .xyzD65 : AuthoredColor.Space(rawValue: named), known.isCSS
            else { return nil }
            (space, values) = (known, components([1, 1, 1]))
        default: return nil
        }
        return AuthoredColor(space: space, components: values, alpha: alpha)
    }

    /// The components and alpha between the parentheses.
    struct Arguments {
        var values: [Value]
        var alpha: Value?
        /// Written with commas (the legacy syntax).
        var legacy: Bool
        /// The leading identifier of `color()`: its space.
        var space: String?

        init?(_ text: Substring) {
            var tokens: [String] = []
            var current = ""
            for character in text {
                switch character {
                case " ", "\t", "\n", "\r", "\u{0C}":
                    if !current.isEmpty { tokens.append(current) }
                    current = ""
                case ",", "/":
                    if !current.isEmpty { tokens.append(current) }
                    tokens.append(String(character))
                    current = ""
                default:
                    current.append(character)
                }
            }
            if !current.isEmpty { tokens.append(current) }
            legacy = tokens.contains(",")
            if let first = tokens.first, first.first.map({ $0.isLetter }) == true, first != "none" {
                space = first
                tokens.removeFirst()
            }
            var values: [Value] = []
            var alpha: Value?
            var afterSlash = false
            var expectComma = false
            for token in tokens {
                if legacy {
                    if token == "," {
                        guard expectComma else { return nil }
                        expectComma = false
                        continue
                    }
                    guard !expectComma, token != "/", token != "none", let value = Self.value(token) else {
                        return nil
                    }
                    values.append(value)
                    expectComma = true
                    continue
                }
                if token == "," { return nil }
                if token == "/" {
                    guard !afterSlash else { return nil }
                    afterSlash = true
                    continue
                }
                guard let value = Self.value(token) else { return nil }
                if afterSlash {
                    guard alpha == nil else { return nil }
                    alpha = value
                } else {
                    values.append(value)
                }
            }
            if legacy {
                // A trailing comma, or a fourth value as the alpha.
                guard expectComma else { return nil }
                if values.count == 4 { alpha = values.removeLast() }
            } else if afterSlash && alpha == nil {
                return nil
            }
            self.values = values
            self.alpha = alpha
        }

        static func value(_ token: String) -> Value? {
            if token == "none" { return Value.none }
            if token.hasSuffix("%") { return number(token.dropLast()).map(Value.percentage) }
            for (unit, degrees) in [("deg", 1.0), ("grad", 0.9), ("rad", 180 / Double.pi), ("turn", 360.0)]
            where token.hasSuffix(unit) {
                return number(token.dropLast(unit.count)).map { .angle($0 * degrees) }
            }
            return number(Substring(token)).map(Value.number)
        }

        /// A CSS number: digits with an optional sign, point and exponent.
        static func number(_ text: Substring) -> Double? {
            guard let first = text.first, first.isNumber || "+-.".contains(first),
                text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.e".contains($0)) }),
                let value = Double(text), value.isFinite
            else { return nil }
            return value
        }
    }

    // MARK: the functions

    private static func rgb(_ arguments: Arguments) -> Color? {
        guard arguments.space == nil, arguments.values.count == 3 else { return nil }
        if arguments.legacy {
            let percentages = arguments.values.filter { if case .percentage = $0 { true } else { false } }
            guard percentages.count == 0 || percentages.count == 3 else { return nil }
        }
        var channels: [Double] = []
        for value in arguments.values {
            switch value {
            case .number(let n): channels.append(n / 255)
            case .percentage(let p): channels.append(p / 100)
            case .none: channels.append(0)
            case .angle: return nil
            }
        }
        guard let alpha = alpha(arguments) else { return nil }
        return clipped(channels[0], channels[1], channels[2], alpha: alpha)
    }

    private static func hsl(_ arguments: Arguments) -> Color? {
        guard arguments.space == nil, arguments.values.count == 3, let hue = hue(arguments.values[0]),
            let s = percent(arguments.values[1], legacy: arguments.legacy),
            let l = percent(arguments.values[2], legacy: arguments.legacy), let alpha = alpha(arguments)
        else { return nil }
        let (r, g, b) = hslToRGB(hue, min(max(s, 0), 1), min(max(l, 0), 1))
        return clipped(r, g, b, alpha: alpha)
    }

    private static func hwb(_ arguments: Arguments) -> Color? {
        guard arguments.space == nil, !arguments.legacy, arguments.values.count == 3,
            let hue = hue(arguments.values[0]), var white = percent(arguments.values[1], legacy: false),
            var black = percent(arguments.values[2], legacy: false), let alpha = alpha(arguments)
        else { return nil }
        if white + black >= 1 {
            let grey = white / (white + black)
            return clipped(grey, grey, grey, alpha: alpha)
        }
        white = max(white, 0)
        black = max(black, 0)
        let (r, g, b) = hslToRGB(hue, 1, 0.5)
        func channel(_ v: Double) -> Double { v * (1 - white - black) + white }
        return clipped(channel(r), channel(g), channel(b), alpha: alpha)
    }

    private static func lab(_ arguments: Arguments) -> Color? {
        guard arguments.space == nil, !arguments.legacy, arguments.values.count == 3,
            let l = component(arguments.values[0], percent: 100),
            let a = component(arguments.values[1], percent: 125),
            let b = component(arguments.values[2], percent: 125), let alpha = alpha(arguments)
        else { return nil }
        let lightness = min(max(l, 0), 100)
        // Out of gamut, OKLCh lightness (not Lab's) decides black and white,
        // as CSS Color 4's mapping has it: lab(100 -52 -100) is #EAFFFF.
        return Color(mapping: LinearRGB(lab: lightness, a, b), alpha: alpha)
    }

    private static func lch(_ arguments: Arguments) -> Color? {
        guard arguments.space == nil, !arguments.legacy, arguments.values.count == 3,
            let l = component(arguments.values[0], percent: 100),
            let c = component(arguments.values[1], percent: 150),
            let h = hue(arguments.values[2]), let alpha = alpha(arguments)
        else { return nil }
        let lightness = min(max(l, 0), 100)
        let chroma = max(c, 0)
        let radians = h * .pi / 180
        let linear = LinearRGB(lab: lightness, chroma * cos(radians), chroma * sin(radians))
        return Color(mapping: linear, alpha: alpha)
    }

    private static func oklab(_ arguments: Arguments) -> Color? {
        guard arguments.space == nil, !arguments.legacy, arguments.values.count == 3,
            let l = component(arguments.values[0], percent: 1),
            let a = component(arguments.values[1], percent: 0.4),
            let b = component(arguments.values[2], percent: 0.4), let alpha = alpha(arguments)
        else { return nil }
        return Color(mapping: OKLab(l: min(max(l, 0), 1), a: a, b: b), alpha: alpha)
    }

    private static func oklch(_ arguments: Arguments) -> Color? {
        guard arguments.space == nil, !arguments.legacy, arguments.values.count == 3,
            let l = component(arguments.values[0], percent: 1),
            let c = component(arguments.values[1], percent: 0.4),
            let h = hue(arguments.values[2]), let alpha = alpha(arguments)
        else { return nil }
        return Color(mapping: OKLab(l: min(max(l, 0), 1), c: max(c, 0), h: h), alpha: alpha)
    }

    private static func color(_ arguments: Arguments) -> Color? {
        guard let space = arguments.space, !arguments.legacy, arguments.values.count == 3,
            let alpha = alpha(arguments)
        else { return nil }
        var components: [Double] = []
        for value in arguments.values {
            guard let component = component(value, percent: 1) else { return nil }
            components.append(component)
        }
        let (x, y, z) = (components[0], components[1], components[2])
        let linear: LinearRGB
        switch space {
        case "srgb": linear = LinearRGB(encodedSRGB: x, y, z)
        case "srgb-linear": linear = LinearRGB(r: x, g: y, b: z)
        case "display-p3": linear = LinearRGB(displayP3: x, y, z)
        case "a98-rgb": linear = LinearRGB(a98RGB: x, y, z)
        case "prophoto-rgb": linear = LinearRGB(proPhotoRGB: x, y, z)
        case "rec2020": linear = LinearRGB(rec2020: x, y, z)
        case "xyz", "xyz-d65": linear = LinearRGB(xyzD65: x, y, z)
        case "xyz-d50": linear = LinearRGB(xyzD50: x, y, z)
        default: return nil
        }
        return Color(mapping: linear, alpha: alpha)
    }

    // MARK: components

    /// `rgb()`, `hsl()` and `hwb()` describe sRGB itself: CSS clamps what
    /// they say to its range rather than mapping it.
    private static func clipped(_ r: Double, _ g: Double, _ b: Double, alpha: Double) -> Color {
        Color(encoded: (r, g, b), alpha: alpha)
    }

    /// A number, or a percentage of `percent`; `none` is 0.
    private static func component(_ value: Value, percent: Double) -> Double? {
        switch value {
        case .number(let n): n
        case .percentage(let p): p / 100 * percent
        case .none: 0
        case .angle: nil
        }
    }

    /// HSL's and HWB's saturation, lightness, whiteness and blackness, as a
    /// fraction: a percentage, or in the modern syntax a number of percent.
    private static func percent(_ value: Value, legacy: Bool) -> Double? {
        switch value {
        case .percentage(let p): p / 100
        case .number(let n) where !legacy: n / 100
        case .none where !legacy: 0
        default: nil
        }
    }

    /// A hue in degrees: a number, an angle, or `none` (0).
    private static func hue(_ value: Value) -> Double? {
        switch value {
        case .number(let n), .angle(let n): n
        case .none: 0
        case .percentage: nil
        }
    }

    /// The alpha, clamped to `0...1`: 1 when not given.
    private static func alpha(_ arguments: Arguments) -> Double? {
        guard let value = arguments.alpha else { return 1 }
        switch value {
        case .number(let n): return min(max(n, 0), 1)
        case .percentage(let p): return min(max(p / 100, 0), 1)
        case .none: return arguments.legacy ? nil : 0
        case .angle: return nil
        }
    }

    /// CSS Color 4's `hslToRgb`, hue in degrees, results encoded sRGB.
    static func hslToRGB(_ hue: Double, _ saturation: Double, _ lightness: Double) -> (Double, Double, Double)
    {
        var h = hue.truncatingRemainder(dividingBy: 360)
        if h < 0 { h += 360 }
        func f(_ n: Double) -> Double {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            let a = saturation * min(lightness, 1 - lightness)
            return lightness - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return (f(0), f(8), f(4))
    }
}

import Foundation

/// Which colour `light-dark()` gives: its first (light) or its second.
public enum ColorScheme: String, CaseIterable, Sendable {
    case light, dark
}

/// CSS colour text, read as CSS Color 4 and 5 and CSS Values 4 read it:
/// the functions `rgb()`, `rgba()`, `hsl()`, `hsla()`, `hwb()`, `lab()`,
/// `lch()`, `oklab()`, `oklch()` and `color()` (`srgb`, `srgb-linear`,
/// `display-p3`, `a98-rgb`, `prophoto-rgb`, `rec2020`, `xyz`, `xyz-d65`,
/// `xyz-d50`), each also relative (`oklch(from #fa8072 calc(l + 0.1) c
/// h)`), `color-mix()`, `light-dark()`, and `calc()`, `min()`, `max()` and
/// `clamp()` in any component. Colours outside sRGB are gamut-mapped
/// (``Color/init(mapping:alpha:)``).
///
/// Both syntaxes are read: the modern one (`rgb(250 128 114 / 50%)`, `none`
/// for a missing component) and the legacy one with commas (`rgba(250, 128,
/// 114, 0.5)`, all numbers or all percentages, no `none`), as CSS reads them.
/// Inside a function a colour is a CSS `<color>`: hex only with `#`.
///
/// Bounded: text longer than ``maximumLength`` or nested deeper than
/// ``maximumDepth`` is no colour, so no input recurses without limit.
enum CSSColorFunction {
    static let maximumLength = 8192
    static let maximumDepth = 24

    /// One component as written.
    enum Value: Equatable {
        case number(Double)
        case percentage(Double)
        /// An angle, in degrees.
        case angle(Double)
        case none
    }

    /// A colour as CSS computes it: its space, its components in
    /// ``AuthoredColor``'s units (nil where missing) and its alpha (nil
    /// where `none`).
    struct Resolved {
        var space: AuthoredColor.Space
        var components: [Double?]
        var alpha: Double?

        /// The eight-bit sRGB colour shown.
        var color: Color {
            let c = components.map { $0 ?? 0 }
            let alpha = alpha ?? 0
            if let encoded = ColorConversion.encodedSRGB(space, c), Color.inGamut(encoded) {
                return Color(encoded: encoded, alpha: alpha)
            }
            // OKLab's own lightness decides white and black, not one
            // recomputed from linear light.
            switch space {
            case .oklab: return Color(mapping: OKLab(l: min(max(c[0], 0), 1), a: c[1], b: c[2]), alpha: alpha)
            case .oklch:
                return Color(mapping: OKLab(l: min(max(c[0], 0), 1), c: max(c[1], 0), h: c[2]), alpha: alpha)
            default: return Color(mapping: ColorConversion.linear(space, c), alpha: alpha)
            }
        }
    }

    /// The colour of `lowered` (lowercase ASCII text, a function), nil when
    /// it is none.
    static func parse(_ lowered: String, scheme: ColorScheme = .light) -> Color? {
        resolve(lowered, scheme: scheme)?.color
    }

    /// The space, components and alpha of `lowered`, nil when it is no
    /// colour.
    static func resolve(_ lowered: String, scheme: ColorScheme) -> Resolved? {
        var text = lowered
        return text.withUTF8 { bytes -> Resolved? in
            guard bytes.count <= maximumLength, var parser = Parser(bytes, scheme: scheme) else { return nil }
            guard let colour = parser.colour(), parser.atEnd else { return nil }
            return colour
        }
    }

    /// The authored form of `lowered`, nil when it is no colour.
    static func authored(_ lowered: String, scheme: ColorScheme = .light) -> AuthoredColor? {
        guard let resolved = resolve(lowered, scheme: scheme) else { return nil }
        return AuthoredColor(
            space: resolved.space, components: resolved.components, alpha: resolved.alpha ?? 0, scheme: scheme
        )
    }

    /// The components and alpha between the parentheses.
    struct Arguments {
        var values: [Value]
        var alpha: Value?
        /// Written with commas (the legacy syntax).
        var legacy: Bool
        /// The leading identifier of `color()`: its space.
        var space: String?
    }

    // MARK: the functions

    static func rgb(_ arguments: Arguments) -> Resolved? {
        guard arguments.space == nil, arguments.values.count == 3 else { return nil }
        if arguments.legacy {
            let percentages = arguments.values.filter { if case .percentage = $0 { true } else { false } }
            guard percentages.count == 0 || percentages.count == 3 else { return nil }
        }
        var channels: [Double?] = []
        for value in arguments.values {
            switch value {
            case .number(let n): channels.append(Color.unitClamped(n / 255))
            case .percentage(let p): channels.append(Color.unitClamped(p / 100))
            case .none: channels.append(nil)
            case .angle: return nil
            }
        }
        guard let alpha = alpha(arguments) else { return nil }
        return Resolved(space: .srgb, components: channels, alpha: alpha)
    }

    static func hsl(_ arguments: Arguments) -> Resolved? {
        guard arguments.space == nil, arguments.values.count == 3, let hue = hue(arguments.values[0]),
            let s = percent(arguments.values[1], legacy: arguments.legacy),
            let l = percent(arguments.values[2], legacy: arguments.legacy), let alpha = alpha(arguments)
        else { return nil }
        return Resolved(
            space: .hsl, components: [hue, s.map { min(max($0, 0), 100) }, l.map { min(max($0, 0), 100) }],
            alpha: alpha)
    }

    static func hwb(_ arguments: Arguments) -> Resolved? {
        guard arguments.space == nil, !arguments.legacy, arguments.values.count == 3,
            let hue = hue(arguments.values[0]), let white = percent(arguments.values[1], legacy: false),
            let black = percent(arguments.values[2], legacy: false), let alpha = alpha(arguments)
        else { return nil }
        return Resolved(space: .hwb, components: [hue, white, black], alpha: alpha)
    }

    static func lab(_ arguments: Arguments) -> Resolved? {
        guard arguments.space == nil, !arguments.legacy, arguments.values.count == 3,
            let l = component(arguments.values[0], percent: 100),
            let a = component(arguments.values[1], percent: 125),
            let b = component(arguments.values[2], percent: 125), let alpha = alpha(arguments)
        else { return nil }
        return Resolved(space: .lab, components: [l.map { min(max($0, 0), 100) }, a, b], alpha: alpha)
    }

    static func lch(_ arguments: Arguments) -> Resolved? {
        guard arguments.space == nil, !arguments.legacy, arguments.values.count == 3,
            let l = component(arguments.values[0], percent: 100),
            let c = component(arguments.values[1], percent: 150),
            let h = hue(arguments.values[2]), let alpha = alpha(arguments)
        else { return nil }
        return Resolved(
            space: .lch, components: [l.map { min(max($0, 0), 100) }, c.map { max($0, 0) }, h], alpha: alpha)
    }

    static func oklab(_ arguments: Arguments) -> Resolved? {
        guard arguments.space == nil, !arguments.legacy, arguments.values.count == 3,
            let l = component(arguments.values[0], percent: 1),
            let a = component(arguments.values[1], percent: 0.4),
            let b = component(arguments.values[2], percent: 0.4), let alpha = alpha(arguments)
        else { return nil }
        return Resolved(space: .oklab, components: [l.map { min(max($0, 0), 1) }, a, b], alpha: alpha)
    }

    static func oklch(_ arguments: Arguments) -> Resolved? {
        guard arguments.space == nil, !arguments.legacy, arguments.values.count == 3,
            let l = component(arguments.values[0], percent: 1),
            let c = component(arguments.values[1], percent: 0.4),
            let h = hue(arguments.values[2]), let alpha = alpha(arguments)
        else { return nil }
        return Resolved(
            space: .oklch, components: [l.map { min(max($0, 0), 1) }, c.map { max($0, 0) }, h], alpha: alpha)
    }

    static func color(_ arguments: Arguments) -> Resolved? {
        guard let name = arguments.space, let space = Parser.colorSpace(name), !arguments.legacy,
            arguments.values.count == 3, let alpha = alpha(arguments)
        else { return nil }
        var components: [Double?] = []
        for value in arguments.values {
            guard let component = component(value, percent: 1) else { return nil }
            components.append(component)
        }
        return Resolved(space: space, components: components, alpha: alpha)
    }

    // MARK: components

    /// A number, or a percentage of `percent`; `none` is nil.
    private static func component(_ value: Value, percent: Double) -> Double?? {
        switch value {
        case .number(let n): n
        case .percentage(let p): p / 100 * percent
        case .none: .some(nil)
        case .angle: nil
        }
    }

    /// HSL's and HWB's saturation, lightness, whiteness and blackness, in
    /// percent: a percentage, or in the modern syntax a number.
    private static func percent(_ value: Value, legacy: Bool) -> Double?? {
        switch value {
        case .percentage(let p): p
        case .number(let n) where !legacy: n
        case .none where !legacy: .some(nil)
        default: nil
        }
    }

    /// A hue in degrees: a number, an angle, or `none`.
    private static func hue(_ value: Value) -> Double?? {
        switch value {
        case .number(let n), .angle(let n): n
        case .none: .some(nil)
        case .percentage: nil
        }
    }

    /// The alpha, clamped to `0...1`: 1 when not given.
    private static func alpha(_ arguments: Arguments) -> Double?? {
        guard let value = arguments.alpha else { return 1 }
        switch value {
        case .number(let n): return min(max(n, 0), 1)
        case .percentage(let p): return min(max(p / 100, 0), 1)
        case .none: return arguments.legacy ? nil : .some(nil)
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

extension CSSColorFunction.Resolved {
    /// An eight-bit sRGB colour (a hex, a name).
    init(_ color: Color) {
        self.init(
            space: .srgb, components: [color.red, color.green, color.blue].map { Double($0) / 255 },
            alpha: Double(color.alpha) / 255)
    }
}

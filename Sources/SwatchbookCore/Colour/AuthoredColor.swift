import Foundation

/// A colour as its file wrote it: the space, every component at full
/// precision, the alpha, and for CSS the text itself.
///
/// ``Color`` is what is drawn; this is what is handed on. A palette read
/// from a file and written back gives the authored form back, so an
/// `oklch()` stays `oklch()` and a CMYK spot colour stays CMYK, while the
/// screen shows the eight-bit sRGB colour made from it once (``color``).
///
/// Components follow the DTCG 2025.10 colour module, which CSS agrees with
/// where both have the space: the RGB spaces and XYZ from 0 to 1; `hsl`
/// and `hwb` a hue in degrees then two percentages (0–100); `lab` and `lch`
/// lightness 0–100; `oklab` and `oklch` lightness 0–1; the device models
/// `cmyk` (four) and `gray` (one) from 0 to 1. A missing component (CSS and
/// DTCG `none`) is nil.
public struct AuthoredColor: Sendable, Equatable {
    public enum Space: String, CaseIterable, Sendable {
        case srgb
        case srgbLinear = "srgb-linear"
        case displayP3 = "display-p3"
        case a98RGB = "a98-rgb"
        case proPhotoRGB = "prophoto-rgb"
        case rec2020
        case xyzD50 = "xyz-d50"
        case xyzD65 = "xyz-d65"
        case lab, lch, oklab, oklch, hsl, hwb
        /// Device CMYK (ASE), converted without a profile.
        case cmyk
        /// Device grey (ASE): 0 black, 1 white.
        case gray

        /// How many components a colour in the space has.
        public var componentCount: Int {
            switch self {
            case .cmyk: 4
            case .gray: 1
            default: 3
            }
        }

        /// Whether CSS Color 4 and DTCG can write the space (the device
        /// models are Adobe's alone).
        public var isCSS: Bool { self != .cmyk && self != .gray }
    }

    public var space: Space
    public var components: [Double?]
    /// From 0 to 1.
    public var alpha: Double
    /// The CSS text as written (`oklch(97.1% 0.013 17.38)`, `#fff`,
    /// `rebeccapurple`), for the CSS writers to give back unchanged.
    public var css: String?
    /// The scheme the CSS text was read for: the `light-dark()` in it
    /// gave its light colour or its dark one (the components say which).
    public var scheme: ColorScheme

    public init(
        space: Space, components: [Double?], alpha: Double = 1, css: String? = nil,
        scheme: ColorScheme = .light
    ) {
        self.space = space
        self.components = components
        self.alpha = alpha
        self.css = css
        self.scheme = scheme
    }

    /// The authored form of an eight-bit sRGB colour: what a hex means.
    public init(_ color: Color) {
        self.init(
            space: .srgb, components: [color.red, color.green, color.blue].map { Double($0) / 255 },
            alpha: Double(color.alpha) / 255)
    }

    /// Reads CSS colour text, keeping it as written: nil when it is no colour
    /// ``Color/parse(_:scheme:)`` reads. A function (`color-mix()`, a
    /// relative colour, `light-dark()` for `scheme`, `calc()` in it) is
    /// kept in its space with the components it computes to.
    public init?(css text: String, scheme: ColorScheme = .light) {
        if let function = Color.isFunction(text)
            ? CSSColorFunction.authored(text.lowercased(), scheme: scheme) : nil
        {
            self = function
        } else {
            guard let color = Color.parse(text, scheme: scheme) else { return nil }
            self.init(color)
        }
        css = text
        self.scheme = scheme
    }

    /// The colour drawn: eight-bit sRGB, gamut-mapped as CSS Color 4 maps it.
    public var color: Color {
        if let rgb = deviceSRGB { return Color(encoded: (rgb[0], rgb[1], rgb[2]), alpha: alpha) }
        // As the function read computes it: the components are what it
        // computed (a `light-dark()` the chosen colour's).
        return CSSColorFunction.Resolved(space: space, components: components, alpha: alpha).color
    }

    /// A device colour as encoded sRGB components: CMYK without a profile
    /// (`r = (1 - c)(1 - k)`), grey as itself. Nil for the CSS spaces.
    public var deviceSRGB: [Double]? {
        let c = components.map { Color.unitClamped($0 ?? 0) }
        switch space {
        case .cmyk:
            let k = c.count == 4 ? c[3] : 0
            return (0..<3).map { i in i < c.count ? (1 - c[i]) * (1 - k) : 0 }
        case .gray:
            let v = c.first ?? 0
            return [v, v, v]
        default:
            return nil
        }
    }

    /// The CSS text: as written, or written from the components; nil for
    /// the device models, which CSS cannot say.
    public var cssText: String? { css ?? generatedCSS }

    /// What a person reads: the CSS text as written, else the space and
    /// components to six significant digits (`lab(47.84 73 46)`, not a
    /// float's 47.839999198913574), the device models as `cmyk(0 1 0 0)`.
    public var displayText: String {
        if let css { return css }
        func short(_ value: Double) -> String { Self.number(Double(String(format: "%.6g", value)) ?? value) }
        if space.isCSS { return generatedCSS(number: short) ?? "" }
        let numbers = components.map { $0.map(short) ?? "none" }.joined(separator: " ")
        return "\(space.rawValue)(\(numbers))"
    }

    private var generatedCSS: String? { generatedCSS(number: Self.number) }

    /// CSS Color 4 text for the components, each number written by `number`
    /// (as short as gives it back exactly, for a file).
    private func generatedCSS(number: (Double) -> String) -> String? {
        guard space.isCSS else { return nil }
        let c = (0..<3).map { i in i < components.count ? components[i] : 0 }
        func n(_ value: Double?) -> String { value.map(number) ?? "none" }
        func percent(_ value: Double?) -> String { value.map { number($0) + "%" } ?? "none" }
        let alphaText = alpha >= 1 ? "" : " / \(number(alpha))"
        switch space {
        case .hsl: return "hsl(\(n(c[0])) \(percent(c[1])) \(percent(c[2]))\(alphaText))"
        case .hwb: return "hwb(\(n(c[0])) \(percent(c[1])) \(percent(c[2]))\(alphaText))"
        case .lab, .lch, .oklab, .oklch:
            return "\(space.rawValue)(\(n(c[0])) \(n(c[1])) \(n(c[2]))\(alphaText))"
        default:
            return "color(\(space.rawValue) \(n(c[0])) \(n(c[1])) \(n(c[2]))\(alphaText))"
        }
    }

    /// A number as the shortest text that reads back as the same `Double`,
    /// without a trailing `.0` (CSS and JSON both read Swift's exponents).
    public static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }
}

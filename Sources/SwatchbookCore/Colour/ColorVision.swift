import Foundation

/// A colour-vision deficiency, and how a colour looks to someone who has it.
///
/// The models are the ones coloraide chooses by default, so a test can ask
/// it for the same answer:
/// - protan and deutan: Viénot, Brettel and Mollon (1999) at full severity
///   (dichromacy: the missing cone's signal is rebuilt from the other two,
///   keeping white and sRGB blue), and Machado, Oliveira and Fernandes
///   (2009) below it (anomalous trichromacy, a matrix per tenth of severity,
///   interpolated between);
/// - tritan: Brettel, Viénot and Mollon (1997) at every severity, the S cone
///   rebuilt on one of two half-planes, blended with the colour itself
///   below full severity (Machado's tritan matrices are only a guess);
/// - achroma: achromatopsia, only luminance is seen: the colour's relative
///   luminance (Rec. 709 weights in linear light) blended with the colour.
///
/// Every model works on linear-light sRGB; the result is clipped to the
/// sRGB gamut and rounded to 8 bits, keeping the colour's alpha.
public enum ColorVision: String, Sendable, CaseIterable {
    case protan, deutan, tritan, achroma

    /// How `color` looks with this deficiency at `severity` (0 = normal
    /// vision, 1 = the cone, or all colour, missing; clamped to `0...1`).
    public func simulate(_ color: Color, severity: Double = 1) -> Color {
        let severity = Color.unitClamped(severity)
        let linear = color.linear
        let rgb = (linear.r, linear.g, linear.b)
        let seen: (Double, Double, Double)
        switch self {
        case .protan, .deutan:
            if severity >= 1 {
                seen = Self.multiply(self == .protan ? Self.vienotProtan : Self.vienotDeutan, rgb)
            } else {
                seen = Self.machado(self == .protan ? Self.machadoProtan : Self.machadoDeutan, rgb, severity)
            }
        case .tritan:
            seen = Self.lerp(rgb, Self.brettelTritan(rgb), severity)
        case .achroma:
            let y = 0.2126 * rgb.0 + 0.7152 * rgb.1 + 0.0722 * rgb.2
            seen = Self.lerp(rgb, (y, y, y), severity)
        }
        let encoded = LinearRGB(r: seen.0, g: seen.1, b: seen.2).encoded
        func channel(_ value: Double) -> UInt8 { UInt8((Color.unitClamped(value) * 255).rounded()) }
        return Color(
            red: channel(encoded.r), green: channel(encoded.g), blue: channel(encoded.b), alpha: color.alpha)
    }

    typealias Vector = Matrix3.Vector
    typealias Matrix = Matrix3.Matrix

    /// Linear sRGB to LMS cone responses (Smith and Pokorny's cone
    /// fundamentals through sRGB's primaries), as the three models use.
    static let lmsFromRGB: Matrix = (
        (0.178824041258, 0.4351609057000001, 0.04119349692),
        (0.034556423182, 0.27155382458, 0.03867130836),
        (0.000299565576, 0.0018430896, 0.01467086136)
    )
    static let rgbFromLMS: Matrix = inverse(lmsFromRGB)

    /// The cone responses of white and of sRGB blue, which a dichromat sees
    /// as a trichromat does (the anchors of Viénot's projection).
    private static let white = multiply(lmsFromRGB, (1, 1, 1))
    private static let blue = multiply(lmsFromRGB, (0, 0, 1))

    /// Viénot 1999: L is rebuilt from M and S so that white and blue keep
    /// their cone responses.
    static let vienotProtan: Matrix = {
        let (m, s) = solve((white.1, white.2, white.0), (blue.1, blue.2, blue.0))
        return compose(((0, m, s), (0, 1, 0), (0, 0, 1)))
    }()

    /// Viénot 1999: M is rebuilt from L and S, keeping white and blue.
    static let vienotDeutan: Matrix = {
        let (l, s) = solve((white.0, white.2, white.1), (blue.0, blue.2, blue.1))
        return compose(((1, 0, 0), (l, 0, s), (0, 0, 1)))
    }()

    /// Brettel 1997 for tritanopia: S is rebuilt from L and M on one of two
    /// half-planes through white, which hold the 485 nm and 660 nm spectral
    /// colours a tritanope sees unchanged; the plane through white and the
    /// S axis decides which. (The coefficients are those planes, worked out
    /// from the same cone fundamentals.)
    private static let tritanWings: (Matrix, Matrix) = (
        compose(((1, 0, 0), (0, 1, 0), (-0.060107569253723077, 0.16298638725633882, 0))),
        compose(((1, 0, 0), (0, 1, 0), (-0.0025738510923230197, 0.053656722527511802, 0)))
    )

    private static func brettelTritan(_ rgb: Vector) -> Vector {
        let lms = multiply(lmsFromRGB, rgb)
        let side = lms.0 * white.1 - lms.1 * white.0
        return multiply(side > 0 ? tritanWings.1 : tritanWings.0, rgb)
    }

    /// Machado 2009: the table's matrices either side of `severity`, their
    /// results interpolated.
    private static func machado(_ table: [Matrix], _ rgb: Vector, _ severity: Double) -> Vector {
        let scaled = severity * 10
        let lower = min(Int(scaled), 10)
        let low = multiply(table[lower], rgb)
        guard lower < 10, scaled > Double(lower) else { return low }
        return lerp(low, multiply(table[lower + 1], rgb), scaled - Double(lower))
    }

    /// A projection in LMS made a matrix on linear sRGB.
    private static func compose(_ projection: Matrix) -> Matrix {
        product(rgbFromLMS, product(projection, lmsFromRGB))
    }

    /// The (x, y) with x·a.0 + y·a.1 = a.2 and x·b.0 + y·b.1 = b.2.
    private static func solve(_ a: Vector, _ b: Vector) -> (Double, Double) {
        let det = a.0 * b.1 - a.1 * b.0
        return ((a.2 * b.1 - a.1 * b.2) / det, (a.0 * b.2 - a.2 * b.0) / det)
    }

    static func multiply(_ m: Matrix, _ v: Vector) -> Vector { Matrix3.multiply(m, v) }

    private static func product(_ a: Matrix, _ b: Matrix) -> Matrix { Matrix3.product(a, b) }

    private static func inverse(_ m: Matrix) -> Matrix { Matrix3.inverse(m) }

    private static func lerp(_ a: Vector, _ b: Vector, _ t: Double) -> Vector {
        (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, a.2 + (b.2 - a.2) * t)
    }
}

import Foundation

/// A colour in linear-light sRGB, in floating point and unbounded: a colour
/// read from a wider space (Display P3, Lab, OKLCh) may lie outside `0...1`
/// until it is gamut-mapped into an 8-bit ``Color``.
///
/// Every CSS Color 4 space Swatchbook reads converts to and from this one,
/// with the matrices and white points of CSS Color 4 (D65; Lab and LCh are
/// D50, adapted by Bradford).
public struct LinearRGB: Hashable, Sendable {
    public var r: Double
    public var g: Double
    public var b: Double

    public init(r: Double, g: Double, b: Double) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// From gamma-encoded sRGB (`0...1` for the gamut), the transfer
    /// function extended to negative values by symmetry, as CSS does.
    public init(encodedSRGB r: Double, _ g: Double, _ b: Double) {
        self.init(r: Self.decode(r), g: Self.decode(g), b: Self.decode(b))
    }

    /// Gamma-encoded sRGB, unbounded.
    public var encoded: (r: Double, g: Double, b: Double) { (Self.encode(r), Self.encode(g), Self.encode(b)) }

    /// From gamma-encoded Display P3 (the sRGB transfer function, wider primaries).
    public init(displayP3 r: Double, _ g: Double, _ b: Double) {
        let (x, y, z) = Self.multiply(Self.p3ToXYZ, (Self.decode(r), Self.decode(g), Self.decode(b)))
        self.init(xyzD65: x, y, z)
    }

    /// From gamma-encoded Adobe RGB (1998), CSS's `a98-rgb`: a pure power
    /// of 563/256, odd-symmetric.
    public init(a98RGB r: Double, _ g: Double, _ b: Double) {
        func linear(_ c: Double) -> Double { (c < 0 ? -1 : 1) * pow(abs(c), 563.0 / 256) }
        let (x, y, z) = Self.multiply(Self.a98ToXYZ, (linear(r), linear(g), linear(b)))
        self.init(xyzD65: x, y, z)
    }

    /// From gamma-encoded ProPhoto RGB (ROMM), CSS's `prophoto-rgb`: a D50
    /// space, linear below 16/512 and a power of 1.8 above.
    public init(proPhotoRGB r: Double, _ g: Double, _ b: Double) {
        func linear(_ c: Double) -> Double {
            let magnitude = abs(c)
            return magnitude <= 16.0 / 512 ? c / 16 : (c < 0 ? -1 : 1) * pow(magnitude, 1.8)
        }
        let (x, y, z) = Self.multiply(Self.proPhotoToXYZ, (linear(r), linear(g), linear(b)))
        self.init(xyzD50: x, y, z)
    }

    /// From gamma-encoded ITU-R BT.2020, CSS's `rec2020`: display
    /// referred, with BT.1886's EOTF, which for a black of 0 and a white of
    /// 1 is a pure power of 2.4 (as CSS Color 4 and coloraide have it, not
    /// BT.2020's camera curve).
    public init(rec2020 r: Double, _ g: Double, _ b: Double) {
        func linear(_ c: Double) -> Double { (c < 0 ? -1 : 1) * pow(abs(c), 2.4) }
        let (x, y, z) = Self.multiply(Self.rec2020ToXYZ, (linear(r), linear(g), linear(b)))
        self.init(xyzD65: x, y, z)
    }

    /// From CIE XYZ with a D65 white.
    public init(xyzD65 x: Double, _ y: Double, _ z: Double) {
        let (r, g, b) = Self.multiply(Self.xyzToSRGB, (x, y, z))
        self.init(r: r, g: g, b: b)
    }

    /// From CIE XYZ with a D50 white.
    public init(xyzD50 x: Double, _ y: Double, _ z: Double) {
        let (x65, y65, z65) = Self.multiply(Self.d50ToD65, (x, y, z))
        self.init(xyzD65: x65, y65, z65)
    }

    /// From CIE Lab (D50): `l` in `0...100`.
    public init(lab l: Double, _ a: Double, _ b: Double) {
        let fy = (l + 16) / 116
        let fx = fy + a / 500
        let fz = fy - b / 200
        let kappa = 24389.0 / 27
        let epsilon = 216.0 / 24389
        let x = fx * fx * fx > epsilon ? fx * fx * fx : (116 * fx - 16) / kappa
        let y = l > kappa * epsilon ? fy * fy * fy : l / kappa
        let z = fz * fz * fz > epsilon ? fz * fz * fz : (116 * fz - 16) / kappa
        self.init(xyzD50: x * Self.d50White.0, y * Self.d50White.1, z * Self.d50White.2)
    }

    /// From OKLab.
    public init(oklab lab: OKLab) {
        let l = lab.l + 0.396_337_777_4 * lab.a + 0.215_803_757_3 * lab.b
        let m = lab.l - 0.105_561_345_8 * lab.a - 0.063_854_172_8 * lab.b
        let s = lab.l - 0.089_484_177_5 * lab.a - 1.291_485_548_0 * lab.b
        self.init(
            r: 4.076_741_662_1 * l * l * l - 3.307_711_591_3 * m * m * m + 0.230_969_929_2 * s * s * s,
            g: -1.268_438_004_6 * l * l * l + 2.609_757_401_1 * m * m * m - 0.341_319_396_5 * s * s * s,
            b: -0.004_196_086_3 * l * l * l - 0.703_418_614_7 * m * m * m + 1.707_614_701_0 * s * s * s)
    }

    /// In OKLab (Björn Ottosson's matrices from linear sRGB).
    public var oklab: OKLab {
        let l = cbrt(0.412_221_470_8 * r + 0.536_332_536_3 * g + 0.051_445_992_9 * b)
        let m = cbrt(0.211_903_498_2 * r + 0.680_699_545_1 * g + 0.107_396_956_6 * b)
        let s = cbrt(0.088_302_461_9 * r + 0.281_718_837_6 * g + 0.629_978_700_5 * b)
        return OKLab(
            l: 0.210_454_255_3 * l + 0.793_617_785_0 * m - 0.004_072_046_8 * s,
            a: 1.977_998_495_1 * l - 2.428_592_205_0 * m + 0.450_593_709_9 * s,
            b: 0.025_904_037_1 * l + 0.782_771_766_2 * m - 0.808_675_766_0 * s)
    }

    /// The sRGB transfer function, linear light to encoded, odd-symmetric.
    static func encode(_ linear: Double) -> Double {
        let magnitude = abs(linear)
        let encoded = magnitude <= 0.003_130_8 ? magnitude * 12.92 : 1.055 * pow(magnitude, 1 / 2.4) - 0.055
        return linear < 0 ? -encoded : encoded
    }

    /// Its inverse.
    static func decode(_ encoded: Double) -> Double {
        let magnitude = abs(encoded)
        let linear = magnitude <= 0.040_45 ? magnitude / 12.92 : pow((magnitude + 0.055) / 1.055, 2.4)
        return encoded < 0 ? -linear : linear
    }

    private typealias Matrix = Matrix3.Matrix

    private static func multiply(_ m: Matrix, _ v: Matrix3.Vector) -> Matrix3.Vector {
        Matrix3.multiply(m, v)
    }

    private static let xyzToSRGB: Matrix = (
        (3.240_969_941_904_523, -1.537_383_177_570_094, -0.498_610_760_293_003_5),
        (-0.969_243_636_280_879_7, 1.875_967_501_507_720_4, 0.041_555_057_407_175_62),
        (0.055_630_079_696_993_65, -0.203_976_958_888_976_52, 1.056_971_514_242_878_4)
    )

    private static let p3ToXYZ: Matrix = (
        (0.486_570_948_648_216_15, 0.265_667_693_169_093_06, 0.198_217_285_234_362_47),
        (0.228_974_564_069_748_78, 0.691_738_521_836_506_3, 0.079_286_914_093_744_98),
        (0, 0.045_113_381_858_902_63, 1.043_944_368_900_975_7)
    )

    /// CSS Color 4's matrices, in its exact fractions where it gives them.
    private static let a98ToXYZ: Matrix = (
        (573_536.0 / 994_567, 263_643.0 / 1_420_810, 187_206.0 / 994_567),
        (591_459.0 / 1_989_134, 6_239_551.0 / 9_945_670, 374_412.0 / 4_972_835),
        (53_769.0 / 1_989_134, 351_524.0 / 4_972_835, 4_929_758.0 / 4_972_835)
    )

    private static let proPhotoToXYZ: Matrix = (
        (0.797_766_644_900_642_3, 0.135_181_297_400_533_08, 0.031_347_734_128_392_2),
        (0.288_074_828_819_401_3, 0.711_835_234_241_873, 0.000_089_936_938_725_64),
        (0, 0, 0.825_104_602_510_460_2)
    )

    private static let rec2020ToXYZ: Matrix = (
        (63_426_534.0 / 99_577_255, 20_160_776.0 / 139_408_157, 47_086_771.0 / 278_816_314),
        (26_158_966.0 / 99_577_255, 472_592_308.0 / 697_040_785, 8_267_143.0 / 139_408_157),
        (0, 19_567_812.0 / 697_040_785, 295_819_943.0 / 278_816_314)
    )

    /// Bradford chromatic adaptation, D50 to D65.
    private static let d50ToD65: Matrix = (
        (0.955_473_421_488_074_8, -0.023_098_454_948_764_66, 0.063_259_243_200_570_72),
        (-0.028_369_709_333_863_77, 1.009_995_398_081_304_1, 0.021_041_441_191_917_34),
        (0.012_314_014_864_481_984, -0.020_507_649_298_898_97, 1.330_365_926_242_124)
    )

    /// The D50 white of CSS Color 4 (x 0.3457, y 0.3585).
    private static let d50White = (0.3457 / 0.3585, 1.0, (1 - 0.3457 - 0.3585) / 0.3585)
}

extension OKLab {
    /// From OKLCh: hue in degrees.
    public init(l: Double, c: Double, h: Double) {
        let radians = h * .pi / 180
        self.init(l: l, a: c * cos(radians), b: c * sin(radians))
    }
}

// MARK: from linear sRGB to each space

extension LinearRGB {
    /// In CIE XYZ with a D65 white.
    public var xyzD65: (x: Double, y: Double, z: Double) { Self.multiply(Self.srgbToXYZ, (r, g, b)) }

    /// In CIE XYZ with a D50 white (Bradford).
    public var xyzD50: (x: Double, y: Double, z: Double) { Self.multiply(Self.d65ToD50, xyzD65) }

    /// Gamma-encoded Display P3, unbounded.
    public var displayP3: (Double, Double, Double) {
        let (r, g, b) = Self.multiply(Self.xyzToP3, xyzD65)
        return (Self.encode(r), Self.encode(g), Self.encode(b))
    }

    /// Gamma-encoded Adobe RGB (1998).
    public var a98RGB: (Double, Double, Double) {
        func encoded(_ c: Double) -> Double { (c < 0 ? -1 : 1) * pow(abs(c), 256.0 / 563) }
        let (r, g, b) = Self.multiply(Self.xyzToA98, xyzD65)
        return (encoded(r), encoded(g), encoded(b))
    }

    /// Gamma-encoded ProPhoto RGB.
    public var proPhotoRGB: (Double, Double, Double) {
        func encoded(_ c: Double) -> Double {
            let magnitude = abs(c)
            return magnitude >= 1.0 / 512 ? (c < 0 ? -1 : 1) * pow(magnitude, 1 / 1.8) : 16 * c
        }
        let (r, g, b) = Self.multiply(Self.xyzToProPhoto, xyzD50)
        return (encoded(r), encoded(g), encoded(b))
    }

    /// Gamma-encoded ITU-R BT.2020 (a pure power of 2.4, as read).
    public var rec2020: (Double, Double, Double) {
        func encoded(_ c: Double) -> Double { (c < 0 ? -1 : 1) * pow(abs(c), 1 / 2.4) }
        let (r, g, b) = Self.multiply(Self.xyzToRec2020, xyzD65)
        return (encoded(r), encoded(g), encoded(b))
    }

    /// In CIE Lab (D50): lightness from 0 to 100.
    public var lab: (l: Double, a: Double, b: Double) {
        let (x, y, z) = xyzD50
        let kappa = 24389.0 / 27
        let epsilon = 216.0 / 24389
        func f(_ t: Double) -> Double { t > epsilon ? cbrt(t) : (kappa * t + 16) / 116 }
        let fx = f(x / Self.d50White.0)
        let fy = f(y / Self.d50White.1)
        let fz = f(z / Self.d50White.2)
        return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    private static let srgbToXYZ = inverse(xyzToSRGB)
    private static let d65ToD50 = inverse(d50ToD65)
    private static let xyzToP3 = inverse(p3ToXYZ)
    private static let xyzToA98 = inverse(a98ToXYZ)
    private static let xyzToProPhoto = inverse(proPhotoToXYZ)
    private static let xyzToRec2020 = inverse(rec2020ToXYZ)

    private static func inverse(_ m: Matrix) -> Matrix { Matrix3.inverse(m) }
}

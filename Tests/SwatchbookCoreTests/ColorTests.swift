import Testing

@testable import SwatchbookCore

/// Parsing, the CSS name table, OKLab, WCAG and HSL maths of `Color`.
@Suite struct ColorTests {
    @Test func theTableHoldsAll148CSSColourNames() {
        #expect(Color.cssNamed.count == 148)
        #expect(Set(Color.cssNamed.map(\.name)).count == 148)
        #expect(Color.cssNamed.map(\.name) == Color.cssNamed.map(\.name).sorted())
        #expect(Color.cssNameLookup.count == 148)
    }

    @Test(arguments: Color.cssNamed)
    func everyNameParsesAndRoundTripsThroughHex(name: String, color: Color) {
        #expect(name == name.lowercased())
        #expect(Color.parse(name) == color)
        #expect(Color.parse(name.uppercased()) == color)
        #expect(Color.parse(color.hex) == color)
        #expect(color.hex.count == 7)
    }

    @Test func spotCheckNames() {
        #expect(Color.parse("rebeccapurple")?.hex == "#663399")
        #expect(Color.parse("grey") == Color.parse("gray"))
        #expect(Color.parse("cyan") == Color.parse("aqua"))
        #expect(Color.parse("RebeccaPurple")?.hex == "#663399")
    }

    @Test func hexFormatsUppercaseAndAddsAlphaOnlyWhenTranslucent() {
        #expect(Color(rgb: 0xABCDEF).hex == "#ABCDEF")
        #expect(Color(red: 1, green: 2, blue: 3, alpha: 0x80).hex == "#01020380")
        #expect(Color(rgb: 0x0A0B0C).description == "#0A0B0C")
        #expect(Color(rgb: 0xFF12_3456) == Color(rgb: 0x123456))
    }

    @Test func hexDigitsParseInEitherCaseWithOptionalHash() {
        let expected = Color(rgb: 0xAABBCC)
        #expect(Color.parse("#aabbcc") == expected)
        #expect(Color.parse("#AABBCC") == expected)
        #expect(Color.parse("aAbBcC") == expected)
        #expect(Color.parse("#abc") == expected)
        #expect(Color.parse("ABC") == expected)
        #expect(Color.parse("#abcd") == Color(red: 0xAA, green: 0xBB, blue: 0xCC, alpha: 0xDD))
        #expect(Color.parse("#11223344") == Color(red: 0x11, green: 0x22, blue: 0x33, alpha: 0x44))
        #expect(Color.parse("#112233FF")?.hex == "#112233")
    }

    @Test(arguments: [
        "", "#", "#12345", "#1234567", "#123456789", "12", "#GG0000", "#12345G", "+12345",
        "#-12345", "rgb(1,2 3)", "rgb(1 2)", "rgb(1 2 3 4)", "rgb(1, 2, 3,)", "rgb(none, 2, 3)",
        "hsl(1 2 3", "rgb(1 2 3 /)", "rgb(1 2 3 / 4 / 5)", "lab(1deg 2 3)", "color(rec2100-pq 1 0 0)",
        "color(1 2 3)", "rgb(1e 2 3)", "rgb(inf 0 0)", " red", "red ", "#red", "rebecca purple",
        "ｒｅｄ", "\u{212A}haki",
    ])
    func invalidFormsAreRejected(text: String) {
        #expect(Color.parse(text) == nil)
    }

    @Test func oklabOfReferenceColours() {
        let white = Color(rgb: 0xFFFFFF).oklab
        #expect(abs(white.l - 1) < 1e-4 && abs(white.a) < 1e-4 && abs(white.b) < 1e-4)
        let red = Color(rgb: 0xFF0000).oklab
        #expect(abs(red.l - 0.62796) < 1e-4)
        #expect(abs(red.a - 0.22486) < 1e-4)
        #expect(abs(red.b - 0.12585) < 1e-4)
        #expect(Color(rgb: 0x000000).oklab.distanceSquared(to: OKLab(l: 0, a: 0, b: 0)) < 1e-12)
    }

    @Test func oklabRoundTripIsExact() {
        var mismatches: [Color] = []
        for r in stride(from: 0, through: 255, by: 5) {
            for g in stride(from: 0, through: 255, by: 5) {
                for b in stride(from: 0, through: 255, by: 5) {
                    let color = Color(red: UInt8(r), green: UInt8(g), blue: UInt8(b))
                    if Color(oklab: color.oklab) != color { mismatches.append(color) }
                }
            }
        }
        for v in 0...255 {
            let code = UInt8(v)
            for color in [
                Color(red: code, green: code, blue: code), Color(red: code, green: 0, blue: 0),
                Color(red: 0, green: code, blue: 0), Color(red: 0, green: 0, blue: code),
            ] where Color(oklab: color.oklab) != color {
                mismatches.append(color)
            }
        }
        #expect(mismatches.isEmpty)
    }

    @Test func oklabOutOfGamutIsClipped() {
        #expect(Color(oklab: OKLab(l: 2, a: 0, b: 0)) == Color(rgb: 0xFFFFFF))
        #expect(Color(oklab: OKLab(l: -1, a: 0, b: 0)) == Color(rgb: 0x000000))
        #expect(Color(oklab: OKLab(l: 0.5, a: 0, b: 0), alpha: 7).alpha == 7)
    }

    @Test func oklchRoundTripsAndReportsHueInRange() {
        for (name, color) in Color.cssNamed {
            let lch = color.oklch
            #expect((0..<360).contains(lch.h), "\(name)")
            #expect(lch.c >= 0, "\(name)")
            #expect(Color(oklchL: lch.l, c: lch.c, h: lch.h) == color, "\(name)")
        }
        #expect(Color(rgb: 0x808080).oklch.c < 1e-6)
        #expect(Color(rgb: 0x808080).oklch.h == 0)
        let red = Color(rgb: 0xFF0000).oklch
        #expect(abs(red.h - 29.23) < 0.01)
    }

    @Test func wcagContrast() {
        let grey = Color(rgb: 0x777777)
        let white = Color(rgb: 0xFFFFFF)
        let black = Color(rgb: 0x000000)
        #expect((grey.contrast(with: white) * 100).rounded() / 100 == 4.48)
        #expect(white.contrast(with: grey) == grey.contrast(with: white))
        #expect(abs(black.contrast(with: white) - 21) < 1e-9)
        #expect(white.contrast(with: white) == 1)
        #expect(black.relativeLuminance == 0)
        #expect(white.relativeLuminance == 1)
    }

    @Test func lightness() {
        #expect(Color(rgb: 0xFFFFFF).isLight)
        #expect(Color(rgb: 0xFFFF00).isLight)
        #expect(!Color(rgb: 0x000000).isLight)
        #expect(!Color(rgb: 0x0000FF).isLight)
        // Black on #777777 is 4.68:1, white 4.48:1.
        #expect(Color(rgb: 0x777777).isLight)
        #expect(!Color(rgb: 0x757575).isLight)
    }

    /// A colour is light exactly when black has the higher contrast with it,
    /// over every fifth level of each channel.
    @Test func lightMeansBlackContrastsMore() {
        let levels = Array(stride(from: 0, through: 255, by: 5)) + [1, 254]
        for red in levels {
            for green in levels {
                for blue in levels {
                    let color = Color(red: UInt8(red), green: UInt8(green), blue: UInt8(blue))
                    let black = color.contrast(with: Color(rgb: 0x000000))
                    let white = color.contrast(with: Color(rgb: 0xFFFFFF))
                    #expect(color.isLight == (black > white), "\(color)")
                }
            }
        }
    }

    @Test(
        arguments: [
            (0xFF0000, 0.0, 1.0, 0.5), (0x00FF00, 120.0, 1.0, 0.5), (0x0000FF, 240.0, 1.0, 0.5),
            (0x663399, 270.0, 0.5, 0.4), (0x000000, 0.0, 0.0, 0.0), (0xFFFFFF, 0.0, 0.0, 1.0),
            (0xFF00FF, 300.0, 1.0, 0.5), (0x008080, 180.0, 1.0, 64.0 / 255),
        ] as [(UInt32, Double, Double, Double)])
    func hslOfKnownColours(rgb: UInt32, h: Double, s: Double, l: Double) {
        let hsl = Color(rgb: rgb).hsl
        #expect(abs(hsl.h - h) < 1e-9)
        #expect(abs(hsl.s - s) < 1e-9)
        #expect(abs(hsl.l - l) < 1e-9)
        #expect(Color(hue: h, saturation: s, lightness: l) == Color(rgb: rgb))
    }

    @Test func hslRoundTripsEveryNamedColour() {
        for (name, color) in Color.cssNamed {
            let hsl = color.hsl
            #expect(Color(hue: hsl.h, saturation: hsl.s, lightness: hsl.l) == color, "\(name)")
        }
        #expect(Color(hue: -120, saturation: 1, lightness: 0.5) == Color(rgb: 0x0000FF))
        #expect(Color(hue: 360, saturation: 1, lightness: 0.5) == Color(rgb: 0xFF0000))
    }

    @Test func mixingInterpolatesInOKLab() {
        let black = Color(rgb: 0x000000)
        let white = Color(rgb: 0xFFFFFF)
        #expect(black.mixed(with: white, t: 0) == black)
        #expect(black.mixed(with: white, t: 1) == white)
        #expect(abs(black.mixed(with: white, t: 0.5).oklab.l - 0.5) < 0.01)
        #expect(black.mixed(with: white, t: 2) == white)
    }

    /// CSS `color-mix` premultiplies: a transparent colour adds no hue.
    @Test func translucentColoursMixPremultiplied() {
        let clearRed = Color(red: 255, green: 0, blue: 0, alpha: 0)
        let blue = Color(rgb: 0x0000FF)
        #expect(clearRed.mixed(with: blue, t: 0.5).hex == "#0000FF80")
        let clearWhite = Color(red: 255, green: 255, blue: 255, alpha: 0)
        let black = Color(rgb: 0x000000)
        #expect(black.mixed(with: clearWhite, t: 0.5).hex == "#00000080")
        #expect(black.mixed(with: clearWhite, t: 1) == clearWhite)
    }

    @Test func lightenAndDarkenMoveOKLabLightness() {
        let red = Color(rgb: 0xFF0000)
        #expect(red.lightened(1) == Color(rgb: 0xFFFFFF))
        #expect(red.darkened(1) == Color(rgb: 0x000000))
        #expect(red.lightened(0) == red)
        #expect(red.darkened(0) == red)
        #expect(red.lightened(-3) == red)
        let blue = Color(rgb: 0x3366CC)
        let darker = blue.darkened(0.5)
        #expect(abs(darker.oklab.l - blue.oklab.l / 2) < 0.01)
        #expect(abs(darker.oklch.h - blue.oklch.h) < 2)
        // CSS gamut mapping stops within a just-noticeable difference (ΔEOK 0.02).
        let lighter = red.lightened(0.5)
        #expect(abs(lighter.oklab.l - (1 + red.oklab.l) / 2) < 0.02)
        #expect(abs(lighter.oklch.h - red.oklch.h) < 2)
        #expect(Color(red: 0x33, green: 0x66, blue: 0xCC, alpha: 9).lightened(0.3).alpha == 9)
    }

    @Test func lighteningSweepsTowardWhiteMonotonically() {
        for (name, color) in Color.cssNamed {
            var previous = color.oklab.l
            for step in 1...10 {
                let l = color.lightened(Double(step) / 10).oklab.l
                #expect(l >= previous - 0.005, "\(name) step \(step)")
                previous = l
            }
        }
    }

    @Test func nonFiniteInputsNeverTrap() {
        let red = Color(rgb: 0xFF0000)
        #expect(Color(oklab: OKLab(l: .nan, a: .infinity, b: -.infinity)).alpha == 255)
        #expect(Color(oklchL: 0.5, c: 0.1, h: .infinity).alpha == 255)
        #expect(Color(hue: .nan, saturation: .nan, lightness: .infinity) == Color(rgb: 0xFFFFFF))
        #expect(red.mixed(with: Color(rgb: 0x0000FF), t: .nan) == red)
        #expect(red.lightened(.nan) == red)
        #expect(red.darkened(.infinity) == Color(rgb: 0x000000))
    }

    @Test func nearestNameUsesOKLabAndPrefersTheFirstAlias() {
        #expect(Color(rgb: 0xFA8072).nearestName() == "salmon")
        #expect(Color(rgb: 0xFA8073).nearestName() == "salmon")
        #expect(Color(rgb: 0x00FFFF).nearestName() == "aqua")
        #expect(Color(rgb: 0x808080).nearestName() == "gray")
        #expect(Color(rgb: 0xFF00FF).nearestName() == "fuchsia")
        #expect(Color(rgb: 0xFE0101).nearestName() == "red")
    }
}

/// CSS Color 5 and CSS Values 4 in the one parser: calc() and its types,
/// the bounds that keep a hostile text cheap, `light-dark()` by scheme,
/// hex inside functions, and the authored form (Chromium and coloraide
/// check the colours themselves: CSSColor5ConformanceTests).
@Suite struct CSSColor5Tests {
    @Test(
        arguments: [
            ("rgb(calc(100 + 50) 0 0)", "#960000"), ("rgb(calc(100 - 50 * 2) 0 0)", "#000000"),
            ("rgb(calc((100 - 50) * 2) 0 0)", "#640000"), ("rgb(calc(10 * 10%) 0 0)", "#FF0000"),
            ("rgb(calc(2 * 25%) 0 0)", "#800000"), ("rgb(calc(100% / 2) 0 0)", "#800000"),
            ("rgb(calc(100% / 2%) 0 0)", nil), ("rgb(calc(50% + 10) 0 0)", nil), ("rgb(calc(1 +2) 0 0)", nil),
            ("rgb(calc(1 - -2) 0 0)", "#030000"), ("rgb(calc(1-2) 0 0)", nil), ("rgb(calc(1px) 0 0)", nil),
            ("rgb(min(10, 20, 5) max(1, 2) clamp(0, 300, 255))", "#0502FF"), ("rgb(clamp(1, 2) 0 0)", nil),
            ("rgb(min(10, 20%) 0 0)", nil), ("hsl(calc(0.5turn - 60deg) 100% 50%)", "#00FF00"),
            ("hsl(calc(pi * 1rad) 100% 50%)", "#00FFFF"), ("hsl(calc(200grad) 100% 50%)", "#00FFFF"),
            ("hsl(calc(90deg + 30) 100% 50%)", nil), ("rgb(calc(e * 10) 0 0)", "#1B0000"),
            ("rgb(calc(1 / 0) calc(-1 / 0) 0)", "#FF0000"), ("rgb(calc(0 / 0) 0 0)", "#000000"),
            ("rgb(0 0 0 / calc(50% / 2))", "#00000040"), ("rgb(0 0 0 / calc(0.25 * 2))", "#00000080"),
            ("rgb(calc() 0 0)", nil), ("rgb(calc(1 2) 0 0)", nil), ("rgb(calc(1 * ) 0 0)", nil),
            ("RGB(CALC(255) 0 0)", "#FF0000"), ("rgb(pi 0 0)", nil),
            ("rgba(calc(255), 0, 0, 0.5)", "#FF000080"),
            ("rgba(calc(100%), 0, 0)", nil), ("rgb( calc( 255 ) 0 0 )", "#FF0000"),
        ] as [(String, String?)])
    func calculations(_ text: String, _ hex: String?) {
        #expect(Color.parse(text)?.hex == hex, "\(text)")
    }

    @Test func aHostileTextFailsFast() {
        let deep = String(repeating: "calc(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)
        #expect(Color.parse("rgb(\(deep) 0 0)") == nil)
        let parens =
            "rgb(calc(" + String(repeating: "(", count: 50) + "1" + String(repeating: ")", count: 51)
            + " 0 0)"
        #expect(Color.parse(parens) == nil)
        let mixes =
            String(repeating: "color-mix(in srgb, red, ", count: 5_000) + "blue"
            + String(repeating: ")", count: 5_000)
        #expect(Color.parse(mixes) == nil)
        let long = "rgb(calc(" + Array(repeating: "1", count: 5_000).joined(separator: " + ") + ") 0 0)"
        #expect(Color.parse(long) == nil)
        // Within the bounds, nesting works.
        let nested =
            String(repeating: "light-dark(", count: 10) + "red" + String(repeating: ", blue)", count: 10)
        #expect(Color.parse(nested)?.hex == "#FF0000")
        #expect(Color.parse("rgb(calc(((((1))))) 0 0)")?.hex == "#010000")
    }

    @Test func lightDarkGivesTheSchemesColour() {
        #expect(Color.parse("light-dark(#fff, #000)")?.hex == "#FFFFFF")
        #expect(Color.parse("light-dark(#fff, #000)", scheme: .dark)?.hex == "#000000")
        #expect(Color.parse("light-dark(#fff, #000, red)") == nil)
        #expect(Color.parse("light-dark(#fff)") == nil)
        #expect(Color.parse("light-dark(#fff, bogus)") == nil)
        let dark = AuthoredColor(css: "light-dark(#fff, oklch(0.3 0.1 250))", scheme: .dark)
        #expect(dark?.space == .oklch)
        #expect(dark?.scheme == .dark)
        #expect(dark?.color.hex == Color.parse("oklch(0.3 0.1 250)")?.hex)
        #expect(dark?.cssText == "light-dark(#fff, oklch(0.3 0.1 250))")
        #expect(AuthoredColor(css: "light-dark(#fff, oklch(0.3 0.1 250))")?.color.hex == "#FFFFFF")
    }

    @Test func hexInsideAFunctionNeedsItsHash() {
        #expect(Color.parse("FA8072")?.hex == "#FA8072")
        #expect(Color.parse("color-mix(in srgb, fa8072, blue)") == nil)
        #expect(Color.parse("light-dark(fff, #000)") == nil)
        #expect(Color.parse("rgb(from fa8072 r g b)") == nil)
        #expect(Color.parse("rgb(from #fa8072 r g b)")?.hex == "#FA8072")
        #expect(Color.parse("light-dark(#red, #000)") == nil)
        #expect(Color.parse("light-dark(#fa80, #000)")?.hex == "#FFAA8800")
    }

    @Test func colorMixPercentages() {
        #expect(Color.parse("color-mix(in srgb, red, blue)")?.hex == "#800080")
        #expect(Color.parse("color-mix(in srgb, red 25%, blue)")?.hex == "#4000BF")
        #expect(Color.parse("color-mix(in srgb, 25% red, blue)")?.hex == "#4000BF")
        #expect(Color.parse("color-mix(in srgb, red, blue 75%)")?.hex == "#4000BF")
        #expect(Color.parse("color-mix(in srgb, red 50%, blue 150%)") == nil)
        #expect(Color.parse("color-mix(in srgb, red 20%, blue 60%)")?.hex == "#4000BFCC")
        #expect(Color.parse("color-mix(in srgb, red 0%, blue 0%)") == nil)
        #expect(Color.parse("color-mix(in srgb, red 80%, blue 80%)")?.hex == "#800080")
        #expect(Color.parse("color-mix(in srgb, red -1%, blue)") == nil)
        #expect(Color.parse("color-mix(in srgb longer hue, red, blue)") == nil)
        #expect(Color.parse("color-mix(in oklch sideways hue, red, blue)") == nil)
        #expect(Color.parse("color-mix(in oklch longer, red, blue)") == nil)
        #expect(Color.parse("color-mix(in srgb, red 10% 20%, blue)") == nil)
    }

    @Test func hueMethodsGoTheirWayRound() {
        func hue(_ method: String) -> Double? {
            AuthoredColor(css: "color-mix(in oklch \(method) hue, oklch(0.6 0.1 10), oklch(0.6 0.1 350))")?
                .components[2] ?? nil
        }
        #expect(abs((hue("shorter") ?? 0) - 0) < 1e-9)
        #expect(abs((hue("longer") ?? 0) - 180) < 1e-9)
        #expect(abs((hue("increasing") ?? 0) - 180) < 1e-9)
        #expect(abs((hue("decreasing") ?? 0) - 0) < 1e-9)
    }

    @Test func missingComponentsCarryForward() throws {
        let mixed = AuthoredColor(css: "color-mix(in oklch, oklch(0.5 none 30), oklch(0.7 0.2 none))")
        #expect(mixed?.components[0] == 0.6)
        #expect(mixed?.components[1] == 0.2)
        #expect(mixed?.components[2] == 30)
        let both = AuthoredColor(css: "color-mix(in oklch, oklch(0.5 0.1 none), oklch(0.7 0.2 none))")
        #expect(both?.components[2] == .some(nil))
        // A powerless hue (white's) is missing: the other hue is kept.
        let white = AuthoredColor(css: "color-mix(in oklch, white, oklch(0.5 0.2 140))")
        let hue = try #require(white?.components[2] ?? nil)
        #expect(abs(hue - 140) < 1e-6)
    }

    @Test func theAuthoredFormKeepsTheTextAndTheComputedComponents() throws {
        let relative = try #require(AuthoredColor(css: "rgb(from #FF0000 calc(r / 2) g b)"))
        #expect(relative.space == .srgb)
        #expect(relative.components == [127.5 / 255, 0, 0])
        #expect(relative.cssText == "rgb(from #FF0000 calc(r / 2) g b)")
        let lab = try #require(AuthoredColor(css: "lab(from #fa8072 l a b / calc(alpha / 2))"))
        #expect(lab.space == .lab)
        #expect(lab.alpha == 0.5)
        let colour = try #require(AuthoredColor(css: "color(from red display-p3 r g b)"))
        #expect(colour.space == .displayP3)
        // Written from its components, it reads back as the same colour.
        for text in [
            "color-mix(in hwb, red, blue)", "oklch(from #fa8072 calc(l + 0.1) c h)",
            "color-mix(in prophoto-rgb, color(display-p3 1 0 0), #0f0 30%)",
            "color-mix(in xyz-d50, red, blue)",
        ] {
            var authored = try #require(AuthoredColor(css: text), "\(text)")
            let shown = authored.color
            authored.css = nil
            #expect(AuthoredColor(css: authored.cssText ?? "")?.color == shown, "\(text)")
            #expect(Color.parse(text) == shown, "\(text)")
        }
    }
}

import Foundation
import SwatchbookTestSupport
import Testing

@testable import SwatchbookCore

/// CSS Color 5 against two references: `color-mix()` in every space and
/// hue method against coloraide's premultiplied interpolation, and
/// `calc()`, relative colours, nesting and `light-dark()` against what
/// headless Chromium computes (its computed colour then gamut-mapped by
/// coloraide, as ColorConformanceTests maps). What Chromium refuses,
/// Swatchbook refuses too.
@Suite(.serialized) struct CSSColor5ConformanceTests {
    typealias Tally = ColorConformanceTests.Tally

    static let spaces = [
        "srgb", "srgb-linear", "display-p3", "a98-rgb", "prophoto-rgb", "rec2020", "lab", "oklab", "xyz",
        "xyz-d50", "xyz-d65", "hsl", "hwb", "lch", "oklch",
    ]
    static let polar: Set = ["hsl", "hwb", "lch", "oklch"]
    static let outOfSRGB: Set = ["color(display-p3 1 0 0)", "color(xyz-d50 none 0.3 0.2)"]

    /// Colours with missing components, achromatic ones, and random
    /// translucent hex.
    static func mixColours(_ random: inout SeededGenerator) -> [String] {
        var colours = [
            "oklch(0.7 none 30)", "oklch(0.6 0.15 none)", "hsl(none 50% 50%)", "rgb(255 none 0)",
            "lab(50 none 20)", "white", "black", "#808080", "color(display-p3 1 0 0)",
            "rgb(10 200 30 / none)", "lch(60 40 none)", "hwb(none 20% 30%)", "color(xyz-d50 none 0.3 0.2)",
            "oklab(0.5 0.1 none)", "transparent",
        ]
        for colour in ColorConformanceTests.randomColours(40, seed: 41, translucent: true) {
            colours.append(colour.hex)
        }
        for i in stride(from: colours.count - 1, to: 0, by: -1) {
            colours.swapAt(i, random.next(i + 1))
        }
        return colours
    }

    @Test(.tags(.references)) func colorMixAgreesWithColoraideInEverySpaceAndHueMethod() throws {
        var random = SeededGenerator(state: 5)
        let colours = Self.mixColours(&random)
        var cases: [(text: String, request: [Any])] = []
        let percentages: [(Double?, Double?)] = [
            (nil, nil), (30, nil), (nil, 80), (20, 30), (70, 60), (0, 40), (100, 0), (12.5, 12.5),
        ]
        for space in Self.spaces {
            let methods =
                Self.polar.contains(space) ? ColorMix.HueMethod.allCases.map(\.rawValue) : ["shorter"]
            for method in methods {
                for index in 0..<24 {
                    var first = colours[(index * 7 + method.count) % colours.count]
                    var second = colours[(index * 13 + 3 + space.count) % colours.count]
                    // coloraide fills a missing component after premultiplying,
                    // Chromium (and CSS Color 4) before: with one colour opaque
                    // and the other with the same alpha they agree.
                    if first.contains("none") || second.contains("none") {
                        if first.hasPrefix("#") { first = String(first.prefix(7)) }
                        if second.hasPrefix("#") { second = String(second.prefix(7)) }
                    }
                    // Out of sRGB, HSL and HWB are no CSS space to mix in: the
                    // references part on how rgbToHsl extends there.
                    if Self.polar.contains(space) && space.hasPrefix("h"),
                        [first, second].contains(where: Self.outOfSRGB.contains)
                    {
                        continue
                    }
                    let (p1, p2) = percentages[index % percentages.count]
                    func item(_ colour: String, _ p: Double?) -> String {
                        p.map { "\(colour) \(AuthoredColor.number($0))%" } ?? colour
                    }
                    let hue = Self.polar.contains(space) && index % 2 == 0 ? " \(method) hue" : ""
                    let text = "color-mix(in \(space)\(hue), \(item(first, p1)), \(item(second, p2)))"
                    let referenceSpace = space == "xyz" ? "xyz-d65" : space
                    cases.append(
                        (
                            text,
                            [
                                referenceSpace, hue.isEmpty ? "shorter" : method, first,
                                p1.map { $0 as Any } ?? NSNull(), second, p2.map { $0 as Any } ?? NSNull(),
                            ]
                        ))
                }
            }
        }
        let answers = try Reference.askJSON(
            "color", input: cases.map { ["colormix": $0.request] }, as: [Any].self)
        try #require(answers.count == cases.count)
        var tally = Tally()
        var disagreements: [String] = []
        for (item, answer) in zip(cases, answers) {
            let ours = Color.parse(item.text)
            guard let reference = answer as? [Double] else {
                if ours != nil { disagreements.append("\(item.text): read, coloraide refuses") }
                continue
            }
            guard let ours else {
                disagreements.append("\(item.text): not read")
                continue
            }
            tally.channels(ours, reference, what: item.text)
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
        #expect(tally.compared > 550)
        #expect(tally.mismatches.isEmpty, "\(tally)")
        print("colour conformance, color-mix(): \(tally)")
    }

    /// CSS text Chromium computes, each light and dark.
    static let chromiumTexts: [String] = [
        // calc() in every kind of component
        "oklch(98% calc(0.03 * 1.2) calc(200 + 10))", "rgb(calc(255 / 2) calc(10 * 3) calc(100 - 20))",
        "rgb(calc(50% + 10%) 0 0)", "rgb(calc(2 * 25%) 0 0)", "rgb(calc((1 + 2) * 20) 0 0)",
        "hsl(calc(120deg + 0.25turn) 50% 50%)", "hsl(calc(pi * 1rad) 60% 40%)",
        "hsl(calc(1grad * 100) 50% 50%)",
        "rgb(0 0 0 / calc(0.25 + 0.25))", "rgb(0 0 255 / calc(20% * 2))", "lab(calc(e * 10) 20 -30)",
        "oklch(0.7 0.1 calc(360deg / 3))", "rgb(min(300, 120) max(10, 20) clamp(0, 500, 255))",
        "rgb(calc(min(10, 20) * max(2, 3)) 0 0)", "rgb(calc(-5) 300 calc(1 / 0))",
        "hwb(calc(90 * 2) 10% 20%)",
        "color(display-p3 calc(0.5 + 0.25) 0.2 calc(1 - 0.9))", "rgba(calc(255), 0, 0, calc(0.5))",
        "rgb(calc(50%) calc(10%) 0%)", "oklch(calc(50% + 20%) 0.1 30)",
        "rgb(calc( ( 2 * 3 ) * ( 4 + 6 ) ) 0 0)",
        "rgb(calc(1e2 + 5e1) 0 0)",
        // relative colours, every function
        "rgb(from #fa8072 r g calc(b + 40))", "rgb(from rebeccapurple b r g / 50%)",
        "rgb(from red r g b / calc(alpha / 2))", "hsl(from #fa8072 calc(h + 180) s l)",
        "hsl(from blue h calc(s - 20) l)", "hwb(from #00f h calc(w + 30) b)",
        "lab(from #fa8072 l calc(a * -1) b)",
        "lch(from #fa8072 l c calc(h + 90))", "oklab(from #fa8072 calc(l - 0.2) a b)",
        "oklch(from #fa8072 calc(l + 0.1) c h)", "oklch(from oklch(0.5 0.2 30) l calc(c * 2) calc(h - 60))",
        "color(from #fa8072 srgb r g b)", "color(from #fa8072 display-p3 r g calc(b * 1.2))",
        "color(from red xyz x calc(y + 0.1) z)", "color(from lab(50 40 30) xyz-d50 x y z)",
        "color(from red srgb-linear calc(r / 2) g b)", "oklch(from color(display-p3 1 0 0) l c h)",
        "rgb(from hsl(120 50% 50% / 0.5) r g b / alpha)", "lch(from white l c h)", "rgb(from red 10 20 30)",
        "oklch(from #fa8072 l 0.1 none)",
        // nesting, light-dark
        "light-dark(red, blue)", "light-dark(#fa8072, oklch(0.4 0.1 250))",
        "rgb(from light-dark(white, black) r g b / 50%)", "color-mix(in oklch, light-dark(red, blue), white)",
        "light-dark(color-mix(in srgb, red, blue), rgb(from green r g 200))",
        "color-mix(in lab, color-mix(in srgb, red 30%, blue), oklch(from #abc l c calc(h + 30)))",
        "color-mix(in srgb, red calc(10% * 3), blue)", "color-mix(in hsl longer hue, 30% red, blue)",
        "color-mix(in oklch decreasing hue, oklch(0.7 0.1 10), oklch(0.6 0.2 350))",
        // a missing component takes the other colour's value before premultiplying
        "color-mix(in srgb, rgb(none 0 0 / 0.2), rgb(100 0 0 / 0.8))",
        "color-mix(in oklch, oklch(0.5 none 30 / 0.2), oklch(0.5 0.1 30 / 0.8))",
        "color-mix(in oklab, lab(50 none 20 / 0.3), #0000ff80 70%)",
        "color-mix(in srgb, rgb(0 0 0 / none), red)",
        // a near grey converted to be mixed in a polar space has no hue of its
        // own (chroma 0.02 or less, as Chromium has it); written there, it has
        "color-mix(in oklch, oklab(0.5 0 0.0199), oklch(0.5 0.2 20))",
        "color-mix(in oklch, oklab(0.5 0 0.0201), oklch(0.5 0.2 20))",
        "color-mix(in lch, lab(50 0.015 0), lch(50 60 20))",
        "color-mix(in lch, lab(50 0.05 0), lch(50 60 20))",
        "color-mix(in oklch, oklch(0.5 0.005 245), oklch(0.5 0.2 20))",
        "color-mix(in oklch, color-mix(in lab, white 90%, oklch(60% 0.02 245deg)), oklch(56% 0.26 288deg))",
        // invalid: Chromium refuses them all
        "rgb(calc(50% + 10) 0 0)", "rgb(calc(10 * 10%) 0 0)", "rgb(calc(10% * 10%) 0 0)",
        "rgb(calc(1 +2) 0 0)",
        "rgb(calc(1+ 2) 0 0)", "hsl(calc(10deg * 2deg) 50% 50%)", "hsl(calc(10deg + 10) 50% 50%)",
        "rgb(calc(10 / 2%) 0 0)", "rgb(calc(10px) 0 0)", "rgb(calc() 0 0)", "rgb(calc(1 2) 0 0)",
        "rgb(clamp(1, 2) 0 0)", "rgb(from red r g)", "rgb(from red r g x)", "rgb(from red, r, g, b)",
        "rgb(from red h s l)", "hsl(from red h s calc(l + 10%))", "oklch(from red l c calc(h + 30deg))",
        "color-mix(in srgb, red 120%, blue)", "color-mix(in srgb, red, blue -10%)",
        "color-mix(in foo, red, blue)", "color-mix(in srgb longer hue, red, blue)",
        "color-mix(srgb, red, blue)",
        "color-mix(in srgb, red)", "light-dark(red)", "light-dark(red, blue, green)",
        "rgb(from fa8072 r g b)",
        "color-mix(in srgb, ff0000, blue)", "light-dark(fff, #000)", "rgb(calc(e) 0 0 / pi)", "rgb(pi 0 0)",
        "rgba(calc(255), 0, 0, none)", "color(from red srgb r g)", "color(from red foo r g b)",
    ]

    @Test(.tags(.references, .browser)) func cssColor5ReadsAsChromiumComputesIt() throws {
        try Requirement.need("/usr/bin/chromium", from: "the Debian package chromium")
        let scratch = ScratchFolder()
        let data = try JSONSerialization.data(withJSONObject: Self.chromiumTexts)
        scratch.write(
            "page.html",
            """
            <html><body><div id=d></div><pre id=out></pre><script>
            const inputs = \(String(decoding: data, as: UTF8.self));
            const d = document.getElementById('d'); const out = [];
            for (const scheme of ['light', 'dark']) {
              d.style.colorScheme = scheme;
              for (const t of inputs) {
                d.style.color = ''; d.style.color = t;
                out.push(d.style.color === '' ? null : getComputedStyle(d).color);
              }
            }
            document.getElementById('out').textContent = JSON.stringify(out);
            </script></body></html>
            """)
        let run = try CommandRunner.runShell(
            "timeout 120 chromium --headless --no-sandbox --disable-gpu --dump-dom 'file://\(scratch.path("page.html"))' 2>/dev/null",
            in: scratch.url)
        guard let start = run.text.range(of: "<pre id=\"out\">"), let end = run.text.range(of: "</pre>")
        else {
            Issue.record("Chromium wrote no answer: \(run.stderr.prefix(300))")
            return
        }
        let json = run.text[start.upperBound..<end.lowerBound].replacingOccurrences(of: "&quot;", with: "\"")
        let computed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any])
        let count = Self.chromiumTexts.count
        try #require(computed.count == 2 * count)
        let strings = computed.map { $0 as? String }
        let answers = try Reference.askJSON(
            "color", input: strings.map { ["parse": $0 ?? "transparent"] }, as: [Any].self)
        var tally = Tally()
        var disagreements: [String] = []
        for (index, (chrome, answer)) in zip(strings, answers).enumerated() {
            let scheme: ColorScheme = index < count ? .light : .dark
            let text = Self.chromiumTexts[index % count]
            let ours = Color.parse(text, scheme: scheme)
            switch (chrome, ours) {
            case (nil, nil): continue
            case (nil, let ours?): disagreements.append("\(text): Chromium refuses, read as \(ours.hex)")
            case (let chrome?, nil): disagreements.append("\(text): Chromium reads \(chrome), not read")
            case (let chrome?, let ours?):
                guard let reference = answer as? [Double] else {
                    disagreements.append("\(text): coloraide cannot read Chromium's \(chrome)")
                    continue
                }
                tally.channels(ours, reference, what: "\(text) (\(scheme), Chromium \(chrome))")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements)")
        #expect(tally.compared > 100)
        #expect(tally.mismatches.isEmpty, "\(tally)")
        print("colour conformance, CSS Color 5 against Chromium: \(tally)")
    }
}

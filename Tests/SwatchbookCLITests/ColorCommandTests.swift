import Foundation
import Testing

@testable import SwatchbookCore

/// `swatchbook color` through the binary: every CSS syntax printed in each
/// form against coloraide, the operations against the Core functions the
/// Lua colour methods call, stdin lines, pipes, the swatch on a terminal
/// and none off one, and the exit codes.
@Suite struct ColorCommandTests {
    static func color(_ arguments: [String], environment: [String: String] = [:]) throws
        -> CommandRunner.Result
    {
        try CommandRunner.run(["color"] + arguments, environment: environment)
    }

    /// One of each syntax the Core parser reads, and a few wide-gamut ones
    /// that have to be gamut-mapped.
    static let syntaxes = [
        "#fa8072", "#F80", "#ff880080", "#0008", "fa8072", "rebeccapurple", "Salmon", "transparent",
        "rgb(250 128 114)", "rgb(250, 128, 114, 0.5)", "rgba(10% 20% 30% / 40%)", "hsl(6 93% 71%)",
        "hsl(120deg 50% 50% / 0.25)", "hwb(194 0% 0%)", "lab(62 45 32)", "lch(52 60 300)",
        "oklab(0.7 0.1 -0.1)", "oklch(0.735 0.146 30.5)", "oklch(0.7 0.4 150)",
        "color(display-p3 1 0 0)", "color(srgb 0.2 0.4 0.6)", "color(rec2020 0 0 1)",
        "color-mix(in oklab, red, blue)", "color-mix(in srgb, red 30%, white)",
        "oklch(from #fa8072 calc(l + 0.1) c h)", "rgb(from red r g 200)",
    ]

    /// The numbers of a CSS function's text, in order (`hsl(6.2 93.1% 71.4%)` → 6.2, 93.1, 71.4).
    static func numbers(_ text: String) -> [Double] {
        text.split(whereSeparator: { !"0123456789.-".contains($0) }).compactMap { Double($0) }
    }

    @Test func printOfEverySyntaxAgreesWithColoraide() throws {
        let result = try Self.color(["--print", "json"] + Self.syntaxes)
        #expect(result.status == 0, "\(result.stderr)")
        // JSON Lines: an object a line.
        let objects = try result.text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
        try #require(objects.count == Self.syntaxes.count)
        let parsed = try Self.referenceColours()
        let hexes = objects.map { $0["hex"] as? String ?? "" }
        let oklch = try Reference.askJSON("color", input: hexes.map { ["oklch": $0] }, as: [[Double]?].self)
        let hsl = try Reference.askJSON("color", input: hexes.map { ["hsl": $0] }, as: [[Double]?].self)
        for (index, text) in Self.syntaxes.enumerated() {
            let object = objects[index]
            #expect(object["input"] as? String == text)
            let ours = try #require(Color.parse(hexes[index]), "\(text): hex \(hexes[index])")
            let reference = try #require(parsed[index], "coloraide cannot read \(text)")
            let alpha = abs(Double(ours.alpha) - reference[3] * 255)
            #expect(alpha <= 0.5 + 1e-6, "\(text): alpha \(ours.alpha) against \(reference[3])")
            if reference[3] > 0 {
                for (channel, expected) in zip([ours.red, ours.green, ours.blue], reference) {
                    #expect(abs(Double(channel) - expected * 255) <= 0.5 + 1e-6, "\(text): \(hexes[index])")
                }
            }
            #expect(
                object["rgb"] as? String == "rgb(\(ours.red) \(ours.green) \(ours.blue)\(Self.alpha(ours)))")
            let hslNumbers = Self.numbers(object["hsl"] as? String ?? "")
            let hslReference = try #require(hsl[index])
            #expect(abs(hslNumbers[1] - hslReference[1] * 100) <= 0.06, "\(text): \(hslNumbers)")
            #expect(abs(hslNumbers[2] - hslReference[2] * 100) <= 0.06, "\(text): \(hslNumbers)")
            if hslReference[1] > 0.01 { #expect(Self.hueDistance(hslNumbers[0], hslReference[0]) <= 0.06) }
            let lch = Self.numbers(object["oklch"] as? String ?? "")
            let lchReference = try #require(oklch[index])
            #expect(abs(lch[0] - lchReference[0]) <= 0.0006, "\(text): \(lch)")
            #expect(abs(lch[1] - lchReference[1]) <= 0.0006, "\(text): \(lch)")
            if lchReference[1] > 0.01 { #expect(Self.hueDistance(lch[2], lchReference[2]) <= 0.06) }
        }
        // Each single form is the same text the JSON holds, a line per colour.
        for form in ["hex", "rgb", "hsl", "oklch", "css"] {
            let single = try Self.color(["--print", form] + Self.syntaxes)
            #expect(single.status == 0, "\(single.stderr)")
            #expect(single.text == objects.map { ($0[form] as? String ?? "?") + "\n" }.joined(), "\(form)")
        }
    }

    /// coloraide's reading of each syntax. It reads neither `color-mix()`
    /// nor relative colours, so those are asked as its own mix and as the
    /// colour the relative one names; and it wants the `#` the project
    /// takes as optional.
    static func referenceColours() throws -> [[Double]?] {
        let salmon = try Reference.askJSON("color", input: [["oklch": "#fa8072"]], as: [[Double]].self)[0]
        let requests: [[String: Any]] = syntaxes.map { text in
            switch text {
            case "fa8072": ["parse": "#fa8072"]
            case "color-mix(in oklab, red, blue)":
                ["colormix": ["oklab", "shorter", "red", NSNull(), "blue", NSNull()]]
            case "color-mix(in srgb, red 30%, white)":
                ["colormix": ["srgb", "shorter", "red", 30, "white", NSNull()]]
            case "oklch(from #fa8072 calc(l + 0.1) c h)":
                ["parse": "oklch(\(salmon[0] + 0.1) \(salmon[1]) \(salmon[2]))"]
            case "rgb(from red r g 200)": ["parse": "rgb(255 0 200)"]
            default: ["parse": text]
            }
        }
        return try Reference.askJSON("color", input: requests, as: [[Double]?].self)
    }

    static func alpha(_ color: Color) -> String {
        color.alpha == 255 ? "" : " / " + Inspection.decimal(Double(color.alpha) / 255, places: 3)
    }

    static func hueDistance(_ a: Double, _ b: Double) -> Double {
        let d = abs(a - b).truncatingRemainder(dividingBy: 360)
        return min(d, 360 - d)
    }

    @Test func operationsAreTheCoreOnesInTheOrderGiven() throws {
        let salmon = Color(rgb: 0xFA8072)
        let red = Color(rgb: 0xFF0000)
        let cases: [([String], Color)] = [
            (["--lighten", "0.2"], salmon.lightened(0.2)),
            (["--darken", "0.35"], salmon.darkened(0.35)),
            (["--mix", "red"], salmon.mixed(with: red, t: 0.5)),
            (["--lighten", "0.1", "--mix", "red:0.2"], salmon.lightened(0.1).mixed(with: red, t: 0.2)),
            (["--mix", "red:0.2", "--lighten", "0.1"], salmon.mixed(with: red, t: 0.2).lightened(0.1)),
            (["--darken", "0.1", "--darken", "0.1"], salmon.darkened(0.1).darkened(0.1)),
        ]
        for (options, expected) in cases {
            let result = try Self.color(["#fa8072"] + options + ["--print", "hex"])
            #expect(result.status == 0, "\(options): \(result.stderr)")
            #expect(result.text == expected.hex + "\n", "\(options)")
        }
    }

    /// `--simulate` is the filter `render --simulate` draws with, against
    /// coloraide's, within one 8-bit step, and composes with the others.
    @Test func simulateAgreesWithColoraide() throws {
        let colours = ["#4CAF50", "#F44336", "#56B4E9", "#E69F00", "#7F7F7F"]
        for (vision, severity) in [("protan", 1.0), ("deutan", 0.5), ("tritan", 1.0), ("achroma", 1.0)] {
            let argument = severity == 1 ? vision : "\(vision):\(severity)"
            let result = try Self.color(colours + ["--simulate", argument, "--print", "hex"])
            #expect(result.status == 0, "\(result.stderr)")
            let answers = try Reference.askJSON(
                "cvd", input: colours.map { ["color": $0, "vision": vision, "severity": severity] },
                as: [[Double]].self)
            for (line, rgb) in zip(result.text.split(separator: "\n"), answers) {
                let channels = stride(from: 1, to: 7, by: 2).map {
                    Int(line.dropFirst($0).prefix(2), radix: 16) ?? -1
                }
                for (channel, wanted) in zip(channels, rgb) {
                    #expect(
                        abs(Double(channel) - min(255, max(0, wanted * 255))) <= 1.0,
                        "\(argument): \(line) \(rgb)")
                }
            }
        }
        let chained = try Self.color([
            "#4CAF50", "--simulate", "deutan", "--lighten", "0.2", "--print", "hex",
        ])
        let simulated = ColorVision.deutan.simulate(Color.parse("#4CAF50")!)
        #expect(chained.text == simulated.lightened(0.2).hex + "\n")
        let bad = try Self.color(["#4CAF50", "--simulate", "deutan:2"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--simulate: expected one of protan, deutan, tritan, achroma"))
    }

    @Test func mixAgreesWithColoraide() throws {
        let pairs: [(String, String, Double)] = [
            ("#fa8072", "blue", 0.3), ("oklch(0.7 0.2 150)", "#00000080", 0.5),
            ("white", "rebeccapurple", 0.9),
        ]
        let reference = try Reference.askJSON(
            "color", input: pairs.map { ["mix": [$0.0, $0.1, $0.2]] }, as: [[Double]?].self)
        for (index, (first, second, t)) in pairs.enumerated() {
            let result = try Self.color([first, "--mix", "\(second):\(t)", "--print", "hex"])
            #expect(result.status == 0, "\(result.stderr)")
            let ours = try #require(Color.parse(String(result.text.dropLast())), "\(result.text)")
            let expected = try #require(reference[index])
            let channels = [ours.red, ours.green, ours.blue, ours.alpha].map(Double.init)
            for (channel, value) in zip(channels, expected) {
                #expect(abs(channel - value * 255) <= 0.5 + 1e-6, "\(first) \(second) \(t): \(result.text)")
            }
        }
    }

    @Test func contrastPrintsTheWCAGRatioAndLevel() throws {
        let pairs = [
            ("#777777", "white", "AA large"), ("black", "white", "AAA"), ("#fa8072", "#ffffff", "fail"),
        ]
        let reference = try Reference.askJSON(
            "color", input: pairs.map { ["contrast": [$0.0, $0.1]] }, as: [[Double]?].self)
        for (index, (first, second, level)) in pairs.enumerated() {
            let result = try Self.color([first, "--contrast", second])
            #expect(result.status == 0, "\(result.stderr)")
            let ratio = try #require(reference[index]?.first)
            let expected = Inspection.decimal(ratio, places: 2) + ":1 " + level + "\n"
            #expect(result.text == expected)
        }
    }

    @Test func theInspectorShowsTheAuthoredColourAndItsFigures() throws {
        let result = try Self.color(["oklch(0.735 0.146 30.5)"])
        #expect(result.status == 0, "\(result.stderr)")
        for expected in [
            "oklch(0.735 0.146 30.5)", "Space", "oklch", "Hex", "RGB", "HSL", "OKLCH", "Contrast on white",
            "Contrast on black", "Nearest name",
        ] {
            #expect(result.text.contains(expected), "\(expected) in \(result.text)")
        }
        #expect(!result.stdout.contains(0x1B))
    }

    @Test func stdinLinesGoOnPastABadOne() throws {
        let result = try CommandRunner.runShell(
            #"printf '#f00\nnot-a-colour\n\n#00f\n' | "$B" color --print hex"#)
        #expect(result.status == 65)
        #expect(result.text == "#FF0000\n#0000FF\n")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("stdin:2"), "\(result.stderr)")
        #expect(result.stderr.contains("not-a-colour"), "\(result.stderr)")
        #expect(result.stderr.contains("expected"), "\(result.stderr)")
        let dash = try CommandRunner.runShell(#"echo salmon | "$B" color - --print hex"#)
        #expect(dash.text == "#FA8072\n", "\(dash.stderr)")
    }

    @Test func pipesCompose() throws {
        let one = try Self.color(["#fa8072", "--lighten", "0.1", "--print", "oklch"])
        #expect(one.status == 0)
        #expect(one.text.hasPrefix("oklch("))
        #expect(one.text.split(separator: "\n").count == 1)
        let piped = try CommandRunner.runShell(
            #""$B" color '#fa8072' --lighten 0.1 --print css | "$B" color --darken 0.1 --print hex"#)
        #expect(piped.status == 0, "\(piped.stderr)")
        let salmon = Color(rgb: 0xFA8072)
        #expect(piped.text == salmon.lightened(0.1).darkened(0.1).hex + "\n")
        let authored = try CommandRunner.runShell(
            #""$B" color 'oklch(0.7 0.1 200)' --print css | "$B" color --print css"#)
        #expect(authored.text == "oklch(0.7 0.1 200)\n", "\(authored.stderr)")
    }

    @Test func aTerminalGetsASwatchAndAPipeNoEscapeAtAll() throws {
        let coloured = try Self.color(
            ["#fa8072", "--color", "always"], environment: ["COLORTERM": "truecolor"])
        #expect(coloured.status == 0, "\(coloured.stderr)")
        #expect(coloured.text.hasPrefix("\u{1B}["), "\(coloured.text.debugDescription)")
        #expect(coloured.text.contains("48;2;250;128;114"), "\(coloured.text.debugDescription)")
        let sixteen = try Self.color(["#fa8072", "--color", "always"])
        #expect(sixteen.stdout.contains(0x1B))
        let plain = try Self.color(["#fa8072", "red"])
        #expect(plain.status == 0)
        #expect(!plain.stdout.contains(0x1B))
        #expect(plain.text.contains("#FA8072") && plain.text.contains("#FF0000"))
        let forced = try Self.color(["#fa8072", "--print", "hex"], environment: ["NO_COLOR": "1"])
        #expect(forced.text == "#FA8072\n")
    }

    @Test func untrustedInputNeverReachesTheTerminalAsEscapes() throws {
        let hostile = "red\u{1B}]0;owned\u{07}"
        let argument = try Self.color([hostile, "--color", "always"])
        #expect(argument.status == 65)
        #expect(!argument.stdout.contains(0x1B) && !argument.stderr.utf8.contains(0x1B))
        #expect(!argument.stderr.utf8.contains(0x07))
        let fromStdin = try CommandRunner.runShell(#"printf 'red\033[2J\n' | "$B" color"#)
        #expect(fromStdin.status == 65)
        #expect(!fromStdin.stderr.utf8.contains(0x1B), "\(fromStdin.stderr.debugDescription)")
    }

    static let exits: [([String], Int32)] = [
        (["nope"], 65), (["#fa8072", "--print", "cmyk"], 64), (["#fa8072", "--lighten", "much"], 64),
        (["#fa8072", "--lighten", "2"], 64), (["#fa8072", "--mix", "notacolour:0.2"], 64),
        (["#fa8072", "--mix", "red:1.5"], 64), (["#fa8072", "--contrast", "nope"], 64),
        (["#fa8072", "--contrast", "white", "--print", "hex"], 64), (["#fa8072", "--frobnicate"], 64),
        (["#fa8072", "nope", "blue"], 65), (["#fa8072"], 0),
    ]

    @Test(arguments: exits)
    func exitCodes(arguments: [String], status: Int32) throws {
        let result = try Self.color(arguments)
        #expect(result.status == status, "\(arguments): \(result.stderr)")
        if status != 0 {
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
        if status == 65 {
            #expect(result.stderr.contains("\"nope\""), "\(result.stderr)")
            #expect(result.stderr.contains("expected"), "\(result.stderr)")
        }
    }

    @Test func helpManPageAndCompletionsKnowTheCommand() throws {
        let help = try CommandRunner.run(["help", "color"])
        #expect(help.status == 0)
        for option in ["--print", "--mix", "--lighten", "--darken", "--contrast", "--color"] {
            #expect(help.text.contains(option), "\(option)")
        }
        #expect(try CommandRunner.run(["manpage"]).text.contains("color"))
        let bash = try CommandRunner.run(["completions", "bash"])
        #expect(bash.text.contains("--lighten"))
    }
}

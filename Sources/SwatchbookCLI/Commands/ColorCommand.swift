import Foundation
import SwatchbookCore
import SwatchbookRender

/// `swatchbook color VALUE…`: one colour at a time from the shell, as
/// pastel works: read it in any CSS syntax, change it, and print the
/// inspector or one form a line, so one run's output is the next one's input.
///
/// The colour work is Core's (``ColorOperation``, ``Inspection``); this
/// reads the options and the values and says what went wrong with each.
struct ColorCommand {
    /// What `--print` prints of each colour, a line each.
    enum Form: String, CaseIterable, Sendable {
        case hex, rgb, hsl, oklch, css, json
    }

    static let print = OptionSpec<Form>.choice(
        "--print", valueName: "FORM",
        help: "one line per colour: hex|rgb|hsl|oklch|css (as written)|json (every form)")
    static let mix = OptionSpec<ColorOperation>(
        "--mix", valueName: "COLOR[:T]", repeatable: true,
        help: "mix in T (0-1, default 0.5) of COLOR, in OKLab, premultiplied"
    ) { text throws(Diagnostic) in
        var colour = text
        var t = 0.5
        if let colon = text.lastIndex(of: ":") {
            guard let fraction = Double(text[text.index(after: colon)...]), (0...1).contains(fraction) else {
                throw Diagnostic(.usage, "--mix: expected COLOR:T with T from 0 to 1, got \(quoted(text))")
            }
            t = fraction
            colour = String(text[..<colon])
        }
        return .mix(try colourOption("--mix", colour), t: t)
    }
    static let lighten = fraction("--lighten", help: "move OKLab lightness T (0-1) of the way to white") {
        .lighten($0)
    }
    static let darken = fraction("--darken", help: "move OKLab lightness T (0-1) of the way to black") {
        .darken($0)
    }
    static let simulate = OptionSpec<ColorOperation>(
        "--simulate", valueName: "DEFICIENCY[:SEVERITY]", repeatable: true,
        help: "as a protan, deutan, tritan or achroma eye sees it, at SEVERITY 0-1 (default 1)"
    ) { text throws(Diagnostic) in
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard let vision = ColorVision(rawValue: parts.first ?? ""),
            let severity = parts.count == 2 ? Double(parts[1]) : 1, (0...1).contains(severity)
        else {
            let names = ColorVision.allCases.map(\.rawValue).joined(separator: ", ")
            throw Diagnostic(
                .usage,
                "--simulate: expected one of \(names), with :SEVERITY from 0 to 1, got \(quoted(text))")
        }
        return .simulate(ColorVision.Simulation(vision, severity: severity))
    }
    static let contrast = OptionSpec<Color>(
        "--contrast", valueName: "COLOR",
        help: "print the WCAG 2.1 ratio with COLOR and its level (AAA, AA, AA large, fail)"
    ) { text throws(Diagnostic) in try colourOption("--contrast", text) }

    /// The options that change the colour. They apply in the order the
    /// command line gives them, whichever option each is; another
    /// operation is one more ``ColorOperation`` case and one more entry.
    static let operations = [mix, lighten, darken, simulate]

    static let parser = ArgumentParser(
        command: "color",
        options: [print.option] + operations.map(\.option) + [contrast.option, ViewOptions.color.option])

    /// What a value that is no colour should have been.
    static let expected =
        "expected #RGB, #RRGGBB (with alpha: #RGBA, #RRGGBBAA), a CSS colour name, or rgb(), hsl(), "
        + "hwb(), lab(), lch(), oklab(), oklch(), color(), color-mix()"

    var terminal: TerminalInfo
    /// The next line of standard input without its newline; nil at its end.
    var nextLine: () -> String?
    /// Writes one colour's output as soon as it is made, so a pipe that
    /// feeds colours slowly gets each answer in turn.
    var output: (String) throws(Diagnostic) -> Void
    /// One line to stderr: a value that is no colour; the others go on.
    var report: (String) -> Void

    /// Prints every colour; 0, or 65 when any value was no colour.
    func run(_ arguments: [String]) throws(Diagnostic) -> Int32 {
        let parsed = try Self.parser.parse(arguments)
        let form = try Self.print.value(in: parsed)
        let contrast = try Self.contrast.value(in: parsed)
        if contrast != nil, let form, form != .json {
            throw Diagnostic(
                .usage,
                "color: --contrast prints the ratio itself; with --print only json adds it to each colour")
        }
        var steps: [ColorOperation] = []
        for (name, text) in parsed.sequence {
            if let spec = Self.operations.first(where: { $0.name == name }) {
                steps.append(try spec.read(text))
            }
        }
        let request = try ViewOptions.color.value(in: parsed) ?? .auto
        let depth = ColorDepth.resolve(
            request, environment: terminal.environment, isTerminal: terminal.isTerminal)
        let shown = ColorShown(form: form, contrast: contrast, steps: steps, depth: depth)
        var failed = false
        var first = true
        func one(_ text: String, line: Int?) throws(Diagnostic) {
            let value = text.trimmingCharacters(in: .whitespaces)
            guard let authored = AuthoredColor(css: value) else {
                let prefix = line == nil ? "color: " : ""
                report(
                    Diagnostic(
                        .data, file: line.map { _ in "stdin" }, line: line,
                        prefix + "\(Self.quoted(value)) is not a colour: \(Self.expected)"
                    ).formatted)
                failed = true
                return
            }
            try output(shown.text(of: authored, input: value, first: first))
            first = false
        }
        let values = parsed.positionals.isEmpty ? ["-"] : parsed.positionals
        for value in values {
            guard value == "-" else {
                try one(value, line: nil)
                continue
            }
            var number = 0
            while let line = nextLine() {
                number += 1
                if line.allSatisfy(\.isWhitespace) { continue }
                try one(line, line: number)
            }
        }
        return failed ? 65 : 0
    }

    /// `"text"`, cleaned of what could drive a terminal and cut when long:
    /// an error names the value it could not read.
    static func quoted(_ text: String) -> String {
        let clean = Sanitizer.clean(text)
        return "\"" + (clean.count > 60 ? clean.prefix(59) + "…" : clean) + "\""
    }

    /// A colour given to an option: a usage error (64) when it is none.
    private static func colourOption(_ option: String, _ text: String) throws(Diagnostic) -> Color {
        guard let colour = Color.parse(text.trimmingCharacters(in: .whitespaces)) else {
            throw Diagnostic(.usage, "\(option): \(quoted(text)) is not a colour: \(expected)")
        }
        return colour
    }

    /// An operation whose value is a fraction from 0 to 1.
    private static func fraction(
        _ name: String, help: String, _ make: @escaping @Sendable (Double) -> ColorOperation
    ) -> OptionSpec<ColorOperation> {
        OptionSpec(name, valueName: "T", repeatable: true, help: help) { text throws(Diagnostic) in
            guard let t = Double(text), (0...1).contains(t) else {
                throw Diagnostic(.usage, "\(name): expected a fraction from 0 to 1, got \(quoted(text))")
            }
            return make(t)
        }
    }
}

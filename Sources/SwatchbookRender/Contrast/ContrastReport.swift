import SwatchbookCore

/// `swatchbook contrast`'s report: a small writer per format over one
/// ``ContrastMatrix``.
public enum ContrastReport {
    public enum Format: String, Sendable, CaseIterable {
        case ansi, plain, html, json, transcript
    }

    /// The bytes of `matrix` in `format`; `title` names the catalogue,
    /// `depth` is the colour depth ANSI cells are drawn at, and `width` the
    /// columns a text matrix's lines fit in.
    public static func write(
        _ matrix: ContrastMatrix, as format: Format, title: String, depth: ColorDepth = .truecolor,
        width: Int = 80
    ) -> [UInt8] {
        let text: String =
            switch format {
            case .ansi: table(matrix, depth: depth == .none ? .truecolor : depth, width: width)
            case .plain: table(matrix, depth: nil, width: width)
            case .html: html(matrix, title: title)
            case .json: json(matrix, title: title)
            case .transcript: transcript(matrix)
            }
        return Array(text.utf8)
    }

    /// `4.54:1`, as WCAG checkers print it, never rounded up to a minimum it misses.
    public static func ratio(_ value: Double, minimum: Double? = nil) -> String {
        Theme.RoleContrast.format(value, minimum: minimum ?? 0)
    }

    /// `4.5:1`: a minimum as it was given, without the zeros of a measured ratio.
    public static func minimum(_ value: Double) -> String {
        (value == value.rounded() ? String(Int(value)) : String(value)) + ":1"
    }

    /// `1.1.3 Grey #767676`: what a line about one colour names it by.
    public static func describe(_ swatch: ContrastSwatch) -> String {
        // A colour given as CSS text is named by that text; its hex only when it says more.
        let name = Sanitizer.clean(swatch.name)
        let hex = swatch.path == nil && name.uppercased() == swatch.color.hex ? nil : swatch.color.hex
        return [swatch.path?.description, name, hex].compactMap { $0 }.joined(separator: " ")
    }

    /// `4.54:1 AA`, and the backdrop when a translucent background was measured on one.
    static func verdict(_ pair: ContrastPair) -> String {
        var text = ratio(pair.ratio) + " " + pair.level.rawValue
        if let backdrop = pair.backdrop { text += " (over \(backdrop.rawValue), the worse)" }
        if let floor = pair.minimum { text += " (min \(minimum(floor)))" }
        return text
    }

    /// One line a pair: the transcript, which screen readers and diffs take.
    static func transcript(_ matrix: ContrastMatrix) -> String {
        matrix.pairs.map { pair in
            "fg \(describe(pair.foreground)) on bg \(describe(pair.background)): \(verdict(pair))\n"
        }.joined() + confusions(matrix)
    }

    /// Under `--simulate`, what the ratios were measured on, then each pair
    /// of colours that can no longer be told apart, a line each; nothing
    /// without a simulation.
    static func confusions(_ matrix: ContrastMatrix) -> String {
        guard let simulation = matrix.simulation else { return "" }
        let threshold = ContrastMatrix.indistinguishableDeltaE
        var out =
            "\nSimulated: \(simulation.label); colours hard to tell apart (ΔE OK below \(Int(threshold))):"
        guard !matrix.confusions.isEmpty else { return out + " none\n" }
        out += "\n"
        for confusion in matrix.confusions {
            out +=
                "  \(describe(confusion.first)) and \(describe(confusion.second)): ΔE OK "
                + "\(deltaE(confusion.deltaE)) as drawn, \(deltaE(confusion.simulatedDeltaE)) as seen\n"
        }
        return out
    }

    /// A ΔE OK to one decimal.
    static func deltaE(_ value: Double) -> String {
        String(Double((value * 10).rounded()) / 10)
    }
}

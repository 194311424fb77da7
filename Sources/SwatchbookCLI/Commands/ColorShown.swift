import Foundation
import SwatchbookCore
import SwatchbookRender

/// How `swatchbook color` shows one colour: the inspector (after a swatch
/// when colour is on), one `--print` form, or the `--contrast` line.
///
/// Every piece of the value's own text is sanitised here: it comes from
/// the command line or a pipe, and must not reach a terminal as escapes.
struct ColorShown {
    var form: ColorCommand.Form?
    var contrast: Color?
    var steps: [ColorOperation]
    var depth: ColorDepth

    /// Cells of the swatch: wide enough to judge a colour by, short
    /// enough to sit above the figures.
    static let swatchWidth = 8

    /// The lines for one colour; `first` so the inspectors of several
    /// colours are set apart by a blank line.
    func text(of authored: AuthoredColor, input: String, first: Bool) -> String {
        let color = authored.color.applying(steps)
        switch form {
        case .json: return json(authored, input: input, color: color) + "\n"
        case let form?: return Sanitizer.clean(single(form, authored, color)) + "\n"
        case nil:
            if let contrast { return contrastLine(color, contrast) + "\n" }
            return (first ? "" : "\n") + swatch(color) + inspector(authored, input: input)
        }
    }

    private func single(_ form: ColorCommand.Form, _ authored: AuthoredColor, _ color: Color) -> String {
        switch form {
        case .hex: color.hex
        case .rgb: color.cssRGB
        case .hsl: color.cssHSL
        case .oklch: color.cssOKLCH
        // As written while nothing changed it; after a step, the exact
        // eight-bit colour, which every reader takes back.
        case .css: steps.isEmpty ? authored.css ?? color.hex : color.hex
        case .json: ""
        }
    }

    /// `4.48:1 AA large`.
    private func contrastLine(_ color: Color, _ other: Color) -> String {
        let ratio = color.contrast(with: other)
        return Inspection.decimal(ratio, places: 2) + ":1 " + WCAGLevel(ratio: ratio).rawValue
    }

    /// The inspector's lines under the value as given, labels aligned.
    private func inspector(_ authored: AuthoredColor, input: String) -> String {
        let lines = Inspection.colorLines(authored, after: steps)
        let width = (lines.map(\.label.count).max() ?? 0) + 2
        var text = Sanitizer.clean(input) + "\n"
        for line in lines {
            text += "  " + line.label + String(repeating: " ", count: width - line.label.count)
            text += Sanitizer.clean(line.value) + "\n"
        }
        return text
    }

    /// A line of cells in the colour, drawn by the ANSI writer at the
    /// resolved depth; nothing at all without colour.
    private func swatch(_ color: Color) -> String {
        guard depth != .none else { return "" }
        var canvas = Canvas(width: Self.swatchWidth, height: 1)
        // A translucent colour shows as the terminal would composite it
        // on nothing: its opaque self.
        let opaque = Color(red: color.red, green: color.green, blue: color.blue)
        canvas.fill(canvas.bounds, clip: canvas.bounds, style: Style(background: opaque))
        var writer = ANSIWriter(depth: depth)
        var bytes: [UInt8] = []
        writer.write(canvas, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Every form in one JSON object on one line (JSON Lines).
    private func json(_ authored: AuthoredColor, input: String, color: Color) -> String {
        var object = Object(
            input: Sanitizer.clean(input), space: authored.space.rawValue,
            text: Sanitizer.clean(authored.displayText), css: Sanitizer.clean(single(.css, authored, color)),
            hex: color.hex, rgb: color.cssRGB, hsl: color.cssHSL, oklch: color.cssOKLCH,
            alpha: Self.rounded(Double(color.alpha) / 255, 3),
            contrastOnWhite: Self.rounded(color.contrast(with: Color(rgb: 0xFFFFFF)), 2),
            contrastOnBlack: Self.rounded(color.contrast(with: Color(rgb: 0x000000)), 2),
            nearestName: color.nearestName(), steps: steps.map(\.description))
        if let contrast {
            let ratio = color.contrast(with: contrast)
            object.contrast = .init(
                with: contrast.hex, ratio: Self.rounded(ratio, 2), level: WCAGLevel(ratio: ratio).rawValue)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Plain strings and numbers: encoding cannot fail.
        return (try? encoder.encode(object)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    private static func rounded(_ value: Double, _ places: Int) -> Double {
        Double(Inspection.decimal(value, places: places)) ?? value
    }

    private struct Object: Encodable {
        struct Contrast: Encodable {
            var with: String
            var ratio: Double
            var level: String
        }
        var input, space, text, css, hex, rgb, hsl, oklch: String
        var alpha, contrastOnWhite, contrastOnBlack: Double
        var nearestName: String
        var steps: [String]
        var contrast: Contrast?

        enum CodingKeys: String, CodingKey {
            case input, space, text, css, hex, rgb, hsl, oklch, alpha, steps, contrast
            case contrastOnWhite = "contrast_on_white"
            case contrastOnBlack = "contrast_on_black"
            case nearestName = "nearest_name"
        }
    }
}

/// What the inspector shows of one element: its name and place, its fields,
/// and for a colour the figures a designer checks (its codes in each space,
/// its WCAG contrast on white and on black, its nearest CSS name).
///
/// Browse shows it for the focused element (`i`); `render --inspect PATH`
/// writes it in any format. Text is the model's, unsanitised: writers clean it.
public struct Inspection: Sendable, Equatable {
    public struct Line: Sendable, Equatable {
        public var label: String
        public var value: String
        /// The value as a number, where it is one (a contrast ratio, an
        /// alpha, a count): what the JSON gives beside the text form.
        public var number: Double?

        public init(_ label: String, _ value: String, number: Double? = nil) {
            self.label = label
            self.value = value
            self.number = number
        }
    }

    public var title: String
    public var path: ElementPath
    public var kind: LayoutElement.Kind
    public var color: Color?
    public var lines: [Line]

    /// - Parameter reader: what read the palette file the element came
    ///   from, named on a line of its own; nil for a plugin's catalogue.
    /// - Parameter simulation: the colour-vision deficiency the catalogue is
    ///   drawn with, whose colour is shown under the real one's hex.
    public init(
        _ element: LocatedElement, readBy reader: String? = nil,
        simulating simulation: ColorVision.Simulation? = nil
    ) {
        path = element.wholePath
        kind = element.kind
        var lines = [Line("Path", element.wholePath.description), Line("Kind", element.kind.rawValue)]
        switch element.kind {
        case .header:
            title = element.section.name
            if let id = element.section.id { lines.append(Line("Id", id)) }
        case .row:
            title = element.row?.name ?? ""
            if let row = element.row {
                if let id = row.id { lines.append(Line("Id", id)) }
                lines.append(Line("Holds", row.contents))
            }
        case .item:
            title = element.item?.name ?? ""
            if let id = element.item?.id { lines.append(Line("Id", id)) }
            for field in element.item?.shownFields ?? [] { lines.append(Line(field.key, field.value)) }
        case .node:
            title = element.node?.name ?? ""
            if let id = element.node?.id { lines.append(Line("Id", id)) }
            for field in element.node?.shownFields ?? [] { lines.append(Line(field.key, field.value)) }
            if let node = element.node, !node.children.isEmpty {
                lines.append(Line("Children", "\(node.children.count)", number: Double(node.children.count)))
            }
        case .field:
            title = element.field?.key ?? ""
            lines.append(Line("Value", element.field?.value ?? ""))
        }
        color = element.item?.color ?? element.node?.color
        if let color {
            var figures = Self.colorLines(color)
            if let simulation {
                figures.insert(Line("Simulated (\(simulation.label))", simulation(color).hex), at: 1)
            }
            lines += figures
        }
        if let reader { lines.append(Line("Read by", reader)) }
        self.lines = lines
    }

    /// The colour as it was written, its space and text, the `steps` that
    /// changed it, then ``colorLines(_:)`` of the colour they made: what
    /// `swatchbook color` shows of one value.
    public static func colorLines(_ authored: AuthoredColor, after steps: [ColorOperation] = []) -> [Line] {
        var lines = [Line("Space", authored.space.rawValue), Line("Text", authored.displayText)]
        if !steps.isEmpty {
            lines.append(Line("Changed by", steps.map(\.description).joined(separator: ", ")))
        }
        return lines + colorLines(authored.color.applying(steps))
    }

    /// hex, rgb, hsl, oklch (CSS Color 4 spellings), alpha, contrast, nearest name.
    public static func colorLines(_ color: Color) -> [Line] {
        // The alpha has a line of its own.
        let opaque = Color(red: color.red, green: color.green, blue: color.blue)
        var lines = [
            Line("Hex", color.hex), Line("RGB", opaque.cssRGB), Line("HSL", opaque.cssHSL),
            Line("OKLCH", opaque.cssOKLCH),
        ]
        if color.alpha != 255 {
            let alpha = decimal(Double(color.alpha) / 255, places: 3)
            lines.append(Line("Alpha", alpha, number: Double(alpha)))
        }
        for (label, under) in [
            ("Contrast on white", Color(rgb: 0xFFFFFF)), ("Contrast on black", Color(rgb: 0x000000)),
        ] {
            // The number is the one shown, rounded as the text is.
            let ratio = decimal(color.contrast(with: under), places: 2)
            lines.append(Line(label, ratio + ":1", number: Double(ratio)))
        }
        lines.append(Line("Nearest name", color.nearestName()))
        return lines
    }

    /// `value` rounded to `places` decimals, trailing zeros dropped, as CSS
    /// writes numbers (`0.5`, `33.1`, `7`); never `-0`.
    public static func decimal(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (value * scale).rounded()
        let whole = Int(scaled)
        let negative = whole < 0
        let magnitude = whole.magnitude
        let divisor = UInt(scale)
        var text = String(magnitude / divisor)
        var fraction = String(magnitude % divisor)
        if places > 0 {
            fraction = String(repeating: "0", count: places - fraction.count) + fraction
            while fraction.hasSuffix("0") { fraction.removeLast() }
            if !fraction.isEmpty { text += "." + fraction }
        }
        return (negative && text != "0" ? "-" : "") + text
    }
}

extension Color {
    /// `rgb(250 128 114)`, as CSS Color 4 writes it (the alpha after `/`
    /// when the colour is not opaque): what the inspector shows and
    /// `pick --print rgb` prints.
    public var cssRGB: String { "rgb(\(red) \(green) \(blue)\(cssAlpha))" }

    /// `hsl(6.2 93.1% 71.4%)`.
    public var cssHSL: String {
        let hsl = hsl
        let d = Inspection.decimal
        return "hsl(\(d(hsl.h, 1)) \(d(hsl.s * 100, 1))% \(d(hsl.l * 100, 1))%\(cssAlpha))"
    }

    /// `oklch(0.735 0.146 30.5)`.
    public var cssOKLCH: String {
        let lch = oklch
        let d = Inspection.decimal
        return "oklch(\(d(lch.l, 3)) \(d(lch.c, 3)) \(d(lch.h, 1))\(cssAlpha))"
    }

    private var cssAlpha: String {
        alpha == 255 ? "" : " / " + Inspection.decimal(Double(alpha) / 255, places: 3)
    }
}

import SwatchbookCore

/// A ``PaletteDiff`` laid out once as lines of text and swatches, then
/// written as ANSI, plain text or an HTML page by the canvas writers.
///
/// Each change is a strip: the old swatch above the new, each beside its
/// hex and authored value, so a reviewer sees the two colours together.
public struct DiffReport {
    public var diff: PaletteDiff
    /// What the two versions are called in the heading (their files).
    public var oldName: String
    public var newName: String
    /// Whether a change draws swatches; plain text has only its words.
    public var swatches = true

    /// Columns a swatch takes.
    static let swatchWidth = 6

    public init(diff: PaletteDiff, oldName: String, newName: String) {
        self.diff = diff
        self.oldName = oldName
        self.newName = newName
    }

    /// One part of a line: text, or a swatch of a colour.
    enum Part {
        case text(String)
        case swatch(Color)
    }

    /// The report, line by line; none for an empty diff, which, as for
    /// `diff(1)`, has nothing to say.
    func lines() -> [[Part]] {
        guard !diff.isEmpty else { return [] }
        var lines: [[Part]] = [
            [.text("\(oldName) → \(newName): " + summary)], [],
        ]
        let indent = String(repeating: " ", count: 9)
        func heading(_ word: String, _ rest: String) -> [Part] {
            [.text(word.padding(toLength: indent.count, withPad: " ", startingAt: 0) + rest)]
        }
        func value(_ entry: PaletteDiff.Entry, label: String?) -> [Part] {
            var text = (label.map { $0 + " " } ?? "") + entry.color.hex
            if let authored = entry.authoredText, authored.uppercased() != entry.color.hex {
                text += "  " + authored
            }
            if let reference = entry.reference { text += "  " + reference }
            return [.text(indent)] + (swatches ? [.swatch(entry.color), .text(" ")] : []) + [.text(text)]
        }
        for entry in diff.added {
            lines += [heading("added", Self.path(entry)), value(entry, label: nil)]
        }
        for entry in diff.removed {
            lines += [heading("removed", Self.path(entry)), value(entry, label: nil)]
        }
        for pair in diff.renamed {
            lines.append(heading("renamed", Self.path(pair.old) + " → " + Self.clean(pair.new.name)))
        }
        for pair in diff.moved {
            lines.append(heading("moved", Self.path(pair.old) + " → " + Self.path(pair.new)))
        }
        for pair in diff.changed {
            lines += [
                heading("changed", Self.path(pair.new) + "  ΔE OK " + Self.number(pair.deltaE)),
                value(pair.old, label: "old"), value(pair.new, label: "new"),
            ]
            var notes: [String] = []
            if pair.spaceChanged { notes.append("space \(pair.old.space) → \(pair.new.space)") }
            if pair.authoredChanged && !pair.spaceChanged { notes.append("authored value changed") }
            if pair.referenceChanged { notes.append("reference changed") }
            if let chain = pair.indirect {
                notes.append("indirect: through " + chain.map(Self.clean).joined(separator: " → "))
            }
            if !pair.colorChanged { notes.append("same 8-bit colour") }
            if !notes.isEmpty { lines.append([.text(indent + notes.joined(separator: "; "))]) }
        }
        return lines
    }

    /// Counts of each kind of difference: the report's first line.
    public var summary: String {
        [
            ("added", diff.added.count), ("removed", diff.removed.count), ("renamed", diff.renamed.count),
            ("moved", diff.moved.count), ("changed", diff.changed.count),
        ].map { "\($0.1) \($0.0)" }.joined(separator: ", ")
    }

    /// Where an entry is: its groups and name, `›` between them.
    static func path(_ entry: PaletteDiff.Entry) -> String {
        (entry.groups + [entry.name]).map(clean).joined(separator: " › ")
    }

    /// A name from a file, made safe for a terminal (an empty one shown as such).
    static func clean(_ name: String) -> String {
        name.isEmpty ? "(unnamed)" : Sanitizer.clean(name)
    }

    /// ΔE to two decimals, as a reviewer compares it with a threshold.
    static func number(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = String(hundredths % 100)
        return "\(hundredths / 100)." + (fraction.count == 1 ? "0" + fraction : fraction)
    }

    /// The report drawn on a canvas as wide as its longest line.
    public func canvas() -> Canvas {
        let lines = lines()
        func width(_ line: [Part]) -> Int {
            line.reduce(0) {
                switch $1 {
                case .text(let text): $0 + TextWidth.of(text)
                case .swatch: $0 + Self.swatchWidth
                }
            }
        }
        var canvas = Canvas(width: max(1, lines.map(width).max() ?? 0), height: lines.count)
        for (y, line) in lines.enumerated() {
            var x = 0
            for part in line {
                switch part {
                case .text(let text):
                    x = canvas.draw(text, x: x, y: y, style: .plain, clip: canvas.bounds)
                case .swatch(let color):
                    let rect = Rect(x: x, y: y, width: Self.swatchWidth, height: 1)
                    canvas.fill(rect, clip: canvas.bounds, style: Style(background: color))
                    x += Self.swatchWidth
                }
            }
        }
        return canvas
    }

    /// The report written by `writer`; nothing for an empty diff.
    public func write(with writer: some CanvasWriter) -> [UInt8] {
        var writer = writer
        var output: [UInt8] = []
        guard !diff.isEmpty else { return output }
        writer.write(canvas(), into: &output)
        writer.finish(into: &output)
        return output
    }
}

import CUTF8Proc
import SwatchbookCore

/// Terminal column widths of text, as grapheme-aware terminals measure it.
///
/// Text is cut into *display clusters*: UAX #29 grapheme clusters, joined
/// where a terminal draws two of them in one place (a spacing mark that
/// Unicode leaves out of its cluster, such as Myanmar's U+102C; a
/// consonant after a virama; a character after a zero width joiner).
/// Widths follow Python's `wcwidth.width`: a cluster is as wide as its
/// base, a spacing mark (Mc) after it makes it two, as does VS16 after a
/// narrow emoji, a conjunct is two, and a ZWJ sequence is as wide as its
/// first emoji. Nothing is dropped: a zero-width cluster joins its
/// neighbour, and a combining mark with nothing to combine with is drawn
/// on a dotted circle (U+25CC), as fonts show one.
public enum TextWidth {
    /// Columns of a whole string, as drawn (after sanitising).
    public static func of(_ text: String) -> Int {
        if isPrintableASCII(text) { return text.utf8.count }
        var total = 0
        forEachCluster(in: Sanitizer.clean(text)) { _, width, _ in total += width }
        return total
    }

    /// Calls `body` with each display cluster of `text` (which the caller
    /// has sanitised), its width in columns (at least 1), and the range of
    /// the string's characters it holds.
    public static func forEachCluster(
        in text: String, _ body: (_ cluster: String, _ width: Int, _ characters: Range<Int>) -> Void
    ) {
        if isPrintableASCII(text) {
            for (index, byte) in text.utf8.enumerated() {
                body(String(Unicode.Scalar(byte)), 1, index..<(index + 1))
            }
            return
        }
        var measure = Measure()
        var current: (text: String, width: Int, start: Int)?
        // Zero-width characters before anything visible: they go with the next cluster.
        var leading = ""
        var leadingStart = 0
        var index = 0
        for character in text {
            defer { index += 1 }
            let scalars = character.unicodeScalars
            guard let first = scalars.first else { continue }
            let afterVirama = measure.afterVirama
            let before = measure.columns
            for scalar in scalars { measure.add(scalar.value) }
            let added = measure.columns - before
            let joins = added <= 0 || width(of: first.value) == 0 || afterVirama
            if !joins {
                if let done = current { body(done.text, done.width, done.start..<index) }
                current = (leading + String(character), added, leading.isEmpty ? index : leadingStart)
                leading = ""
            } else if current != nil {
                current!.text.append(character)
                current!.width += max(added, 0)
            } else if isMark(first.value) {
                // Nothing is drawn before: measure again from the circle, so
                // what follows is measured after it, as it will be drawn.
                let shown = dottedCircle + leading + String(character)
                measure = Measure()
                for scalar in shown.unicodeScalars { measure.add(scalar.value) }
                current = (shown, max(1, measure.columns), leading.isEmpty ? index : leadingStart)
                leading = ""
            } else {
                if leading.isEmpty { leadingStart = index }
                leading.append(character)
            }
        }
        if var done = current {
            done.text += leading
            body(done.text, done.width, done.start..<index)
        } else if !leading.isEmpty {
            let shown = dottedCircle + leading
            body(shown, max(1, columns(of: shown)), leadingStart..<index)
        }
    }

    /// The longest prefix that fits in `columns`, with `ellipsis` at the end
    /// when anything was cut. Never splits a cluster. The result is
    /// sanitised, so what is measured is what is drawn.
    public static func truncate(_ text: String, to columns: Int, ellipsis: String = "…") -> String {
        guard columns > 0 else { return "" }
        // Most labels: one column per byte, nothing to clean, no cluster to split.
        if isPrintableASCII(text) {
            if text.utf8.count <= columns { return text }
            let room = columns - of(ellipsis)
            guard room >= 0 else { return "" }
            return String(text.utf8.prefix(room))! + ellipsis
        }
        let text = Sanitizer.clean(text)
        var clusters: [(String, Int)] = []
        var total = 0
        forEachCluster(in: text) { cluster, width, _ in
            clusters.append((cluster, width))
            total += width
        }
        if total <= columns { return clusters.map(\.0).joined() }
        let room = columns - of(ellipsis)
        guard room >= 0 else { return "" }
        var used = 0
        var result = ""
        for (cluster, width) in clusters {
            if used + width > room { break }
            used += width
            result += cluster
        }
        return result + ellipsis
    }

    /// Whether every byte is printable ASCII, which the sanitiser leaves
    /// alone and which takes one column each.
    static func isPrintableASCII(_ text: String) -> Bool {
        // Nearly every label: a loop over the string's own bytes.
        let answer = text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes where byte < 0x20 || byte >= 0x7F { return false }
            return true
        }
        return answer ?? text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    static let dottedCircle = "\u{25CC}"

    /// The reference measure of a string, cluster rules aside.
    private static func columns(of text: String) -> Int {
        var measure = Measure()
        for scalar in text.unicodeScalars { measure.add(scalar.value) }
        return measure.columns
    }

    /// Columns of one scalar on its own: utf8proc's East Asian width and
    /// zero-width classes, corrected to Unicode 16 by ``WidthTables``.
    /// Control characters count one: they are drawn as U+FFFD. A code
    /// point utf8proc has no data for is two in the CJK blocks and planes
    /// and among reserved emoji, one elsewhere.
    static func width(of value: UInt32) -> Int {
        if value <= 0x9F || Sanitizer.isControl(Unicode.Scalar(value) ?? " ") { return 1 }
        if WidthTables.contains(WidthTables.zero, value) { return 0 }
        if WidthTables.contains(WidthTables.one, value) { return 1 }
        if WidthTables.contains(WidthTables.two, value) { return 2 }
        let code = Int32(bitPattern: value)
        let property = utf8proc_get_property(code)!.pointee
        if property.category == UTF8PROC_CATEGORY_CN.rawValue {
            if isPictographic(property) || WidthTables.contains(WidthTables.wideUnassigned, value) {
                return 2
            }
            return 1
        }
        return min(max(Int(utf8proc_charwidth(code)), 0), 2)
    }

    /// Whether utf8proc's Unicode has assigned the code point.
    static func isAssigned(_ value: UInt32) -> Bool {
        utf8proc_category(Int32(bitPattern: value)) != UTF8PROC_CATEGORY_CN
    }

    static func isMark(_ value: UInt32) -> Bool {
        let category = utf8proc_category(Int32(bitPattern: value))
        return category == UTF8PROC_CATEGORY_MN || category == UTF8PROC_CATEGORY_MC
            || category == UTF8PROC_CATEGORY_ME
    }

    private static func isPictographic(_ property: utf8proc_property_t) -> Bool {
        let bound = Int32(property.boundclass)
        return bound == Int32(UTF8PROC_BOUNDCLASS_EXTENDED_PICTOGRAPHIC.rawValue)
            || bound == Int32(UTF8PROC_BOUNDCLASS_E_ZWG.rawValue)
    }

    /// The running width of a string, scalar by scalar: the rules of
    /// `wcwidth.wcswidth`, whose measure is the reference (a cluster's
    /// width is held until the next visible character, so a mark, a
    /// selector or a conjunct can still change it).
    struct Measure {
        private var total = 0
        private var pending = 0
        /// The last scalar that was measured, while a selector or a spacing
        /// mark can still apply to it.
        private var base: UInt32?
        private var lastScalar: UInt32?
        private var lastWidth = 0
        private(set) var afterVirama = false
        private var skipNext = false
        private var regionalRun = 0

        var columns: Int { total + pending }

        mutating func add(_ value: UInt32) {
            let regionalBefore = regionalRun
            let isRegional = (0x1F1E6...0x1F1FF).contains(value)
            regionalRun = isRegional ? regionalRun + 1 : 0
            if skipNext {
                // The character after a joiner is drawn in the joined glyph.
                skipNext = false
                return
            }
            switch value {
            case 0x200D:
                if !afterVirama {
                    lastWidth = 0
                    skipNext = true
                }
                return
            case 0xFE0F where base != nil:
                if WidthTables.contains(WidthTables.emojiPresentation, base!) { pending = 2 }
                base = nil
                return
            case 0xFE0E where base != nil:
                if WidthTables.contains(WidthTables.textPresentation, base!) && lastWidth == 2 { total -= 1 }
                base = nil
                return
            default:
                break
            }
            if isRegional && regionalBefore % 2 == 1 {
                // The second of a flag's pair.
                lastScalar = value
                return
            }
            if (0x1F3FB...0x1F3FF).contains(value), let last = lastScalar, Self.joinsEmoji(last) {
                return
            }
            let width = TextWidth.width(of: value)
            if width > 0 {
                if afterVirama {
                    pending = 2
                } else {
                    total += pending
                    pending = width
                }
                base = value
                lastScalar = value
                lastWidth = width
                afterVirama = false
            } else if WidthTables.contains(WidthTables.virama, value) {
                afterVirama = true
            } else if base != nil && utf8proc_category(Int32(bitPattern: value)) == UTF8PROC_CATEGORY_MC {
                pending = 2
                base = nil
                afterVirama = false
            } else {
                afterVirama = false
            }
        }

        /// Extended pictographics and regional indicators: what a skin tone
        /// modifies.
        private static func joinsEmoji(_ value: UInt32) -> Bool {
            if (0x1F1E6...0x1F1FF).contains(value) { return true }
            return isPictographic(utf8proc_get_property(Int32(bitPattern: value))!.pointee)
        }
    }
}

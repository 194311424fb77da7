import CUTF8Proc
import SwatchbookCore

/// Terminal column widths of grapheme clusters, from utf8proc's Unicode data.
///
/// A cluster is as wide as its first visible scalar (East Asian wide and
/// fullwidth characters and most emoji take 2); an emoji presentation
/// selector or a regional-indicator pair makes it 2, as terminals draw them.
public enum TextWidth {
    /// Control characters count one column: they are drawn as U+FFFD.
    public static func of(_ cluster: Character) -> Int {
        let scalars = cluster.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.isASCII && scalars.count == 1 { return 1 }
        if Sanitizer.isControl(first) { return 1 }
        var width = 0
        var regional = 0
        for scalar in scalars {
            let v = scalar.value
            if v == 0xFE0F { return 2 }
            if (0x1F1E6...0x1F1FF).contains(v) { regional += 1 }
            if width == 0 { width = Int(utf8proc_charwidth(Int32(bitPattern: v))) }
        }
        if regional >= 2 { return 2 }
        return min(max(width, 0), 2)
    }

    /// Columns of a whole string, as drawn (after sanitising).
    public static func of(_ text: String) -> Int {
        if isPrintableASCII(text) { return text.utf8.count }
        var total = 0
        for cluster in Sanitizer.clean(text) { total += of(cluster) }
        return total
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
        if of(text) <= columns { return text }
        let room = columns - of(ellipsis)
        guard room >= 0 else { return "" }
        var used = 0
        var result = ""
        for cluster in text {
            let w = of(cluster)
            if used + w > room { break }
            used += w
            result.append(cluster)
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
}

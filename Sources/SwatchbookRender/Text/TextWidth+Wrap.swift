extension TextWidth {
    /// `text` (sanitised) in lines of at most `columns`, each broken after
    /// its last space when it has one, else between display clusters; the
    /// `limit`th line holds the rest, cut with `ellipsis`. The inspector's
    /// values and browse's reload error wrap alike.
    public static func wrap(
        _ text: String, columns: Int, limit: Int = .max, ellipsis: String = "…"
    ) -> [String] {
        var clusters: [(text: String, width: Int)] = []
        TextWidth.forEachCluster(in: text) { cluster, width, _ in clusters.append((cluster, width)) }
        var lines: [String] = []
        var start = 0
        while start < clusters.count {
            if lines.count == limit - 1 {
                // Each cluster is a column at least: one more than fit says whether any is cut.
                let rest = clusters[start..<min(clusters.count, start + columns + 1)].map(\.text).joined()
                lines.append(TextWidth.truncate(rest, to: columns, ellipsis: ellipsis))
                break
            }
            var end = start
            var used = 0
            var space: Int?
            while end < clusters.count, used + clusters[end].width <= columns {
                if clusters[end].text == " " { space = end }
                used += clusters[end].width
                end += 1
            }
            if end == start {
                // One cluster wider than the column: it goes alone, clipped.
                end += 1
            } else if end < clusters.count, let space, space > start {
                end = space + 1
            }
            var line = clusters[start..<end].map(\.text).joined()
            while line.hasSuffix(" ") { line.removeLast() }
            lines.append(line)
            while end < clusters.count, clusters[end].text == " " { end += 1 }
            start = end
        }
        return lines.isEmpty ? [""] : lines
    }
}

/// Where each section and row sits in the laid-out document.
///
/// An eager catalogue is measured exactly, row by row. A lazy source is
/// never walked: its rows are given the height of a one-line strip, the
/// estimate a table view uses before it has seen a cell, so opening a
/// catalogue of a million rows costs one call per section.
struct RowIndex {
    struct SectionSpan {
        /// Document line of the section's header.
        var top: Int
        var rowCount: Int
        /// Each row's top relative to the first row, plus the end; nil when
        /// every row has the estimated height.
        var rowTops: [Int]?
        var estimatedHeight: Int

        var rowsHeight: Int { rowTops?.last ?? rowCount * estimatedHeight }

        func rowTop(_ r: Int) -> Int { rowTops?[r] ?? r * estimatedHeight }

        func rowHeight(_ r: Int) -> Int {
            guard let rowTops else { return estimatedHeight }
            return rowTops[r + 1] - rowTops[r]
        }

        /// The first row whose bottom is below `offset` (relative to the first row).
        func firstRow(endingAfter offset: Int) -> Int {
            guard let rowTops else { return max(0, offset / max(1, estimatedHeight)) }
            var low = 0
            var high = rowCount
            while low < high {
                let mid = (low + high) / 2
                if rowTops[mid + 1] <= offset { low = mid + 1 } else { high = mid }
            }
            return low
        }
    }

    private(set) var sections: [SectionSpan] = []
    private(set) var documentHeight = 0

    /// Adds a section whose rows have the given heights (nil: all estimated).
    mutating func appendSection(rowCount: Int, heights: [Int]?, estimatedHeight: Int) {
        if !sections.isEmpty { documentHeight += 1 }  // a blank line between sections
        var tops: [Int]?
        if let heights {
            var running = 0
            tops = [0]
            tops!.reserveCapacity(heights.count + 1)
            for height in heights {
                running += height
                tops!.append(running)
            }
        }
        let span = SectionSpan(
            top: documentHeight, rowCount: rowCount, rowTops: tops, estimatedHeight: estimatedHeight)
        sections.append(span)
        documentHeight += 1 + span.rowsHeight
    }

    /// The first section whose last line is at or below `y`.
    func firstSection(endingAfter y: Int) -> Int {
        var low = 0
        var high = sections.count
        while low < high {
            let mid = (low + high) / 2
            let end = sections[mid].top + 1 + sections[mid].rowsHeight
            if end <= y { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

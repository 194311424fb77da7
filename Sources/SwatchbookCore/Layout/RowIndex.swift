/// Where each section and row sits in the laid-out document.
///
/// Every row starts at an estimate, the height of a one-line strip, and
/// takes its exact height once it is known (``setRowHeight(_:_:_:)``), as a
/// table view's `estimatedRowHeight` sizes only the rows it has not asked
/// for yet. An eager catalogue has every row measured up front; a lazy
/// source's rows are measured as they are asked, so opening a catalogue of
/// a million rows costs one call per section and positions stay exact for
/// everything that has been seen. Only rows that differ from the estimate
/// are stored, with running sums, so a position costs a binary search.
struct RowIndex: Sendable {
    struct SectionSpan: Sendable {
        /// The header's line were no row before this section corrected.
        var baseTop: Int
        var rowCount: Int
        var estimatedHeight: Int
        /// Each measured row's height minus the estimate.
        var rows = HeightCorrections()

        var rowsHeight: Int { rowCount * estimatedHeight + rows.total }

        /// Row `r`'s top, relative to the first row.
        func rowTop(_ r: Int) -> Int { r * estimatedHeight + rows.before(r) }

        func rowHeight(_ r: Int) -> Int { estimatedHeight + rows.difference(at: r) }

        /// The first row whose bottom is below `offset` (relative to the
        /// first row); `rowCount` when none is.
        func firstRow(endingAfter offset: Int) -> Int {
            var low = 0
            var high = rowCount
            while low < high {
                let mid = (low + high) / 2
                if rowTop(mid + 1) <= offset { low = mid + 1 } else { high = mid }
            }
            return low
        }
    }

    private(set) var sections: [SectionSpan] = []
    /// Blank lines between two sections.
    let sectionGap: Int
    /// Each section's rows' corrections in total, by section.
    private var sectionCorrections = HeightCorrections()
    private var baseHeight = 0

    init(sectionGap: Int = 1) {
        self.sectionGap = sectionGap
    }

    var documentHeight: Int { baseHeight + sectionCorrections.total }

    /// The line of section `s`'s header.
    func sectionTop(_ s: Int) -> Int { sections[s].baseTop + sectionCorrections.before(s) }

    /// The line just after section `s`'s last row.
    func sectionEnd(_ s: Int) -> Int { sectionTop(s) + 1 + sections[s].rowsHeight }

    /// Adds a section of `rowCount` rows, each at the estimate until measured.
    mutating func appendSection(rowCount: Int, estimatedHeight: Int) {
        if !sections.isEmpty { baseHeight += sectionGap }
        let span = SectionSpan(baseTop: baseHeight, rowCount: rowCount, estimatedHeight: estimatedHeight)
        sections.append(span)
        baseHeight += 1 + rowCount * estimatedHeight
    }

    /// Row `r` of section `s` is `height` lines tall, spacing included.
    mutating func setRowHeight(_ s: Int, _ r: Int, _ height: Int) {
        let difference = height - sections[s].estimatedHeight
        // Most rows are the estimate and already unset: nothing is written,
        // so a copy of this index held elsewhere is not copied again.
        guard sections[s].rows.difference(at: r) != difference else { return }
        let change = sections[s].rows.set(r, to: difference)
        sectionCorrections.set(s, to: sectionCorrections.difference(at: s) + change)
    }

    /// The first section whose last line is at or below `y`.
    func firstSection(endingAfter y: Int) -> Int {
        var low = 0
        var high = sections.count
        while low < high {
            let mid = (low + high) / 2
            if sectionEnd(mid) <= y { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

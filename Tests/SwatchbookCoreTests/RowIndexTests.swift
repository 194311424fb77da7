import Testing

@testable import SwatchbookCore

/// Positions of estimated and measured rows, against a plain running sum.
@Suite struct RowIndexTests {
    /// A simple reference: the heights of every slot, summed each time.
    struct Reference {
        var heights: [Int]
        func top(_ i: Int) -> Int { heights[..<i].reduce(0, +) }
    }

    @Test func correctionsMatchARunningSum() {
        var corrections = HeightCorrections()
        var reference = Reference(heights: Array(repeating: 5, count: 200))
        var seed: UInt64 = 7
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for _ in 0..<2_000 {
            let slot = next(200)
            let height = [1, 2, 5, 5, 9, 30][next(6)]
            corrections.set(slot, to: height - 5)
            reference.heights[slot] = height
            let probe = next(201)
            #expect(probe * 5 + corrections.before(probe) == reference.top(probe))
            #expect(corrections.difference(at: slot) == height - 5)
        }
        #expect(200 * 5 + corrections.total == reference.heights.reduce(0, +))
    }

    @Test func settingTheEstimateRemovesACorrection() {
        var corrections = HeightCorrections()
        #expect(corrections.set(3, to: 4) == 4)
        #expect(corrections.set(1, to: -2) == -2)
        #expect(corrections.total == 2)
        #expect(corrections.set(3, to: 0) == -4)
        #expect(corrections.before(10) == -2)
        #expect(corrections.difference(at: 3) == 0)
        #expect(corrections.set(3, to: 0) == 0)
    }

    @Test func sectionsMoveWithTheRowsMeasuredAboveThem() {
        var index = RowIndex()
        for _ in 0..<3 { index.appendSection(rowCount: 4, estimatedHeight: 5) }
        // Each section: a header and 4 rows of 5, then a blank line.
        #expect(index.sectionTop(1) == 22)
        #expect(index.documentHeight == 3 * 21 + 2)
        index.setRowHeight(0, 2, 12)
        index.setRowHeight(1, 0, 1)
        #expect(index.sectionTop(1) == 29)
        #expect(index.sectionTop(2) == 29 + 22 - 4)
        #expect(index.documentHeight == 65 + 7 - 4)
        #expect(index.sections[0].rowTop(3) == 22)
        #expect(index.sections[0].rowHeight(2) == 12)
        // Line 12 is inside row 2 (lines 11 to 22 of the document).
        #expect(index.sections[0].firstRow(endingAfter: 11) == 2)
        #expect(index.sections[0].firstRow(endingAfter: 22) == 3)
        #expect(index.firstSection(endingAfter: 27) == 0)
        #expect(index.firstSection(endingAfter: 28) == 1)
        #expect(index.firstSection(endingAfter: 29 + 22 - 4) == 2)
    }

    /// An index copied into a band's recording is not copied again when
    /// a row measures as its estimate: nothing is written.
    @Test func measuringTheEstimateWritesNothing() {
        var index = RowIndex()
        index.appendSection(rowCount: 1_000, estimatedHeight: 5)
        let snapshot = index
        for r in 0..<1_000 { index.setRowHeight(0, r, 5) }
        #expect(index.documentHeight == snapshot.documentHeight)
        index.setRowHeight(0, 10, 6)
        #expect(snapshot.documentHeight == 5_001)
        #expect(index.documentHeight == 5_002)
    }
}

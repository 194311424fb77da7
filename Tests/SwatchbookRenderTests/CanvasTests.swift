import SwatchbookCore
import Testing

@testable import SwatchbookRender

/// The cell grid: clipping, wide clusters at edges, overwriting half a wide
/// cluster, and sanitising on the way in (SPEC §5).
@Suite struct CanvasTests {
    static let red = Style(foreground: Color(rgb: 0xFF0000))
    static let blue = Style(background: Color(rgb: 0x0000FF))

    /// The canvas as plain text, one string per line, trailing blanks trimmed.
    static func plainLines(_ canvas: Canvas) -> [String] {
        var writer = PlainWriter()
        var bytes: [UInt8] = []
        writer.write(canvas, into: &bytes)
        var lines = String(decoding: bytes, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false
        ).map(String.init)
        #expect(lines.last == "")
        lines.removeLast()
        return lines
    }

    /// Every wide lead is followed by its right half and every right half
    /// follows a wide lead: nothing can shift a line.
    static func expectNoOrphanHalves(
        _ canvas: Canvas, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let cell = canvas.cell(x: x, y: y)
                switch cell.width {
                case 2:
                    let ok = x + 1 < canvas.width && canvas.cell(x: x + 1, y: y).width == 0
                    #expect(ok, "orphan left half at (\(x), \(y))", sourceLocation: sourceLocation)
                case 0:
                    let ok = x > 0 && canvas.cell(x: x - 1, y: y).width == 2
                    #expect(ok, "orphan right half at (\(x), \(y))", sourceLocation: sourceLocation)
                default:
                    #expect(cell.width == 1, sourceLocation: sourceLocation)
                    #expect(
                        TextWidth.of(canvas.text(of: cell)) <= 1,
                        "wide text in a narrow cell at (\(x), \(y))",
                        sourceLocation: sourceLocation)
                }
            }
        }
    }

    /// Puts `|` in the last column, so a line's plain width must equal the
    /// canvas width.
    static func markEnds(_ canvas: inout Canvas) {
        for y in 0..<canvas.height {
            canvas.draw("|", x: canvas.width - 1, y: y, style: .plain, clip: canvas.bounds)
        }
    }

    // MARK: clipping

    /// Short texts that are not printable ASCII have their clusters
    /// remembered: each is still drawn as itself, among more of them than
    /// are remembered, and after the canvas is reset.
    @Test func shortGlyphsDrawnOverAndOverAreEachThemselves() {
        let glyphs = ["…", "›", "‹", "✓", "☐", "é", "e\u{301}", "👍🏽", "中", "→", "\u{1B}x", "·"]
        var canvas = Canvas(width: 4, height: glyphs.count * 3)
        for pass in 0..<2 {
            if pass == 1 { canvas.reset(width: 4, height: glyphs.count * 3) }
            for y in 0..<(glyphs.count * 3) {
                canvas.draw(glyphs[y % glyphs.count], x: 0, y: y, style: .plain, clip: canvas.bounds)
            }
            let expected = (0..<(glyphs.count * 3)).map { y in
                var fresh = Canvas(width: 4, height: 1)
                fresh.draw(glyphs[y % glyphs.count], x: 0, y: 0, style: .plain, clip: fresh.bounds)
                return Self.plainLines(fresh)[0]
            }
            #expect(Self.plainLines(canvas) == expected)
        }
    }

    @Test func textIsClippedToTheClipRect() {
        var canvas = Canvas(width: 10, height: 3)
        let clip = Rect(x: 2, y: 0, width: 4, height: 3)
        canvas.draw("abcdefghij", x: 0, y: 1, style: Self.red, clip: clip)
        #expect(Self.plainLines(canvas) == ["", "  cdef", ""])
        #expect(canvas.style(of: canvas.cell(x: 2, y: 1)) == Self.red)
        #expect(canvas.style(of: canvas.cell(x: 6, y: 1)) == .plain)
        #expect(canvas.style(of: canvas.cell(x: 1, y: 1)) == .plain)
    }

    @Test func aLineOutsideTheClipIsNotDrawn() {
        var canvas = Canvas(width: 10, height: 3)
        let clip = Rect(x: 0, y: 1, width: 10, height: 1)
        let end = canvas.draw("메인", x: 1, y: 2, style: Self.red, clip: clip)
        #expect(end == 5)
        canvas.draw("zz", x: 0, y: 0, style: Self.red, clip: clip)
        #expect(Self.plainLines(canvas) == ["", "", ""])
        #expect(canvas.cells.allSatisfy { $0.style == 0 })
    }

    @Test func textIsClippedToTheCanvas() {
        var canvas = Canvas(width: 4, height: 1)
        let huge = Rect(x: -100, y: -100, width: 1000, height: 1000)
        canvas.draw("abcdef", x: -2, y: 0, style: .plain, clip: huge)
        #expect(Self.plainLines(canvas) == ["cdef"])
        canvas.draw("x", x: 0, y: 5, style: .plain, clip: huge)
        canvas.draw("x", x: 9, y: 0, style: .plain, clip: huge)
        #expect(Self.plainLines(canvas) == ["cdef"])
    }

    @Test func drawReturnsTheColumnAfterTheText() {
        var canvas = Canvas(width: 20, height: 1)
        #expect(canvas.draw("메인1", x: 2, y: 0, style: .plain, clip: canvas.bounds) == 7)
        #expect(canvas.draw("e\u{301}😀", x: 0, y: 0, style: .plain, clip: canvas.bounds) == 3)
    }

    /// The column after the text does not depend on what the clip lets through.
    @Test func drawReturnsTheSameColumnWhateverTheClip() {
        for text in ["abcdefghij", "메인메인메인", "\u{1B}[2Jx\u{07}"] {
            var canvas = Canvas(width: 10, height: 2)
            let full = canvas.draw(text, x: 1, y: 0, style: .plain, clip: canvas.bounds)
            let narrow = canvas.draw(
                text, x: 1, y: 0, style: .plain, clip: Rect(x: 0, y: 0, width: 3, height: 2))
            let hidden = canvas.draw(
                text, x: 1, y: 1, style: .plain, clip: Rect(x: 0, y: 0, width: 10, height: 1))
            let expected = 1 + TextWidth.of(Sanitizer.clean(text))
            #expect(
                [full, narrow, hidden] == [expected, expected, expected], "\(text.debugDescription)"
            )
        }
    }

    // MARK: wide clusters at edges

    @Test func aWideClusterCutByTheClipsLeftEdgeBecomesASpace() {
        var canvas = Canvas(width: 10, height: 1)
        let clip = Rect(x: 2, y: 0, width: 8, height: 1)
        canvas.draw("메인", x: 1, y: 0, style: Self.blue, clip: clip)
        #expect(Self.plainLines(canvas) == ["   인"])
        #expect(canvas.cell(x: 1, y: 0).style == 0)  // outside the clip: untouched
        #expect(canvas.text(of: canvas.cell(x: 2, y: 0)) == " ")
        #expect(canvas.cell(x: 2, y: 0).width == 1)
        #expect(canvas.style(of: canvas.cell(x: 2, y: 0)) == Self.blue)
        Self.expectNoOrphanHalves(canvas)
        Self.markEnds(&canvas)
        #expect(TextWidth.of(Self.plainLines(canvas)[0]) == 10)
    }

    @Test func aWideClusterCutByTheClipsRightEdgeBecomesASpace() {
        var canvas = Canvas(width: 10, height: 1)
        let clip = Rect(x: 0, y: 0, width: 3, height: 1)
        canvas.draw("ab메", x: 0, y: 0, style: Self.blue, clip: clip)
        #expect(Self.plainLines(canvas) == ["ab"])
        #expect(canvas.text(of: canvas.cell(x: 2, y: 0)) == " ")
        #expect(canvas.style(of: canvas.cell(x: 2, y: 0)) == Self.blue)
        #expect(canvas.cell(x: 3, y: 0).style == 0)
        Self.expectNoOrphanHalves(canvas)
    }

    @Test func aWideClusterCutByTheCanvasEdgeBecomesASpace() {
        var canvas = Canvas(width: 6, height: 1)
        canvas.draw("abc메", x: 2, y: 0, style: Self.blue, clip: canvas.bounds)
        #expect(Self.plainLines(canvas) == ["  abc"])
        #expect(canvas.cell(x: 5, y: 0).width == 1)
        #expect(canvas.style(of: canvas.cell(x: 5, y: 0)) == Self.blue)
        Self.expectNoOrphanHalves(canvas)
        var left = Canvas(width: 6, height: 1)
        left.draw("메ab", x: -1, y: 0, style: Self.blue, clip: left.bounds)
        #expect(Self.plainLines(left) == [" ab"])
        Self.expectNoOrphanHalves(left)
    }

    @Test func wideClustersThatFitAreKept() {
        var canvas = Canvas(width: 8, height: 1)
        canvas.draw("메인1", x: 0, y: 0, style: .plain, clip: canvas.bounds)
        canvas.draw("😀", x: 6, y: 0, style: .plain, clip: canvas.bounds)
        #expect(Self.plainLines(canvas) == ["메인1 😀"])
        #expect(canvas.cell(x: 0, y: 0).width == 2)
        #expect(canvas.cell(x: 1, y: 0).width == 0)
        #expect(canvas.cell(x: 6, y: 0).width == 2)
        Self.expectNoOrphanHalves(canvas)
    }

    // MARK: overwriting half a wide cluster

    @Test func overwritingTheRightHalfBlanksTheLeft() {
        var canvas = Canvas(width: 10, height: 1)
        canvas.draw("메인메인", x: 0, y: 0, style: .plain, clip: canvas.bounds)
        canvas.draw("x", x: 1, y: 0, style: .plain, clip: canvas.bounds)
        #expect(Self.plainLines(canvas) == [" x인메인"])
        #expect(TextWidth.of(Self.plainLines(canvas)[0]) == 8)
        Self.expectNoOrphanHalves(canvas)
    }

    @Test func overwritingTheLeftHalfBlanksTheRight() {
        var canvas = Canvas(width: 10, height: 1)
        canvas.draw("메인메인", x: 0, y: 0, style: .plain, clip: canvas.bounds)
        canvas.draw("x", x: 2, y: 0, style: .plain, clip: canvas.bounds)
        #expect(Self.plainLines(canvas) == ["메x 메인"])
        #expect(TextWidth.of(Self.plainLines(canvas)[0]) == 8)
        Self.expectNoOrphanHalves(canvas)
    }

    @Test func aWideClusterStraddlingTwoOthersBlanksBothHalves() {
        var canvas = Canvas(width: 10, height: 1)
        canvas.draw("메인메인", x: 0, y: 0, style: .plain, clip: canvas.bounds)
        canvas.draw("😀", x: 1, y: 0, style: .plain, clip: canvas.bounds)
        #expect(Self.plainLines(canvas) == [" 😀 메인"])
        Self.expectNoOrphanHalves(canvas)
        Self.markEnds(&canvas)
        #expect(TextWidth.of(Self.plainLines(canvas)[0]) == 10)
    }

    @Test(arguments: 0..<10)
    func everyOverwriteKeepsTheLineWidth(at x: Int) {
        for text in ["x", "xy", "😀", "메인", "a😀", "e\u{301}"] {
            var canvas = Canvas(width: 10, height: 1)
            canvas.draw("메인메인메", x: 0, y: 0, style: Self.blue, clip: canvas.bounds)
            canvas.draw(text, x: x, y: 0, style: Self.red, clip: canvas.bounds)
            Self.expectNoOrphanHalves(canvas)
            Self.markEnds(&canvas)
            #expect(TextWidth.of(Self.plainLines(canvas)[0]) == 10, "\(text) at \(x)")
        }
    }

    /// A clip whose left edge falls inside a wide cluster: writing just
    /// inside it orphans the cluster's left half, which lies outside.
    @Test func overwritingTheRightHalfThroughANarrowerClipKeepsTheLineWidth() {
        var canvas = Canvas(width: 10, height: 1)
        canvas.draw("메", x: 4, y: 0, style: .plain, clip: canvas.bounds)
        let clip = Rect(x: 5, y: 0, width: 5, height: 1)
        canvas.draw("ab", x: 5, y: 0, style: .plain, clip: clip)
        Self.expectNoOrphanHalves(canvas)
        Self.markEnds(&canvas)
        #expect(TextWidth.of(Self.plainLines(canvas)[0]) == 10)
    }

    /// A clip whose right edge falls inside a wide cluster: writing just
    /// inside it orphans the cluster's right half, which lies outside.
    @Test func overwritingTheLeftHalfThroughANarrowerClipKeepsTheLineWidth() {
        var canvas = Canvas(width: 10, height: 1)
        canvas.draw("메", x: 5, y: 0, style: .plain, clip: canvas.bounds)
        let clip = Rect(x: 0, y: 0, width: 6, height: 1)
        canvas.draw("ab", x: 4, y: 0, style: .plain, clip: clip)
        Self.expectNoOrphanHalves(canvas)
        Self.markEnds(&canvas)
        #expect(TextWidth.of(Self.plainLines(canvas)[0]) == 10)
    }

    /// `fill` overwrites cells too (a swatch block over a wide label).
    @Test(arguments: [
        Rect(x: 5, y: 0, width: 3, height: 1),  // covers the right half of 메
        Rect(x: 0, y: 0, width: 5, height: 1),  // covers the left half of 메
    ])
    func fillingHalfAWideClusterKeepsTheLineWidth(rect: Rect) {
        var canvas = Canvas(width: 10, height: 1)
        canvas.draw("메", x: 4, y: 0, style: .plain, clip: canvas.bounds)
        canvas.fill(rect, clip: canvas.bounds, with: "-", style: Self.blue)
        Self.expectNoOrphanHalves(canvas)
        Self.markEnds(&canvas)
        #expect(TextWidth.of(Self.plainLines(canvas)[0]) == 10)
    }

    // MARK: fill

    @Test func fillStaysInsideTheClip() {
        var canvas = Canvas(width: 6, height: 3)
        let clip = Rect(x: 1, y: 1, width: 10, height: 10)
        canvas.fill(Rect(x: 0, y: 0, width: 3, height: 3), clip: clip, with: "#", style: Self.blue)
        #expect(Self.plainLines(canvas) == ["", " ##", " ##"])
        #expect(canvas.style(of: canvas.cell(x: 1, y: 1)) == Self.blue)
        #expect(canvas.style(of: canvas.cell(x: 2, y: 0)) == .plain)
        #expect(canvas.text(of: canvas.cell(x: 2, y: 1)) == "#")
    }

    @Test func stylesAreInterned() {
        var canvas = Canvas(width: 2, height: 1)
        let a = canvas.intern(Self.red)
        let b = canvas.intern(Self.red)
        #expect(a == b)
        #expect(canvas.intern(.plain) == 0)
        #expect(canvas.styles.count == 2)
    }

    // MARK: sanitising

    static let hostile = "\u{1B}[2J\u{07}\u{9B}x"

    @Test func controlCharactersAreDrawnAsReplacements() {
        var canvas = Canvas(width: 10, height: 1)
        let end = canvas.draw(Self.hostile, x: 0, y: 0, style: .plain, clip: canvas.bounds)
        #expect(Self.plainLines(canvas) == ["\u{FFFD}[2J\u{FFFD}\u{FFFD}x"])
        #expect(end == 7)
    }

    @Test func controlCharactersNeverReachPlainOutput() {
        var canvas = Canvas(width: 12, height: 2)
        canvas.draw(Self.hostile, x: 0, y: 0, style: Self.red, clip: canvas.bounds)
        canvas.draw(Self.hostile, x: 3, y: 1, style: .plain, clip: canvas.bounds)
        var writer = PlainWriter()
        var bytes: [UInt8] = []
        writer.write(canvas, into: &bytes)
        #expect(!bytes.contains(0x1B))
        #expect(!bytes.contains(0x07))
        #expect(!bytes.contains(0x9B))
    }

    @Test(arguments: ColorDepth.allCases)
    func controlCharactersNeverReachANSIOutput(depth: ColorDepth) {
        // Unstyled: the writer has no reason to emit any escape at all.
        var plainCanvas = Canvas(width: 12, height: 1)
        plainCanvas.draw(Self.hostile, x: 0, y: 0, style: .plain, clip: plainCanvas.bounds)
        var writer = ANSIWriter(depth: depth)
        var bytes: [UInt8] = []
        writer.write(plainCanvas, into: &bytes)
        #expect(!bytes.contains(0x1B))
        #expect(!bytes.contains(0x07))
        #expect(!bytes.contains(0x9B))

        // Styled: the only escapes are the writer's own SGR sequences.
        var canvas = Canvas(width: 12, height: 1)
        let style = Style(
            foreground: Color(rgb: 0xFA8072), background: Color(rgb: 0x101010), attributes: .bold)
        canvas.draw(Self.hostile, x: 2, y: 0, style: style, clip: canvas.bounds)
        bytes = []
        writer.write(canvas, into: &bytes)
        #expect(!bytes.contains(0x07))
        #expect(!bytes.contains(0x9B))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(ANSIWriterTests.strippingSGR(text) == "  \u{FFFD}[2J\u{FFFD}\u{FFFD}x\n")
    }
}

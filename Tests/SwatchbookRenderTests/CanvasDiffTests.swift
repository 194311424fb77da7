import SwatchbookCore
import Testing

@testable import SwatchbookRender

/// The pure diff: which cells a terminal must rewrite, whatever writes them.
@Suite struct CanvasDiffTests {
    static func looks(_ canvas: Canvas) -> [Int] { Array(canvas.styles.indices) }

    static func changes(_ old: Canvas, _ new: Canvas) -> [[Int]] {
        CanvasDiff(from: old, looks: looks(old), to: new, looks: looks(new)).changes.map { [$0.x, $0.y] }
    }

    @Test func anUnchangedCanvasHasNoChanges() {
        var canvas = Canvas(width: 10, height: 3)
        canvas.draw("hello", x: 1, y: 1, style: .plain, clip: canvas.bounds)
        #expect(Self.changes(canvas, canvas).isEmpty)
    }

    @Test func changedCellsComeInReadingOrder() {
        let old = Canvas(width: 6, height: 2)
        var new = old
        new.draw("b", x: 4, y: 1, style: .plain, clip: new.bounds)
        new.draw("a", x: 2, y: 0, style: .plain, clip: new.bounds)
        #expect(Self.changes(old, new) == [[2, 0], [4, 1]])
    }

    @Test func aWideClusterIsGivenWholeAtItsLeftHalf() {
        var old = Canvas(width: 6, height: 1)
        old.draw("메", x: 2, y: 0, style: .plain, clip: old.bounds)
        var new = Canvas(width: 6, height: 1)
        new.draw("메", x: 1, y: 0, style: .plain, clip: new.bounds)
        // 1 starts the cluster and covers 2; 3 was the old right half, now a blank.
        #expect(Self.changes(old, new) == [[1, 0], [3, 0]])
    }

    @Test func stylesThatLookAlikeAreNoChange() {
        var old = Canvas(width: 4, height: 1)
        old.draw("ab", x: 0, y: 0, style: Style(foreground: Color(rgb: 0xFF0000)), clip: old.bounds)
        var new = Canvas(width: 4, height: 1)
        new.draw("ab", x: 0, y: 0, style: Style(foreground: Color(rgb: 0xFE0101)), clip: new.bounds)
        // Looks are ids shared by the two canvases: told apart, the colours differ…
        let apart = CanvasDiff(from: old, looks: [0, 1], to: new, looks: [0, 2]).changes
        #expect(apart.map { [$0.x, $0.y] } == [[0, 0], [1, 0]])
        // …and both red at 16 colours, they are one look.
        #expect(CanvasDiff(from: old, looks: [0, 1], to: new, looks: [0, 1]).changes.isEmpty)
    }
}

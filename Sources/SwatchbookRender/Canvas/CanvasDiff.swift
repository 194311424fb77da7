import SwatchbookCore

/// Which cells of a canvas differ from the canvas on screen before it: the
/// cells a terminal must rewrite, and nothing about how (ratatui's
/// `BufferDiff` is the model). Cells are compared by how they look, given
/// as an id per style: two styles with the same id look alike (two colours
/// that one palette entry shows, say), so they are no change.
public enum CanvasDiff {
    /// The columns and lines of the cells to write, in reading order. A
    /// wide cluster is always given whole, at its left half, and a cell
    /// covered by a wide cluster given before it is not given again.
    ///
    /// - Parameters:
    ///   - oldLooks: for each style of `old`, the id of its look; a style
    ///     whose look `new` does not have is -1.
    ///   - newLooks: the same for `new`'s styles.
    public static func changes(
        from old: Canvas, looks oldLooks: [Int], to new: Canvas, looks newLooks: [Int]
    ) -> [(x: Int, y: Int)] {
        precondition(old.width == new.width && old.height == new.height, "a diff is of canvases of one size")
        var changes: [(x: Int, y: Int)] = []
        for y in 0..<new.height {
            let row = y * new.width
            var x = 0
            while x < new.width {
                let before = old.cells[row + x]
                let after = new.cells[row + x]
                if before.width == after.width
                    && (after.width == 0
                        || oldLooks[Int(before.style)] == newLooks[Int(after.style)]
                            && sameText(before, in: old, after, in: new))
                {
                    x += 1
                    continue
                }
                // A changed right half is written with its left half.
                let start = after.width == 0 && x > 0 && new.cells[row + x - 1].width == 2 ? x - 1 : x
                changes.append((start, y))
                x = start + max(1, Int(new.cells[row + start].width))
            }
        }
        return changes
    }

    /// Whether two cells show the same cluster, scalar for scalar.
    static func sameText(_ old: Canvas.Cell, in previous: Canvas, _ new: Canvas.Cell, in canvas: Canvas)
        -> Bool
    {
        let oldIsCluster = old.code & Canvas.Cell.clusterFlag != 0
        let newIsCluster = new.code & Canvas.Cell.clusterFlag != 0
        if !oldIsCluster && !newIsCluster { return old.code == new.code }
        guard oldIsCluster && newIsCluster else { return false }
        return previous.text(of: old).unicodeScalars.elementsEqual(canvas.text(of: new).unicodeScalars)
    }
}

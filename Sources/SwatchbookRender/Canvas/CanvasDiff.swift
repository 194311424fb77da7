import SwatchbookCore

/// Which cells of a canvas differ from the canvas on screen before it: the
/// cells a terminal must rewrite, and nothing about how (ratatui's
/// `BufferDiff` is the model). Cells are compared by how they look, given
/// as an id per style: two styles with the same id look alike (two colours
/// that one palette entry shows, say), so they are no change.
///
/// The changes are found in one pass and handed over as they are found,
/// in reading order, so a frame that changes every cell allocates nothing
/// for them. A wide cluster is always given whole, at its left half, and a
/// cell covered by a wide cluster given before it is not given again.
public struct CanvasDiff {
    let old: Canvas
    let oldLooks: [Int]
    let new: Canvas
    let newLooks: [Int]

    /// - Parameters:
    ///   - oldLooks: for each style of `old`, the id of its look; a style
    ///     whose look `new` does not have is -1.
    ///   - newLooks: the same for `new`'s styles.
    public init(from old: Canvas, looks oldLooks: [Int], to new: Canvas, looks newLooks: [Int]) {
        precondition(old.width == new.width && old.height == new.height, "a diff is of canvases of one size")
        self.old = old
        self.oldLooks = oldLooks
        self.new = new
        self.newLooks = newLooks
    }

    /// Calls `body` with the column and line of each cell to write.
    public func forEachChange(_ body: (_ x: Int, _ y: Int) -> Void) {
        let width = new.width
        for y in 0..<new.height {
            let row = y * width
            var x = 0
            while x < width {
                let before = old.cells[row + x]
                let after = new.cells[row + x]
                if before.width == after.width
                    && (after.width == 0
                        || oldLooks[Int(before.style)] == newLooks[Int(after.style)]
                            && Self.sameText(before, in: old, after, in: new))
                {
                    x += 1
                    continue
                }
                // A changed right part is written with the cluster it belongs to.
                let start = after.width == 0 ? new.head(ofColumn: x, row: row) : x
                body(start, y)
                x = start + max(1, Int(new.cells[row + start].width))
            }
        }
    }

    /// The changes, collected.
    public var changes: [(x: Int, y: Int)] {
        var changes: [(x: Int, y: Int)] = []
        forEachChange { changes.append(($0, $1)) }
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

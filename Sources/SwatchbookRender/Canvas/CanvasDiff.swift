import SwatchbookCore

/// Which cells of a canvas differ from the canvas on screen before it: the
/// cells a terminal must rewrite, and nothing about how (ratatui's
/// `BufferDiff` is the model). Cells are compared by how they look, given
/// as an id per style: two styles with the same id look alike (two colours
/// that one palette entry shows, say), so they are no change.
///
/// The changes are found as they are asked for, in reading order, so a
/// frame that changes every cell allocates nothing for them. A wide cluster
/// is always given whole, at its left half, and a cell covered by a wide
/// cluster given before it is not given again.
public struct CanvasDiff: Sequence {
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

    public func makeIterator() -> Iterator { Iterator(diff: self) }

    public struct Iterator: IteratorProtocol {
        let diff: CanvasDiff
        private var x = 0
        private var y = 0

        init(diff: CanvasDiff) { self.diff = diff }

        /// The column and line of the next cell to write.
        public mutating func next() -> (x: Int, y: Int)? {
            let old = diff.old
            let new = diff.new
            while y < new.height {
                let row = y * new.width
                while x < new.width {
                    let before = old.cells[row + x]
                    let after = new.cells[row + x]
                    if before.width == after.width
                        && (after.width == 0
                            || diff.oldLooks[Int(before.style)] == diff.newLooks[Int(after.style)]
                                && CanvasDiff.sameText(before, in: old, after, in: new))
                    {
                        x += 1
                        continue
                    }
                    // A changed right half is written with its left half.
                    let start = after.width == 0 && x > 0 && new.cells[row + x - 1].width == 2 ? x - 1 : x
                    x = start + Swift.max(1, Int(new.cells[row + start].width))
                    return (start, y)
                }
                x = 0
                y += 1
            }
            return nil
        }
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

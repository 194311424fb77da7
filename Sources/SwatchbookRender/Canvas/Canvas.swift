import SwatchbookCore

/// A grid of terminal cells: each holds one grapheme cluster and a style.
///
/// Styles are interned so a cell stays small and writers compare styles by
/// number. A wide cluster occupies its cell and a continuation cell after it.
public struct Canvas: Sendable {
    public struct Cell: Hashable, Sendable {
        public var text: Character
        public var style: UInt16
        /// Columns the cluster takes: 1, 2, or 0 for the right half of a wide one.
        public var width: UInt8
    }

    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]
    public private(set) var styles: [Style] = [.plain]
    private var styleIndex: [Style: UInt16] = [.plain: 0]

    public init(width: Int, height: Int, fill: Style = .plain) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = []
        let id = intern(fill)
        cells = Array(repeating: Cell(text: " ", style: id, width: 1), count: self.width * self.height)
    }

    public mutating func intern(_ style: Style) -> UInt16 {
        if let id = styleIndex[style] { return id }
        let id = UInt16(truncatingIfNeeded: styles.count)
        styles.append(style)
        styleIndex[style] = id
        return id
    }

    public func cell(x: Int, y: Int) -> Cell { cells[y * width + x] }

    public func style(of cell: Cell) -> Style { styles[Int(cell.style)] }

    /// Fills `rect ∩ clip` with one character and style.
    public mutating func fill(_ rect: Rect, clip: Rect, with text: Character = " ", style: Style) {
        let area = rect.intersection(clip).intersection(bounds)
        guard !area.isEmpty else { return }
        let id = intern(style)
        let cell = Cell(text: text, style: id, width: 1)
        for y in area.y..<area.maxY {
            let row = y * width
            for x in area.x..<area.maxX { cells[row + x] = cell }
        }
    }

    /// Restyles the cells of `rect ∩ clip`, keeping their text.
    public mutating func restyle(_ rect: Rect, clip: Rect, _ transform: (Style) -> Style) {
        let area = rect.intersection(clip).intersection(bounds)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX {
                let i = y * width + x
                cells[i].style = intern(transform(styles[Int(cells[i].style)]))
            }
        }
    }

    /// Draws sanitised text from column `x`, keeping only cells inside
    /// `clip`; a wide cluster cut by an edge becomes a space. Returns the
    /// column after the text.
    @discardableResult
    public mutating func draw(_ text: String, x: Int, y: Int, style: Style, clip: Rect) -> Int {
        let area = clip.intersection(bounds)
        guard y >= area.y && y < area.maxY else { return x + TextWidth.of(text) }
        let id = intern(style)
        var column = x
        for cluster in Sanitizer.clean(text) {
            let w = TextWidth.of(cluster)
            if w == 0 { continue }
            if column >= area.maxX { break }
            if column + w > area.x {
                if column >= area.x && column + w <= area.maxX {
                    cells[y * width + column] = Cell(text: cluster, style: id, width: UInt8(w))
                    if w == 2 { cells[y * width + column + 1] = Cell(text: " ", style: id, width: 0) }
                } else {
                    for c in max(column, area.x)..<min(column + w, area.maxX) {
                        cells[y * width + c] = Cell(text: " ", style: id, width: 1)
                    }
                }
            }
            column += w
        }
        repairSplitClusters(y: y, from: max(area.x, x - 1), to: min(area.maxX, column + 1))
        return column
    }

    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// Overwriting half of a wide cluster leaves its other half orphaned;
    /// turn such halves into spaces so no line shifts.
    private mutating func repairSplitClusters(y: Int, from: Int, to: Int) {
        guard from < to else { return }
        let row = y * width
        for x in from..<to {
            let cell = cells[row + x]
            if cell.width == 2 && (x + 1 >= width || cells[row + x + 1].width != 0) {
                cells[row + x] = Cell(text: " ", style: cell.style, width: 1)
            } else if cell.width == 0 && (x == 0 || cells[row + x - 1].width != 2) {
                cells[row + x] = Cell(text: " ", style: cell.style, width: 1)
            }
        }
    }
}

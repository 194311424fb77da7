import SwatchbookCore

/// A grid of terminal cells: each holds one grapheme cluster and a style.
///
/// Cells are eight bytes so that filling and writing large documents stays
/// cheap: a cluster of one scalar is stored inline, a longer one (an emoji
/// sequence, a letter with combining marks) as an index into a table of
/// clusters; styles are interned and referred to by number. A wide cluster
/// occupies its cell and a continuation cell after it.
public struct Canvas: Sendable {
    public struct Cell: Hashable, Sendable {
        /// A Unicode scalar value, or ``clusterFlag`` plus a cluster index.
        public var code: UInt32
        public var style: UInt16
        /// Columns the cluster takes: 1 or more, or 0 for a cell a wide one
        /// to its left covers.
        public var width: UInt8
        /// Always zero: with it a cell's eight bytes are all defined, so
        /// cells are filled eight bytes at a store (``bits``).
        private var reserved: UInt8 = 0

        public init(code: UInt32, style: UInt16, width: UInt8) {
            self.code = code
            self.style = style
            self.width = width
        }

        /// The cell's eight bytes as one number.
        @inline(__always)
        var bits: UInt64 { unsafeBitCast(self, to: UInt64.self) }

        static let clusterFlag: UInt32 = 0x8000_0000
        static let space = UInt32(0x20)
    }

    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]
    public private(set) var styles: [Style] = []
    private var styleIDs: StyleTable
    /// The styles interned last, newest first: painting asks for a few
    /// styles over and over (a swatch's label after its block and its hex
    /// code), answered from here without hashing.
    private var recent = RecentStyles()
    /// Clusters of more than one scalar, referred to by index.
    public private(set) var clusters: [String] = []
    /// Keyed by bytes: String equality is canonical, and a cluster is drawn as written.
    private var clusterIndex: [[UInt8]: UInt32] = [:]
    /// The clusters of the few short texts drawn over and over that are not
    /// printable ASCII (an ellipsis, a row's more-marker, a check mark),
    /// as ``TextWidth/forEachCluster(in:_:)`` finds them in the sanitised
    /// text: finding them is dear, and a band draws such a glyph on every
    /// row. Kept across ``reset(width:height:fill:)``.
    private var glyphs: [(key: GlyphKey, clusters: [(text: String, width: Int)])] = []
    private static let glyphsKept = 8
    /// The style the canvas was filled with, and for each line the column
    /// after the last cell drawn on it since: the cells past it are still
    /// that fill, so a writer finds a line's end without reading them.
    private var fillStyle: UInt16 = 0
    private var drawnEnds: [Int]

    public init(width: Int, height: Int, fill: Style = .plain) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = []
        drawnEnds = [Int](repeating: 0, count: self.height)
        // A band of swatches holds a few styles per swatch; growing the
        // table from one entry would rehash it a dozen times.
        styleIDs = StyleTable(capacity: min(1 << 12, self.width * self.height / 8 + 1))
        _ = styleIDs.id(of: Style.plain.packed) { 0 }
        styles = [.plain]
        let id = intern(fill)
        fillStyle = id
        cells = Array(
            repeating: Cell(code: Cell.space, style: id, width: 1), count: self.width * self.height)
    }

    /// A canvas of `width` × `height` filled with `fill`, as
    /// ``init(width:height:fill:)`` makes it, reusing this one's storage
    /// when it has that size and fill: only the cells drawn on since are
    /// cleared, so a long document drawn band after band into one canvas
    /// neither allocates nor clears a band's worth of cells each time.
    public mutating func reset(width: Int, height: Int, fill: Style = .plain) {
        guard width == self.width, height == self.height, styles.count > Int(fillStyle),
            styles[Int(fillStyle)] == fill
        else {
            self = Canvas(width: width, height: height, fill: fill)
            return
        }
        let cell = Cell(code: Cell.space, style: fillStyle, width: 1)
        cells.withUnsafeMutableBufferPointer { cells in
            for y in 0..<height where drawnEnds[y] > 0 {
                Self.set(cells.baseAddress! + y * width, to: cell, count: drawnEnds[y])
                drawnEnds[y] = 0
            }
        }
        // The fill keeps its id: styles are interned again in the same order.
        styles.removeAll(keepingCapacity: true)
        styleIDs.removeAll()
        recent = RecentStyles()
        clusters.removeAll(keepingCapacity: true)
        clusterIndex.removeAll(keepingCapacity: true)
        _ = styleIDs.id(of: Style.plain.packed) { 0 }
        styles.append(.plain)
        _ = intern(fill)
    }

    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    public mutating func intern(_ style: Style) -> UInt16 {
        let packed = style.packed
        if let id = recent.id(of: packed) { return id }
        let id = styleIDs.id(of: packed) {
            styles.append(style)
            return UInt16(truncatingIfNeeded: styles.count - 1)
        }
        recent.add(packed, id: id)
        return id
    }

    /// The last four styles interned, by their packed bits.
    /// (No style packs to all ones, so an empty place matches nothing.)
    private struct RecentStyles {
        typealias Key = (UInt64, UInt64)
        private static let none: Key = (.max, .max)
        private var keys: (Key, Key, Key, Key) = (Style.plain.packed, none, none, none)
        private var ids: (UInt16, UInt16, UInt16, UInt16) = (0, 0, 0, 0)

        @inline(__always)
        func id(of key: Key) -> UInt16? {
            if keys.0 == key { return ids.0 }
            if keys.1 == key { return ids.1 }
            if keys.2 == key { return ids.2 }
            if keys.3 == key { return ids.3 }
            return nil
        }

        mutating func add(_ key: Key, id: UInt16) {
            keys = (key, keys.0, keys.1, keys.2)
            ids = (id, ids.0, ids.1, ids.2)
        }
    }

    public func cell(x: Int, y: Int) -> Cell { cells[y * width + x] }

    /// The columns of line `y` worth writing: trailing spaces whose style
    /// shows nothing on a blank (`showsBlank` is false for a background
    /// colour or reverse video) are dropped, so output has no trailing spaces.
    /// Only what was drawn is read: an outline line of 30 columns in a
    /// canvas of 120 is not read from its right edge.
    func usedWidth(ofLine y: Int, showsBlank: (UInt16) -> Bool) -> Int {
        var end = drawnEnds[y]
        if end < width && !showsBlank(fillStyle) { return width }
        return cells.withUnsafeBufferPointer { cells in
            let row = y * width
            while end > 0 {
                let cell = cells[row + end - 1]
                guard cell.code == Cell.space && showsBlank(cell.style) else { break }
                end -= 1
            }
            return end
        }
    }

    public func style(of cell: Cell) -> Style { styles[Int(cell.style)] }

    /// The cluster a cell shows (a space for the right half of a wide one).
    public func text(of cell: Cell) -> String {
        if cell.code & Cell.clusterFlag != 0 {
            return clusters[Int(cell.code & ~Cell.clusterFlag)]
        }
        return String(Unicode.Scalar(cell.code) ?? " ")
    }

    /// Fills `rect ∩ clip` with one character and style.
    public mutating func fill(_ rect: Rect, clip: Rect, with text: Character, style: Style) {
        fill(rect, clip: clip, code: code(for: String(text)), style: style)
    }

    /// Fills `rect ∩ clip` with spaces in one style: a swatch's block, a header's band.
    public mutating func fill(_ rect: Rect, clip: Rect, style: Style) {
        fill(rect, clip: clip, code: Cell.space, style: style)
    }

    private mutating func fill(_ rect: Rect, clip: Rect, code: UInt32, style: Style) {
        let area = rect.intersection(clip).intersection(bounds)
        guard !area.isEmpty else { return }
        let cell = Cell(code: code, style: intern(style), width: 1)
        let width = self.width
        let cut = cells.withUnsafeMutableBufferPointer { cells in
            var cut = false
            for y in area.y..<area.maxY {
                let row = cells.baseAddress! + y * width
                Self.set(row + area.x, to: cell, count: area.width)
                cut = cut || Self.cutsCluster(row, width: width, start: area.x, end: area.maxX)
            }
            return cut
        }
        for y in area.y..<area.maxY {
            if drawnEnds[y] < area.maxX { drawnEnds[y] = area.maxX }
        }
        // Most fills meet no wide cluster at their edges: only a fill that
        // cut one goes through the repair.
        if cut {
            for y in area.y..<area.maxY { repairEdges(y: y, start: area.x, end: area.maxX) }
        }
    }

    /// Whether writing cells `start..<end` of the line at `row` left part
    /// of a wide cluster outside them: the cell before is a wide cluster's
    /// head or covered part, or the cell after is covered.
    @inline(__always)
    private static func cutsCluster(_ row: UnsafeMutablePointer<Cell>, width: Int, start: Int, end: Int)
        -> Bool
    {
        (start > 0 && row[start - 1].width != 1) || (end < width && row[end].width == 0)
    }

    /// Sets `count` cells from `start` to `cell`, eight bytes a store (which
    /// the compiler widens further), not a field at a time.
    @inline(__always)
    private static func set(_ start: UnsafeMutablePointer<Cell>, to cell: Cell, count: Int) {
        let bits = cell.bits
        start.withMemoryRebound(to: UInt64.self, capacity: count) { words in
            for i in 0..<count { words[i] = bits }
        }
    }

    /// Draws sanitised text from column `x`, keeping only cells inside
    /// `clip`; a wide cluster cut by an edge becomes a space. Returns the
    /// column after the text, wherever the clip cut it.
    @discardableResult
    public mutating func draw(_ text: String, x: Int, y: Int, style: Style, clip: Rect) -> Int {
        let area = clip.intersection(bounds)
        let visible = y >= area.y && y < area.maxY
        let id = visible ? intern(style) : 0
        // Printable ASCII, most labels: one cell per byte, no clusters to split.
        if TextWidth.isPrintableASCII(text) {
            return drawASCII(text, x: x, y: y, style: id, area: visible ? area : nil)
        }
        // A printable ASCII head (a label cut short by an ellipsis): its bytes
        // are drawn as they are, all but the last, which a mark after it may
        // join; the rest is split into clusters.
        let head = Self.printableASCIIHead(of: text)
        if head > 1 {
            var text = text
            let column = text.withUTF8 { bytes in
                drawASCII(
                    UnsafeBufferPointer(rebasing: bytes[..<(head - 1)]), x: x, y: y, style: id,
                    area: visible ? area : nil)
            }
            let rest = String(text.utf8.dropFirst(head - 1))!
            return drawClusters(of: rest, x: column, y: y, style: id, area: area, visible: visible)
        }
        return drawClusters(of: text, x: x, y: y, style: id, area: area, visible: visible)
    }

    /// The count of printable ASCII bytes `text` starts with.
    private static func printableASCIIHead(of text: String) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            bytes.firstIndex { $0 < 0x20 || $0 > 0x7E } ?? bytes.count
        }
    }

    /// Draws `text` cluster by cluster, as ``draw(_:x:y:style:clip:)`` draws
    /// any text that is not printable ASCII.
    private mutating func drawClusters(
        of text: String, x: Int, y: Int, style id: UInt16, area: Rect, visible: Bool
    ) -> Int {
        var column = x
        var written: (start: Int, end: Int)?
        for (cluster, w) in clusters(of: text) {
            defer { column += w }
            guard visible, column + w > area.x, column < area.maxX else { continue }
            let row = y * width
            if column >= area.x && column + w <= area.maxX {
                cells[row + column] = Cell(code: code(for: cluster), style: id, width: UInt8(min(w, 255)))
                for c in (column + 1)..<(column + w) {
                    cells[row + c] = Cell(code: Cell.space, style: id, width: 0)
                }
            } else {
                for c in max(column, area.x)..<min(column + w, area.maxX) {
                    cells[row + c] = Cell(code: Cell.space, style: id, width: 1)
                }
            }
            let start = max(column, area.x)
            let end = min(column + w, area.maxX)
            written = (written?.start ?? start, end)
        }
        if let written { repairEdges(y: y, start: written.start, end: written.end) }
        return column
    }

    /// The clusters of `text`, sanitised, with their widths: remembered for
    /// a short text, found again for a long one.
    private mutating func clusters(of text: String) -> [(text: String, width: Int)] {
        let key = GlyphKey(text)
        if let key, let known = glyphs.first(where: { $0.key == key }) { return known.clusters }
        var clusters: [(text: String, width: Int)] = []
        TextWidth.forEachCluster(in: Sanitizer.clean(text)) { cluster, width, _ in
            clusters.append((cluster, width))
        }
        if let key {
            if glyphs.count == Self.glyphsKept { glyphs.removeFirst() }
            glyphs.append((key, clusters))
        }
        return clusters
    }

    /// A text of at most 16 bytes as its bytes, compared without the
    /// normalisation String equality does.
    private struct GlyphKey: Equatable {
        var bytes: (UInt64, UInt64) = (0, 0)
        var count: Int

        init?(_ text: String) {
            var text = text
            guard let count = text.withUTF8({ $0.count <= 16 ? $0.count : nil }) else { return nil }
            self.count = count
            withUnsafeMutableBytes(of: &bytes) { storage in
                text.withUTF8 { storage.copyMemory(from: UnsafeRawBufferPointer($0)) }
            }
        }

        static func == (a: GlyphKey, b: GlyphKey) -> Bool { a.count == b.count && a.bytes == b.bytes }
    }

    /// Draws printable ASCII bytes (the caller vouches for them) from
    /// column `x`, as ``draw(_:x:y:style:clip:)`` draws a string of them:
    /// for text painted by the thousand, such as swatches' hex codes.
    public mutating func draw(
        printableASCII bytes: UnsafeBufferPointer<UInt8>, x: Int, y: Int, style: Style, clip: Rect
    ) {
        let area = clip.intersection(bounds)
        guard y >= area.y && y < area.maxY else { return }
        _ = drawASCII(bytes, x: x, y: y, style: intern(style), area: area)
    }

    private mutating func drawASCII(_ text: String, x: Int, y: Int, style: UInt16, area: Rect?) -> Int {
        guard let area else { return x + text.utf8.count }
        var text = text
        return text.withUTF8 { drawASCII($0, x: x, y: y, style: style, area: area) }
    }

    private mutating func drawASCII(
        _ bytes: UnsafeBufferPointer<UInt8>, x: Int, y: Int, style: UInt16, area: Rect?
    ) -> Int {
        guard let area else { return x + bytes.count }
        return drawASCII(bytes, x: x, y: y, style: style, area: area)
    }

    private mutating func drawASCII(
        _ bytes: UnsafeBufferPointer<UInt8>, x: Int, y: Int, style: UInt16, area: Rect
    ) -> Int {
        let count = bytes.count
        let start = max(x, area.x)
        let end = min(x + count, area.maxX)
        guard start < end else { return x + count }
        let width = self.width
        let cut = cells.withUnsafeMutableBufferPointer { cells in
            let row = cells.baseAddress! + y * width
            for column in start..<end {
                row[column] = Cell(code: UInt32(bytes[column - x]), style: style, width: 1)
            }
            return Self.cutsCluster(row, width: width, start: start, end: end)
        }
        if cut {
            repairEdges(y: y, start: start, end: end)
        } else if drawnEnds[y] < end {
            drawnEnds[y] = end
        }
        return x + count
    }

    /// After cells `start..<end` of line `y` were overwritten, a wide
    /// cluster straddling either edge has lost part of itself; what is left
    /// of it becomes spaces so no line shifts.
    private mutating func repairEdges(y: Int, start: Int, end: Int) {
        // Every change to a line's cells ends here, so here its drawn end moves.
        if end > drawnEnds[y] { drawnEnds[y] = end }
        let row = y * width
        if start > 0, cells[row + start - 1].width != 1 {
            let head = self.head(ofColumn: start - 1, row: row)
            if head + Int(cells[row + head].width) > start {
                let style = cells[row + head].style
                for c in head..<start { cells[row + c] = Cell(code: Cell.space, style: style, width: 1) }
            }
        }
        if end < width, cells[row + end].width == 0 {
            let head = self.head(ofColumn: end - 1, row: row)
            if head + Int(cells[row + head].width) <= end {
                var c = end
                while c < width, cells[row + c].width == 0 {
                    cells[row + c] = Cell(code: Cell.space, style: cells[row + c].style, width: 1)
                    c += 1
                }
            }
        }
    }

    /// The column of the cluster that covers column `x` of a line.
    func head(ofColumn x: Int, row: Int) -> Int {
        var head = x
        while head > 0, cells[row + head].width == 0 { head -= 1 }
        return head
    }

    private mutating func code(for cluster: String) -> UInt32 {
        // An ASCII cluster: one byte, nothing to inspect.
        if cluster.utf8.count == 1, let byte = cluster.utf8.first { return UInt32(byte) }
        let scalars = cluster.unicodeScalars
        if scalars.count == 1, let scalar = scalars.first { return scalar.value }
        let key = Array(cluster.utf8)
        if let index = clusterIndex[key] { return Cell.clusterFlag | index }
        let index = UInt32(clusters.count)
        clusters.append(cluster)
        clusterIndex[key] = index
        return Cell.clusterFlag | index
    }
}

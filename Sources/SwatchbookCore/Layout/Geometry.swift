/// A rectangle of terminal cells; `y` grows downwards. Its arithmetic is
/// inlinable: painting clips every string it draws.
public struct Rect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    @inlinable
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    @inlinable
    public var maxX: Int { x + width }
    @inlinable
    public var maxY: Int { y + height }
    @inlinable
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The overlap of two rectangles; empty (zero-sized) when they miss.
    @inlinable
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        return Rect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    @inlinable
    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }
}

/// The part of the laid-out document that is drawn.
public struct Viewport: Hashable, Sendable {
    /// Lines drawn; nil draws the whole document.
    public var height: Int?
    /// The first document line drawn.
    public var top: Int
    /// Keep the header of a section scrolled into on the first line, as a
    /// screen does; a band of a whole document or a description does not.
    public var stickyHeaders: Bool
    /// A band of a whole document: at most `height` lines, ending where
    /// the document does. Laying a lazy source out measures its rows, which
    /// may bring the end above where the band was cut; a screen keeps all
    /// its lines, blank or not.
    public var endsWithDocument: Bool

    public init(
        height: Int? = nil, top: Int = 0, stickyHeaders: Bool = false, endsWithDocument: Bool = false
    ) {
        self.height = height
        self.top = top
        self.stickyHeaders = stickyHeaders
        self.endsWithDocument = endsWithDocument
    }
}

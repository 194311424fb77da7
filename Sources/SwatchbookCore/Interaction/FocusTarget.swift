/// A focusable place: an item of a strip, or a line of a tree; in an
/// outline also a section's header and a row's title, and in details the
/// title of a table, which is chosen as a whole.
public struct FocusTarget: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// Item `index` (0-based) of the strip.
        case item(Int)
        /// Visible line `line` (0-based) of the tree, at `path`.
        case node(line: Int, path: ElementPath)
        /// The section's header (outline); `row` is 0.
        case header
        /// The row's title (outline, and a details table).
        case title
    }

    public var section: Int
    public var row: Int
    public var kind: Kind

    public init(section: Int, row: Int, kind: Kind) {
        self.section = section
        self.row = row
        self.kind = kind
    }

    public var path: ElementPath {
        switch kind {
        case .item(let index): ElementPath([section + 1, row + 1, index + 1])
        case .node(_, let path): path
        case .header: ElementPath([section + 1])
        case .title: ElementPath([section + 1, row + 1])
        }
    }
}

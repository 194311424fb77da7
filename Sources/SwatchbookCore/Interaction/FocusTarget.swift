/// A focusable place: an item of a strip, or a line of a tree.
public struct FocusTarget: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// Item `index` (0-based) of the strip.
        case item(Int)
        /// Visible line `line` (0-based) of the tree, at `path`.
        case node(line: Int, path: ElementPath)
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
        }
    }
}

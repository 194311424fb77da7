/// How a plugin asks for its catalogue to be laid out (the `layout` table).
public struct LayoutSettings: Sendable, Equatable {
    public enum Style: String, Sendable, CaseIterable {
        case shelves, outline, details
    }

    public enum Selection: String, Sendable, CaseIterable {
        case none, single, multiple
    }

    public var style: Style = .shelves
    /// Columns of one swatch cell.
    public var itemWidth: Int = 14
    /// Lines of one swatch cell: `itemHeight - 1` lines of colour and a label.
    public var itemHeight: Int = 4
    /// Columns between two cells of a strip.
    public var itemSpacing: Int = 1
    /// Blank lines after each row.
    public var lineSpacing: Int = 0
    public var insetLeft: Int = 1
    public var insetRight: Int = 1
    /// Flow a row's items onto several lines instead of scrolling sideways.
    public var wrap: Bool = false
    /// Whether the plugin's `layout` said `wrap` either way: a whole-document
    /// report wraps by default, but not over a plugin's own `wrap = false`.
    public var wrapDeclared = false
    public var selection: Selection = .single
    /// Columns per outline level.
    public var indent: Int = 2
    /// The widest an outline's name column grows before names are cut
    /// (`layout.outline.name_width`); nil for the room the screen gives, all
    /// of the width but the indent, the chip and the hex column.
    public var outlineNameWidth: Int?

    public init() {}

    /// Bounds that keep every layout drawable; the plugin loader reports
    /// values outside them before they get here.
    public static let itemWidthRange = 1...200
    public static let itemHeightRange = 1...50
    public static let spacingRange = 0...50
    public static let insetRange = 0...50
    public static let nameWidthRange = 1...1000
}

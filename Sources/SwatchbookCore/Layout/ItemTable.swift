/// The columns of a row of items drawn one item a line: a colour chip, the
/// name, the hex code and, in the details layout, one column per field key
/// found in the row's items, in the order they are first met (an outline
/// aligns name and hex only).
public struct ItemTable: Sendable, Equatable {
    public struct Column: Sendable, Equatable {
        public var title: String
        /// Columns from the table's left edge (the chip's first column).
        public var x: Int
        /// Columns the values are truncated to; 0 for a column that does
        /// not fit in the row's width and is not drawn.
        public var width: Int
    }

    /// Name, hex, then the field columns.
    public var columns: [Column]
    /// The field keys, in column order after name and hex.
    public var fieldKeys: [String]

    /// Columns of the chip and the gap after it.
    public static let chipWidth = 3
    /// Columns between two columns.
    public static let gap = 2
    /// The widest a details table's name or field column grows before its
    /// values are cut, leaving room for the columns after them.
    public static let widestName = 32
    public static let widestValue = 40
    /// How many of a row's items are measured for the column widths: a row
    /// of a lazy source is never asked whole, and the widths of a row do
    /// not depend on which of its lines are on screen.
    public static let sampled = 256

    /// The table of `items` (a row's first ``sampled``) in `width` columns,
    /// with a column per field key when `fields` is true. Names grow to
    /// `nameWidth` columns; without fields (an outline, whose hex column is
    /// its last) never past the room the hex column leaves, so the hex
    /// always shows.
    public init(
        items: [Item], width: Int, fields: Bool, nameWidth: Int = ItemTable.widestName,
        measure: (String) -> Int
    ) {
        var keys: [String] = []
        var seen: Set<String> = []
        var widths: [String: Int] = [:]
        var longestName = measure("Name")
        var translucent = false
        for item in items {
            longestName = max(longestName, measure(item.name))
            translucent = translucent || item.color.alpha < 255
            for field in item.shownFields where fields {
                if seen.insert(field.key).inserted {
                    keys.append(field.key)
                    widths[field.key] = measure(field.key)
                }
                widths[field.key] = max(widths[field.key]!, measure(field.value))
            }
        }
        let hexWidth = translucent ? 9 : 7
        let room = width - Self.chipWidth - Self.gap - hexWidth
        let widest = fields ? nameWidth : min(nameWidth, room)
        var wanted = [(title: "Name", width: max(1, min(longestName, widest)))]
        wanted.append((title: "Hex", width: hexWidth))
        wanted += keys.map { (title: $0, width: min(widths[$0]!, Self.widestValue)) }
        // Columns are placed left to right; the one that crosses the right
        // edge is cut to what is left, and those after it are dropped.
        var x = Self.chipWidth
        columns = wanted.map { column in
            let room = max(0, width - x)
            defer { x += column.width + Self.gap }
            return Column(title: column.title, x: x, width: min(column.width, room))
        }
        fieldKeys = keys
    }

    /// An item's values under the field columns ("" where it has none).
    public func cells(of item: Item) -> [String] {
        let fields = item.shownFields
        return fieldKeys.map { key in fields.first(where: { $0.key == key })?.value ?? "" }
    }
}

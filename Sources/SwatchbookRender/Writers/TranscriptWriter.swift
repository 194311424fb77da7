import SwatchbookCore

/// One plain line per laid-out element, for screen readers: where it is,
/// what it is, and its state, e.g. `Reds › Light › Salmon #FA8072, 2 of 5, selected`.
///
/// It describes a ``Layout`` (pass one of the whole document, or of one
/// viewport), in document order:
///
///     Category #1, section 1
///     Category #1 › SubCategory #1.1, row 1 of 2, 5 items
///     Category #1 › SubCategory #1.1 › Orchid #DA70D6, 1 of 5, focused
///     Category #1 › Location › Latitude: 37.33, 1 of 8
///     Category #1 › Tree › Parent › Child, collapsed, 2 of 7, selected
///
/// Given the catalogue the layout was made from, every line stands alone,
/// in a viewport too: a section, row or node above the window is named,
/// and every row says "row 2 of 5" and what it holds. Without it, what a
/// layout does not hold is left out rather than guessed:
/// - A row says "of N" only when its whole section is laid out (its header
///   and everything down to the next header or the document's end), since
///   the layout carries no row counts.
/// - A row says how many items, fields or nodes it has only when some of
///   them are laid out (a row's kind is known from its content); "nodes"
///   counts the lines of its tree as expanded.
/// - A section or row whose title is outside the viewport is named by its
///   path (`section 2`, `row 2.1`), and so is a node's ancestor. Paths and
///   section numbers are the whole catalogue's, filtered or not; "3 of 5"
///   counts what is shown.
///
/// Names are sanitised, so every element is exactly one line with no
/// control characters, and the same layout always gives the same text.
public enum TranscriptWriter {
    public static let separator = " › "

    /// The transcript as UTF-8, each line ending in a newline.
    ///
    /// - Parameter source: the catalogue `layout` was made from, which names
    ///   what lies outside the window.
    /// One element's inspector: its title, kind and path, then a line per figure.
    public static func encode(_ inspection: Inspection) -> [UInt8] {
        var lines = [Sanitizer.clean(inspection.title) + ", \(inspection.kind.rawValue) \(inspection.path)"]
        lines += inspection.lines.map { Sanitizer.clean($0.label) + ": " + Sanitizer.clean($0.value) }
        return Array(lines.map { $0 + "\n" }.joined().utf8)
    }

    public static func encode(_ layout: Layout, source: (any CatalogueSource)? = nil) -> [UInt8] {
        var output: [UInt8] = []
        for line in lines(layout, source: source) {
            output.append(contentsOf: line.utf8)
            output.append(UInt8(ascii: "\n"))
        }
        return output
    }

    /// One line per element of `layout`, in order.
    public static func lines(_ layout: Layout, source: (any CatalogueSource)? = nil) -> [String] {
        let elements = layout.elements
        let rowCounts = completeSectionRowCounts(layout)
        let names = Names(source: source)
        var lines: [String] = []
        lines.reserveCapacity(elements.count)
        // Titles seen so far; elements come parent first.
        var section: (index: Int, name: String)?
        var row: (path: [Int], name: String)?
        var nodes: [(path: [Int], name: String)] = []

        for (i, element) in elements.enumerated() {
            let path = element.path.indices
            guard let s = path.first else { continue }
            let sectionName =
                section.flatMap { $0.index == s ? $0.name : nil } ?? names.section(s) ?? "section "
                + names.whole([s])
            switch element.kind {
            case .header:
                let name = Sanitizer.clean(element.title)
                section = (s, name)
                lines.append("\(name), section \(names.whole([s]))" + Self.state(of: element))
                continue
            case .row:
                let name = Sanitizer.clean(element.title)
                row = (path, name)
                nodes = []
                var line = sectionName + separator + name
                if path.count >= 2 {
                    line += ", row \(path[1])"
                    if let count = rowCounts[s] ?? names.rowCount(s) { line += " of \(count)" }
                }
                let next = i + 1 < elements.count ? elements[i + 1] : nil
                if let content = next.flatMap({ contentSummary(of: $0, inRow: path) }) ?? names.content(path)
                {
                    line += ", " + content
                }
                lines.append(line + Self.state(of: element))
                continue
            case .item, .field, .node:
                break
            }
            let rowPath = Array(path.prefix(2))
            let rowName = row.flatMap { $0.path == rowPath ? $0.name : nil } ?? names.row(rowPath)
            var line = sectionName + separator + (rowName ?? "row " + names.whole(rowPath))
            switch element.content {
            case .item:
                line += separator + named(element)
            case .field(let field):
                let value = Sanitizer.clean(field.value)
                line += separator + Sanitizer.clean(element.title) + ": " + value
            default:
                // A node's ancestors are the nodes before it whose paths prefix its own.
                nodes.removeAll { !path.starts(with: $0.path) || $0.path.count >= path.count }
                for depth in 3..<max(3, path.count) {
                    let ancestor = Array(path.prefix(depth))
                    let name = nodes.first { $0.path == ancestor }?.name ?? names.node(ancestor)
                    line += separator + (name ?? "node " + names.whole(ancestor))
                }
                let name = Sanitizer.clean(element.title)
                nodes.append((path, name))
                line += separator + named(element)
                if element.hasChildren { line += element.isExpanded ? ", expanded" : ", collapsed" }
            }
            line += ", \(element.index) of \(element.siblings)"
            if element.kind != .field {
                if element.isSelected { line += ", selected" }
                if element.isFocused { line += ", focused" }
            }
            lines.append(line)
        }
        return lines
    }

    /// An outline parent's state, and a header's or row's focus and
    /// selection (an outline's lines, a details table).
    private static func state(of element: LayoutElement) -> String {
        var state = ""
        if element.hasChildren { state += element.isExpanded ? ", expanded" : ", collapsed" }
        if element.isSelected { state += ", selected" }
        if element.isFocused { state += ", focused" }
        return state
    }

    /// The name and, when it has one, the colour (once, if the name is its hex).
    private static func named(_ element: LayoutElement) -> String {
        let name = Sanitizer.clean(element.title)
        guard let hex = element.color?.hex, name.uppercased() != hex else { return name }
        return name + " " + hex
    }

    /// "5 items", "1 field", "7 nodes": read from the row's first laid-out child.
    private static func contentSummary(of next: LayoutElement, inRow path: [Int]) -> String? {
        guard next.path.indices.count > path.count, next.path.indices.starts(with: path) else { return nil }
        let noun: String
        switch next.kind {
        case .item: noun = "item"
        case .field: noun = "field"
        case .node: noun = "node"
        case .header, .row: return nil
        }
        return "\(next.siblings) \(noun)" + (next.siblings == 1 ? "" : "s")
    }

    /// Rows per section, for the sections laid out whole: header present,
    /// and the next header present or the window reaching the document's end.
    private static func completeSectionRowCounts(_ layout: Layout) -> [Int: Int] {
        var rows: [Int: Int] = [:]
        var headers: [Int] = []
        for element in layout.elements {
            guard let s = element.path.indices.first else { continue }
            switch element.kind {
            case .header: headers.append(s)
            case .row: rows[s, default: 0] += 1
            default: break
            }
        }
        let reachesEnd = layout.top + layout.viewport.height >= layout.documentHeight
        var counts: [Int: Int] = [:]
        for (i, s) in headers.enumerated() where i + 1 < headers.count || reachesEnd {
            counts[s] = rows[s] ?? 0
        }
        return counts
    }
}

/// Names of what a window does not hold, asked of the catalogue it was laid
/// out from; all nil without one. Paths are 1-based, as lines show them.
private struct Names {
    let source: (any CatalogueSource)?

    /// The path in the whole catalogue of what is shown at `path`, as a
    /// filtered view's elements are named.
    func whole(_ path: [Int]) -> String {
        (source?.wholePath(of: ElementPath(path)) ?? ElementPath(path)).description
    }

    func section(_ s: Int) -> String? {
        guard let source, s >= 1, s <= source.sectionCount else { return nil }
        return Sanitizer.clean(source.sectionSummary(s - 1).name)
    }

    func rowCount(_ s: Int) -> Int? {
        guard let source, s >= 1, s <= source.sectionCount else { return nil }
        return source.rowCount(s - 1)
    }

    func row(_ path: [Int]) -> String? {
        summary(path).map { Sanitizer.clean($0.name) }
    }

    /// "6 items", "2 fields": what a row holds, when its cells are not in
    /// the window. A tree's count of lines depends on what is open, which
    /// only its laid-out lines tell.
    func content(_ path: [Int]) -> String? {
        guard let row = summary(path), row.kind != .children else { return nil }
        return row.contents
    }

    /// The node at `path` (section, row, then one index a level).
    func node(_ path: [Int]) -> String? {
        guard let source, summary(Array(path.prefix(2)))?.kind == .children else { return nil }
        var nodes = source.nodes(path[0] - 1, path[1] - 1)
        var found: Node?
        for index in path.dropFirst(2) {
            guard index >= 1, index <= nodes.count else { return nil }
            found = nodes[index - 1]
            nodes = found?.children ?? []
        }
        return found.map { Sanitizer.clean($0.name) }
    }

    private func summary(_ path: [Int]) -> RowSummary? {
        guard let source, path.count == 2, let s = path.first, s >= 1, s <= source.sectionCount,
            path[1] >= 1, path[1] <= source.rowCount(s - 1)
        else { return nil }
        return source.rowSummary(s - 1, path[1] - 1)
    }
}

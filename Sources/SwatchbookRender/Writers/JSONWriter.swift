import SwatchbookCore

/// The laid-out tree as JSON: every section, row, item, field and node with
/// its path, rectangles and the style it is drawn with.
///
/// It describes a ``Layout``, not a canvas: pass one layout of the whole
/// document (`layout.layout(Viewport())`) or of one viewport.
/// Elements arrive in document order and are nested here by path; an
/// element whose section header (or row title) lies outside a viewport
/// still gets its parent, with `"name": null` and `"rect": null`.
///
/// Keys come in a fixed order and the text is pretty-printed with two
/// spaces, small objects (rectangles, styles) on one line, so the same
/// layout always gives the same bytes. Strings are sanitised as in every
/// other format: a control character (C0, DEL, C1) is U+FFFD.
///
/// Rectangles are in viewport coordinates (add `top` for document lines);
/// `rect` is the element's whole frame and `clip` the part drawn. A style
/// is the theme role the element is drawn with, over the `background` role
/// as the painter composes it (for a label or a node, `focus` or
/// `selection` over that when it is focused or selected): `fg` and `bg`
/// always (null for the terminal's own), then only the attributes that are
/// on (`"bold": true`), since one is written per item and a catalogue may
/// hold a million.
///
/// A row's `kind` is read from its laid-out content (the layout does not
/// carry it), so it is null for a row none of whose content is on screen.
public enum JSONWriter {
    /// The format's version, the value of the top-level `"swatchbook"` key.
    public static let version = 1

    public static func encode(_ layout: Layout, theme: Theme, settings: LayoutSettings) -> [UInt8] {
        var writer = Writer(layout: layout, theme: theme)
        writer.output.reserveCapacity(256 + layout.elements.count * 450)
        writer.document(settings: settings)
        return writer.output
    }
}

extension JSONWriter {
    /// Sections and rows found in the element list, as indices into it.
    fileprivate struct SectionEntry {
        var section: Int
        var header: Int?
        var rows: [RowEntry] = []
    }

    fileprivate struct RowEntry {
        var row: Int
        var title: Int?
        var children: [Int] = []
    }

    /// Nests elements by path prefix, keeping document order.
    fileprivate static func group(_ elements: [LayoutElement]) -> [SectionEntry] {
        var sections: [SectionEntry] = []
        for (index, element) in elements.enumerated() {
            let path = element.path.indices
            guard let section = path.first else { continue }
            if element.kind == .header {
                sections.append(SectionEntry(section: section, header: index))
                continue
            }
            if sections.last?.section != section {
                sections.append(SectionEntry(section: section, header: nil))
            }
            guard path.count >= 2 else { continue }
            let row = path[1]
            if element.kind == .row {
                sections[sections.count - 1].rows.append(RowEntry(row: row, title: index))
                continue
            }
            if sections[sections.count - 1].rows.last?.row != row {
                sections[sections.count - 1].rows.append(RowEntry(row: row, title: nil))
            }
            let last = sections[sections.count - 1].rows.count - 1
            sections[sections.count - 1].rows[last].children.append(index)
        }
        return sections
    }
}

extension JSONWriter {
    /// Writes the document member by member into `output`.
    fileprivate struct Writer {
        let layout: Layout
        let themeID: String
        var output: [UInt8] = []
        /// Per open container: true until its first member is written.
        private var empty: [Bool] = []
        private let header: [UInt8]
        private let rowTitle: [UInt8]
        private let muted: [UInt8]
        /// Labels and node text: plain, selected, focused.
        private let label: Emphasis
        private let text: Emphasis

        /// A role's style as is, under selection, and under focus (which wins).
        struct Emphasis {
            var plain: [UInt8]
            var selected: [UInt8]
            var focused: [UInt8]

            func style(of element: LayoutElement) -> [UInt8] {
                element.isFocused ? focused : element.isSelected ? selected : plain
            }
        }

        init(layout: Layout, theme: Theme) {
            self.layout = layout
            // As the painter composes them: a role over the background, and
            // focus or selection over that.
            func resolved(_ role: Role) -> Style { theme.style(role).over(theme.style(.background)) }
            func role(_ role: Role) -> [UInt8] { Self.styleObject(resolved(role)) }
            func emphasis(_ base: Role) -> Emphasis {
                Emphasis(
                    plain: role(base),
                    selected: Self.styleObject(theme.style(.selection).over(resolved(base))),
                    focused: Self.styleObject(theme.style(.focus).over(resolved(base))))
            }
            header = role(.header)
            rowTitle = role(.rowTitle)
            muted = role(.muted)
            label = emphasis(.label)
            text = emphasis(.text)
            themeID = theme.id
        }

        mutating func document(settings: LayoutSettings) {
            open("{")
            member("swatchbook")
            output.append(integer: JSONWriter.version)
            member("theme")
            output.append(jsonString: themeID)
            member("layout")
            output.append(jsonString: settings.style.rawValue)
            member("selection")
            output.append(jsonString: settings.selection.rawValue)
            member("width")
            output.append(integer: layout.viewport.width)
            member("height")
            output.append(integer: layout.viewport.height)
            member("top")
            output.append(integer: layout.top)
            member("documentHeight")
            output.append(integer: layout.documentHeight)
            member("sections")
            open("[")
            for section in JSONWriter.group(layout.elements) { write(section) }
            close("]")
            close("}")
            output.append(UInt8(ascii: "\n"))
        }

        private mutating func write(_ section: SectionEntry) {
            element()
            open("{")
            let element = section.header.map { layout.elements[$0] }
            member("path")
            output.append(path: [section.section])
            member("name")
            output.append(jsonString: element?.title)
            frames(of: element)
            member("style")
            output.append(contentsOf: header)
            member("rows")
            open("[")
            for row in section.rows { write(row, in: section.section) }
            close("]")
            close("}")
        }

        private mutating func write(_ row: RowEntry, in section: Int) {
            element()
            open("{")
            let element = row.title.map { layout.elements[$0] }
            member("path")
            output.append(path: [section, row.row])
            member("name")
            output.append(jsonString: element?.title)
            member("kind")
            // The layout does not carry a row's kind; its content shows it.
            let kind: String? =
                switch row.children.first.map({ layout.elements[$0].kind }) {
                case .item: "items"
                case .field: "fields"
                case .node: "children"
                default: nil
                }
            output.append(jsonString: kind)
            frames(of: element)
            member("strip")
            output.append(rect: element?.strip)
            member("style")
            output.append(contentsOf: rowTitle)
            member("moreLeft")
            output.append(bool: element?.moreLeft ?? false)
            member("moreRight")
            output.append(bool: element?.moreRight ?? false)
            for (name, kind) in [("items", LayoutElement.Kind.item), ("fields", .field), ("nodes", .node)] {
                member(name)
                open("[")
                for index in row.children where layout.elements[index].kind == kind {
                    write(child: layout.elements[index])
                }
                close("]")
            }
            close("}")
        }

        private mutating func write(child: LayoutElement) {
            element()
            open("{")
            member("path")
            output.append(path: child.path.indices)
            switch child.kind {
            case .item:
                member("name")
                output.append(jsonString: child.title)
                member("color")
                output.append(color: child.color)
            case .field:
                member("key")
                output.append(jsonString: child.title)
                member("value")
                output.append(jsonString: child.value ?? "")
            case .node:
                member("name")
                output.append(jsonString: child.title)
                member("color")
                output.append(color: child.color)
                member("depth")
                output.append(integer: child.depth)
                member("hasChildren")
                output.append(bool: child.hasChildren)
                member("expanded")
                output.append(bool: child.isExpanded)
            case .header, .row:
                break
            }
            frames(of: child)
            if child.kind != .field {
                member("selected")
                output.append(bool: child.isSelected)
                member("focused")
                output.append(bool: child.isFocused)
            }
            member("index")
            output.append(integer: child.index)
            member("of")
            output.append(integer: child.siblings)
            switch child.kind {
            case .item:
                member("label")
                output.append(contentsOf: label.style(of: child))
            case .field:
                member("keyStyle")
                output.append(contentsOf: muted)
                member("valueStyle")
                output.append(contentsOf: text.plain)
            default:
                member("style")
                output.append(contentsOf: text.style(of: child))
            }
            close("}")
        }

        private mutating func frames(of element: LayoutElement?) {
            member("rect")
            output.append(rect: element?.frame)
            member("clip")
            output.append(rect: element?.clip)
        }

        // MARK: structure

        private mutating func open(_ bracket: Unicode.Scalar) {
            output.append(UInt8(ascii: bracket))
            empty.append(true)
        }

        private mutating func close(_ bracket: Unicode.Scalar) {
            if empty.removeLast() == false {
                output.append(UInt8(ascii: "\n"))
                indent()
            }
            output.append(UInt8(ascii: bracket))
        }

        /// Starts a member of the innermost object: separator, line, key.
        private mutating func member(_ key: String) {
            element()
            output.append(jsonString: key)
            output.append(UInt8(ascii: ":"))
            output.append(UInt8(ascii: " "))
        }

        /// Starts the next member of the innermost container.
        private mutating func element() {
            if empty[empty.count - 1] {
                empty[empty.count - 1] = false
            } else {
                output.append(UInt8(ascii: ","))
            }
            output.append(UInt8(ascii: "\n"))
            indent()
        }

        private mutating func indent() {
            for _ in 0..<empty.count { output.append(contentsOf: [0x20, 0x20]) }
        }

        static func styleObject(_ style: Style) -> [UInt8] {
            var bytes: [UInt8] = []
            bytes.append(contentsOf: "{\"fg\": ".utf8)
            bytes.append(color: style.foreground)
            bytes.append(contentsOf: ", \"bg\": ".utf8)
            bytes.append(color: style.background)
            let flags: [(String, TextAttributes)] = [
                ("bold", .bold), ("dim", .dim), ("italic", .italic), ("underline", .underline),
                ("reverse", .reverse),
            ]
            for (name, attribute) in flags where style.attributes.contains(attribute) {
                bytes.append(contentsOf: ", \"\(name)\": true".utf8)
            }
            bytes.append(UInt8(ascii: "}"))
            return bytes
        }
    }
}

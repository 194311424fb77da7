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
/// With the ``Model`` the layout was made from, every element also carries
/// what the model says of it: a section's, row's or item's `id`, a row's
/// `kind` and `count`, an item's `fields` and its `data` when that has a
/// JSON form. A whole-document report (``Model/isWhole``) lists every
/// element of the catalogue, the ones not drawn too (items scrolled out of
/// a strip, nodes inside a closed parent, the content of a closed outline
/// row), with `"rect": null`; `clipped` is true for any element not drawn
/// whole. `Schemas/render.schema.json` is the schema of this document.
///
/// Without a model, a row's `kind` is read from its laid-out content, so
/// it is null for a row none of whose content is on screen.
public enum JSONWriter {
    /// The format's version, the value of the top-level `"swatchbook"` key.
    public static let version = 2

    /// What a report tells beyond the layout: the catalogue laid out and
    /// its view state.
    public struct Model {
        public var source: any CatalogueSource
        public var state: ViewState
        /// Every element of the catalogue (a whole-document report), or
        /// the laid-out ones only (a viewport).
        public var isWhole: Bool
        /// An item's `data` as JSON text, or nil when it has no JSON form.
        public var data: ((ScriptHandle) -> String?)?

        public init(
            source: any CatalogueSource, state: ViewState, isWhole: Bool,
            data: ((ScriptHandle) -> String?)? = nil
        ) {
            self.source = source
            self.state = state
            self.isWhole = isWhole
            self.data = data
        }
    }

    public static func encode(
        _ layout: Layout, theme: Theme, settings: LayoutSettings, model: Model? = nil,
        simulation: ColorVision.Simulation? = nil
    ) -> [UInt8] {
        var elements = layout.elements
        var drawn = Array(repeating: true, count: elements.count)
        if let model, model.isWhole { (elements, drawn) = completed(layout, from: model) }
        var writer = Writer(layout: layout, elements: elements, drawn: drawn, model: model, theme: theme)
        writer.simulation = simulation
        writer.output.reserveCapacity(256 + elements.count * 450)
        writer.document(settings: settings)
        return writer.output
    }
}

extension JSONWriter {
    /// Writes the document member by member into `output`.
    fileprivate struct Writer {
        let layout: Layout
        /// The elements written, and whether each was laid out.
        let elements: [LayoutElement]
        let drawn: [Bool]
        let model: Model?
        let themeID: String
        /// `--simulate`: written at the top, and each colour's simulated form.
        var simulation: ColorVision.Simulation?
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

        init(layout: Layout, elements: [LayoutElement], drawn: [Bool], model: Model?, theme: Theme) {
            self.layout = layout
            self.elements = elements
            self.drawn = drawn
            self.model = model
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
            member("whole")
            output.append(bool: model?.isWhole ?? false)
            if let simulation {
                member("simulation")
                output += "{\"vision\": ".utf8
                output.append(jsonString: simulation.vision.rawValue)
                output += ", \"severity\": \(simulation.severity)}".utf8
            }
            member("sections")
            open("[")
            for section in JSONWriter.group(elements) { write(section) }
            close("]")
            close("}")
            output.append(UInt8(ascii: "\n"))
        }

        /// `color` as the simulated deficiency sees it, when there is one.
        private mutating func writeSimulated(_ color: Color?) {
            guard let simulation else { return }
            member("simulated")
            output.append(color: color.map { simulation($0) })
        }

        /// The path in the whole catalogue of what is laid out at `path`:
        /// a filtered view's elements are named as they are unfiltered.
        private func whole(_ path: [Int]) -> [Int] {
            model?.source.wholePath(of: ElementPath(path)).indices ?? path
        }

        private mutating func write(_ section: SectionEntry) {
            element()
            open("{")
            let element = section.header.map { elements[$0] }
            let summary = model.map { $0.source.sectionSummary(section.section - 1) }
            member("path")
            output.append(path: whole([section.section]))
            member("name")
            output.append(jsonString: element?.title ?? summary?.name)
            if let summary {
                member("id")
                output.append(jsonString: summary.id)
            }
            frames(of: section.header)
            if element?.hasChildren == true {
                member("expanded")
                output.append(bool: element!.isExpanded)
            }
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
            let element = row.title.map { elements[$0] }
            let summary = model.map { $0.source.rowSummary(section - 1, row.row - 1) }
            member("path")
            output.append(path: whole([section, row.row]))
            member("name")
            output.append(jsonString: element?.title ?? summary?.name)
            if let summary {
                member("id")
                output.append(jsonString: summary.id)
            }
            member("kind")
            // A row whose title line is out of the window is known by what
            // it holds: an item's row holds items, and so on.
            let holds: RowSummary.Kind? =
                summary?.kind ?? element?.rowContent?.holds
                ?? row.children.first.flatMap {
                    switch elements[$0].content {
                    case .item: .items
                    case .field: .fields
                    case .node: .children
                    case .header, .row: nil
                    }
                }
            output.append(jsonString: holds?.rawValue)
            if let summary {
                member("count")
                output.append(integer: summary.count)
            }
            frames(of: row.title)
            if element?.hasChildren == true {
                member("expanded")
                output.append(bool: element!.isExpanded)
            }
            // What a drawn row alone has: a row made from the model was never laid out.
            let drawnRow = row.title.flatMap { drawn[$0] ? elements[$0].rowContent : nil }
            member("strip")
            output.append(rect: drawnRow?.strip)
            member("style")
            output.append(contentsOf: rowTitle)
            member("moreLeft")
            output.append(bool: drawnRow?.moreLeft ?? false)
            member("moreRight")
            output.append(bool: drawnRow?.moreRight ?? false)
            for (name, kind) in [("items", LayoutElement.Kind.item), ("fields", .field), ("nodes", .node)] {
                member(name)
                open("[")
                for index in row.children where elements[index].kind == kind {
                    write(child: index)
                }
                close("]")
            }
            close("}")
        }

        /// `"fields": [{"key": …, "value": …}, …]`, in their order.
        private mutating func write(fields: [Field]) {
            member("fields")
            open("[")
            for field in fields {
                element()
                output += "{\"key\": ".utf8
                output.append(jsonString: field.key)
                output += ", \"value\": ".utf8
                output.append(jsonString: field.value)
                output.append(UInt8(ascii: "}"))
            }
            close("]")
        }

        private mutating func write(child index: Int) {
            let child = elements[index]
            element()
            open("{")
            member("path")
            output.append(path: whole(child.path.indices))
            switch child.content {
            case .item:
                member("name")
                output.append(jsonString: child.title)
                member("color")
                output.append(color: child.color)
                writeSimulated(child.color)
                if let model {
                    let p = child.path.indices
                    let item = model.source.item(p[0] - 1, p[1] - 1, p[2] - 1)
                    member("id")
                    output.append(jsonString: item.id)
                    write(fields: item.fields)
                    if let authored = item.authored {
                        member("authored")
                        output += ((try? authored.json.encoded()) ?? "{}").utf8
                    }
                    if let data = item.data, let json = model.data?(data) {
                        member("data")
                        output += json.utf8
                    }
                }
            case .field(let field):
                member("key")
                output.append(jsonString: child.title)
                member("value")
                output.append(jsonString: field.value)
            case .node:
                member("name")
                output.append(jsonString: child.title)
                member("color")
                output.append(color: child.color)
                writeSimulated(child.color)
                member("depth")
                output.append(integer: child.depth)
                member("hasChildren")
                output.append(bool: child.hasChildren)
                member("expanded")
                output.append(bool: child.isExpanded)
                let p = child.path.indices.map { $0 - 1 }
                let node = model.flatMap { model in
                    p.count >= 3 ? model.source.nodeChain(p[0], p[1], at: p.dropFirst(2))?.last : nil
                }
                // Every node has its id, null when the model gives none, so a
                // reader can key every node the same way.
                member("id")
                output.append(jsonString: node?.id)
                if let node {
                    if !node.fields.isEmpty { write(fields: node.fields) }
                    if let authored = node.authored {
                        member("authored")
                        output += ((try? authored.json.encoded()) ?? "{}").utf8
                    }
                }
            case .header, .row:
                break
            }
            frames(of: index)
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

        /// The element's frame and clip, null when it was not laid out,
        /// and whether it is drawn less than whole.
        private mutating func frames(of index: Int?) {
            let element = index.flatMap { drawn[$0] ? elements[$0] : nil }
            member("rect")
            output.append(rect: element?.frame)
            member("clip")
            output.append(rect: element?.clip)
            member("clipped")
            output.append(bool: element.map { $0.clip != $0.frame } ?? true)
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

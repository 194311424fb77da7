import SwatchbookCore

@testable import SwatchbookRender

/// A small mixed catalogue for the HTML, JSON and transcript writers: a row
/// of items (one selected, one focused), a row that scrolls, a field table,
/// a tree with an expanded node, and a row of hostile names.
enum WriterFixture {
    static let hostile = "<script>alert(\"x&y\")</script> 'q'"

    static let catalogue = Catalogue(sections: [
        Section(
            name: "Category #1",
            rows: [
                Row(
                    name: "SubCategory #1.1",
                    content: .items([
                        Item(name: "Orchid", color: Color(rgb: 0xDA70D6)),
                        Item(name: "Salmon", color: Color(rgb: 0xFA8072)),
                        Item(name: "Teal", color: Color(rgb: 0x008080)),
                    ])),
                Row(
                    name: "Location",
                    content: .fields([
                        Field(key: "Latitude", value: "37.33"),
                        Field(key: "Longitude", value: "-122.03"),
                    ])),
            ]),
        Section(
            name: "Category #2",
            rows: [
                Row(
                    name: "Tree",
                    content: .children([
                        Node(
                            name: "Parent", expanded: true,
                            children: [
                                Node(name: "Child", color: Color(rgb: 0x00FF00)),
                                Node(name: "Other"),
                            ]),
                        Node(name: "Closed", children: [Node(name: "Hidden")]),
                    ])),
                Row(
                    name: "Wide",
                    content: .items(
                        (1...6).map { Item(name: "Swatch \($0)", color: Color(rgb: UInt32($0) * 0x202020)) })),
                Row(
                    name: hostile,
                    content: .items([Item(name: hostile, color: Color(rgb: 0x123456))])),
            ]),
    ])

    static let sectionKey = ModelKey.section(name: "Category #1", id: nil)
    static let rowKey = ModelKey.child(of: sectionKey, name: "SubCategory #1.1", id: nil)
    static let treeKey = ModelKey.child(
        of: ModelKey.section(name: "Category #2", id: nil), name: "Tree", id: nil)

    /// Salmon and the tree's Child selected, Orchid focused.
    static var state: ViewState {
        var state = ViewState()
        state.selected = [
            ModelKey.child(of: rowKey, name: "Salmon", id: nil),
            ModelKey.child(of: ModelKey.child(of: treeKey, name: "Parent", id: nil), name: "Child", id: nil),
        ]
        state.focus = ModelKey.child(of: rowKey, name: "Orchid", id: nil)
        return state
    }

    static var settings: LayoutSettings {
        var settings = LayoutSettings()
        settings.itemWidth = 12
        settings.itemHeight = 3
        return settings
    }

    static func shelves(
        _ catalogue: Catalogue = catalogue, width: Int = 60, state: ViewState = state
    ) -> CatalogueLayout {
        CatalogueLayout(
            source: catalogue, settings: settings, width: width, state: state,
            measure: { TextWidth.of($0) })
    }

    /// The whole document as one layout.
    static func wholeLayout(width: Int = 60) -> Layout {
        shelves(width: width).layout(Viewport())
    }

    /// The whole document drawn through `writer`, in bands of `bandHeight` lines.
    static func render(with writer: inout some CanvasWriter, bandHeight: Int = 512) -> [UInt8] {
        var renderer = CatalogueRenderer(
            layout: shelves(),
            painter: Painter(theme: .standard, depth: .truecolor, settings: settings))
        renderer.bandHeight = bandHeight
        return renderer.render(Viewport(), with: &writer)
    }
}

import Foundation
import SwatchbookCore
import Testing

@testable import SwatchbookRender

/// The JSON format is the laid-out tree: every section, row, item, field and
/// node with its path, rectangles and resolved styles (SPEC §5), and it
/// decodes with the standard decoders whatever the names hold.
@Suite struct JSONWriterTests {
    struct DecodedDocument: Decodable {
        var swatchbook: Int
        var width: Int
        var height: Int
        var top: Int
        var documentHeight: Int
        var sections: [DecodedSection]
    }

    struct DecodedSection: Decodable {
        var path: String
        var name: String?
        var rect: Frame?
        var clip: Frame?
        var style: Paint
        var rows: [DecodedRow]
    }

    struct DecodedRow: Decodable {
        var path: String
        var name: String?
        var kind: String?
        var rect: Frame?
        var strip: Frame?
        var style: Paint
        var moreLeft: Bool
        var moreRight: Bool
        var items: [DecodedItem]
        var fields: [DecodedField]
        var nodes: [DecodedNode]
    }

    struct DecodedItem: Decodable {
        var path: String
        var name: String
        var color: String
        var rect: Frame
        var clip: Frame
        var selected: Bool
        var focused: Bool
        var index: Int
        var of: Int
        var label: Paint
    }

    struct DecodedField: Decodable {
        var path: String
        var key: String
        var value: String
        var rect: Frame
        var index: Int
        var of: Int
        var keyStyle: Paint
        var valueStyle: Paint
    }

    struct DecodedNode: Decodable {
        var path: String
        var name: String
        var color: String?
        var depth: Int
        var hasChildren: Bool
        var expanded: Bool
        var selected: Bool
        var rect: Frame
        var index: Int
        var of: Int
        var style: Paint
    }

    struct Frame: Decodable, Equatable {
        var x: Int
        var y: Int
        var width: Int
        var height: Int

        init(_ rect: Rect) {
            (x, y, width, height) = (rect.x, rect.y, rect.width, rect.height)
        }
    }

    struct Paint: Decodable, Equatable {
        var fg: String?
        var bg: String?
        var bold: Bool?
        var dim: Bool?
        var italic: Bool?
        var underline: Bool?
        var reverse: Bool?
    }

    static func encode(_ layout: Layout, theme: Theme = .standard) -> [UInt8] {
        JSONWriter.encode(layout, theme: theme, settings: WriterFixture.settings)
    }

    static func decode(_ layout: Layout, theme: Theme = .standard) throws -> DecodedDocument {
        try JSONDecoder().decode(DecodedDocument.self, from: Data(encode(layout, theme: theme)))
    }

    /// Every element of the JSON tree by path, with its rect, for comparing with the layout.
    static func frames(_ document: DecodedDocument) -> [(path: String, rect: Frame?)] {
        var frames: [(String, Frame?)] = []
        for section in document.sections {
            frames.append((section.path, section.rect))
            for row in section.rows {
                frames.append((row.path, row.rect))
                frames += row.items.map { ($0.path, $0.rect) }
                frames += row.fields.map { ($0.path, $0.rect) }
                frames += row.nodes.map { ($0.path, $0.rect) }
            }
        }
        return frames
    }

    @Test func everyElementIsInTheTreeWithItsPathAndRect() throws {
        let layout = WriterFixture.wholeLayout()
        let document = try Self.decode(layout)
        #expect(document.swatchbook == 2)
        #expect(document.width == 60 && document.height == layout.documentHeight)
        #expect(document.top == 0 && document.documentHeight == layout.documentHeight)
        let frames = Self.frames(document)
        #expect(frames.map(\.path) == layout.elements.map(\.path.description))
        #expect(frames.map(\.rect) == layout.elements.map { Frame($0.frame) })
        #expect(document.sections.map(\.name) == ["Category #1", "Category #2"])
        #expect(document.sections[1].rows.map(\.kind) == ["children", "items", "items"])
        #expect(document.sections[0].rows.map(\.kind) == ["items", "fields"])
    }

    @Test func itemsFieldsAndNodesCarryTheirState() throws {
        let document = try Self.decode(WriterFixture.wholeLayout())
        let items = document.sections[0].rows[0].items
        #expect(items.map(\.name) == ["Orchid", "Salmon", "Teal"])
        #expect(items.map(\.color) == ["#DA70D6", "#FA8072", "#008080"])
        #expect(items.map(\.selected) == [false, true, false])
        #expect(items.map(\.focused) == [true, false, false])
        #expect(items.map(\.index) == [1, 2, 3] && items.allSatisfy { $0.of == 3 })

        let fields = document.sections[0].rows[1].fields
        #expect(fields.map(\.key) == ["Latitude", "Longitude"])
        #expect(fields.map(\.value) == ["37.33", "-122.03"])
        #expect(fields.map(\.path) == ["1.2.1", "1.2.2"])

        let nodes = document.sections[1].rows[0].nodes
        #expect(nodes.map(\.path) == ["2.1.1", "2.1.1.1", "2.1.1.2", "2.1.2"])
        #expect(nodes.map(\.name) == ["Parent", "Child", "Other", "Closed"])
        #expect(nodes.map(\.depth) == [0, 1, 1, 0])
        #expect(nodes.map(\.expanded) == [true, false, false, false])
        #expect(nodes.map(\.hasChildren) == [true, false, false, true])
        #expect(nodes.map(\.color) == [nil, "#00FF00", nil, nil])
        #expect(nodes.map(\.selected) == [false, true, false, false])

        // The wide row scrolls: its fifth cell is cut by the strip's edge.
        let wide = document.sections[1].rows[1]
        #expect(!wide.moreLeft && wide.moreRight)
        #expect(wide.items.count == 5)
        #expect(wide.items[4].clip.width < wide.items[4].rect.width)
    }

    @Test func stylesAreTheThemeRolesOverTheBackground() throws {
        var theme = Theme.standard
        theme.roles[.background] = Style(background: Color(rgb: 0x101010))
        theme.roles[.label] = Style(foreground: Color(rgb: 0xFFFFFF), attributes: .italic)
        let document = try Self.decode(WriterFixture.wholeLayout(), theme: theme)
        let section = document.sections[0]
        #expect(section.style == Paint(fg: "#F5F5F5", bg: "#2E3440", bold: true))
        #expect(section.rows[0].style == Paint(fg: "#88C0D0", bg: "#101010", bold: true))
        // Orchid is focused, Salmon selected, Teal neither.
        let labels = section.rows[0].items.map(\.label)
        #expect(labels[0] == Paint(fg: "#FFFFFF", bg: "#101010", bold: true, italic: true, reverse: true))
        #expect(labels[1] == Paint(fg: "#EBCB8B", bg: "#101010", italic: true, underline: true))
        #expect(labels[2] == Paint(fg: "#FFFFFF", bg: "#101010", italic: true))
        #expect(
            document.sections[1].rows[0].nodes[1].style
                == Paint(fg: "#EBCB8B", bg: "#101010", underline: true))
        #expect(section.rows[1].fields[0].keyStyle == Paint(fg: "#8A93A5", bg: "#101010"))
        #expect(section.rows[1].fields[0].valueStyle == Paint(fg: nil, bg: "#101010"))
        #expect(document.sections[1].rows[0].nodes[0].style == Paint(fg: nil, bg: "#101010"))
    }

    @Test(arguments: [
        "say \"hi\"", "back\\slash", "nul\u{0}", "esc\u{1B}[31m", "line\nbreak\ttab", "del\u{7F}",
        "c1\u{85}\u{9B}x", "é 메인 👩‍💻", "</script>",
    ])
    /// Names come back as every other format shows them: escaped where
    /// JSON needs it, with a control character as U+FFFD (SPEC §5).
    func namesComeBackAsShown(_ name: String) throws {
        let catalogue = Catalogue(sections: [
            Section(
                name: name,
                rows: [
                    Row(name: name, content: .items([Item(name: name, color: Color(rgb: 0x336699))])),
                    Row(name: "f", content: .fields([Field(key: name, value: name)])),
                ])
        ])
        let layout = WriterFixture.shelves(catalogue, state: ViewState()).layout(Viewport())
        let bytes = Self.encode(layout)
        let document = try JSONDecoder().decode(DecodedDocument.self, from: Data(bytes))
        let shown = Sanitizer.clean(name)
        #expect(document.sections[0].name == shown)
        #expect(document.sections[0].rows[0].name == shown)
        #expect(document.sections[0].rows[0].items[0].name == shown)
        #expect(document.sections[0].rows[1].fields[0].key == shown)
        #expect(document.sections[0].rows[1].fields[0].value == shown)
        // No control byte but the pretty-printer's newlines, and no C1 character.
        #expect(!bytes.contains { $0 < 0x20 && $0 != 0x0A || $0 == 0x7F })
        #expect(!zip(bytes, bytes.dropFirst()).contains { $0 == 0xC2 && (0x80...0x9F).contains($1) })
    }

    @Test func aViewportKeepsTheParentsOfWhatIsOnScreen() throws {
        // Lines 2…6: the first row's cells and the field table, but not the
        // section header (line 0) or the row's title (line 1).
        let layout = WriterFixture.shelves().layout(Viewport(height: 5, top: 2))
        let bytes = Self.encode(layout)
        let document = try Self.decode(layout)
        #expect(document.top == 2 && document.height == 5)
        #expect(document.sections.count == 1)
        let section = document.sections[0]
        #expect(section.path == "1" && section.name == nil && section.rect == nil)
        #expect(section.rows.map(\.path) == ["1.1", "1.2"])
        #expect(section.rows[0].rect?.y == -1)
        #expect(section.rows[0].items.map(\.path) == ["1.1.1", "1.1.2", "1.1.3"])
        let raw = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        let sections = raw?["sections"] as? [[String: Any]]
        #expect(sections?.first?["name"] is NSNull)
        #expect(sections?.first?["rect"] is NSNull)
    }

    @Test func theOutputIsStableAndPretty() {
        let layout = WriterFixture.wholeLayout()
        let text = String(decoding: Self.encode(layout), as: UTF8.self)
        #expect(text == String(decoding: Self.encode(layout), as: UTF8.self))
        #expect(text.hasPrefix("{\n  \"swatchbook\": 2,\n  \"theme\": \"default\",\n"))
        #expect(text.hasSuffix("\n  ]\n}\n"))
        #expect(text.contains("\n      \"rect\": {\"x\": 0, \"y\": 0, \"width\": 60, \"height\": 1},\n"))
        #expect(text.contains("\"fields\": [],\n"))

        let empty = Layout(
            viewport: Rect(x: 0, y: 0, width: 10, height: 0), top: 0, documentHeight: 0, elements: [])
        let bare = String(
            decoding: JSONWriter.encode(empty, theme: .standard, settings: LayoutSettings()), as: UTF8.self)
        #expect(bare.hasSuffix("\"documentHeight\": 0,\n  \"whole\": false,\n  \"sections\": []\n}\n"))
    }
}

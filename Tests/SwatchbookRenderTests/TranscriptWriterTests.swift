import SwatchbookCore
import Testing

@testable import SwatchbookRender

/// The transcript is one plain line per element, in document order, saying
/// where the element is, what it is and its state (SPEC §5), and nothing a
/// layout cannot know.
@Suite struct TranscriptWriterTests {
    static func lines(top: Int = 0, height: Int? = nil) -> [String] {
        TranscriptWriter.lines(WriterFixture.shelves().layout(Viewport(height: height, top: top)))
    }

    @Test func theWholeDocumentReadsElementByElement() {
        let hostile = WriterFixture.hostile
        #expect(
            Self.lines() == [
                "Category #1, section 1",
                "Category #1 › SubCategory #1.1, row 1 of 2, 3 items",
                "Category #1 › SubCategory #1.1 › Orchid #DA70D6, 1 of 3, focused",
                "Category #1 › SubCategory #1.1 › Salmon #FA8072, 2 of 3, selected",
                "Category #1 › SubCategory #1.1 › Teal #008080, 3 of 3",
                "Category #1 › Location, row 2 of 2, 2 fields",
                "Category #1 › Location › Latitude: 37.33, 1 of 2",
                "Category #1 › Location › Longitude: -122.03, 2 of 2",
                "Category #2, section 2",
                "Category #2 › Tree, row 1 of 3, 4 nodes",
                "Category #2 › Tree › Parent, expanded, 1 of 4",
                "Category #2 › Tree › Parent › Child #00FF00, 2 of 4, selected",
                "Category #2 › Tree › Parent › Other, 3 of 4",
                "Category #2 › Tree › Closed, collapsed, 4 of 4",
                "Category #2 › Wide, row 2 of 3, 6 items",
                "Category #2 › Wide › Swatch 1 #202020, 1 of 6",
                "Category #2 › Wide › Swatch 2 #404040, 2 of 6",
                "Category #2 › Wide › Swatch 3 #606060, 3 of 6",
                "Category #2 › Wide › Swatch 4 #808080, 4 of 6",
                "Category #2 › Wide › Swatch 5 #A0A0A0, 5 of 6",
                "Category #2 › \(hostile), row 3 of 3, 1 item",
                "Category #2 › \(hostile) › \(hostile) #123456, 1 of 1",
            ])
    }

    @Test func oneLinePerElementInOrder() {
        let layout = WriterFixture.wholeLayout()
        let text = String(decoding: TranscriptWriter.encode(layout), as: UTF8.self)
        #expect(text.hasSuffix("\n"))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == layout.elements.count)
        #expect(lines.map(String.init) == TranscriptWriter.lines(layout))
    }

    /// Lines 10…15: the tree and the next row's title. The section header is
    /// off screen, so the section is named by its path and no row says how
    /// many rows the section has; the Wide row shows no cells, so it cannot
    /// say what it holds.
    @Test func aViewportSaysOnlyWhatItKnows() {
        #expect(
            Self.lines(top: 10, height: 6) == [
                "section 2 › Tree, row 1, 4 nodes",
                "section 2 › Tree › Parent, expanded, 1 of 4",
                "section 2 › Tree › Parent › Child #00FF00, 2 of 4, selected",
                "section 2 › Tree › Parent › Other, 3 of 4",
                "section 2 › Tree › Closed, collapsed, 4 of 4",
                "section 2 › Wide, row 2",
            ])
        // Parent (line 11) is above the window: Child's ancestor is named by path.
        #expect(
            Self.lines(top: 12, height: 1) == [
                "section 2 › Tree, row 1, 4 nodes",
                "section 2 › Tree › node 2.1.1 › Child #00FF00, 2 of 4, selected",
            ])
    }

    /// Given the catalogue, a viewport's lines stand alone: the section and
    /// the ancestors above the window are named, and every row says how many
    /// rows its section has and what it holds.
    @Test func aViewportOfTheCatalogueNamesEverything() {
        let shelves = WriterFixture.shelves()
        let window = shelves.layout(Viewport(height: 6, top: 10))
        #expect(
            TranscriptWriter.lines(window, source: shelves.source) == [
                "Category #2 › Tree, row 1 of 3, 4 nodes",
                "Category #2 › Tree › Parent, expanded, 1 of 4",
                "Category #2 › Tree › Parent › Child #00FF00, 2 of 4, selected",
                "Category #2 › Tree › Parent › Other, 3 of 4",
                "Category #2 › Tree › Closed, collapsed, 4 of 4",
                "Category #2 › Wide, row 2 of 3, 6 items",
            ])
        let child = shelves.layout(Viewport(height: 1, top: 12))
        #expect(
            TranscriptWriter.lines(child, source: shelves.source) == [
                "Category #2 › Tree, row 1 of 3, 4 nodes",
                "Category #2 › Tree › Parent › Child #00FF00, 2 of 4, selected",
            ])
        // The whole document holds every name already: the catalogue changes nothing.
        let whole = shelves.layout(Viewport())
        #expect(TranscriptWriter.lines(whole, source: shelves.source) == TranscriptWriter.lines(whole))
    }

    @Test func namesAreSanitisedAndHexIsSaidOnce() {
        let catalogue = Catalogue(sections: [
            Section(
                name: "Bad\u{1B}[2J",
                rows: [
                    Row(
                        name: "two\nlines",
                        content: .items([
                            Item(name: "#fa8072", color: Color(rgb: 0xFA8072)),
                            Item(name: "c1\u{9B}", color: Color(red: 1, green: 2, blue: 3, alpha: 128)),
                        ]))
                ])
        ])
        var state = ViewState()
        state.focus = ModelKey.child(
            of: ModelKey.child(
                of: ModelKey.section(name: "Bad\u{1B}[2J", id: nil), name: "two\nlines", id: nil),
            name: "#fa8072", id: nil)
        state.selected = [state.focus!]
        let layout = WriterFixture.shelves(catalogue, state: state).layout(Viewport())
        #expect(
            TranscriptWriter.lines(layout) == [
                "Bad\u{FFFD}[2J, section 1",
                "Bad\u{FFFD}[2J › two\u{FFFD}lines, row 1 of 1, 2 items",
                "Bad\u{FFFD}[2J › two\u{FFFD}lines › #fa8072, 1 of 2, selected, focused",
                "Bad\u{FFFD}[2J › two\u{FFFD}lines › c1\u{FFFD} #01020380, 2 of 2",
            ])
        let bytes = TranscriptWriter.encode(layout)
        #expect(!bytes.contains { $0 < 0x20 && $0 != 0x0A || $0 == 0x7F })
    }
}

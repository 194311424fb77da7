import Testing

@testable import SwatchbookCore

/// A long lazy document is prefetched on the thread that may call the
/// source and laid out elsewhere from the recording: the layout must be the
/// one the source itself gives, and the source asked the same things in the
/// same order (a plugin with state sees no difference).
@Suite struct SourceRecordingTests {
    /// A lazy source of item, field and tree rows that logs every question.
    final class LoggingSource: CatalogueSource {
        var log: [String] = []
        var isEager: Bool { false }
        var sectionCount: Int { 6 }
        func rowCount(_ section: Int) -> Int { 4 + section % 3 }

        func sectionSummary(_ section: Int) -> SectionSummary {
            log.append("section \(section)")
            return SectionSummary(name: "Section \(section)", id: section == 2 ? "two" : nil)
        }

        func rowSummary(_ section: Int, _ row: Int) -> RowSummary {
            log.append("row \(section) \(row)")
            switch (section + row) % 4 {
            case 1: return RowSummary(name: "Facts \(row)", kind: .fields, count: 3)
            case 3: return RowSummary(name: "Tree \(row)", kind: .children, count: 2)
            default: return RowSummary(name: "Strip \(row)", kind: .items, count: 9 + row)
            }
        }

        func item(_ section: Int, _ row: Int, _ index: Int) -> Item {
            log.append("item \(section) \(row) \(index)")
            return Item(name: "Colour \(section).\(row).\(index)", color: Color(rgb: UInt32(index * 0x10203)))
        }

        func fields(_ section: Int, _ row: Int) -> [Field] {
            log.append("fields \(section) \(row)")
            return (1...3).map { Field(key: "Key \($0)", value: "\(section * row * $0)") }
        }

        func nodes(_ section: Int, _ row: Int) -> [Node] {
            log.append("nodes \(section) \(row)")
            return [
                Node(
                    name: "Open", expanded: true, children: [Node(name: "Leaf", color: Color(rgb: 0xFF0000))]),
                Node(name: "Closed", children: [Node(name: "Hidden")]),
            ]
        }
    }

    static func shelves(_ source: LoggingSource, wrap: Bool = false) -> CatalogueLayout {
        var settings = LayoutSettings()
        settings.wrap = wrap
        var state = ViewState()
        // A scrolled strip, a selection and a focus, so the replayed layout
        // must carry view state as the direct one does.
        let section = ModelKey.section(name: "Section 0", id: nil)
        let strip = ModelKey.child(of: section, name: "Strip 0", id: nil)
        state.offsets[strip] = 31
        state.selected = [ModelKey.child(of: strip, name: "Colour 0.0.3", id: nil)]
        state.focus = ModelKey.child(of: strip, name: "Colour 0.0.4", id: nil)
        return CatalogueLayout(source: source, settings: settings, width: 70, state: state)
    }

    static let windows: [Viewport] = [
        Viewport(),
        Viewport(height: 7, top: 0),
        Viewport(height: 9, top: 13, stickyHeaders: true),
        Viewport(height: 40, top: 41, stickyHeaders: true),
        // The last lines of the document, whose rows sit at measured heights.
        Viewport(height: 6, top: 150),
    ]

    @Test(arguments: windows, [false, true])
    func aReplayIsTheLayoutTheSourceGives(window: Viewport, wrap: Bool) throws {
        let direct = LoggingSource()
        let expected = Self.shelves(direct, wrap: wrap).layout(window)
        // A window past the end would compare two empty layouts.
        #expect(expected.elements.contains { $0.kind == .item || $0.kind == .field || $0.kind == .node })

        let prefetched = LoggingSource()
        let layout = Self.shelves(prefetched, wrap: wrap)
        let measuring = prefetched.log
        let recording = layout.prefetch(window)
        let replayed = try #require(layout.layout(window, replaying: recording))
        #expect(replayed == expected)
        // The replay asked the source nothing; the prefetch asked what layout asks.
        #expect(
            Array(prefetched.log.dropFirst(measuring.count)) == Array(direct.log.dropFirst(measuring.count)))
    }

    /// A recording of another window does not answer this one: the replay
    /// says so instead of laying out blanks.
    @Test func anotherWindowsRecordingIsRefused() {
        let layout = Self.shelves(LoggingSource())
        let recording = layout.prefetch(Viewport(height: 10, top: 0))
        #expect(layout.layout(Viewport(height: 10, top: 30), replaying: recording) == nil)
        #expect(layout.layout(Viewport(height: 10, top: 0), replaying: recording) != nil)
    }
}

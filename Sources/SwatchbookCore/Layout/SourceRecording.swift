/// What a source answered while a window was prefetched, in the order
/// layout asks for it.
///
/// A lazy source runs a plugin's Lua, which only one thread may do. To lay a
/// long document out on a worker anyway, the caller's thread prefetches each
/// band (``CatalogueLayout/prefetch(_:)``: the same walk as layout, building
/// nothing) and hands the recording over; the worker lays the band out from
/// it (``CatalogueLayout/layout(_:replaying:)``) without calling the source.
public struct SourceRecording: Sendable {
    enum Answer: Sendable {
        case section(Int, SectionSummary)
        case row(Int, Int, RowSummary)
        case item(Int, Int, Int, Item)
        case items(Int, Int, Range<Int>, [Item])
        case fields(Int, Int, [Field])
        case nodes(Int, Int, [Node])
    }

    var answers: [Answer] = []
    /// Where rows sat once the band was prefetched, its rows measured.
    var index: RowIndex?
}

/// Passes layout's questions through to a source, keeping each answer.
final class RecordingSource: CatalogueSource {
    private let base: any CatalogueSource
    private(set) var recording = SourceRecording()

    init(_ base: any CatalogueSource) {
        self.base = base
    }

    var isEager: Bool { base.isEager }
    var sectionCount: Int { base.sectionCount }
    var answeredRows: [RowPosition] { base.answeredRows }
    func rowCount(_ section: Int) -> Int { base.rowCount(section) }

    func sectionSummary(_ section: Int) -> SectionSummary {
        let answer = base.sectionSummary(section)
        recording.answers.append(.section(section, answer))
        return answer
    }

    func rowSummary(_ section: Int, _ row: Int) -> RowSummary {
        let answer = base.rowSummary(section, row)
        recording.answers.append(.row(section, row, answer))
        return answer
    }

    func item(_ section: Int, _ row: Int, _ index: Int) -> Item {
        let answer = base.item(section, row, index)
        recording.answers.append(.item(section, row, index, answer))
        return answer
    }

    func items(_ section: Int, _ row: Int, _ indices: Range<Int>) -> [Item] {
        let answer = base.items(section, row, indices)
        recording.answers.append(.items(section, row, indices, answer))
        return answer
    }

    func fields(_ section: Int, _ row: Int) -> [Field] {
        let answer = base.fields(section, row)
        recording.answers.append(.fields(section, row, answer))
        return answer
    }

    func nodes(_ section: Int, _ row: Int) -> [Node] {
        let answer = base.nodes(section, row)
        recording.answers.append(.nodes(section, row, answer))
        return answer
    }
}

/// Answers layout's questions from a recording, in the order they were
/// recorded. A question the recording does not hold next (which the same
/// walk over the same window never asks) is answered with a blank and
/// marks the replay ``diverged``, so the caller can lay the window out again
/// from the source itself.
final class ReplaySource: CatalogueSource {
    private let answers: [SourceRecording.Answer]
    private var next = 0
    private(set) var diverged = false

    init(_ recording: SourceRecording) {
        answers = recording.answers
    }

    /// Replays stand in for lazy sources only; layout asks neither count.
    var isEager: Bool { false }
    var sectionCount: Int { 0 }
    func rowCount(_ section: Int) -> Int { 0 }

    private func take() -> SourceRecording.Answer? {
        guard next < answers.count else { return nil }
        defer { next += 1 }
        return answers[next]
    }

    func sectionSummary(_ section: Int) -> SectionSummary {
        if case .section(section, let answer)? = take() { return answer }
        diverged = true
        return SectionSummary(name: "")
    }

    func rowSummary(_ section: Int, _ row: Int) -> RowSummary {
        if case .row(section, row, let answer)? = take() { return answer }
        diverged = true
        return RowSummary(name: "", kind: .items, count: 0)
    }

    func item(_ section: Int, _ row: Int, _ index: Int) -> Item {
        if case .item(section, row, index, let answer)? = take() { return answer }
        diverged = true
        return Item(name: "", color: Color(rgb: 0))
    }

    func items(_ section: Int, _ row: Int, _ indices: Range<Int>) -> [Item] {
        if case .items(section, row, indices, let answer)? = take() { return answer }
        diverged = true
        return indices.map { _ in Item(name: "", color: Color(rgb: 0)) }
    }

    func fields(_ section: Int, _ row: Int) -> [Field] {
        if case .fields(section, row, let answer)? = take() { return answer }
        diverged = true
        return []
    }

    func nodes(_ section: Int, _ row: Int) -> [Node] {
        if case .nodes(section, row, let answer)? = take() { return answer }
        diverged = true
        return []
    }
}

import CLuaShim
import SwatchbookCore

/// A plugin's lazy `source`: the UITableViewDataSource shape, asked only
/// for what layout draws, every answer cached until `sb.reload()`.
///
/// Layout cannot fail, so a failing call is answered with an empty
/// placeholder and the first failure is kept; the command checks
/// ``failure`` once drawing is done and reports it.
final class LuaSource: CatalogueSource {
    let runtime: LuaRuntime
    /// The registry reference of the `source` table.
    let reference: Int
    /// The registry reference of the plugin's `ctx`, handed to every
    /// function of the source as its last argument.
    let contextReference: Int
    private(set) var failure: Diagnostic? {
        didSet { failed = failure != nil }
    }
    /// Whether ``failure`` is set: the check every call makes first, which
    /// reading the optional itself would do by copying the diagnostic.
    private var failed = false
    /// How often each function of the source was called, by ``Function``.
    private var callCounts = [Int](repeating: 0, count: Function.allCases.count)

    /// The functions of a source the host calls.
    private enum Function: Int, CaseIterable {
        case sections, section, rows, row, item
        var name: String {
            switch self {
            case .sections: "sections"
            case .section: "section"
            case .rows: "rows"
            case .row: "row"
            case .item: "item"
            }
        }
    }

    /// How often each function of the source was called, for tests and benchmarks.
    var calls: [String: Int] {
        var calls: [String: Int] = [:]
        for function in Function.allCases where callCounts[function.rawValue] > 0 {
            calls[function.name] = callCounts[function.rawValue]
        }
        return calls
    }

    private var sectionCountCache: Int?
    private var sectionCache: [Int: SectionSummary] = [:]
    private var rowCountCache: [Int: Int] = [:]
    /// Rows answered, by section; the section asked last is kept at hand,
    /// since layout asks a section's rows one after another (a dictionary
    /// keyed by position hashed twice for every row laid out).
    private var rowCache: [Int: RowAnswers] = [:]
    private var lastRows: (section: Int, answers: RowAnswers)?
    /// The rows asked, in the order they were first answered.
    private(set) var answeredRows: [RowPosition] = []
    /// Items, kept in runs per row.
    private let itemCache = ItemCache()
    /// Slips noted in the answers (unknown keys, empty rows), each once.
    let warnings = DataWarnings()
    private var lastRowItems: (key: RowPosition, items: [Item]?)?

    /// The functions every source has; `item` is needed only by rows that
    /// give a `count` instead of their items, and is asked for then.
    static let requiredFunctions = LuaSchema.source.requiredKeys

    /// The first function every source has that the table at `index` lacks,
    /// with what it holds there instead; nil when it has them all.
    static func missingFunction(at index: Int32, on stack: LuaStack) -> (name: String, got: String)? {
        let table = stack.absolute(index)
        for name in requiredFunctions {
            defer { stack.pop() }
            if stack.rawField(table, name) != .function { return (name, stack.describe(at: -1)) }
        }
        return nil
    }

    /// The functions' names as Lua strings, kept in the registry: a lookup
    /// per call then pushes a kept string instead of interning one.
    private let nameReferences: [Int]

    /// Takes the source table from the top of the stack; `context` is the
    /// registry reference of the `ctx` every call is given.
    init(runtime: LuaRuntime, context: Int) {
        self.runtime = runtime
        contextReference = context
        reference = runtime.stack.takeReference()
        nameReferences = Function.allCases.map { function in
            runtime.stack.push(function.name)
            return runtime.stack.takeReference()
        }
    }

    deinit {
        runtime.stack.release(reference)
        for name in nameReferences { runtime.stack.release(name) }
    }

    var isEager: Bool { false }

    /// Forgets every answer, as `sb.reload()` asks.
    func reload() {
        sectionCountCache = nil
        sectionCache = [:]
        rowCountCache = [:]
        rowCache = [:]
        lastRows = nil
        answeredRows = []
        itemCache.removeAll()
        lastRowItems = nil
    }

    var sectionCount: Int {
        if let cached = sectionCountCache { return cached }
        let count =
            ask(.sections) { reader throws(CatalogueReader.Failure) in
                try Self.count(at: -1, of: "sections", atMost: CatalogueLimits.sections, stack: reader.stack)
            } ?? 0
        sectionCountCache = count
        return count
    }

    func sectionSummary(_ section: Int) -> SectionSummary {
        if let cached = sectionCache[section] { return cached }
        let summary =
            ask(.section, Arguments(section + 1), optional: true) { reader throws(CatalogueReader.Failure) in
                try reader.sectionSummary(at: -1, path: "")
            } ?? SectionSummary(name: "Section \(section + 1)")
        sectionCache[section] = summary
        return summary
    }

    func rowCount(_ section: Int) -> Int {
        if let cached = rowCountCache[section] { return cached }
        let count =
            ask(.rows, Arguments(section + 1)) { reader throws(CatalogueReader.Failure) in
                try Self.count(
                    at: -1, of: "rows", atMost: CatalogueLimits.rowsPerSection, stack: reader.stack)
            } ?? 0
        rowCountCache[section] = count
        return count
    }

    func rowSummary(_ section: Int, _ row: Int) -> RowSummary {
        lazyRow(section, row).0
    }

    func item(_ section: Int, _ row: Int, _ index: Int) -> Item {
        if let carried = carriedItems(section, row), index < carried.count { return carried[index] }
        return itemCache.item(section, row, index) {
            ask(
                .item, Arguments(section + 1, row + 1, index + 1),
                plain: { CatalogueReader.plainItem(on: $0) },
                read: Self.readItem)
                ?? Self.placeholder
        }
    }

    /// The items of a window, from the cache where asked before and asked
    /// for in one batch per stretch of a run where not.
    func items(_ section: Int, _ row: Int, _ indices: Range<Int>) -> [Item] {
        // A row that carries its items answers from them.
        if let carried = carriedItems(section, row) {
            if indices.upperBound <= carried.count { return Array(carried[indices]) }
            return indices.map { item(section, row, $0) }
        }
        return itemCache.items(section, row, indices) { askItems(section, row, $0) }
    }

    /// The items a row carries itself, if it does; remembered for the row
    /// asked last, since a strip asks for its items one after another.
    private func carriedItems(_ section: Int, _ row: Int) -> [Item]? {
        let key = RowPosition(section: section, row: row)
        if let lastRowItems, lastRowItems.key == key { return lastRowItems.items }
        var items: [Item]?
        if case .items(let carried)? = lazyRow(section, row).1 { items = carried }
        lastRowItems = (key, items)
        return items
    }

    func fields(_ section: Int, _ row: Int) -> [Field] {
        if case .fields(let fields)? = lazyRow(section, row).1 { return fields }
        return []
    }

    func nodes(_ section: Int, _ row: Int) -> [Node] {
        if case .children(let nodes)? = lazyRow(section, row).1 { return nodes }
        return []
    }

    private func lazyRow(_ section: Int, _ row: Int) -> (RowSummary, RowContent?) {
        let answers = rowAnswers(section)
        if row < answers.rows.count, let cached = answers.rows[row] { return cached }
        let answer =
            ask(.row, Arguments(section + 1, row + 1), plain: CatalogueReader.plainRow) {
                reader throws(CatalogueReader.Failure) in
                try reader.lazyRow(at: -1, path: "")
            } ?? (RowSummary(name: "", kind: .items, count: 0), nil)
        // Only rows inside the section's count are kept (layout asks no other).
        guard row < answers.rows.count else { return answer }
        answers.rows[row] = answer
        answeredRows.append(RowPosition(section: section, row: row))
        return answer
    }

    /// The answered rows of `section`, made room for as many as it has.
    private func rowAnswers(_ section: Int) -> RowAnswers {
        if let lastRows, lastRows.section == section { return lastRows.answers }
        let answers = rowCache[section] ?? RowAnswers(count: rowCount(section))
        rowCache[section] = answers
        lastRows = (section, answers)
        return answers
    }

    /// A section's rows as answered, nil where not asked yet.
    private final class RowAnswers {
        var rows: [(RowSummary, RowContent?)?]

        init(count: Int) {
            rows = Array(repeating: nil, count: count)
        }
    }

    /// Calls `source.NAME(arguments…)` under the script limits and reads its
    /// one result with `read`, in protected mode. Nil after a failure (kept
    /// in ``failure``), or when an optional function is absent.
    ///
    /// This runs for every cell on screen, so nothing is built for errors
    /// until one happens: `read`'s reader reads at an empty path, and the
    /// call's own path (`source.item(1, 2, 3)`) is put in front of what it
    /// reports, and of a warning it notes.
    /// `plain` may answer first for the common shape of result, reading
    /// without protected mode; `read` then runs only when it returns nil.
    private func ask<T>(
        _ function: Function, _ arguments: Arguments = Arguments(), optional: Bool = false,
        plain: (LuaStack) -> T? = { _ in nil },
        read: (CatalogueReader) throws(CatalogueReader.Failure) -> T
    ) -> T? {
        guard !failed else { return nil }
        callCounts[function.rawValue] += 1
        let stack = runtime.stack
        let base = stack.top
        defer { stack.setTop(base) }
        guard pushFunction(function, optional: optional) else { return nil }
        arguments.push(on: stack)
        stack.pushReference(contextReference)
        do throws(Diagnostic) {
            try runtime.call(
                arguments: Int32(arguments.count + 1), results: 1, in: Self.path(function, arguments.array))
        } catch {
            failure = error
            return nil
        }
        if let answer = plain(stack) { return answer }
        return readAnswer(of: function, arguments.array, with: read)
    }

    /// The one to three positions a call passes, held without an array:
    /// `ask` runs for every cell on screen.
    private struct Arguments {
        var first = 0, second = 0, third = 0
        var count = 0

        init() {}
        init(_ first: Int) { (self.first, count) = (first, 1) }
        init(_ first: Int, _ second: Int) { (self.first, self.second, count) = (first, second, 2) }
        init(_ first: Int, _ second: Int, _ third: Int) {
            (self.first, self.second, self.third, count) = (first, second, third, 3)
        }

        func push(on stack: LuaStack) {
            if count > 0 { stack.push(first) }
            if count > 1 { stack.push(second) }
            if count > 2 { stack.push(third) }
        }

        /// For messages, which are made only for a failure.
        var array: [Int] { Array([first, second, third].prefix(count)) }
    }

    /// Asks `source.item` for each of `indices` in order, as ``ask`` would
    /// one at a time, with one function lookup and one crossing into C for
    /// the run: each call still has its own time budget, the common
    /// `{ name, color }` item is read as it comes, and any other answer is
    /// read in full before the next call. Placeholders after a failure.
    private func askItems(_ section: Int, _ row: Int, _ indices: Range<Int>) -> [Item] {
        var batch = ItemBatch()
        batch.items.reserveCapacity(indices.count)
        var next = indices.lowerBound
        while next < indices.upperBound, !failed {
            let stack = runtime.stack
            let base = stack.top
            defer { stack.setTop(base) }
            guard pushFunction(.item) else { break }
            stack.pushReference(contextReference)
            let requested = indices.upperBound - next
            let run = withUnsafeMutablePointer(to: &batch) { batch in
                runtime.callItems(
                    section: section + 1, row: row + 1, first: next + 1, count: requested,
                    sink: ItemBatch.keep,
                    context: batch)
            }
            next += run.kept
            callCounts[Function.item.rawValue] += run.kept
            guard run.kept < requested else { break }
            // The call after the kept ones stopped the run: it failed, or
            // its answer is on top to be read in full.
            let arguments = [section + 1, row + 1, next + 1]
            callCounts[Function.item.rawValue] += 1
            next += 1
            do throws(Diagnostic) {
                try runtime.check(
                    run.status, timedOut: run.timedOut, outOfMemory: run.outOfMemory,
                    in: Self.path(.item, arguments))
            } catch {
                failure = error
                break
            }
            batch.items.append(readAnswer(of: .item, arguments, with: Self.readItem) ?? Self.placeholder)
        }
        while batch.items.count < indices.count { batch.items.append(Self.placeholder) }
        return batch.items
    }

    /// The items a batch has read, kept by ``keep`` as C hands them over.
    private struct ItemBatch {
        var items: [Item] = []

        /// Keeps a plain item whose colour parses; any other is read in full.
        static let keep: sbl_item_sink = { context, _, name, color in
            guard let context, let name, let color,
                let item = CatalogueReader.plainItem(name: name.pointee, color: color.pointee)
            else { return 0 }
            context.assumingMemoryBound(to: ItemBatch.self).pointee.items.append(item)
            return 1
        }
    }

    /// What an item that could not be read stands in as.
    private static let placeholder = Item(name: "", color: Color(rgb: 0))

    /// Reads an item answer of any shape in full, in protected mode.
    private static func readItem(_ reader: CatalogueReader) throws(CatalogueReader.Failure) -> Item {
        try reader.item(at: -1, path: "")
    }

    /// Pushes the source table and `source.NAME` above it; false when that
    /// is not a function, a failure unless the function is optional.
    private func pushFunction(_ function: Function, optional: Bool = false) -> Bool {
        do throws(Diagnostic) {
            try runtime.makeRoom(for: "source.\(function.name)")
        } catch {
            failure = error
            return false
        }
        let stack = runtime.stack
        stack.pushReference(reference)
        stack.pushReference(nameReferences[function.rawValue])
        guard stack.rawGet(-2) == .function else {
            if !optional {
                let why = function == .item ? " (a row gives a count of items, not the items)" : ""
                failure = Diagnostic(
                    .data, file: runtime.displayName, dataPath: "source.\(function.name)",
                    "expected a function\(why), got \(runtime.stack.describe(at: -1))")
            }
            return false
        }
        return true
    }

    /// Reads the answer on top of the stack with `read`, in protected mode;
    /// nil after a failure, kept in ``failure`` with the call's path.
    private func readAnswer<T>(
        of function: Function, _ arguments: [Int],
        with read: (CatalogueReader) throws(CatalogueReader.Failure) -> T
    ) -> T? {
        var result: T?
        var problem: CatalogueReader.Failure?
        do throws(Diagnostic) {
            try runtime.protected(arguments: 1) { stack throws(LuaHostError) in
                do throws(CatalogueReader.Failure) {
                    let reader = CatalogueReader(
                        stack: stack, warnings: warnings, prefix: { Self.path(function, arguments) })
                    result = try read(reader)
                } catch {
                    problem = error
                }
                return 0
            }
        } catch {
            failure = error
            return nil
        }
        if let problem {
            failure = Diagnostic(
                .data, file: runtime.displayName, dataPath: Self.path(function, arguments) + problem.path,
                problem.message)
        }
        return result
    }

    /// How a call reads in messages: `source.item(1, 2, 3)`.
    private static func path(_ function: Function, _ arguments: [Int]) -> String {
        "source.\(function.name)(\(arguments.map(String.init).joined(separator: ", ")))"
    }

    /// A count of `things` a function answers: a whole number from 0 to `limit`.
    private static func count(at index: Int32, of things: String, atMost limit: Int, stack: LuaStack)
        throws(CatalogueReader.Failure) -> Int
    {
        guard let value = stack.integer(at: index), (0...limit).contains(value) else {
            throw CatalogueReader.Failure(
                path: "",
                message:
                    "expected the number of \(things), a whole number from 0 to \(limit), got \(stack.describe(at: index))"
            )
        }
        return value
    }
}

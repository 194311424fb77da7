import CLua
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
    private let reference: Int32
    private(set) var failure: Diagnostic?
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
    private var rowCache: [RowKey: (RowSummary, RowContent?)] = [:]
    /// Items in runs of ``ItemRun/length`` per row: a strip asks for
    /// neighbours, so a window of items costs a lookup per run, and none
    /// while it stays in the run it asked last.
    private var itemRuns: [RunKey: ItemRun] = [:]
    private var lastRun: (key: RunKey, run: ItemRun)?
    private var lastRowItems: (key: RowKey, items: [Item]?)?

    private struct RowKey: Hashable {
        var section: Int
        var row: Int
    }

    private struct RunKey: Hashable {
        var section: Int
        var row: Int
        var run: Int
    }

    /// A strip shows a few items of a run, so a run holds only as many
    /// slots as the highest one asked, and room for half a run to begin
    /// with: runs allocated whole for every row on screen would be most of
    /// what a long render allocates.
    private final class ItemRun {
        static let length = 16
        var items: [Item?] = []

        init() {
            items.reserveCapacity(Self.length / 2)
        }

        subscript(slot: Int) -> Item? {
            slot < items.count ? items[slot] : nil
        }

        func keep(_ item: Item, at slot: Int) {
            while items.count < slot { items.append(nil) }
            if slot == items.count { items.append(item) } else { items[slot] = item }
        }
    }

    static let requiredFunctions = ["sections", "rows", "row", "item"]

    /// The functions' names as Lua strings, kept in the registry: a lookup
    /// per call then pushes a kept string instead of interning one.
    private let nameReferences: [Int32]

    /// Takes the source table from the top of the stack.
    init(runtime: LuaRuntime) {
        self.runtime = runtime
        reference = luaL_ref(runtime.L, sbl_registryindex())
        nameReferences = Function.allCases.map { function in
            runtime.stack.push(function.name)
            return luaL_ref(runtime.L, sbl_registryindex())
        }
    }

    deinit {
        luaL_unref(runtime.L, sbl_registryindex(), reference)
        for name in nameReferences { luaL_unref(runtime.L, sbl_registryindex(), name) }
    }

    var isEager: Bool { false }

    /// Forgets every answer, as `sb.reload()` asks.
    func reload() {
        sectionCountCache = nil
        sectionCache = [:]
        rowCountCache = [:]
        rowCache = [:]
        itemRuns = [:]
        lastRun = nil
        lastRowItems = nil
    }

    var sectionCount: Int {
        if let cached = sectionCountCache { return cached }
        let count =
            ask(.sections) { stack, path throws(CatalogueReader.Failure) in
                try Self.count(at: -1, stack: stack, path: path)
            } ?? 0
        sectionCountCache = count
        return count
    }

    func sectionSummary(_ section: Int) -> SectionSummary {
        if let cached = sectionCache[section] { return cached }
        let summary =
            ask(.section, section + 1, optional: true) { stack, path throws(CatalogueReader.Failure) in
                try CatalogueReader(stack: stack).sectionSummary(at: -1, path: path)
            } ?? SectionSummary(name: "Section \(section + 1)")
        sectionCache[section] = summary
        return summary
    }

    func rowCount(_ section: Int) -> Int {
        if let cached = rowCountCache[section] { return cached }
        let count =
            ask(.rows, section + 1) { stack, path throws(CatalogueReader.Failure) in
                try Self.count(at: -1, stack: stack, path: path)
            } ?? 0
        rowCountCache[section] = count
        return count
    }

    func rowSummary(_ section: Int, _ row: Int) -> RowSummary {
        lazyRow(section, row).0
    }

    func item(_ section: Int, _ row: Int, _ index: Int) -> Item {
        if let carried = carriedItems(section, row), index < carried.count { return carried[index] }
        let run = itemRun(RunKey(section: section, row: row, run: index / ItemRun.length))
        let slot = index % ItemRun.length
        if let cached = run[slot] { return cached }
        let item =
            ask(.item, section + 1, row + 1, index + 1, plain: CatalogueReader.plainItem) {
                stack, path throws(CatalogueReader.Failure) in
                try CatalogueReader(stack: stack).item(at: -1, path: path)
            } ?? Item(name: "", color: Color(rgb: 0))
        run.keep(item, at: slot)
        return item
    }

    /// The items a row carries itself, if it does; remembered for the row
    /// asked last, since a strip asks for its items one after another.
    private func carriedItems(_ section: Int, _ row: Int) -> [Item]? {
        let key = RowKey(section: section, row: row)
        if let lastRowItems, lastRowItems.key == key { return lastRowItems.items }
        var items: [Item]?
        if case .items(let carried)? = lazyRow(section, row).1 { items = carried }
        lastRowItems = (key, items)
        return items
    }

    private func itemRun(_ key: RunKey) -> ItemRun {
        if let lastRun, lastRun.key == key { return lastRun.run }
        let run: ItemRun
        if let known = itemRuns[key] {
            run = known
        } else {
            run = ItemRun()
            itemRuns[key] = run
        }
        lastRun = (key, run)
        return run
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
        let key = RowKey(section: section, row: row)
        if let cached = rowCache[key] { return cached }
        let answer =
            ask(.row, section + 1, row + 1, plain: CatalogueReader.plainRow) {
                stack, path throws(CatalogueReader.Failure) in
                try CatalogueReader(stack: stack).lazyRow(at: -1, path: path)
            } ?? (RowSummary(name: "", kind: .items, count: 0), nil)
        rowCache[key] = answer
        return answer
    }

    /// Calls `source.NAME(arguments…)` under the script limits and reads its
    /// one result with `read`, in protected mode. Nil after a failure (kept
    /// in ``failure``), or when an optional function is absent.
    ///
    /// This runs for every cell on screen, so nothing is built for errors
    /// until one happens: `read` is handed an empty path, and the call's own
    /// path (`source.item(1, 2, 3)`) is put in front of what it reports.
    /// `plain` may answer first for the common shape of result, reading
    /// without protected mode; `read` then runs only when it returns nil.
    private func ask<T>(
        _ function: Function, _ arguments: Int..., optional: Bool = false,
        plain: (LuaStack) -> T? = { _ in nil },
        read: (LuaStack, String) throws(CatalogueReader.Failure) -> T
    ) -> T? {
        guard failure == nil else { return nil }
        callCounts[function.rawValue] += 1
        let stack = runtime.stack
        let base = stack.top
        defer { stack.setTop(base) }
        lua_rawgeti(runtime.L, sbl_registryindex(), lua_Integer(reference))
        lua_rawgeti(runtime.L, sbl_registryindex(), lua_Integer(nameReferences[function.rawValue]))
        guard lua_rawget(runtime.L, -2) == LUA_TFUNCTION else {
            if !optional {
                failure = Diagnostic(
                    .data, file: runtime.displayName, dataPath: "source.\(function.name)",
                    "expected a function")
            }
            return nil
        }
        for argument in arguments { stack.push(argument) }
        func path() -> String {
            "source.\(function.name)(\(arguments.map(String.init).joined(separator: ", ")))"
        }
        do throws(Diagnostic) {
            try runtime.call(arguments: Int32(arguments.count), results: 1, in: path())
            if let answer = plain(stack) { return answer }
            var result: T?
            var problem: CatalogueReader.Failure?
            try runtime.protected(arguments: 1) { stack throws(LuaHostError) in
                do throws(CatalogueReader.Failure) {
                    result = try read(stack, "")
                } catch {
                    problem = error
                }
                return 0
            }
            if let problem {
                failure = Diagnostic(
                    .data, file: runtime.displayName, dataPath: path() + problem.path, problem.message)
            }
            return result
        } catch {
            failure = error
            return nil
        }
    }

    private static func count(at index: Int32, stack: LuaStack, path: String) throws(CatalogueReader.Failure)
        -> Int
    {
        guard let value = stack.integer(at: index), value >= 0 else {
            throw CatalogueReader.Failure(
                path: path,
                message: "expected a count (a whole number, 0 or more), got \(stack.describe(at: index))")
        }
        return value
    }
}

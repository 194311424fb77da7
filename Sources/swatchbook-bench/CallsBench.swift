import Foundation
import SwatchbookCore
import SwatchbookLua
import SwatchbookRender
import SwatchbookSession

/// The price of crossing between Swift and Lua: a tap that runs `on_tap`
/// (against the same tap with no `on_tap`), and an `sb.color` call (against
/// a trivial Lua function called the same way).
struct CallsBench {
    /// Taps per sample, all on the same item.
    let taps = 20_000
    /// Calls of each loop body per sample.
    let loopCalls = 1_000_000
    let width: Int
    let height = 40
    /// The catalogue the taps land on: small, so the tap's own work dominates.
    let tapCatalogue = Size(sections: 2, rows: 3, items: 10)
    /// The benchmark catalogue (S×R×I), where a tap's cost shows how it grows.
    let fullCatalogue: Size
    /// Taps per sample on the full catalogue, each far slower.
    let fullTaps = 100

    struct Size: CustomStringConvertible {
        var sections: Int
        var rows: Int
        var items: Int

        var description: String { "\(sections)×\(rows)×\(items)" }
    }

    private let clock = ContinuousClock()

    /// The mean time of one `session.tap` on item 1.1.1 of `size`, over `count` taps.
    func tapTime(onTap: Bool, size: Size, count: Int) throws(Diagnostic) -> Duration {
        let source = BenchPlugin.source(
            sections: size.sections, rows: size.rows, items: size.items,
            fields: onTap ? "  on_tap = function(ev) return nil end,\n" : "")
        let file = try BenchFiles.temporaryPlugin(source, name: onTap ? "tap" : "no-tap")
        defer { BenchFiles.remove(file) }
        let plugin = try PluginLoader.load(
            file: file, displayName: file.lastPathComponent, context: .bench(width: width, height: height))
        let session = Session(
            script: plugin, settings: plugin.settings, screen: Screen(width: width, height: height),
            state: nil,
            measure: { TextWidth.of($0) })
        try session.start()
        let path = ElementPath([1, 1, 1])
        try session.tap(path)  // the first tap selects; every later one finds it selected
        let start = clock.now
        for _ in 0..<count { try session.tap(path) }
        return start.duration(to: clock.now) / count
    }

    /// The mean time of one `item` call of a lazy source whose `item`
    /// returns the same prebuilt table: the host's side of a callback
    /// (pcall under the limits, reading the answer, caching it) without
    /// the event table and layout a tap builds.
    func lazyItemTime() throws(Diagnostic) -> Duration {
        let source = """
            local ITEM = { name = "Colour", color = "#336699" }
            return {
              name = "Callback benchmark", version = "1.0.0", api = 1,
              source = {
                sections = function() return 1 end,
                rows = function(s) return 1 end,
                row = function(s, r) return { name = "Row", count = \(taps) } end,
                item = function(s, r, i) return ITEM end,
              },
            }

            """
        let file = try BenchFiles.temporaryPlugin(source, name: "lazy-item")
        defer { BenchFiles.remove(file) }
        let plugin = try PluginLoader.load(
            file: file, displayName: file.lastPathComponent, context: .bench(width: width))
        let catalogue = plugin.source
        _ = catalogue.rowSummary(0, 0)
        var checksum = 0
        let start = clock.now
        // Every index once: the source caches answers, so a repeat would not call Lua.
        for i in 0..<taps { checksum &+= Int(catalogue.item(0, 0, i).color.blue) }
        let time = start.duration(to: clock.now)
        if let failure = plugin.sourceFailure { throw failure }
        withExtendedLifetime(checksum) {}
        return time / taps
    }

    /// What a loop body costs in a `data` function, as the time to load the
    /// plugin whose `data` runs it `loopCalls` times.
    func loopTime(_ body: String) throws(Diagnostic) -> Duration {
        let source = """
            local sb = require "swatchbook"
            local t = { f = function(x) return x end }
            return {
              name = "Loop benchmark", version = "1.0.0", api = 1,
              data = function(ctx)
                local last
                for n = 1, \(loopCalls) do last = \(body) end
                return { { name = "Section", rows = { { name = "Row", items = {
                  { name = "Colour", color = "#336699" } } } } } }
              end,
            }

            """
        return try loadTime(source, name: "loop")
    }

    /// The time to load a plugin whose `data` function runs the loop to time.
    private func loadTime(_ source: String, name: String) throws(Diagnostic) -> Duration {
        let file = try BenchFiles.temporaryPlugin(source, name: name)
        defer { BenchFiles.remove(file) }
        let start = clock.now
        _ = try PluginLoader.load(
            file: file, displayName: file.lastPathComponent, context: .bench(width: width))
        return start.duration(to: clock.now)
    }

    /// Keys visited by each pairs loop sample, however many a table has.
    let pairsVisits = 2_000_000

    /// The mean time of one loop over a table of `keys` string keys with
    /// `iterator`: the sandbox's `pairs` (one order every run) or Lua's own
    /// `next` (the hash order, which changes from run to run).
    func pairsTime(keys: Int, iterator: String) throws(Diagnostic) -> Duration {
        let loops = pairsVisits / keys
        let source = """
            local t = {}
            for i = 1, \(keys) do t["key" .. i] = i end
            return {
              name = "Pairs benchmark", version = "1.0.0", api = 1,
              data = function(ctx)
                local sum = 0
                for n = 1, \(loops) do
                  for k, v in \(iterator) do sum = sum + v end
                end
                return { { name = "Section " .. sum, rows = {} } }
              end,
            }

            """
        return try loadTime(source, name: "pairs") / loops
    }

    /// Runs `options.repeats` samples of each, interleaved, and prints their medians.
    static func run(_ options: BenchOptions) throws(Diagnostic) {
        let bench = CallsBench(
            width: options.width,
            fullCatalogue: Size(sections: options.sections, rows: options.rows, items: options.items))
        var tap: [Duration] = []
        var bareTap: [Duration] = []
        var fullTap: [Duration] = []
        var fullBareTap: [Duration] = []
        var lazyItem: [Duration] = []
        var color: [Duration] = []
        var function: [Duration] = []
        var empty: [Duration] = []
        var pairsSmall: [Duration] = []
        var nextSmall: [Duration] = []
        var pairsLarge: [Duration] = []
        var nextLarge: [Duration] = []
        for _ in 0..<options.repeats {
            tap.append(try bench.tapTime(onTap: true, size: bench.tapCatalogue, count: bench.taps))
            bareTap.append(try bench.tapTime(onTap: false, size: bench.tapCatalogue, count: bench.taps))
            fullTap.append(try bench.tapTime(onTap: true, size: bench.fullCatalogue, count: bench.fullTaps))
            fullBareTap.append(
                try bench.tapTime(onTap: false, size: bench.fullCatalogue, count: bench.fullTaps))
            lazyItem.append(try bench.lazyItemTime())
            color.append(try bench.loopTime(##"sb.color("#336699")"##))
            function.append(try bench.loopTime(##"t.f("#336699")"##))
            empty.append(try bench.loopTime(##""#336699""##))
            pairsSmall.append(try bench.pairsTime(keys: 5, iterator: "pairs(t)"))
            nextSmall.append(try bench.pairsTime(keys: 5, iterator: "next, t"))
            pairsLarge.append(try bench.pairsTime(keys: 10_000, iterator: "pairs(t)"))
            nextLarge.append(try bench.pairsTime(keys: 10_000, iterator: "next, t"))
        }
        let n = Double(bench.loopCalls)
        print(
            "# swatchbook-bench --calls: \(bench.taps) taps on 1.1.1 of a \(bench.tapCatalogue) catalogue"
                + " (\(bench.fullTaps) of \(bench.fullCatalogue)) at \(options.width)×\(bench.height);"
                + " loops of \(bench.loopCalls) calls; \(options.repeats) repeats (medians)")
        print("calls.tap_us", BenchReport.decimal(tap.median.nanoseconds / 1000))
        print("calls.tap_without_callback_us", BenchReport.decimal(bareTap.median.nanoseconds / 1000))
        print(
            "calls.on_tap_share_us", BenchReport.decimal((tap.median - bareTap.median).nanoseconds / 1000))
        // The same taps on the benchmark catalogue: what grows with its size.
        print("calls.tap_full_catalogue_us", BenchReport.decimal(fullTap.median.nanoseconds / 1000))
        print(
            "calls.tap_full_catalogue_without_callback_us",
            BenchReport.decimal(fullBareTap.median.nanoseconds / 1000))
        // One lazy `item` call answered from a prebuilt table: a round trip without a tap's event.
        print("calls.lazy_item_us", BenchReport.decimal(lazyItem.median.nanoseconds / 1000))
        // sb.color over a Lua function called the same way (a field of an upvalue table).
        print("calls.sb_color_ns", BenchReport.decimal((color.median - function.median).nanoseconds / n))
        // A Lua function call over the bare loop that assigns the same string.
        print("calls.lua_function_ns", BenchReport.decimal((function.median - empty.median).nanoseconds / n))
        // The baseline the differences stand on: loading the plugin whose loop only assigns.
        print("calls.empty_loop_load_ms", BenchReport.decimal(empty.median.milliseconds))
        // A loop over a table of string keys: the sandbox's pairs (one order
        // every run) against Lua's next (an order that changes every run).
        print("calls.pairs_5_keys_ns", BenchReport.decimal(pairsSmall.median.nanoseconds))
        print("calls.next_5_keys_ns", BenchReport.decimal(nextSmall.median.nanoseconds))
        print("calls.pairs_10000_keys_us", BenchReport.decimal(pairsLarge.median.nanoseconds / 1000))
        print("calls.next_10000_keys_us", BenchReport.decimal(nextLarge.median.nanoseconds / 1000))
    }
}

import Foundation
import SwatchbookCore
import SwatchbookLua
import SwatchbookRender
import SwatchbookSession

/// Draws the benchmark catalogue served by a lazy `source` whole, as
/// `swatchbook render` of that plugin does. Every repeat loads the plugin
/// afresh, because the source caches its answers.
struct LazyBench {
    let pluginFile: URL
    let width: Int

    /// The times of one repeat, and what it asked the source and wrote.
    struct Sample {
        /// Reading and running the plugin: nothing of the catalogue is built.
        var open: Duration
        /// Layout construction (a row count per section) plus layout, paint
        /// and write of every band: the only phase that calls the source.
        var render: Duration
        var bytes: Int
        var documentHeight: Int
        var calls: [String: Int]
    }

    private let clock = ContinuousClock()

    /// A fresh plugin (its source caches its answers) and a renderer of its
    /// document as `swatchbook render` draws it.
    private func open() throws(Diagnostic) -> (plugin: Plugin, layout: CatalogueLayout) {
        let plugin = try PluginLoader.load(
            file: pluginFile, displayName: pluginFile.lastPathComponent, context: .bench(width: width))
        let layout = CatalogueLayout(
            source: plugin.source, settings: plugin.settings, width: width, state: ViewState(),
            measure: { TextWidth.of($0) })
        return (plugin, layout)
    }

    func sample() throws(Diagnostic) -> Sample {
        let start = clock.now
        let (plugin, layout) = try open()
        let opened = clock.now
        let output = RenderPipeline(theme: .standard, depth: .truecolor, settings: plugin.settings)
            .render(layout, Viewport(), as: .ansi)
        let end = clock.now
        if let failure = plugin.sourceFailure { throw failure }
        return Sample(
            open: start.duration(to: opened), render: opened.duration(to: end), bytes: output.count,
            documentHeight: layout.documentHeight, calls: plugin.sourceCalls)
    }

    /// Prefetches a fresh plugin's document band by band, as a pipelined
    /// `render` does on the thread that runs the plugin's Lua: the source's
    /// answers recorded, no element built. That thread is the pipeline's
    /// longest stage.
    func prefetchOnly() throws(Diagnostic) -> Duration {
        let (plugin, layout) = try open()
        let renderer = RenderPipeline(theme: .standard, depth: .truecolor, settings: plugin.settings)
            .renderer(for: layout)
        let start = clock.now
        for band in renderer.bands(of: Viewport()) { _ = layout.prefetch(band) }
        let time = start.duration(to: clock.now)
        if let failure = plugin.sourceFailure { throw failure }
        return time
    }

    /// Asks a fresh plugin's source for what `render` asked of it (every
    /// section and row, and the first `itemsPerRow` items of each row) with
    /// no layout or drawing: the Lua calls' share of the render.
    func sourceOnly(itemsPerRow: Int) throws(Diagnostic) -> (time: Duration, calls: Int) {
        let plugin = try PluginLoader.load(
            file: pluginFile, displayName: pluginFile.lastPathComponent, context: .bench(width: width))
        let source = plugin.source
        let start = clock.now
        var checksum: UInt64 = 0
        for s in 0..<source.sectionCount {
            checksum &+= UInt64(source.sectionSummary(s).name.utf8.count)
            for r in 0..<source.rowCount(s) {
                let row = source.rowSummary(s, r)
                for i in 0..<min(itemsPerRow, row.count) {
                    checksum &+= UInt64(source.item(s, r, i).color.red)
                }
            }
        }
        let time = start.duration(to: clock.now)
        if let failure = plugin.sourceFailure { throw failure }
        withExtendedLifetime(checksum) {}
        return (time, plugin.sourceCalls.values.reduce(0, +))
    }

    /// Runs `options.repeats` samples and prints their medians.
    static func run(_ options: BenchOptions) throws(Diagnostic) {
        let source = BenchPlugin.lazySource(
            sections: options.sections, rows: options.rows, items: options.items)
        let file = try BenchFiles.temporaryPlugin(source, name: "lazy")
        defer { BenchFiles.remove(file) }
        let bench = LazyBench(pluginFile: file, width: options.width)
        let samples = try (0..<options.repeats).map { _ throws(Diagnostic) in try bench.sample() }

        let render = samples.map(\.render).median
        let calls = samples[0].calls
        let itemCalls = calls["item", default: 0]
        let rowCalls = max(1, calls["row", default: 0])
        let sourceOnly = try (0..<options.repeats).map { _ throws(Diagnostic) in
            try bench.sourceOnly(itemsPerRow: (itemCalls + rowCalls - 1) / rowCalls)
        }
        let sourceTime = sourceOnly.map(\.time).median
        let prefetchTime = try (0..<options.repeats).map { _ throws(Diagnostic) in try bench.prefetchOnly() }
            .median
        let sourceCalls = sourceOnly[0].calls
        print(
            "# swatchbook-bench --lazy \(options.sections)×\(options.rows)×\(options.items) at"
                + " \(options.width) columns, truecolor, whole document of \(samples[0].documentHeight)"
                + " lines, \(options.repeats) repeats (medians)")
        print("swatchbook.lazy_open_ms", BenchReport.decimal(samples.map(\.open).median.milliseconds))
        print("swatchbook.lazy_render_ms", BenchReport.decimal(render.milliseconds))
        print(
            "swatchbook.lazy_total_ms",
            BenchReport.decimal(samples.map { $0.open + $0.render }.median.milliseconds))
        print("swatchbook.lazy_bytes", samples[0].bytes)
        print("swatchbook.lazy_item_calls", itemCalls)
        print("swatchbook.lazy_source_calls", BenchReport.pairs(calls))
        if itemCalls > 0 {
            print(
                "swatchbook.lazy_render_us_per_item",
                BenchReport.decimal(render.nanoseconds / 1000 / Double(itemCalls)))
        }
        // The prefetch alone, source calls included: the pipeline's longest stage.
        print("swatchbook.lazy_prefetch_only_ms", BenchReport.decimal(prefetchTime.milliseconds))
        // The same source calls with no layout or drawing: the Lua side's share of the render.
        print("swatchbook.lazy_source_only_ms", BenchReport.decimal(sourceTime.milliseconds))
        print("swatchbook.lazy_source_only_calls", sourceCalls)
        print(
            "swatchbook.lazy_source_us_per_call",
            BenchReport.decimal(sourceTime.nanoseconds / 1000 / Double(max(1, sourceCalls))))
    }
}

import Foundation
import SwatchbookCore
import SwatchbookLua
import SwatchbookRender
import SwatchbookSession

/// Opens `Scripts/huge.lua` (a lazy source of a million rows) and draws its
/// first viewport, as `swatchbook render --height` does: what it costs to
/// show a catalogue far too big to build.
struct HugeBench {
    let script: URL
    let width: Int
    let height = 40

    /// The times of one repeat, and what it asked the source and drew.
    struct Sample {
        /// Load (run the chunk, read the plugin table) plus layout construction.
        var open: Duration
        /// Open plus the first viewport laid out, painted and written.
        var firstViewport: Duration
        var calls: [String: Int]
        var itemsDrawn: Int
        var bytes: Int
        var documentHeight: Int
    }

    private let clock = ContinuousClock()

    func sample() throws(Diagnostic) -> Sample {
        let start = clock.now
        let plugin = try PluginLoader.load(
            file: script, displayName: script.lastPathComponent,
            context: .bench(width: width, height: height))
        let layout = CatalogueLayout(
            source: plugin.source, settings: plugin.settings, width: width, state: ViewState(),
            measure: { TextWidth.of($0) })
        let opened = clock.now
        let viewport = Viewport(height: height, top: 0)
        let output = RenderPipeline(theme: .standard, depth: .truecolor, settings: plugin.settings)
            .render(layout, viewport, as: .ansi)
        let drawn = clock.now
        if let failure = plugin.sourceFailure { throw failure }
        let calls = plugin.sourceCalls
        // Laid out again untimed to count the cells; the source answers from its cache.
        let items = layout.layout(viewport).elements.count { $0.kind == .item }
        return Sample(
            open: start.duration(to: opened), firstViewport: start.duration(to: drawn), calls: calls,
            itemsDrawn: items, bytes: output.count, documentHeight: layout.documentHeight)
    }

    /// Runs `options.repeats` samples and prints their medians.
    static func run(_ options: BenchOptions) throws(Diagnostic) {
        let script: URL
        if let path = options.script {
            script = URL(fileURLWithPath: path)
        } else {
            script = try BenchFiles.packageFile("Scripts/huge.lua")
        }
        let bench = HugeBench(script: script, width: options.width)
        let samples = try (0..<options.repeats).map { _ throws(Diagnostic) in try bench.sample() }
        let first = samples[0]
        print(
            "# swatchbook-bench --huge \(script.path): first \(options.width)×\(bench.height) viewport"
                + " of \(first.documentHeight) lines, truecolor, \(options.repeats) repeats (medians)")
        print("huge.open_ms", BenchReport.decimal(samples.map(\.open).median.milliseconds))
        print("huge.first_viewport_ms", BenchReport.decimal(samples.map(\.firstViewport).median.milliseconds))
        print("huge.source_calls", BenchReport.pairs(first.calls))
        print("huge.items_drawn", first.itemsDrawn)
        print("huge.bytes", first.bytes)
    }
}

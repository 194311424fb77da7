import Foundation
import SwatchbookCore
import SwatchbookLua
import SwatchbookRender
import SwatchbookSession

/// Runs the render pipeline on the benchmark plugin, once phase by phase and
/// once end to end through ``CatalogueRenderer``, timing each part.
struct PipelineBench {
    let pluginFile: URL
    let width: Int

    /// The times of one repeat, and the bytes it wrote.
    struct Sample {
        var luaBuild: Duration
        var layout: Duration
        var draw: Duration
        var write: Duration
        /// Layout construction plus `CatalogueRenderer.render`, from a built catalogue.
        var render: Duration
        /// Lua build plus render: what `swatchbook render` does in process.
        var total: Duration
        var bytes: Int
    }

    private let clock = ContinuousClock()

    private var context: PluginContext { .bench(width: width) }

    func sample() throws(Diagnostic) -> Sample {
        let phased = try runPhases()
        let whole = try runEndToEnd()
        // The phases must do exactly the renderer's work, or their sum means nothing.
        guard phased.output == whole.output else {
            throw Diagnostic(
                .internal,
                "phased output (\(phased.output.count) bytes) differs from CatalogueRenderer's (\(whole.output.count) bytes)"
            )
        }
        return Sample(
            luaBuild: phased.luaBuild, layout: phased.layout, draw: phased.draw,
            write: phased.write, render: whole.render, total: whole.total,
            bytes: whole.output.count)
    }

    /// Loads the plugin from its file: read, run, call `data`, validate and convert.
    private func load() throws(Diagnostic) -> Plugin {
        try PluginLoader.load(
            file: pluginFile, displayName: pluginFile.lastPathComponent, source: nil,
            context: context)
    }

    private func makeLayout(_ plugin: Plugin) -> CatalogueLayout {
        CatalogueLayout(
            source: plugin.source, settings: plugin.settings, width: width, state: ViewState(),
            measure: { TextWidth.of($0) })
    }

    private func makePipeline(_ plugin: Plugin) -> RenderPipeline {
        RenderPipeline(theme: .standard, depth: .truecolor, settings: plugin.settings)
    }

    /// The pipeline taken apart the way ``CatalogueRenderer/render(_:with:)``
    /// runs it: bands of `bandHeight` lines, each laid out, painted and written.
    private func runPhases() throws(Diagnostic) -> (
        luaBuild: Duration, layout: Duration, draw: Duration, write: Duration, output: [UInt8]
    ) {
        var start = clock.now
        let plugin = try load()
        let luaBuild = start.duration(to: clock.now)

        start = clock.now
        let layout = makeLayout(plugin)
        let pipeline = makePipeline(plugin)
        let bands = pipeline.renderer(for: layout).bands(of: Viewport()).map(layout.layout)
        let layoutTime = start.duration(to: clock.now)

        guard var writer = pipeline.writer(for: .ansi) else { fail("ansi has no canvas writer", code: 70) }
        var output: [UInt8] = []
        var draw = Duration.zero
        var write = Duration.zero
        for band in bands {
            let painting = clock.now
            let canvas = pipeline.paint(band)
            let writing = clock.now
            writer.write(canvas, into: &output)
            draw += painting.duration(to: writing)
            write += writing.duration(to: clock.now)
        }
        let finishing = clock.now
        writer.finish(into: &output)
        write += finishing.duration(to: clock.now)
        return (luaBuild, layoutTime, draw, write, output)
    }

    private func runEndToEnd() throws(Diagnostic) -> (
        render: Duration, total: Duration, output: [UInt8]
    ) {
        let start = clock.now
        let plugin = try load()
        let rendering = clock.now
        let output = makePipeline(plugin).render(makeLayout(plugin), Viewport(), as: .ansi)
        let end = clock.now
        return (rendering.duration(to: end), start.duration(to: end), output)
    }
}

extension PipelineBench {
    /// Runs `options.repeats` samples and prints the median of each phase.
    static func run(_ options: BenchOptions) throws(Diagnostic) {
        let source = BenchPlugin.source(
            sections: options.sections, rows: options.rows, items: options.items)
        let file = try BenchFiles.temporaryPlugin(source, name: "data")
        defer { BenchFiles.remove(file) }
        let bench = PipelineBench(pluginFile: file, width: options.width)
        let samples = try (0..<options.repeats).map { _ throws(Diagnostic) in try bench.sample() }

        func median(_ phase: (Sample) -> Duration) -> String {
            BenchReport.decimal(samples.map(phase).median.milliseconds)
        }
        print(
            "# swatchbook-bench \(options.sections)×\(options.rows)×\(options.items) at \(options.width) columns,"
                + " truecolor, \(options.repeats) repeats (medians)")
        print("swatchbook.lua_build_ms", median(\.luaBuild))
        print("swatchbook.layout_ms", median(\.layout))
        print("swatchbook.draw_ms", median(\.draw))
        print("swatchbook.write_ms", median(\.write))
        print("swatchbook.render_ms", median(\.render))
        print("swatchbook.total_ms", median(\.total))
        // Every repeat writes the same bytes; summing them keeps all the work observable.
        let written = samples.reduce(0) { $0 + $1.bytes }
        print("swatchbook.bytes", written / samples.count)
    }
}

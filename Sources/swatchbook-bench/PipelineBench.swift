import Foundation
import SwatchbookCore
import SwatchbookLua
import SwatchbookRender

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

    /// Generous budgets: the benchmark measures the work, not the sandbox's limits.
    private var context: PluginContext {
        var context = PluginContext()
        context.width = width
        context.limits = ScriptLimits(timeout: 3600, memoryMiB: 65_536)
        return context
    }

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

    private func makeLayout(_ plugin: Plugin) -> ShelvesLayout {
        ShelvesLayout(
            source: plugin.source, settings: plugin.settings, width: width, state: ViewState(),
            measure: { TextWidth.of($0) })
    }

    private func makePainter(_ plugin: Plugin) -> Painter {
        Painter(theme: .standard, depth: .truecolor, settings: plugin.settings)
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
        let bandHeight = CatalogueRenderer(layout: layout, painter: makePainter(plugin)).bandHeight
        var bands: [Layout] = []
        var top = 0
        repeat {
            let height = min(bandHeight, layout.documentHeight - top)
            bands.append(layout.layout(Viewport(width: layout.width, height: height, top: top)))
            top += height
        } while top < layout.documentHeight
        let layoutTime = start.duration(to: clock.now)

        let painter = makePainter(plugin)
        var writer = ANSIWriter(depth: .truecolor)
        var output: [UInt8] = []
        var draw = Duration.zero
        var write = Duration.zero
        for band in bands {
            let painting = clock.now
            let canvas = painter.paint(band)
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
        let renderer = CatalogueRenderer(layout: makeLayout(plugin), painter: makePainter(plugin))
        var writer = ANSIWriter(depth: .truecolor)
        let output = renderer.render(Viewport(width: width), with: &writer)
        let end = clock.now
        return (rendering.duration(to: end), start.duration(to: end), output)
    }
}

extension Duration {
    var milliseconds: Double {
        let parts = components
        return Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15
    }
}

extension Array where Element == Duration {
    /// The middle value; the mean of the middle two for an even count.
    var median: Duration {
        let sorted = self.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

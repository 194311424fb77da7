import Foundation
import SwatchbookCore
import SwatchbookLua
import SwatchbookRender

/// The three layouts on the benchmark catalogue, each drawn whole (band by
/// band, as `render` draws it, measuring included) and as one 120×40
/// viewport of the measured layout, from the same
/// built catalogue in the same process, so their ratios to shelves mean
/// something. The catalogue is built once; only layout and drawing are timed.
struct LayoutsBench {
    let plugin: Plugin
    let width: Int
    private let clock = ContinuousClock()

    struct Sample {
        var whole: Duration
        var viewport: Duration
        var lines: Int
        var bytes: Int
    }

    func sample(_ style: LayoutSettings.Style) -> Sample {
        var settings = plugin.settings
        settings.style = style
        let pipeline = RenderPipeline(theme: .standard, depth: .truecolor, settings: settings)
        func layout() -> CatalogueLayout {
            CatalogueLayout(
                source: plugin.source, settings: settings, width: width, state: ViewState(),
                measure: { TextWidth.of($0) })
        }
        var start = clock.now
        let whole = layout()
        let bytes = pipeline.render(whole, Viewport(), as: .ansi)
        let wholeTime = start.duration(to: clock.now)
        // A screen in the middle of the document, the layout measured
        // already: what browse draws for a key.
        let window = Viewport(height: 40, top: whole.documentHeight / 2, stickyHeaders: true)
        start = clock.now
        let frame = pipeline.render(whole, window, as: .ansi)
        let viewportTime = start.duration(to: clock.now)
        withExtendedLifetime(frame) {}
        return Sample(
            whole: wholeTime, viewport: viewportTime, lines: whole.documentHeight, bytes: bytes.count)
    }

    static func run(_ options: BenchOptions) throws(Diagnostic) {
        let source = BenchPlugin.source(sections: options.sections, rows: options.rows, items: options.items)
        let file = try BenchFiles.temporaryPlugin(source, name: "layouts")
        defer { BenchFiles.remove(file) }
        let plugin = try PluginLoader.load(
            file: file, displayName: file.lastPathComponent, source: nil,
            context: .bench(width: options.width))
        let bench = LayoutsBench(plugin: plugin, width: options.width)
        print(
            "# swatchbook-bench --layouts \(options.sections)×\(options.rows)×\(options.items) at"
                + " \(options.width) columns, truecolor, built once, \(options.repeats) repeats (medians);"
                + " the styles take turns in each repeat")
        var samples: [LayoutSettings.Style: [Sample]] = [:]
        for _ in 0..<options.repeats {
            for style in LayoutSettings.Style.allCases {
                samples[style, default: []].append(bench.sample(style))
            }
        }
        let shelves = samples[.shelves]!.map(\.whole).median
        for style in LayoutSettings.Style.allCases {
            let runs = samples[style]!
            let whole = runs.map(\.whole).median
            let name = "layouts.\(style.rawValue)"
            print("\(name)_whole_ms", BenchReport.decimal(whole.milliseconds))
            print("\(name)_lines", runs[0].lines)
            print("\(name)_bytes", runs[0].bytes)
            print(
                "\(name)_us_per_line", BenchReport.decimal(whole.nanoseconds / 1000 / Double(runs[0].lines)))
            print("\(name)_viewport_us", BenchReport.decimal(runs.map(\.viewport).median.nanoseconds / 1000))
            print("\(name)_whole_vs_shelves", BenchReport.decimal(whole.milliseconds / shelves.milliseconds))
        }
    }
}

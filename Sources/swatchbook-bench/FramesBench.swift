import Foundation
import SwatchbookCore
import SwatchbookLua
import SwatchbookRender
import SwatchbookSession
import SwatchbookTerminal

/// What browse does for one key at 200×60: the key through the session,
/// the screen laid out and painted, and the frame diffed against the last
/// one. Times are from the key to the frame's bytes (the write to the
/// terminal itself is left out, as is the status line); bytes are what
/// would be written.
struct FramesBench {
    let script: URL
    /// The plugin's options (`--set`).
    var options: [String: String] = [:]
    /// A tree's every node open (`--expand all`), whose keys are a node
    /// closed and opened again: the toggle.
    var expandsAll = false
    let width = 200
    let height = 60

    struct Result {
        var name: String
        var medianMicroseconds: Double
        var medianBytes: Int
    }

    func run(repeats: Int) throws(Diagnostic) -> [Result] {
        var context = PluginContext.bench(width: width, height: height)
        context.options = options
        let plugin = try PluginLoader.load(
            file: script, displayName: script.lastPathComponent, context: context)
        let session = Session(
            script: plugin, settings: plugin.settings, screen: Screen(width: width, height: height - 1),
            state: nil, measure: { TextWidth.of($0) })
        try session.start()
        if expandsAll { session.expandAll() }
        var interpreter = KeyInterpreter(session: session)
        var differ = FrameDiffer(depth: .truecolor)
        let pipeline = RenderPipeline(theme: .standard, depth: .truecolor, settings: session.settings)
        let clock = ContinuousClock()

        func frame() -> [UInt8] {
            var layout = session.visibleLayout()
            layout.viewport.height = height
            return differ.frame(pipeline.paint(layout))
        }
        _ = frame()

        func measure(_ name: String, _ steps: [() throws(Diagnostic) -> Void]) throws(Diagnostic) -> Result {
            var times: [Duration] = []
            var sizes: [Int] = []
            for i in 0..<max(repeats, 1) * 40 {
                let start = clock.now
                try steps[i % steps.count]()
                let bytes = frame()
                times.append(start.duration(to: clock.now))
                sizes.append(bytes.count)
            }
            return Result(
                name: name, medianMicroseconds: times.median.nanoseconds / 1000,
                medianBytes: sizes.sorted()[sizes.count / 2])
        }

        func press(_ key: Key) -> () throws(Diagnostic) -> Void {
            { () throws(Diagnostic) in _ = try interpreter.press(key) }
        }
        if expandsAll {
            // The first group of the tree, on screen: closed, then opened.
            let group = ElementPath([1, 1, 1])
            func toggle(_ open: Bool) -> () throws(Diagnostic) -> Void {
                { () throws(Diagnostic) in
                    guard let node = session.navigator.locate(group, in: session.state) else {
                        throw Diagnostic(.internal, "the tree's first group is not on screen")
                    }
                    try session.setExpanded(node, open)
                }
            }
            let toggling = try measure("toggle", [toggle(false), toggle(true)])
            let pageDown = try measure("page_down", [press(.pageDown), press(.pageUp)])
            return [toggling, pageDown]
        }
        let focusMove = try measure("focus_move", [press(.right), press(.left)])
        let strip = session.navigator.currentTarget(in: session.state)?.path ?? ElementPath([1, 1, 1])
        let stripScroll = try measure(
            "strip_scroll",
            [
                { session.scrollStrip(strip, byCells: 1) },
                { session.scrollStrip(strip, byCells: -1) },
            ])
        let pageDown = try measure("page_down", [press(.pageDown), press(.pageUp)])
        return [focusMove, stripScroll, pageDown]
    }

    static func run(_ options: BenchOptions) throws(Diagnostic) {
        print(
            "# --frames: key to frame at 200×60 in truecolor, medians of \(max(options.repeats, 1) * 40) keys each"
        )
        // The tree: Tools/tree.lua's 10^6 nodes, every one open.
        let benches = [
            ("demo", FramesBench(script: try BenchFiles.packageFile("Scripts/colors.lua"))),
            ("huge", FramesBench(script: try BenchFiles.packageFile("Scripts/huge.lua"))),
            (
                "tree",
                FramesBench(
                    script: try BenchFiles.packageFile("Tools/tree.lua"), options: ["n": "1000000"],
                    expandsAll: true)
            ),
        ]
        for (label, bench) in benches {
            for result in try bench.run(repeats: options.repeats) {
                print(
                    "frames.\(label).\(result.name)_us \(String(format: "%.1f", result.medianMicroseconds))")
                print("frames.\(label).\(result.name)_bytes \(result.medianBytes)")
            }
        }
    }
}

import Foundation
import SwatchbookCore

// `swatchbook-bench`: medians of Swatchbook's costs, in process: the render
// pipeline on a generated catalogue (built whole or served lazily), opening a
// huge lazy source, and the Swift–Lua crossings.

/// Reports a failure on standard error and exits with `code`.
func fail(_ message: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data(("swatchbook-bench: " + message + "\n").utf8))
    exit(code)
}

let options: BenchOptions
do {
    guard let parsed = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst())) else {
        print(BenchOptions.usage)
        exit(0)
    }
    options = parsed
} catch {
    fail(error.message + "\n" + BenchOptions.usage, code: 2)
}

if let path = options.pluginOutput {
    let source =
        options.mode == .lazy
        ? BenchPlugin.lazySource(sections: options.sections, rows: options.rows, items: options.items)
        : BenchPlugin.source(sections: options.sections, rows: options.rows, items: options.items)
    guard FileManager.default.createFile(atPath: path, contents: Data(source.utf8)) else {
        fail("cannot write \(path)", code: 1)
    }
    exit(0)
}

do throws(Diagnostic) {
    switch options.mode {
    case .pipeline: try PipelineBench.run(options)
    case .lazy: try LazyBench.run(options)
    case .huge: try HugeBench.run(options)
    case .calls: try CallsBench.run(options)
    case .frames: try FramesBench.run(options)
    case .layouts: try LayoutsBench.run(options)
    case .filter: try FilterBench.run(options)
    }
} catch {
    fail(error.formatted, code: 1)
}

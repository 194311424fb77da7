import Foundation
import SwatchbookCore

// `swatchbook-bench`: medians of each phase of the render pipeline, in
// process, on a generated catalogue built by a Lua plugin.

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

let pluginSource = BenchPlugin.source(
    sections: options.sections, rows: options.rows, items: options.items)

if let path = options.pluginOutput {
    guard FileManager.default.createFile(atPath: path, contents: Data(pluginSource.utf8)) else {
        fail("cannot write \(path)", code: 1)
    }
    exit(0)
}

let pluginFile = FileManager.default.temporaryDirectory
    .appendingPathComponent("swatchbook-bench-\(getpid()).lua")
guard FileManager.default.createFile(atPath: pluginFile.path, contents: Data(pluginSource.utf8))
else {
    fail("cannot write \(pluginFile.path)", code: 1)
}

let bench = PipelineBench(pluginFile: pluginFile, width: options.width)
let result = Result { () throws(Diagnostic) in
    try (0..<options.repeats).map { _ throws(Diagnostic) in try bench.sample() }
}
try? FileManager.default.removeItem(at: pluginFile)
let samples: [PipelineBench.Sample]
switch result {
case .success(let value): samples = value
case .failure(let error): fail(error.formatted, code: 1)
}

func median(of samples: [PipelineBench.Sample], _ phase: (PipelineBench.Sample) -> Duration)
    -> String
{
    String(format: "%.3f", samples.map(phase).median.milliseconds)
}

print(
    "# swatchbook-bench \(options.sections)×\(options.rows)×\(options.items) at \(options.width) columns,"
        + " truecolor, \(options.repeats) repeats (medians)")
print("swatchbook.lua_build_ms", median(of: samples, \.luaBuild))
print("swatchbook.layout_ms", median(of: samples, \.layout))
print("swatchbook.draw_ms", median(of: samples, \.draw))
print("swatchbook.write_ms", median(of: samples, \.write))
print("swatchbook.render_ms", median(of: samples, \.render))
print("swatchbook.total_ms", median(of: samples, \.total))
// Every repeat writes the same bytes; summing them keeps all the work observable.
let written = samples.reduce(0) { $0 + $1.bytes }
print("swatchbook.bytes", written / samples.count)

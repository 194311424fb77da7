import Foundation
import FuzzDriver

@testable import SwatchbookCLI

// A plugin from random bytes, loaded and rendered as `render` does, in
// one of the five formats: every input is a document or a Diagnostic.
// An input whose first byte is 0 drives a generator that writes a Lua
// data table (sections, rows, items, trees and fields, with hostile
// strings and numbers), so that mutations reach the model reader rather
// than Lua's syntax errors; any other input is the plugin's source.

/// Reads the input a byte at a time, zeros once it is spent.
struct Draw {
    var bytes: ArraySlice<UInt8>
    mutating func next() -> Int { Int(bytes.popFirst() ?? 0) }
    var isDone: Bool { bytes.isEmpty }
}

let keys = [
    "name", "color", "rows", "items", "children", "fields", "id", "count", "sections", "layout",
    "style", "wrap", "theme", "expanded", "title", "value", "source", "key", "label", "needs", "files",
]
let colors = ["\"#FF0000\"", "\"red\"", "\"#12345678\"", "\"#abc\"", "\"nope\"", "\"#GGG\"", "\"\""]
let numbers = [
    "0/0", "1/0", "-1/0", "math.maxinteger", "math.mininteger", "2^53", "1e308", "-0.0", "0.5",
    "-1", "0", "3",
]

func string(_ draw: inout Draw) -> String {
    let length = draw.next() % 24
    var text = "\""
    for _ in 0..<length { text += "\\\(draw.next())" }
    return text + "\""
}

func value(_ draw: inout Draw, depth: Int) -> String {
    switch draw.next() % 9 {
    case 0: return string(&draw)
    case 1: return numbers[draw.next() % numbers.count]
    case 2: return colors[draw.next() % colors.count]
    case 3: return draw.next() % 2 == 0 ? "true" : "false"
    default:
        guard depth < 48, !draw.isDone else { return "{}" }
        var entries: [String] = []
        for _ in 0..<(draw.next() % 6) {
            let choice = draw.next()
            let item = value(&draw, depth: depth + 1)
            switch choice % 4 {
            case 0: entries.append(item)
            case 1: entries.append("[\(string(&draw))] = \(item)")
            default: entries.append("\(keys[choice % keys.count]) = \(item)")
            }
        }
        return "{ " + entries.joined(separator: ", ") + " }"
    }
}

let folder = FileManager.default.temporaryDirectory.appending(path: "swatchbook-fuzz-\(getpid())")
try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
let file = folder.appending(path: "fuzz.lua").path
let formats = ["plain", "ansi", "html", "json", "transcript"]
let terminal = TerminalInfo.current()
let command = RenderCommand(
    terminal: terminal, locator: PluginLocator(environment: terminal.environment), warn: { _ in })

fuzz { bytes in
    var source = bytes
    // A source is drawn in a viewport, whose cost follows the screen: a
    // whole document of a mutated big demo would take seconds an input.
    var options = ["--format", "plain", "--width", "60", "--height", "30"]
    if bytes.first == 0 {
        var draw = Draw(bytes: bytes.dropFirst())
        options = ["--format", formats[draw.next() % formats.count], "--width", "\(1 + draw.next() % 120)"]
        if draw.next() % 2 == 0 { options += ["--height", "\(1 + draw.next() % 40)"] }
        source = Array("return { name = \"Fuzz\", api = 1, data = \(value(&draw, depth: 0)) }".utf8)
    }
    guard FileManager.default.createFile(atPath: file, contents: Data(source)) else {
        preconditionFailure("cannot write \(file)")
    }
    _ = try? command.run([file, "--script-timeout", "0.05", "--max-memory", "32"] + options)
}

import Foundation
import FuzzDriver
import SwatchbookLua

@testable import SwatchbookCLI

// The palette readers (the bundled Lua plugins and the host's property-list
// helper under the iTerm2 reader): random bytes as the file named on the
// command line, read by the reader the first byte picks, or by the one the
// locator chooses from the content when it picks none. Every input is a
// catalogue or a Diagnostic, never a crash or a hang past the time budget.

let readers = ReaderLocator(environment: [:]).readers()
let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "swatchbook-fuzz-reader-\(getpid())")
try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
let file = folder.appendingPathComponent("input")

fuzz { bytes in
    guard let choice = bytes.first else { return }
    let body = Array(bytes.dropFirst())
    FileManager.default.createFile(atPath: file.path, contents: Data(body))
    let input = InputFile(url: file, displayName: "input")
    var context = PluginContext()
    context.input = input
    context.limits.timeout = 1
    let located: PluginLocator.Located
    if Int(choice) < readers.count {
        located = readers[Int(choice)].located
    } else {
        do throws(Diagnostic) {
            located = try ReaderLocator(environment: [:]).reader(for: input, format: nil) { _ in }
        } catch {
            return
        }
    }
    do throws(Diagnostic) {
        let plugin = try PluginLoader.load(
            file: located.url, displayName: located.displayName, source: located.source,
            bundle: located.bundle,
            context: context)
        precondition(plugin.catalogue != nil, "a reader gave no catalogue")
    } catch {
        precondition(!error.formatted.isEmpty, "an empty error")
    }
}

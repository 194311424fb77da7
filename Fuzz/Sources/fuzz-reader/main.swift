import Foundation
import FuzzDriver
import SwatchbookCore
import SwatchbookLua

@testable import SwatchbookCLI

// The palette readers (the bundled Lua plugins and the host's property-list
// helper under the iTerm2 reader): random bytes as the file named on the
// command line, read by the reader the first byte picks, or by the one the
// locator chooses from the content when it picks none. Every input is a
// catalogue or a Diagnostic, never a crash or a hang past the time budget.

nonisolated(unsafe) let readers = ReaderLocator(environment: [:]).readers()
nonisolated(unsafe) let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "swatchbook-fuzz-reader-\(getpid())")
try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
nonisolated(unsafe) let file = folder.appendingPathComponent("input")

func locate(_ choice: UInt8, _ input: InputFile) -> PluginLocator.Located? {
    if Int(choice) < readers.count { return readers[Int(choice)].located }
    do throws(Diagnostic) {
        return try ReaderLocator(environment: [:]).reader(
            for: input, format: nil, among: ReaderLocator.Readers(loaded: readers))
    } catch {
        return nil
    }
}

func read(_ bytes: [UInt8]) {
    guard let choice = bytes.first else { return }
    _ = FileManager.default.createFile(atPath: file.path, contents: Data(bytes.dropFirst()))
    let input = InputFile(url: file, displayName: "input")
    guard let located = locate(choice, input) else { return }
    var context = PluginContext()
    context.input = input
    context.limits.timeout = 1
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

fuzz(read)

import Foundation
import FuzzDriver
import SwatchbookCore
import SwatchbookLua

@testable import SwatchbookCLI

// The INI and TOML subset parsers the terminal-scheme readers share
// (`Readers/terminal.lua`), by themselves: random bytes go to both, and
// every value they give to the colour reader. A parser may reject its
// input only through sb.input_error; any other Lua error (indexing a nil
// value, a bad argument to a library function) is a finding, as is a
// hang past the time budget.

/// Runs inside the sandbox with the bundled readers beside it. An input
/// error is caught here, where it can be told from any other error by the
/// call that raised it.
let harness = """
    local sb = require "swatchbook"
    local raise, reported = sb.input_error, false
    sb.input_error = function(line, message)
      reported = true
      return raise(line, message)
    end
    local terminal = require "terminal"
    local function run(parser, text)
      reported = false
      local ok, result = pcall(parser, text)
      if not ok then
        if not reported then error("not an input error: " .. tostring(result), 0) end
        return {}
      end
      return result
    end
    return { name = "terminal config", api = 1, data = function()
      local text = sb.input()
      for _, section in pairs(run(terminal.ini, text)) do
        for _, entry in pairs(section) do terminal.color(entry.value) end
      end
      for _, entry in pairs(run(terminal.toml, text)) do
        if type(entry.value) == "table" then
          for _, value in ipairs(entry.value) do terminal.color(value) end
        else
          terminal.color(entry.value)
        end
      end
      return { { name = "read", rows = {} } }
    end }
    """

nonisolated(unsafe) let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "swatchbook-fuzz-terminal-config-\(getpid())")
try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
nonisolated(unsafe) let file = folder.appendingPathComponent("input")

fuzz { bytes in
    _ = FileManager.default.createFile(atPath: file.path, contents: Data(bytes))
    var context = PluginContext()
    context.input = InputFile(url: file, displayName: "input")
    context.limits.timeout = 1
    do throws(Diagnostic) {
        _ = try PluginLoader.load(
            file: URL(fileURLWithPath: "Readers/fuzz-terminal-config.lua"),
            displayName: "Readers/fuzz-terminal-config.lua", source: Array(harness.utf8),
            bundle: BundledReaders.files, context: context)
    } catch {
        preconditionFailure(error.formatted)
    }
}

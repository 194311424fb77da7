import Foundation
import SwatchbookCore

/// Where the benchmark's scripts live: generated plugins in a temporary
/// folder, shipped scripts beside the package.
enum BenchFiles {
    /// Writes a generated plugin to a fresh temporary file, named `name`.
    static func temporaryPlugin(_ source: String, name: String) throws(Diagnostic) -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("swatchbook-bench-\(getpid())-\(name).lua")
        guard FileManager.default.createFile(atPath: url.path, contents: Data(source.utf8)) else {
            throw Diagnostic(.internal, file: url.path, "cannot be written")
        }
        return url
    }

    static func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
    }

    /// `relative` inside the package: the first folder above the executable
    /// (it lives in `.build/<triple>/release`) or the current directory that
    /// holds both `Package.swift` and the file.
    static func packageFile(_ relative: String) throws(Diagnostic) -> URL {
        let manager = FileManager.default
        var starts: [URL] = []
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            starts.append(executable.deletingLastPathComponent())
        }
        starts.append(URL(fileURLWithPath: manager.currentDirectoryPath, isDirectory: true))
        for start in starts {
            var folder = start.standardizedFileURL
            while true {
                let candidate = folder.appendingPathComponent(relative)
                if manager.fileExists(atPath: folder.appendingPathComponent("Package.swift").path),
                    manager.fileExists(atPath: candidate.path)
                {
                    return candidate
                }
                let parent = folder.deletingLastPathComponent()
                if parent.path == folder.path { break }
                folder = parent
            }
        }
        throw Diagnostic(
            .usage,
            "cannot find \(relative) above the executable or the current directory; pass --script PATH")
    }
}

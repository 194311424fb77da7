import Foundation
import SwatchbookCore

/// The scheme files an import reads: each argument is a file, or a folder
/// standing for its `.yaml` and `.yml` files sorted by name (a clone of a
/// scheme repository, say).
enum Base16Inputs {
    /// Files with the names to show for them; a file named twice is read once.
    static func files(_ arguments: [String], resolve: (String) -> URL) throws(Diagnostic) -> [(URL, String)] {
        var files: [(URL, String)] = []
        var seen: Set<String> = []
        for argument in arguments {
            let url = resolve(argument)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                throw Diagnostic(.inputMissing, file: argument, "no such file")
            }
            var found = [(url, argument)]
            if isDirectory.boolValue {
                let folder = argument.hasSuffix("/") ? argument : argument + "/"
                found = schemeNames(in: url).map { (url.appendingPathComponent($0), folder + $0) }
                guard !found.isEmpty else {
                    throw Diagnostic(.inputMissing, file: argument, "holds no .yaml or .yml scheme files")
                }
            }
            for file in found where seen.insert(file.0.path).inserted {
                files.append(file)
            }
        }
        return files
    }

    /// Visible `.yaml` and `.yml` files of a folder, sorted.
    private static func schemeNames(in folder: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { name in
            let lower = name.lowercased()
            var isDirectory: ObjCBool = false
            return !name.hasPrefix(".") && (lower.hasSuffix(".yaml") || lower.hasSuffix(".yml"))
                && FileManager.default.fileExists(
                    atPath: folder.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }.sorted()
    }
}

import Foundation
import SwatchbookCore

/// The scheme files an import reads: each argument is a file, or a folder
/// standing for its visible files sorted by name (a clone of a scheme
/// repository, say): for base16 its `.yaml` and `.yml` files, for terminal
/// schemes every file.
public enum SchemeInputs {
    /// Files with the names to show for them; a file named twice is read
    /// once. `extensions` (lowercased, without the dot) are the files a
    /// folder stands for; nil, all of them.
    public static func files(
        _ arguments: [String], extensions: [String]?, resolve: (String) -> URL
    ) throws(Diagnostic) -> [(URL, String)] {
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
                found = schemeNames(in: url, extensions: extensions).map {
                    (url.appendingPathComponent($0), folder + $0)
                }
                guard !found.isEmpty else {
                    let kinds = extensions.map { $0.map { "." + $0 }.joined(separator: " or ") + " " } ?? ""
                    throw Diagnostic(.inputMissing, file: argument, "holds no \(kinds)scheme files")
                }
            }
            for file in found where seen.insert(file.0.path).inserted {
                files.append(file)
            }
        }
        return files
    }

    /// Visible files of a folder with one of `extensions` (any when nil), sorted.
    private static func schemeNames(in folder: URL, extensions: [String]?) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { name in
            let lower = name.lowercased()
            var isDirectory: ObjCBool = false
            return !name.hasPrefix(".") && (extensions?.contains { lower.hasSuffix("." + $0) } ?? true)
                && FileManager.default.fileExists(
                    atPath: folder.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }.sorted()
    }
}

import Foundation
import SwatchbookCore
import SwatchbookLua

/// Finds the plugin a command names: a path to a `.lua` file, or a name
/// looked up on the search path, else the bundled demo.
struct PluginLocator {
    var environment: [String: String]
    var currentDirectory = FileManager.default.currentDirectoryPath

    struct Located {
        var url: URL
        var displayName: String
        /// The compiled-in source, for bundled plugins.
        var source: [UInt8]?
        /// The files beside a bundled plugin (`categories.json`), by name.
        var bundle: [String: [UInt8]]?
        /// The palette file a reader plugin is to read.
        var input: InputFile?
        /// The reader as the locator probed it, whose state the load reuses.
        var probe: ReaderProbe?
    }

    static let bundledDemoName = "colors"

    /// The bundled demo, compiled in so it works from any folder.
    static var bundledDemo: Located { bundled(bundledDemoName)! }

    /// The plugin of `Scripts/` compiled in under `name`, if there is one.
    static func bundled(_ name: String) -> Located? {
        guard let source = BundledScripts.files[name + ".lua"] else { return nil }
        return Located(
            url: URL(fileURLWithPath: "Scripts/\(name).lua"), displayName: "Scripts/\(name).lua",
            source: source,
            bundle: BundledScripts.files)
    }

    /// Folders searched for plugin names, in order.
    var searchPath: [String] {
        var folders = ["Scripts"]
        if let extra = environment["SWATCHBOOK_PATH"] {
            folders += extra.split(separator: ":").map(String.init).filter { !$0.isEmpty }
        }
        folders.append(ConfigFolder.path(in: environment) + "/plugins")
        return folders
    }

    /// The plugin `argument` names; for a palette file (any file that is
    /// not `.lua`, or any file with `inputFormat`, or `-` for standard
    /// input), the reader plugin that reads it, with the file as its input.
    func locate(_ argument: String?, inputFormat: String? = nil, warn: (String) -> Void = { _ in })
        throws(Diagnostic) -> Located
    {
        guard let argument else {
            if inputFormat != nil {
                throw Diagnostic(.usage, "--input-format: name the palette file to read")
            }
            return Self.bundledDemo
        }
        if argument == "-" {
            // Standard input has no name to go by: --input-format names its
            // format, else its content does.
            let input = InputFile(url: try StandardInput.file(), displayName: StandardInput.displayName)
            return try ReaderLocator(environment: environment).reader(
                for: input, format: inputFormat, warn: warn)
        }
        if inputFormat != nil || Self.isPaletteFile(argument, at: url(argument)) {
            let input = InputFile(url: url(argument), displayName: argument)
            return try ReaderLocator(environment: environment).reader(
                for: input, format: inputFormat, warn: warn)
        }
        if argument.hasSuffix(".lua") || argument.contains("/") {
            return Located(url: url(argument), displayName: argument)
        }
        for folder in searchPath {
            let candidate = folder + "/" + argument + ".lua"
            if FileManager.default.fileExists(atPath: url(candidate).path) {
                return Located(url: url(candidate), displayName: candidate)
            }
        }
        if let bundled = Self.bundled(argument) { return bundled }
        throw Diagnostic(
            .inputMissing, file: argument,
            "no such plugin: not a .lua path, and not found in \(searchPath.joined(separator: ", ")) or the bundled plugins",
            suggestion: Suggestion(for: argument, among: BundledScripts.pluginNames, spelled: .bare))
    }

    /// A file argument that is not a Lua script: one that exists and is not
    /// a folder, or a name with an extension (so a missing `Tango.gpl` is
    /// "no such file", not "no such plugin").
    static func isPaletteFile(_ argument: String, at url: URL) -> Bool {
        guard !argument.hasSuffix(".lua") else { return false }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) {
            return !isFolder.boolValue
        }
        let name = url.lastPathComponent
        return !url.pathExtension.isEmpty && !name.hasPrefix(".")
    }

    /// `path` from the working folder, unless it is absolute.
    func url(_ path: String) -> URL {
        path.hasPrefix("/")
            ? URL(fileURLWithPath: path)
            : URL(fileURLWithPath: currentDirectory).appendingPathComponent(path)
    }
}

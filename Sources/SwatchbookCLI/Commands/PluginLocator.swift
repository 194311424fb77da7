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
        let config =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"].map { $0 + "/.config" } ?? ".config")
        folders.append(config + "/swatchbook/plugins")
        return folders
    }

    func locate(_ argument: String?) throws(Diagnostic) -> Located {
        guard let argument else { return Self.bundledDemo }
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

    private func url(_ path: String) -> URL {
        path.hasPrefix("/")
            ? URL(fileURLWithPath: path)
            : URL(fileURLWithPath: currentDirectory).appendingPathComponent(path)
    }
}

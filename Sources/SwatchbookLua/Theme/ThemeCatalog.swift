import Foundation
import SwatchbookCore

/// The installed themes: the built-in ones, then theme packs found in
/// `./Themes`, each folder of `$SWATCHBOOK_THEMES` and
/// `$XDG_CONFIG_HOME/swatchbook/themes`; a later place overrides an earlier
/// one. A pack is a folder with `pack.lua` (`name`, `version`, `author`,
/// `license`, `themes = { files… }`).
public struct ThemeCatalog {
    public struct Entry: Sendable {
        public var spec: ThemeSpec
        /// The pack's name, or nil for a built-in theme.
        public var pack: String?
    }

    public private(set) var entries: [String: Entry] = [:]
    public private(set) var warnings: [Warning] = []
    /// Packs that could not be read, with why.
    public private(set) var problems: [Diagnostic] = []

    public init(builtIn: [Theme]) {
        for theme in builtIn {
            entries[theme.id] = Entry(spec: ThemeSpec(theme, file: "(built in) \(theme.id)"), pack: nil)
        }
    }

    /// Places packs are looked for, in override order.
    public static func searchPath(environment: [String: String]) -> [String] {
        var folders = ["Themes"]
        if let extra = environment["SWATCHBOOK_THEMES"] {
            folders += extra.split(separator: ":").map(String.init).filter { !$0.isEmpty }
        }
        let config =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"].map { $0 + "/.config" } ?? ".config")
        folders.append(config + "/swatchbook/themes")
        return folders
    }

    /// Adds every pack below each folder (a folder may itself be a pack).
    public mutating func addPacks(in folders: [String]) {
        let manager = FileManager.default
        for folder in folders {
            var packs: [String] = []
            if manager.fileExists(atPath: folder + "/pack.lua") {
                packs.append(folder)
            } else if let names = try? manager.contentsOfDirectory(atPath: folder) {
                packs += names.sorted().map { folder + "/" + $0 }.filter {
                    manager.fileExists(atPath: $0 + "/pack.lua")
                }
            }
            for pack in packs { addPack(at: pack) }
        }
    }

    private mutating func addPack(at folder: String) {
        let manifest = folder + "/pack.lua"
        do throws(Diagnostic) {
            let pack = try PackManifest.load(file: URL(fileURLWithPath: manifest), displayName: manifest)
            for file in pack.themes {
                let path = folder + "/" + file
                let loaded = try ThemeLoader.load(file: URL(fileURLWithPath: path), displayName: path)
                warnings += loaded.warnings
                let entry = Entry(spec: loaded.spec, pack: pack.name)
                entries[loaded.spec.id] = entry
                for alias in loaded.aliases { entries[alias] = entry }
            }
        } catch {
            problems.append(error)
        }
    }

    public var resolver: ThemeResolver {
        ThemeResolver(specs: entries.mapValues(\.spec))
    }
}

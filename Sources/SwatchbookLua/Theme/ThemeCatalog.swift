import Foundation
import SwatchbookCore

/// The installed themes: the built-in ones, the packs compiled into the
/// binary, then theme packs found in `./Themes`, each folder of
/// `$SWATCHBOOK_THEMES` and `$XDG_CONFIG_HOME/swatchbook/themes`; a later
/// place overrides an earlier one, so a user's copy of a bundled theme wins. A pack is a folder with `pack.lua` (`name`, `version`, `author`,
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

    /// Adds the packs compiled into the binary: `files` maps `pack/file.lua`
    /// to its bytes, and each pack's folder holds a `pack.lua`.
    public mutating func addBundledPacks(_ files: [String: [UInt8]]) {
        let packs = Set(files.keys.compactMap { $0.split(separator: "/").first.map(String.init) })
        for pack in packs.sorted() {
            let base = URL(fileURLWithPath: "/(bundled)/\(pack)")
            addPack(named: "(bundled) \(pack)", base: base) { file in files[pack + "/" + file] }
        }
    }

    /// Places packs are looked for, in override order.
    public static func searchPath(environment: [String: String]) -> [String] {
        var folders = ["Themes"]
        if let extra = environment["SWATCHBOOK_THEMES"] {
            folders += extra.split(separator: ":").map(String.init).filter { !$0.isEmpty }
        }
        folders.append(ConfigFolder.path(in: environment) + "/themes")
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
                // A dot-folder is never a pack: an import stages there.
                packs += names.filter { !$0.hasPrefix(".") }.sorted().map { folder + "/" + $0 }.filter {
                    manager.fileExists(atPath: $0 + "/pack.lua")
                }
            }
            for pack in packs {
                addPack(named: pack, base: URL(fileURLWithPath: pack)) { _ in nil }
            }
        }
    }

    /// Adds one pack; `bundled` gives a file's bytes when the pack is
    /// compiled in, nil when it is read from `base` on disk.
    /// A theme that fails to load is a problem; the pack's other themes
    /// still load.
    private mutating func addPack(named folder: String, base: URL, bundled: @escaping (String) -> [UInt8]?) {
        let manifest = folder + "/pack.lua"
        let pack: PackManifest
        do throws(Diagnostic) {
            let source = bundled("pack.lua")
            pack = try PackManifest.load(
                file: base.appendingPathComponent("pack.lua"), displayName: manifest, source: source,
                isMember: source == nil ? nil : { bundled($0) != nil })
        } catch {
            return problems.append(error)
        }
        for file in pack.themes {
            do throws(Diagnostic) {
                let loaded = try ThemeLoader.load(
                    file: base.appendingPathComponent(file), displayName: folder + "/" + file,
                    source: bundled(file))
                warnings += loaded.warnings
                let entry = Entry(spec: loaded.spec, pack: pack.name)
                entries[loaded.spec.id] = entry
                for alias in loaded.aliases { entries[alias] = entry }
            } catch {
                problems.append(error)
            }
        }
    }

    public var resolver: ThemeResolver {
        ThemeResolver(specs: entries.mapValues(\.spec))
    }
}

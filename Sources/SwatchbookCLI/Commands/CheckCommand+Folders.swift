import Foundation
import SwatchbookCore
import SwatchbookLua

/// What `check DIR` checks: the plugins, themes and packs of a folder, and
/// every palette file under it that a reader claims.
extension CheckCommand {
    /// The files a folder stands for, and those under it that were left
    /// out, each with why.
    struct Expansion {
        var files: [String] = []
        var skipped: [(file: String, why: String)] = []
    }

    /// `argument`, a folder: its own `.lua` files, each pack in it or under
    /// it (its `pack.lua` and the themes it lists), and every file under it
    /// that a reader claims by its extension (and, where several readers
    /// share one, that one of them recognises), in name order, folder by
    /// folder. A `.lua` file in any other subfolder is left out: it is
    /// most likely a module a plugin requires, not a plugin. Hidden files
    /// and folders are left out too.
    func expand(folder argument: String, readers: ReaderLocator.Readers) -> Expansion {
        var expansion = Expansion()
        walk(argument, isTop: true, readers: readers, into: &expansion)
        return expansion
    }

    private func walk(
        _ folder: String, isTop: Bool, readers: ReaderLocator.Readers, into expansion: inout Expansion
    ) {
        let manager = FileManager.default
        let prefix = folder == "." ? "" : folder.hasSuffix("/") ? folder : folder + "/"
        let names = ((try? manager.contentsOfDirectory(atPath: resolve(folder).path)) ?? [])
            .filter { !$0.hasPrefix(".") }.sorted()
        let isPack = names.contains("pack.lua")
        var subfolders: [String] = []
        for name in names {
            let file = prefix + name
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: resolve(file).path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                subfolders.append(file)
            } else if name.hasSuffix(".lua") {
                if isTop || isPack {
                    expansion.files.append(file)
                } else {
                    expansion.skipped.append((file, "a .lua file outside a pack, below the folder named"))
                }
            } else if let why = unclaimed(file, readers: readers) {
                expansion.skipped.append((file, why))
            } else {
                expansion.files.append(file)
            }
        }
        for subfolder in subfolders { walk(subfolder, isTop: false, readers: readers, into: &expansion) }
    }

    /// Why no reader takes `file`, or nil when one does.
    private func unclaimed(_ file: String, readers: ReaderLocator.Readers) -> String? {
        let input = InputFile(url: resolve(file), displayName: file)
        let (fileExtension, claiming) = readers.claiming(input)
        guard !claiming.isEmpty else { return "no reader reads .\(fileExtension) files" }
        guard claiming.count > 1 else { return nil }
        guard let head = try? ReaderLocator.head(of: input),
            claiming.contains(where: { $0.probe.detects(head) })
        else {
            let formats = claiming.map(\.probe.declaration.format).joined(separator: ", ")
            return "no reader of .\(fileExtension) files (\(formats)) recognises it"
        }
        return nil
    }
}

import Foundation
import SwatchbookCore

/// `swatchbook theme import base16`: base16 and base24 scheme files in,
/// one theme pack out.
///
/// All or nothing: every input is read and checked before anything is
/// written, the pack is written into a hidden folder beside the
/// destination (``StagedPack``), each theme and the manifest are loaded
/// back the way `themes` will load them, and only then is the folder moved
/// into place. A bad scheme, a clash of ids or a failed check leaves the
/// destination untouched.
public enum Base16Importer {
    /// What an import wrote, for the one line the command prints.
    public struct Summary: Sendable, Equatable {
        /// The pack folder as the user named it.
        public var folder: String
        /// The ids of the themes written, sorted.
        public var themeIDs: [String]
        /// Whether a pack was already there and has been replaced.
        public var replacedPack: Bool

        public var description: String {
            let count = themeIDs.count == 1 ? "1 scheme" : "\(themeIDs.count) schemes"
            let replaced = replacedPack ? " (replacing the pack that was there)" : ""
            return "imported \(count) into \(folder)\(replaced): \(themeIDs.joined(separator: ", "))"
        }
    }

    /// The manifest's license: each theme keeps its scheme's terms, which
    /// the importer cannot know.
    static let license = "as each source scheme"

    /// Imports `inputs` (scheme files, or folders standing for their
    /// `.yaml` and `.yml` files) into the pack folder `output`; relative
    /// paths are taken from `currentDirectory`. `force` replaces a pack
    /// this command wrote even where its files were edited since.
    /// `check` loads the written pack back before it is moved into place.
    public static func run(
        inputs: [String], output: String, currentDirectory: String, force: Bool = false, check: some PackCheck
    ) throws(Diagnostic) -> Summary {
        let base = URL(fileURLWithPath: currentDirectory)
        func resolve(_ path: String) -> URL {
            (path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path))
                .standardizedFileURL
        }
        var schemes: [Base16Scheme] = []
        for (url, name) in try Base16Inputs.files(inputs, resolve: resolve) {
            schemes.append(try Base16SchemeParser.read(url, displayName: name))
        }
        return try SchemeImporter.install(
            schemes, output: output, currentDirectory: currentDirectory, command: "theme import base16",
            force: force, check: check)
    }
}

/// A scheme an import turns into one theme of a pack.
protocol ImportedScheme {
    /// The theme's id, unique in the pack and made of `[a-z0-9-]` only.
    var id: String { get }
    /// The source file as the user named it, for messages.
    var file: String { get }
    var author: String? { get }
    /// The theme file's Lua source.
    var themeSource: String { get }
    /// What the theme must resolve to over the default: the scheme's own
    /// background and text colours.
    var background: Color { get }
    var text: Color { get }
}

extension ImportedScheme {
    var themeFileName: String { id + ".lua" }
}

/// Writes imported schemes as a theme pack, all or nothing: staged in a
/// hidden folder, loaded back as `themes` will load them, then moved into
/// place (see ``Base16Importer``).
enum SchemeImporter {
    static func install(
        _ schemes: [some ImportedScheme], output: String, currentDirectory: String, command: String,
        force: Bool = false, check: some PackCheck
    ) throws(Diagnostic) -> Base16Importer.Summary {
        var byID: [String: any ImportedScheme] = [:]
        for scheme in schemes {
            if let first = byID[scheme.id] {
                throw Diagnostic(
                    .data, file: scheme.file,
                    "makes theme \"\(scheme.id)\", as \(first.file) does; each scheme needs its own slug")
            }
            byID[scheme.id] = scheme
        }
        let sorted = byID.keys.sorted().map { byID[$0]! }
        let base = URL(fileURLWithPath: currentDirectory)
        let destination =
            (output.hasPrefix("/") ? URL(fileURLWithPath: output) : base.appendingPathComponent(output))
            .standardizedFileURL
        let staged = try StagedPack(destination: destination, displayName: output, force: force)
        defer { staged.discard() }
        let manifest = try write(
            sorted, packName: destination.lastPathComponent, command: command, into: staged)
        let expected = sorted.map {
            ExpectedTheme(fileName: $0.themeFileName, id: $0.id, background: $0.background, text: $0.text)
        }
        try check.verify(folder: staged.folder, shownAs: output, themes: expected, manifest: manifest)
        let before = try staged.install()
        return Base16Importer.Summary(
            folder: output, themeIDs: sorted.map(\.id), replacedPack: before == .pack)
    }

    /// Writes one theme per scheme and the manifest listing them.
    private static func write(
        _ schemes: [any ImportedScheme], packName: String, command: String, into staged: StagedPack
    ) throws(Diagnostic) -> PackManifest {
        var authors: [String] = []
        for author in schemes.compactMap(\.author) where !authors.contains(author) {
            authors.append(author)
        }
        let manifest = PackManifest(
            name: packName, version: "1.0.0",
            author: authors.isEmpty ? nil : authors.joined(separator: ", "), license: Base16Importer.license,
            themes: schemes.map(\.themeFileName).sorted())
        for scheme in schemes {
            try staged.write(scheme.themeFileName, scheme.themeSource)
        }
        let count = schemes.count == 1 ? "1 scheme" : "\(schemes.count) schemes"
        try staged.write(
            "pack.lua",
            manifest.luaSource(comment: "A theme pack of \(count), generated by `swatchbook \(command)`."))
        return manifest
    }
}

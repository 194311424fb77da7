import Foundation
import SwatchbookCore

/// `swatchbook theme import base16`: base16 and base24 scheme files in,
/// one theme pack out.
///
/// A scheme that cannot be read, or whose id another scheme already
/// takes, is reported and skipped (``Summary/skipped``), unless the import
/// is strict, when it stops the import. The pack of the schemes that read
/// is all or nothing: every one is read and checked before anything is
/// written, the pack is written into a hidden folder beside the
/// destination (``StagedPack``), each theme and the manifest are loaded
/// back the way `themes` will load them, and only then is the folder moved
/// into place. A failed check, or no scheme at all, leaves the
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
        /// What was wrong with each scheme left out, in the order met.
        public var skipped: [Diagnostic] = []

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
        inputs: [String], output: String, currentDirectory: String, force: Bool = false, strict: Bool = false,
        check: some PackCheck
    ) throws(Diagnostic) -> Summary {
        let base = URL(fileURLWithPath: currentDirectory)
        func resolve(_ path: String) -> URL {
            (path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path))
                .standardizedFileURL
        }
        var schemes: [Base16Scheme] = []
        var skipped: [Diagnostic] = []
        for (url, name) in try SchemeInputs.files(inputs, extensions: ["yaml", "yml"], resolve: resolve) {
            do throws(Diagnostic) {
                schemes.append(try Base16SchemeParser.read(url, displayName: name))
            } catch {
                if strict { throw error }
                skipped.append(error)
            }
        }
        return try SchemeImporter.install(
            schemes, skipped: skipped, output: output, currentDirectory: currentDirectory,
            command: "theme import base16", force: force, strict: strict, check: check)
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
    /// Installs `schemes`, those `skipped` already left out; with none to
    /// install, the last problem is the error and the others are reported
    /// before it.
    static func install(
        _ schemes: [some ImportedScheme], skipped: [Diagnostic] = [], output: String,
        currentDirectory: String,
        command: String, force: Bool = false, strict: Bool = false, check: some PackCheck
    ) throws(Diagnostic) -> Base16Importer.Summary {
        var byID: [String: any ImportedScheme] = [:]
        var skipped = skipped
        for scheme in schemes {
            if let first = byID[scheme.id] {
                let clash = Diagnostic(
                    .data, file: scheme.file,
                    "makes theme \"\(scheme.id)\", as \(first.file) does; each scheme needs its own slug")
                if strict { throw clash }
                skipped.append(clash)
                continue
            }
            byID[scheme.id] = scheme
        }
        if byID.isEmpty, var last = skipped.popLast() {
            last.others = skipped
            throw last
        }
        return try installAll(
            byID, skipped: skipped, output: output, currentDirectory: currentDirectory, command: command,
            force: force, check: check)
    }

    private static func installAll(
        _ byID: [String: any ImportedScheme], skipped: [Diagnostic], output: String, currentDirectory: String,
        command: String, force: Bool, check: some PackCheck
    ) throws(Diagnostic) -> Base16Importer.Summary {
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
            folder: output, themeIDs: sorted.map(\.id), replacedPack: before == .pack, skipped: skipped)
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

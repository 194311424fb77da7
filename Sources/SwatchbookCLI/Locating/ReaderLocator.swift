import Foundation
import SwatchbookCore
import SwatchbookLua

/// Picks the reader plugin for a palette file named on the command line:
/// the one `--input-format` names, else the ones whose `reads.extensions`
/// have the longest of the file's extensions (`tokens.json` before `json`;
/// asking `detect` when several do), else the first whose `detect`
/// recognises the file's first bytes. The user's
/// readers (`$XDG_CONFIG_HOME/swatchbook/readers/*.lua`) come before the
/// bundled ones, so a format of one's own can replace a bundled reader.
struct ReaderLocator {
    var environment: [String: String]

    /// A reader, loaded far enough to say what it reads.
    struct Reader {
        var located: PluginLocator.Located
        var probe: ReaderProbe
    }

    /// The folder of the user's readers.
    var userFolder: String {
        ConfigFolder.path(in: environment) + "/readers"
    }

    /// Every reader, the user's first; a user reader that fails to load is
    /// reported through `warn` and skipped.
    func readers(warn: (String) -> Void = { _ in }) -> [Reader] {
        Readers(userFolder: userFolder, warn: warn).all
    }

    /// The readers, loaded as they are needed: the user's at once (they may
    /// claim anything), a bundled one only when ``BundledReaders/index``
    /// says it may read the file, or when nothing claims it and every
    /// `detect` is asked. Each reader loaded is a Lua state run, so opening
    /// a `.gpl` loads one, not sixteen.
    final class Readers {
        let user: [Reader]
        private var bundled: [String: Reader] = [:]

        init(userFolder: String, warn: (String) -> Void) {
            var user: [Reader] = []
            let files = (try? FileManager.default.contentsOfDirectory(atPath: userFolder)) ?? []
            // Hidden files (an editor's, a half-written copy) are no readers.
            for name in files.sorted() where name.hasSuffix(".lua") && !name.hasPrefix(".") {
                let path = userFolder + "/" + name
                let located = PluginLocator.Located(url: URL(fileURLWithPath: path), displayName: path)
                do throws(Diagnostic) {
                    user.append(
                        Reader(located: located, probe: try ReaderProbe(file: located.url, displayName: path))
                    )
                } catch {
                    warn("warning: " + error.formatted + " (reader skipped)")
                }
            }
            self.user = user
        }

        /// Readers already loaded, standing for `user` alone plus these.
        init(loaded: [Reader]) {
            user = loaded
        }

        /// The bundled reader of `file`, loaded once; nil for the shared module.
        func bundled(_ file: String) -> Reader? {
            if let reader = bundled[file] { return reader }
            let located = PluginLocator.Located(
                url: URL(fileURLWithPath: "Readers/" + file), displayName: "Readers/" + file,
                source: BundledReaders.files[file], bundle: BundledReaders.files)
            // A bundled reader that does not load is a bug a test catches.
            guard
                let probe = try? ReaderProbe(
                    file: located.url, displayName: located.displayName, source: located.source,
                    bundle: located.bundle)
            else { return nil }
            bundled[file] = Reader(located: located, probe: probe)
            return bundled[file]
        }

        private func bundled(where include: (BundledReaders.Entry) -> Bool) -> [Reader] {
            BundledReaders.index.keys.sorted().filter { include(BundledReaders.index[$0]!) }.compactMap(
                bundled)
        }

        var all: [Reader] { user + bundled { _ in true } }

        func claiming(_ fileExtension: String) -> [Reader] {
            user.filter { $0.probe.declaration.extensions.contains(fileExtension) }
                + bundled { $0.extensions.contains(fileExtension) }
        }

        /// The readers claiming the longest of `input`'s extensions that
        /// any reader claims, and that extension: a compound extension
        /// names the format, so content decides only among its readers.
        func claiming(_ input: InputFile) -> (fileExtension: String, readers: [Reader]) {
            for fileExtension in Self.extensions(of: input) {
                let readers = claiming(fileExtension)
                if !readers.isEmpty { return (fileExtension, readers) }
            }
            return (input.fileExtension, [])
        }

        /// Every extension of `input`, longest first, lowercased:
        /// `brand.tokens.json` has `tokens.json`, then `json`. Leading dots
        /// start none (`.Xresources` is a name).
        static func extensions(of input: InputFile) -> [String] {
            let name = input.url.lastPathComponent.lowercased().drop { $0 == "." }
            let compound = name.indices.filter { name[$0] == "." }.map { name[name.index(after: $0)...] }
                .filter { $0.contains(".") }.map(String.init)
            return compound + [input.fileExtension]
        }

        func reading(_ format: String) -> [Reader] {
            user.filter { $0.probe.declaration.format == format } + bundled { $0.format == format }
        }

        var formats: [String] {
            Array(Set(user.map(\.probe.declaration.format) + BundledReaders.index.values.map(\.format)))
                .sorted()
        }
    }

    /// The reader for `input`, as ``PluginLocator/Located`` with the input set.
    func reader(for input: InputFile, format: String?, warn: (String) -> Void) throws(Diagnostic)
        -> PluginLocator.Located
    {
        try reader(for: input, format: format, among: Readers(userFolder: userFolder, warn: warn))
    }

    /// The reader for `input` among `readers`.
    func reader(for input: InputFile, format: String?, among readers: Readers) throws(Diagnostic)
        -> PluginLocator.Located
    {
        // A folder or a missing file is no input, whatever reads it.
        let head = try Self.head(of: input)
        var chosen: Reader?
        if let format {
            chosen = readers.reading(format).first
            guard chosen != nil else {
                let formats = readers.formats
                throw Diagnostic(
                    .usage,
                    "--input-format: no reader reads \"\(format)\" (there are \(formats.joined(separator: ", ")))",
                    suggestion: Suggestion(for: format, among: formats, spelled: .bare))
            }
        } else {
            let (fileExtension, claiming) = readers.claiming(input)
            if claiming.count == 1 {
                chosen = claiming[0]
            } else if !claiming.isEmpty {
                chosen = claiming.first { $0.probe.detects(head) }
                guard chosen != nil else {
                    let tried = claiming.map(\.probe.declaration.format).joined(separator: ", ")
                    throw Diagnostic(
                        .data, file: input.displayName,
                        "is no .\(fileExtension) file a reader recognises (tried \(tried)); name its format with --input-format"
                    )
                }
            } else {
                chosen = readers.all.first { $0.probe.detects(head) }
            }
        }
        guard let chosen else {
            throw Diagnostic(
                .data, file: input.displayName,
                "is not a palette file a reader recognises (formats: \(readers.formats.joined(separator: ", "))); name its format with --input-format, or add a reader to \(userFolder)"
            )
        }
        // The title drops the longest extension the reader claims, and no more.
        var claimed = input
        let extensions = chosen.probe.declaration.extensions
        if let longest = Readers.extensions(of: input).first(where: extensions.contains) {
            claimed.claim(longest)
        }
        var located = chosen.located
        located.input = claimed
        located.probe = chosen.probe
        return located
    }

    /// The first bytes of the file, which `detect` is shown.
    static func head(of input: InputFile) throws(Diagnostic) -> [UInt8] {
        var status = stat()
        guard stat(input.url.path, &status) == 0 else {
            throw Diagnostic(.inputMissing, file: input.displayName, "no such file")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw Diagnostic(
                .inputMissing, file: input.displayName, "is not a regular file (a folder, a FIFO or a device)"
            )
        }
        guard let handle = FileHandle(forReadingAtPath: input.url.path) else {
            throw Diagnostic(.inputMissing, file: input.displayName, "cannot be read (permission denied?)")
        }
        defer { try? handle.close() }
        return [UInt8]((try? handle.read(upToCount: ReaderProbe.headBytes)) ?? Data())
    }
}

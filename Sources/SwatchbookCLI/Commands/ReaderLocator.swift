import Foundation
import SwatchbookCore
import SwatchbookLua

/// Picks the reader plugin for a palette file named on the command line:
/// the one `--input-format` names, else the one whose `reads.extensions`
/// has the file's extension (asking `detect` when several do), else the
/// first whose `detect` recognises the file's first bytes. The user's
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
        var readers: [Reader] = []
        let files = (try? FileManager.default.contentsOfDirectory(atPath: userFolder)) ?? []
        for name in files.sorted() where name.hasSuffix(".lua") {
            let path = userFolder + "/" + name
            let located = PluginLocator.Located(url: URL(fileURLWithPath: path), displayName: path)
            do throws(Diagnostic) {
                readers.append(
                    Reader(located: located, probe: try ReaderProbe(file: located.url, displayName: path)))
            } catch {
                warn("warning: " + error.formatted + " (reader skipped)")
            }
        }
        for name in BundledReaders.files.keys.sorted() {
            let located = PluginLocator.Located(
                url: URL(fileURLWithPath: "Readers/" + name), displayName: "Readers/" + name,
                source: BundledReaders.files[name], bundle: BundledReaders.files)
            // A bundled reader that does not load is a bug a test catches.
            if let probe = try? ReaderProbe(
                file: located.url, displayName: located.displayName, source: located.source,
                bundle: located.bundle)
            {
                readers.append(Reader(located: located, probe: probe))
            }
        }
        return readers
    }

    /// The reader for `input`, as ``PluginLocator/Located`` with the input set.
    func reader(for input: InputFile, format: String?, warn: (String) -> Void) throws(Diagnostic)
        -> PluginLocator.Located
    {
        try reader(for: input, format: format, among: readers(warn: warn))
    }

    /// The reader for `input` among `readers` (``readers(warn:)``, loaded once).
    func reader(for input: InputFile, format: String?, among readers: [Reader]) throws(Diagnostic)
        -> PluginLocator.Located
    {
        var chosen: Reader?
        if let format {
            chosen = readers.first { $0.probe.declaration.format == format }
            guard chosen != nil else {
                let formats = Array(Set(readers.map(\.probe.declaration.format))).sorted()
                throw Diagnostic(
                    .usage,
                    "--input-format: no reader reads \"\(format)\" (there are \(formats.joined(separator: ", ")))",
                    suggestion: Suggestion(for: format, among: formats, spelled: .bare))
            }
        } else {
            let head = try Self.head(of: input)
            let claiming = readers.filter { $0.probe.declaration.extensions.contains(input.fileExtension) }
            if claiming.count == 1 {
                chosen = claiming[0]
            } else if !claiming.isEmpty {
                chosen = claiming.first { $0.probe.detects(head) }
                guard chosen != nil else {
                    let tried = claiming.map(\.probe.declaration.format).joined(separator: ", ")
                    throw Diagnostic(
                        .data, file: input.displayName,
                        "is no .\(input.fileExtension) file a reader recognises (tried \(tried)); name its format with --input-format"
                    )
                }
            } else {
                chosen = readers.first { $0.probe.detects(head) }
            }
        }
        guard let chosen else {
            let formats = Array(Set(readers.map(\.probe.declaration.format))).sorted()
            throw Diagnostic(
                .data, file: input.displayName,
                "is not a palette file a reader recognises (formats: \(formats.joined(separator: ", "))); name its format with --input-format, or add a reader to \(userFolder)"
            )
        }
        var located = chosen.located
        located.input = input
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

import Foundation
import SwatchbookCore
import SwatchbookRender

/// `render FILE... --output-dir DIR`: one report per input, each written as
/// `-o` writes one (atomically, its bytes complete or not there), named
/// after the input with the format's extension; with `--format html` an
/// `index.html` links them. A file that fails is reported as a lone render
/// reports it and the others go on; the exit status is the worst of them.
///
/// DIR keeps a record of what it wrote (``recordName``): a report replaces
/// only a file this wrote and nobody changed since, so a folder of the
/// user's own files is never written over (73).
struct RenderBatch {
    static let outputDir = OptionSpec.text(
        "--output-dir", valueName: "DIR",
        help:
            "render each FILE into DIR, named after it (tango.gpl → tango.html with --format html); html adds index.html",
        completion: .files)
    /// What DIR holds of its own: a `SHA256  NAME` line per file written.
    static let recordName = ".swatchbook-reports"
    static let indexName = "index.html"

    var command: RenderCommand
    var report: (Diagnostic) -> Void

    /// Renders each file of `parsed` into `folder`; returns the exit status,
    /// the worst (highest) of the files' and the index's.
    func run(_ arguments: [String], parsed: ArgumentParser.Parsed, folder: String) throws(Diagnostic) -> Int32
    {
        guard !parsed.positionals.isEmpty else {
            throw Diagnostic(
                .usage, "--output-dir: name the files to render (render FILE... --output-dir DIR)")
        }
        guard try RenderCommand.output.value(in: parsed) == nil else {
            throw Diagnostic(.usage, "-o and --output-dir contradict each other; give one")
        }
        guard try ViewOptions.height.value(in: parsed) == nil else {
            throw Diagnostic(
                .usage, "--output-dir writes whole documents; --height draws a viewport to stdout or -o")
        }
        let given = try RenderCommand.format.value(in: parsed)
        let format = given ?? .plain
        if format.isPalette, format.spec.extensions.isEmpty {
            throw Diagnostic(
                .usage, "--output-dir: --format \(format.rawValue) has no file extension to name reports by")
        }
        try Self.makeFolder(folder)
        var record = Self.loadRecord(in: folder)
        // Each run is render's own arguments for one file: the options, a
        // file name in the folder, and the file after `--`.
        let skipped = Set(parsed.positionalIndices)
        let end = parsed.optionsEnd ?? arguments.endIndex
        var options = arguments.indices.filter { $0 < end && !skipped.contains($0) }.map { arguments[$0] }
        if let at = options.firstIndex(where: { $0 == "--output-dir" }) {
            options.removeSubrange(at...min(at + 1, options.count - 1))
        }
        options.removeAll { $0.hasPrefix("--output-dir=") }
        if given == nil { options += ["--format", format.rawValue] }

        var status: Int32 = 0
        var entries: [ReportIndex.Entry] = []
        let names = Self.reportNames(for: parsed.positionals, format: format)
        for (input, name) in zip(parsed.positionals, names) {
            let path = (folder as NSString).appendingPathComponent(name)
            var entry = ReportIndex.Entry(input: input, report: nil, title: Self.stem(of: input))
            do throws(Diagnostic) {
                try Self.refuseForeign(path, name: name, record: record)
                let rendered = try command.run(options + ["-o", path, "--", input])
                guard let output = rendered.output else {
                    throw Diagnostic(.internal, file: path, "the report was not written to its file")
                }
                try output.commit(rendered.bytes)
                record[name] = Self.digest(of: path)
                entry.report = name
                entry.title = rendered.title
                (entry.colors, entry.sections) = Self.summary(of: rendered.session.source)
            } catch {
                report(error)
                status = max(status, error.exitCode)
                entry.failure = error.formatted
            }
            entries.append(entry)
        }
        do throws(Diagnostic) {
            if format == .html {
                let path = (folder as NSString).appendingPathComponent(Self.indexName)
                try Self.refuseForeign(path, name: Self.indexName, record: record)
                try OutputFile.writeAtomically(ReportIndex(entries: entries).html, to: path)
                record[Self.indexName] = Self.digest(of: path)
            }
        } catch {
            report(error)
            status = max(status, error.exitCode)
        }
        let lines = record.keys.sorted().map { "\(record[$0]!)  \($0)\n" }.joined()
        try OutputFile.writeAtomically(
            Array(lines.utf8), to: (folder as NSString).appendingPathComponent(Self.recordName))
        return status
    }

    /// The report names of `inputs`, in order: each input's file name
    /// without its extension, then the format's (`tango.gpl` →
    /// `tango.html`); a name met before gets `-2`, `-3`… so that two
    /// `tango.gpl` in different folders keep both reports. stdin (`-`) is
    /// `stdin`.
    static func reportNames(for inputs: [String], format: OutputFormat) -> [String] {
        let ext = format.spec.extensions.first ?? format.rawValue
        var taken: Set<String> = [indexName.lowercased(), recordName]
        return inputs.map { input in
            let stem = Self.stem(of: input)
            var name = stem + "." + ext
            var n = 2
            // A case-insensitive file system keeps one of Tango and tango.
            while taken.contains(name.lowercased()) {
                name = "\(stem)-\(n).\(ext)"
                n += 1
            }
            taken.insert(name.lowercased())
            return name
        }
    }

    /// An input's file name without its last extension, safe as a file
    /// name: no `/`, no leading dot, never empty.
    static func stem(of input: String) -> String {
        if input == "-" { return "stdin" }
        var name = (input as NSString).lastPathComponent
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
        while name.hasPrefix(".") { name.removeFirst() }
        return name.isEmpty ? "report" : name
    }

    /// Every colour of an eager catalogue, in document order, and its
    /// number of sections; a lazy source's are asked for only as drawn.
    static func summary(of source: any CatalogueSource) -> ([Color], Int) {
        guard source.isEager else { return ([], source.sectionCount) }
        var colors: [Color] = []
        func visit(_ nodes: [Node]) {
            for node in nodes {
                if let color = node.color { colors.append(color) }
                visit(node.children)
            }
        }
        for s in 0..<source.sectionCount {
            for r in 0..<source.rowCount(s) {
                let row = source.rowSummary(s, r)
                switch row.kind {
                case .items: colors += source.items(s, r, 0..<row.count).map(\.color)
                case .children: visit(source.nodes(s, r))
                case .fields: break
                }
            }
        }
        return (colors, source.sectionCount)
    }

    private static func makeFolder(_ folder: String) throws(Diagnostic) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            guard isFolder.boolValue else {
                throw Diagnostic(.cannotCreate, file: folder, "exists and is not a folder; nothing written")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw Diagnostic(.output, file: folder, "cannot make the folder: \(error.localizedDescription)")
        }
    }

    /// A file at `path` that the record does not list with its present
    /// bytes is the user's: not replaced (73).
    private static func refuseForeign(_ path: String, name: String, record: [String: String])
        throws(Diagnostic)
    {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        guard let written = record[name], digest(of: path) == written else {
            throw Diagnostic(
                .cannotCreate, file: path,
                "exists and render --output-dir did not write it (or it changed since); not replaced")
        }
    }

    private static func digest(of path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return SHA256.hex(data)
    }

    private static func loadRecord(in folder: String) -> [String: String] {
        let path = (folder as NSString).appendingPathComponent(recordName)
        guard let data = FileManager.default.contents(atPath: path) else { return [:] }
        var record: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, parts[1].isEmpty else { continue }
            record[String(parts[2])] = String(parts[0])
        }
        return record
    }
}

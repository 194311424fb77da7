import Foundation
import SwatchbookCore
import SwatchbookLua
import SwatchbookRender

/// `swatchbook formats`: what render writes (``OutputFormat``'s own
/// declarations) and which palette files it opens (each reader's `reads`,
/// the user's readers first), so `--format` and `--input-format` have one
/// list to point to.
struct FormatsCommand {
    static let json = FlagSpec(
        "--json",
        help: "print {written: [{name, kind, extensions, summary}], read: [{name, extensions, reader}]}")
    static let parser = ArgumentParser(command: "formats", options: [json.option])

    var environment: [String: String]
    var warn: (String) -> Void

    struct Written: Encodable {
        var name: String
        var kind: String
        var extensions: [String]
        var summary: String
    }

    struct Read: Encodable {
        var name: String
        var extensions: [String]
        /// The reader's file: `Readers/NAME.lua` for a bundled one.
        var reader: String
    }

    struct Listing: Encodable {
        var written: [Written]
        var read: [Read]
    }

    func run(_ arguments: [String]) throws(Diagnostic) -> [UInt8] {
        let parsed = try Self.parser.parse(arguments)
        guard parsed.positionals.isEmpty else {
            throw Diagnostic(
                .usage, "formats: takes no arguments, got \(parsed.positionals.joined(separator: " "))")
        }
        let listing = self.listing()
        if Self.json.isSet(in: parsed) {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            guard let data = try? encoder.encode(listing) else {
                throw Diagnostic(.internal, "formats: cannot encode the list")
            }
            return [UInt8](data) + [UInt8(ascii: "\n")]
        }
        return Array(Self.table(listing).utf8)
    }

    func listing() -> Listing {
        let written = OutputFormat.allCases.map { format in
            Written(
                name: format.rawValue, kind: format.spec.kind.rawValue, extensions: format.spec.extensions,
                summary: format.spec.summary)
        }
        // A format the user's reader takes is listed once, as theirs: it
        // comes first when a file is opened.
        var seen: Set<String> = []
        var read: [Read] = []
        for reader in ReaderLocator(environment: environment).readers(warn: warn)
        where seen.insert(reader.probe.declaration.format).inserted {
            read.append(
                Read(
                    name: reader.probe.declaration.format, extensions: reader.probe.declaration.extensions,
                    reader: reader.located.displayName))
        }
        return Listing(written: written, read: read.sorted { $0.name < $1.name })
    }

    /// Both lists as aligned columns; every name from a reader is cleaned
    /// of control characters (a user's reader is anyone's text).
    static func table(_ listing: Listing) -> String {
        func rows(_ cells: [[String]]) -> String {
            let widths = (0..<(cells.first?.count ?? 0)).map { column in
                cells.map { TextWidth.of($0[column]) }.max() ?? 0
            }
            return cells.map { row in
                "  "
                    + row.enumerated().map { column, cell in
                        column == row.count - 1
                            ? cell : cell + String(repeating: " ", count: widths[column] - TextWidth.of(cell))
                    }.joined(separator: "  ")
            }.map { $0 + "\n" }.joined()
        }
        func dotted(_ extensions: [String]) -> String {
            extensions.isEmpty ? "—" : extensions.map { "." + $0 }.joined(separator: " ")
        }
        let written = listing.written.map { [$0.name, $0.kind, dotted($0.extensions), $0.summary] }
        let read = listing.read.map {
            [
                Sanitizer.clean($0.name), dotted($0.extensions.map(Sanitizer.clean)),
                Sanitizer.clean($0.reader),
            ]
        }
        return "Written (render --format NAME, or -o FILE with its extension):\n" + rows(written)
            + "\nRead (render FILE, or --input-format NAME):\n" + rows(read)
    }
}

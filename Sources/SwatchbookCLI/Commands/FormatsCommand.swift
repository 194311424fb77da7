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
        help:
            "print {written: [{name, kind, extensions, summary, keeps, loses}], read: [{name, extensions, reader, keeps, loses}]}"
    )
    static let parser = ArgumentParser(command: "formats", options: [json.option])

    /// Where the lists of what a format keeps are folded.
    static let foldWidth = 100

    var environment: [String: String]
    var warn: (String) -> Void

    struct Written: Encodable {
        var name: String
        var kind: String
        var extensions: [String]
        var summary: String
        /// What a palette format keeps and loses of what was read
        /// (``PaletteHolds``); nil for the others.
        var keeps: [String]?
        var loses: [String]?
    }

    struct Read: Encodable {
        var name: String
        var extensions: [String]
        /// The reader's file: `Readers/NAME.lua` for a bundled one.
        var reader: String
        /// What it keeps of what its files say (`reads.keeps`), and what not.
        var keeps: [String]
        var loses: [String]
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
            let holds = PaletteHolds.of(format)
            return Written(
                name: format.rawValue, kind: format.spec.kind.rawValue, extensions: format.spec.extensions,
                summary: format.spec.summary, keeps: holds?.keeps, loses: holds?.loses)
        }
        // A format the user's reader takes is listed once, as theirs: it
        // comes first when a file is opened.
        var seen: Set<String> = []
        var read: [Read] = []
        for reader in ReaderLocator(environment: environment).readers(warn: warn)
        where seen.insert(reader.probe.declaration.format).inserted {
            let declaration = reader.probe.declaration
            read.append(
                Read(
                    name: declaration.format, extensions: declaration.extensions,
                    reader: reader.located.displayName, keeps: declaration.keeps.map(\.rawValue),
                    loses: declaration.loses))
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
        // What each keeps and loses, under its name, folded to the width of a terminal.
        func kept(_ listing: [(name: String, keeps: [String], loses: [String])]) -> String {
            let width = listing.map { TextWidth.of(Sanitizer.clean($0.name)) }.max() ?? 0
            var out = ""
            for entry in listing {
                let name = Sanitizer.clean(entry.name)
                let pad = String(repeating: " ", count: width - TextWidth.of(name))
                let indent = String(repeating: " ", count: width + 4)
                for (index, (label, list)) in [("keeps", entry.keeps), ("loses", entry.loses)].enumerated() {
                    var line = (index == 0 ? "  \(name)\(pad)  " : indent) + label
                    let words = list.isEmpty ? ["nothing"] : list.map(Sanitizer.clean)
                    for (position, word) in words.enumerated() {
                        let piece = word + (position == words.count - 1 ? "" : ",")
                        if position > 0, TextWidth.of(line) + 1 + TextWidth.of(piece) > Self.foldWidth {
                            out += line + "\n"
                            line = indent + "     "
                        }
                        line += " " + piece
                    }
                    out += line + "\n"
                }
            }
            return out
        }
        let palettes = listing.written.compactMap { format in
            format.keeps.map { (name: format.name, keeps: $0, loses: format.loses ?? []) }
        }
        return "Written (render --format NAME, or -o FILE with its extension):\n" + rows(written)
            + "\nWhat a palette file written keeps of what was read (render warns of each loss; --strict fails):\n"
            + kept(palettes)
            + "\nRead (render FILE, or --input-format NAME):\n" + rows(read)
            + "\nWhat each reader keeps of its files:\n"
            + kept(listing.read.map { (name: $0.name, keeps: $0.keeps, loses: $0.loses) })
    }
}

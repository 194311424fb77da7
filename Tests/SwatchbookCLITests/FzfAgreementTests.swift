import Foundation
import Testing

@testable import SwatchbookCore

/// The filter against the real fzf (Debian's fzf 0.38): for every query,
/// the names Swatchbook's matcher keeps are the names `fzf --filter`
/// prints, over a corpus of real names Debian ships — X11's colour names,
/// ISO 3166-2 subdivisions (iso-codes), emoji names (unicode-data) — and
/// over one line per codepoint fzf's Latin table can fold.
///
/// Sets are compared, not orders: Swatchbook keeps catalogue order where
/// fzf sorts by score. The corpus has no colours, so hex terms (which also
/// match an item's colour) are only names here, as in fzf.
@Suite("the filter agrees with fzf", .tags(.fzf))
struct FzfAgreementTests {
    static let fzf = "/usr/bin/fzf"

    /// The corpus, one name a line, each once, in the order read.
    static func corpus() throws -> [String] {
        try Requirement.need(fzf, from: "the Debian package fzf")
        let colours = "/usr/share/X11/rgb.txt"
        let regions = "/usr/share/iso-codes/json/iso_3166-2.json"
        let emoji = "/usr/share/unicode/emoji/emoji-test.txt"
        try Requirement.need(colours, from: "the Debian package x11-common")
        try Requirement.need(regions, from: "the Debian package iso-codes")
        try Requirement.need(emoji, from: "the Debian package unicode-data")
        var names: [String] = []
        for line in try String(contentsOfFile: colours, encoding: .utf8).split(separator: "\n")
        where !line.hasPrefix("!") {
            // "R G B<tabs>name": the name is what follows the three numbers.
            let fields = line.split(maxSplits: 3, whereSeparator: { $0 == " " || $0 == "\t" })
            if fields.count == 4 { names.append(fields[3].trimmingCharacters(in: .whitespaces)) }
        }
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: regions)))
        let subdivisions = (json as? [String: Any])?["3166-2"] as? [[String: Any]] ?? []
        names += subdivisions.compactMap { $0["name"] as? String }
        for line in try String(contentsOfFile: emoji, encoding: .utf8).split(separator: "\n")
        where !line.hasPrefix("#") {
            // "1F600 ; fully-qualified # 😀 E1.0 grinning face"
            guard let hash = line.range(of: "# ") else { continue }
            let comment = line[hash.upperBound...].split(separator: " ", maxSplits: 2)
            if comment.count == 3 { names.append(String(comment[2])) }
        }
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }

    /// One line per codepoint of U+00A0–U+2184, where fzf's table of Latin
    /// letters lies, but the line and paragraph separators.
    static let codepoints: [String] = (0xA0...0x2184).compactMap { value in
        guard value != 0x2028 && value != 0x2029, let scalar = Unicode.Scalar(value) else { return nil }
        return String(Character(scalar))
    }

    /// What `fzf --filter query` prints of `lines`, read from `file`;
    /// fzf reads no FZF_DEFAULT_OPTS, the runner's environment being clean.
    static func fzfMatches(_ query: String, file: String) throws -> Set<String> {
        let quoted = "'" + query.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
        let result = try CommandRunner.runShell("\(fzf) --filter \(quoted) < '\(file)'")
        // fzf exits 1 when nothing matches.
        #expect(result.status == 0 || result.status == 1, "fzf \(query): \(result.stderr)")
        return Set(result.text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init))
    }

    /// The names `query` matches, as the browse filter matches them.
    static func swatchbookMatches(_ query: String, in index: SearchIndex, names: [String]) -> Set<String> {
        // Entries 0 and 1 are the section and the row that hold the names.
        Set(index.matches(FilterQuery(query)).entries.filter { $0 >= 2 }.map { names[Int($0) - 2] })
    }

    static func index(_ names: [String]) -> SearchIndex {
        let nodes = names.map { Node(name: $0) }
        return SearchIndex(
            Catalogue(sections: [Section(name: "", rows: [Row(name: "", content: .children(nodes))])]))
    }

    /// Compares every query; returns how many agreed.
    static func compare(_ queries: [String], over names: [String]) async throws -> Int {
        let scratch = ScratchFolder()
        scratch.write("names", names.joined(separator: "\n") + "\n")
        let index = Self.index(names)
        var agreed = 0
        for query in queries {
            let expected = try fzfMatches(query, file: scratch.path("names"))
            let found = swatchbookMatches(query, in: index, names: names)
            if found == expected {
                agreed += 1
            } else {
                let missing = expected.subtracting(found).sorted().prefix(5)
                let extra = found.subtracting(expected).sorted().prefix(5)
                let counts = "fzf \(expected.count), swatchbook \(found.count)"
                Issue.record(
                    "\(query.debugDescription): \(counts); missing \(Array(missing)), extra \(Array(extra))")
            }
            await Task.yield()
        }
        return agreed
    }

    @Test(.timeLimit(.minutes(10)))
    func everyQueryKeepsWhatFzfKeeps() async throws {
        let names = try Self.corpus()
        #expect(names.count > 9_000)
        let queries: [String] = FzfQueries.handWritten + FzfQueries.generated(from: names, count: 240)
        #expect(queries.count >= 300)
        let agreed = try await Self.compare(queries, over: names)
        #expect(agreed == queries.count, "\(agreed) of \(queries.count) queries agree")
    }

    /// Every ASCII letter, either case, against every codepoint fzf's table
    /// could fold: which letters fold to which, and the case they keep.
    @Test(.timeLimit(.minutes(10)))
    func latinLettersFoldAsInFzf() async throws {
        try Requirement.need(Self.fzf, from: "the Debian package fzf")
        let letters = (UInt8(ascii: "a")...UInt8(ascii: "z")).map { String(UnicodeScalar($0)) }
        let queries = letters + letters.map { $0.uppercased() } + ["'ss", "^o$", "Ae", "!e", "ǅ", "ı", "İ"]
        let agreed = try await Self.compare(queries, over: Self.codepoints)
        #expect(agreed == queries.count, "\(agreed) of \(queries.count) queries agree")
    }

    /// Through the binary: a GIMP palette of corpus names, filtered by
    /// `render --filter`, keeps fzf's names.
    @Test(.timeLimit(.minutes(5)))
    func theCommandKeepsWhatFzfKeeps() async throws {
        let names = Array(try Self.corpus().filter { !$0.contains("\t") }.prefix(1_200))
        let scratch = ScratchFolder()
        var palette = "GIMP Palette\nName: Ω\n#\n"
        for (i, name) in names.enumerated() { palette += "\(i % 256) \(i / 256) 7\t\(name)\n" }
        scratch.write("names.gpl", palette)
        scratch.write("names", names.joined(separator: "\n") + "\n")
        for query in ["sea grn", #"light\ sea"#, "Sai", "loo", "^bur !e$", "'gree | ^rose", "!^a$ ber$"] {
            let result = try CommandRunner.run(
                ["render", "names.gpl", "--filter", query, "--format", "json"], in: scratch.url)
            #expect(result.status == 0, "\(result.stderr)")
            let json = try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any]
            let sections = json?["sections"] as? [[String: Any]] ?? []
            let rows = sections.flatMap { $0["rows"] as? [[String: Any]] ?? [] }
            let items = rows.flatMap { $0["items"] as? [[String: Any]] ?? [] }
            let kept = Set(items.compactMap { $0["name"] as? String })
            let expected = try Self.fzfMatches(query, file: scratch.path("names"))
            #expect(!expected.isEmpty, "\(query) is a query that finds something")
            #expect(kept == expected, "\(query)")
            await Task.yield()
        }
    }
}

extension Tag {
    /// Compared with the real fzf (Debian's fzf).
    @Tag static var fzf: Self
}

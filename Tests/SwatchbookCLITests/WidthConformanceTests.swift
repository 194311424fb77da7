import Foundation
import SwatchbookCore
import Testing

@testable import SwatchbookRender

/// Column widths against Python's `wcwidth` (the reference grapheme-aware
/// terminals follow), over real words: the day, month, language and
/// country names of every glibc locale (Debian's `locales`: dozens of
/// scripts), the whole Unicode emoji list, and every code point utf8proc
/// knows.
@Suite(.serialized) struct WidthConformanceTests {
    /// Words the locales spell in their own scripts.
    static func localeWords() throws -> [String] {
        let folder = "/usr/share/i18n/locales"
        try Requirement.need(folder, from: "the Debian package locales")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        var words = Set<String>()
        let keys: Set<String> = [
            "day", "abday", "mon", "abmon", "alt_mon", "ab_alt_mon", "lang_name", "country_name",
        ]
        for name in names {
            guard let text = try? String(contentsOfFile: folder + "/" + name, encoding: .utf8) else {
                continue
            }
            // Lines continue after a trailing "/" (the files' escape character).
            let joined = text.replacingOccurrences(of: "/\n", with: "")
            for line in joined.split(separator: "\n") {
                let fields = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
                guard fields.count == 2, keys.contains(String(fields[0])) else { continue }
                for quoted in fields[1].split(separator: ";") {
                    let word = decode(quoted.trimmingCharacters(in: .whitespaces))
                    if let word, !word.isEmpty { words.insert(word) }
                }
            }
        }
        return words.sorted()
    }

    /// A locale file's string: `"<U0939><U093F>..."`, literal characters allowed.
    static func decode(_ quoted: String) -> String? {
        guard quoted.hasPrefix("\""), quoted.hasSuffix("\""), quoted.count >= 2 else { return nil }
        var scalars = String.UnicodeScalarView()
        var rest = Substring(quoted.dropFirst().dropLast())
        while let first = rest.first {
            if first == "<", let close = rest.firstIndex(of: ">"), rest.dropFirst().hasPrefix("U") {
                guard let value = UInt32(rest[rest.index(rest.startIndex, offsetBy: 2)..<close], radix: 16),
                    let scalar = Unicode.Scalar(value)
                else { return nil }
                scalars.append(scalar)
                rest = rest[rest.index(after: close)...]
            } else {
                scalars.append(contentsOf: String(first).unicodeScalars)
                rest = rest.dropFirst()
            }
        }
        return String(scalars)
    }

    /// Every sequence of the Unicode emoji list (Debian's `unicode-data`).
    static func emoji() throws -> [String] {
        try Requirement.need(
            "/usr/share/unicode/emoji/emoji-test.txt", from: "the Debian package unicode-data")
        let text = try String(contentsOfFile: "/usr/share/unicode/emoji/emoji-test.txt", encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), let semicolon = line.firstIndex(of: ";") else { return nil }
            let scalars = line[..<semicolon].split(separator: " ").compactMap { UInt32($0, radix: 16) }
            return String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
        }
    }

    /// The scripts (Unicode's Scripts.txt) the words are written in.
    static func scripts(of words: [String]) throws -> Set<String> {
        try Requirement.need("/usr/share/unicode/Scripts.txt", from: "the Debian package unicode-data")
        let text = try String(contentsOfFile: "/usr/share/unicode/Scripts.txt", encoding: .utf8)
        var ranges: [(ClosedRange<UInt32>, String)] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: ";")
            guard parts.count == 2 else { continue }
            let bounds = parts[0].trimmingCharacters(in: .whitespaces).split(separator: ".")
                .compactMap { UInt32($0, radix: 16) }
            guard let low = bounds.first, let high = bounds.last else { continue }
            let script = parts[1].split(separator: "#")[0].trimmingCharacters(in: .whitespaces)
            ranges.append((low...high, script))
        }
        var found = Set<String>()
        for word in words {
            for scalar in word.unicodeScalars {
                if let script = ranges.first(where: { $0.0.contains(scalar.value) })?.1,
                    script != "Common" && script != "Inherited"
                {
                    found.insert(script)
                }
            }
        }
        return found
    }

    /// The edge cases the issue names, as words.
    static let named = [
        "မြန်မာ", "हिन्दी", "สีน้ำเงิน", "বাংলা", "தமிழ்", "తెలుగు", "ગુજરાતી", "മലയാളം", "ਪੰਜਾਬੀ", "සිංහල",
        "ᨠᩣ\u{1A61}", "မꩻ", "\u{1100}\u{1161}\u{11A8}", "a\u{1160}", "x\u{3164}y", "a\u{200B}b", "e\u{301}",
    ]

    /// Each text whose width differs from wcwidth's, with its scalars.
    static func mismatches(_ texts: [String]) throws -> [String] {
        let expected = try Reference.askJSON("width", input: texts, as: [Int].self)
        try #require(expected.count == texts.count)
        return zip(texts, expected).compactMap { text, width in
            guard TextWidth.of(text) != width else { return nil }
            let scalars = text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
            return "\(text) [\(scalars)]: \(TextWidth.of(text)), wcwidth \(width)"
        }
    }

    @Test func realWordsInManyScriptsMeasureAsWcwidthDoes() throws {
        let words = try Self.localeWords() + Self.named
        let scripts = try Self.scripts(of: words)
        #expect(scripts.count >= 20, "\(scripts.count) scripts: \(scripts.sorted())")
        let mismatches = try Self.mismatches(words)
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(words.count): \(mismatches.prefix(20))")
        print(
            "width conformance: \(words.count) words in \(scripts.count) scripts, \(mismatches.count) mismatches"
        )
    }

    @Test func theWholeEmojiListMeasuresAsWcwidthDoes() throws {
        let sequences = try Self.emoji()
        #expect(sequences.count > 4000)
        let mismatches = try Self.mismatches(sequences)
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(sequences.count): \(mismatches.prefix(20))")
    }

    /// Every scalar utf8proc has data for, on its own. Controls are drawn
    /// as U+FFFD (one column) and bidi embeddings, overrides and isolates
    /// are shown the same way, on purpose; code points newer than
    /// utf8proc's Unicode get the documented default, counted here.
    @Test(.tags(.references)) func everyKnownScalarMeasuresAsWcwidthDoes() throws {
        let widths = try Reference.ask("scalars")
        try #require(widths.count == 0x110000)
        var mismatches: [String] = []
        var newer = 0
        for value in UInt32(0)..<0x110000 {
            if (0xD800...0xDFFF).contains(value) || Sanitizer.isControl(Unicode.Scalar(value)!) { continue }
            let reference = Int(widths[Int(value)]) - Int(UInt8(ascii: "0"))
            let ours = TextWidth.width(of: value)
            guard ours != reference else { continue }
            if !TextWidth.isAssigned(value) {
                newer += 1
            } else {
                mismatches.append(String(value, radix: 16) + ": \(ours), wcwidth \(reference)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(20))")
        // Unicode 16 and 17 characters utf8proc 2.8 does not have: the
        // width table in docs/REFERENCE.md gives the default and this count.
        #expect(newer < 7000, "\(newer) newer code points measured differently")
        print(
            "width conformance: \(mismatches.count) mismatches over known scalars, \(newer) newer ones differ"
        )
    }
}

/// Labels in Myanmar, Devanagari, Thai and Tamil drawn whole and in line
/// in a strip, as a terminal measuring like wcwidth shows them.
@Suite struct ScriptLabelTests {
    @Test(.tags(.references)) func labelsInManyScriptsAreWholeAndAligned() throws {
        let result = try CommandRunner.run(
            ["render", "Tests/Fixtures/scripts.lua", "--format", "plain", "--width", "80"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.text.split(separator: "\n").map(String.init)
        let labels = ["မြန်မာ", "हिन्दी", "สีน้ำเงิน", "தமிழ்", "Blue"]
        let line = try #require(lines.last)
        var prefixes: [String] = []
        for label in labels {
            let range = try #require(line.range(of: label), "\(label) is drawn whole in \(line)")
            prefixes.append(String(line[..<range.lowerBound]))
        }
        // The label line's columns, as the reference measures them, are the hex line's.
        let hexLine = try #require(lines.first { $0.contains("#1E3A8A") })
        let hexes = ["#1E3A8A", "#2563EB", "#3B82F6", "#60A5FA", "#93C5FD"]
        let columns = try Reference.askJSON("width", input: prefixes + [line, hexLine], as: [Int].self)
        for (index, hex) in hexes.enumerated() {
            let offset = hexLine.distance(from: hexLine.startIndex, to: hexLine.range(of: hex)!.lowerBound)
            // Swatches are 14 columns and a gap; a hex code sits 3 in, its label at the start.
            #expect(columns[index] == offset - 3, "\(labels[index]) starts at \(columns[index])")
        }
        #expect(columns[labels.count] <= 80)
    }
}

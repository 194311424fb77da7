import SwatchbookCore
import SwatchbookTestSupport
import Testing

@testable import SwatchbookRender

/// Terminal column widths of clusters and strings, and truncation that never
/// splits a cluster (SPEC §5: `메인1` must line up).
@Suite struct TextWidthTests {
    /// A string, the clusters Swift sees in it, and the columns a terminal gives it.
    struct Sample: Sendable, CustomTestStringConvertible {
        var text: String
        var clusters: Int
        var columns: Int
        var testDescription: String {
            "\(text.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) })"
        }
    }

    static let samples: [Sample] = [
        Sample(text: "", clusters: 0, columns: 0),
        Sample(text: "Salmon", clusters: 6, columns: 6),
        Sample(text: "a b~", clusters: 4, columns: 4),
        // Hangul syllables are East Asian wide.
        Sample(text: "메인1", clusters: 3, columns: 5),
        Sample(text: "빨강", clusters: 2, columns: 4),
        // CJK ideographs and kana.
        Sample(text: "中文", clusters: 2, columns: 4),
        Sample(text: "赤い", clusters: 2, columns: 4),
        // Fullwidth forms.
        Sample(text: "ＡＢ１", clusters: 3, columns: 6),
        // Halfwidth katakana stay narrow.
        Sample(text: "ｱｲ", clusters: 2, columns: 2),
        // Emoji with default emoji presentation.
        Sample(text: "😀", clusters: 1, columns: 2),
        Sample(text: "🎨x", clusters: 2, columns: 3),
        // Text-presentation heart made emoji by VS16.
        Sample(text: "❤️", clusters: 1, columns: 2),
        // Skin-tone modifier sequence.
        Sample(text: "👍🏽", clusters: 1, columns: 2),
        // ZWJ family: man, woman, girl, boy.
        Sample(text: "👨\u{200D}👩\u{200D}👧\u{200D}👦", clusters: 1, columns: 2),
        // Regional-indicator pairs.
        Sample(text: "🇰🇷", clusters: 1, columns: 2),
        Sample(text: "🇰🇷🇯🇵", clusters: 2, columns: 4),
        // Combining marks join their base and add no width.
        Sample(text: "e\u{301}", clusters: 1, columns: 1),
        Sample(text: "Cafe\u{301}", clusters: 4, columns: 4),
        Sample(text: "a\u{300}\u{316}\u{35C}", clusters: 1, columns: 1),
        // A spacing vowel sign (Mc) makes its cluster two columns, as
        // wcwidth and grapheme-aware terminals count it.
        Sample(text: "कि", clusters: 1, columns: 2),
        Sample(text: "हिन्दी", clusters: 2, columns: 4),
        // Thai: tone marks above add nothing, SARA AM is a letter.
        Sample(text: "สีน้ำเงิน", clusters: 5, columns: 6),
        // Myanmar's U+102C is a cluster of its own in UAX #29, but it is
        // drawn with the letter before it.
        Sample(text: "မြန်မာ", clusters: 4, columns: 5),
        // A Tamil virama: the consonant after it forms a conjunct, two columns.
        Sample(text: "க்ஷ", clusters: 2, columns: 2),
        // Conjoining Hangul jamo L V T form one syllable cluster, wide.
        Sample(text: "\u{1100}\u{1161}\u{11A8}", clusters: 1, columns: 2),
        Sample(text: "\u{1112}\u{1161}\u{11AB}1", clusters: 2, columns: 3),
        // Standalone medial and final jamo and the Hangul filler take none.
        Sample(text: "a\u{1161}\u{11A8}", clusters: 2, columns: 1),
        Sample(text: "a\u{3164}", clusters: 2, columns: 1),
        // A zero-width space takes no column beside something visible; on
        // its own it is shown on a dotted circle, as a lone mark is.
        Sample(text: "a\u{200B}b", clusters: 3, columns: 2),
        Sample(text: "\u{200B}", clusters: 1, columns: 1),
        Sample(text: "\u{301}a", clusters: 2, columns: 2),
    ]

    @Test(arguments: samples)
    func widthOfString(_ sample: Sample) {
        #expect(sample.text.count == sample.clusters)
        #expect(TextWidth.of(sample.text) == sample.columns)
    }

    /// Display clusters cover the whole text, in order, and none is empty:
    /// no character is dropped.
    @Test(arguments: samples)
    func clustersCoverEveryCharacter(_ sample: Sample) {
        var drawn = ""
        var sum = 0
        var next = 0
        TextWidth.forEachCluster(in: sample.text) { cluster, width, characters in
            #expect(width >= 1)
            #expect(characters.lowerBound == next)
            next = characters.upperBound
            drawn += cluster
            sum += width
        }
        #expect(next == sample.clusters)
        #expect(sum == sample.columns)
        let kept = drawn.unicodeScalars.filter { $0 != "\u{25CC}" }
        #expect(kept.elementsEqual(sample.text.unicodeScalars))
    }

    /// Random strings of marks, joiners, selectors, jamo, emoji and letters:
    /// the clusters keep every scalar, in order, and a cut text fits.
    @Test func randomTextKeepsEveryScalar() {
        let pool: [UInt32] = [
            0x61, 0x20, 0x301, 0x903, 0x93F, 0x94D, 0x915, 0x1019, 0x102C, 0x103A, 0x1039, 0x200B, 0x200D,
            0xFE0F, 0xFE0E, 0x1F468, 0x1F3FB, 0x1F1F0, 0x1F1F7, 0x1100, 0x1161, 0x11A8, 0x3164, 0xAC00,
            0x4E2D, 0x0E33, 0x0600, 0x20E3, 0x2764, 0x1F000, 0x10FFFF, 0xE0001, 0x202E, 0x1B,
        ]
        var random = SeededGenerator(state: 29)
        for _ in 0..<3000 {
            let scalars = (0..<random.next(9)).map { _ in Unicode.Scalar(pool[random.next(pool.count)])! }
            let text = Sanitizer.clean(String(String.UnicodeScalarView(scalars)))
            var kept = String.UnicodeScalarView()
            var total = 0
            var drawn = ""
            TextWidth.forEachCluster(in: text) { cluster, width, _ in
                #expect(width >= 1)
                drawn += cluster
                kept.append(contentsOf: cluster.unicodeScalars.filter { $0 != "\u{25CC}" })
                total += width
            }
            let written = text.unicodeScalars.filter { $0 != "\u{25CC}" }
            #expect(kept.elementsEqual(written), "\(text.unicodeScalars.map { $0.value })")
            #expect(TextWidth.of(text) == total)
            // What is drawn measures as it was measured.
            #expect(
                TextWidth.of(drawn) == total, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            for columns in 0...total {
                let cut = TextWidth.truncate(text, to: columns)
                #expect(
                    TextWidth.of(cut) <= columns,
                    "\(cut.unicodeScalars.map { String($0.value, radix: 16) }) from \(text.unicodeScalars.map { String($0.value, radix: 16) })"
                )
            }
        }
    }

    @Test func everyCharacterOfBurmeseIsDrawn() {
        var clusters: [String] = []
        TextWidth.forEachCluster(in: "မြန်မာ") { cluster, _, _ in clusters.append(cluster) }
        #expect(clusters == ["မြ", "န်", "မာ"])
    }

    @Test func textPresentationHeartIsNarrowUntilVS16() {
        #expect(TextWidth.of("\u{2764}") == 1)
        #expect(TextWidth.of("\u{2764}\u{FE0F}") == 2)
    }

    /// Keycaps are emoji presentation sequences (digit, VS16, U+20E3); VS16
    /// makes a cluster wide whatever its base, an ASCII base included.
    @Test(arguments: ["1\u{FE0F}\u{20E3}", "#\u{FE0F}\u{20E3}", "*\u{FE0F}\u{20E3}"])
    func keycapSequencesAreWide(_ keycap: String) {
        #expect(keycap.count == 1)
        #expect(TextWidth.of(keycap) == 2)
    }

    /// Control characters are drawn as U+FFFD, so they are measured as one
    /// column each: what is measured is what is drawn.
    @Test func controlCharactersCountAsTheirReplacement() {
        #expect(TextWidth.of("\u{1B}") == 1)
        #expect(TextWidth.of("\u{07}") == 1)
        #expect(TextWidth.of("\u{7F}") == 1)
        #expect(TextWidth.of("\u{9B}") == 1)
        #expect(TextWidth.of("a\r\nb") == 4)
    }

    @Test func koreanNamesLineUpWithPadding() {
        // Two labels padded to the same width must be the same width on screen.
        let names = ["메인1", "Main1", "서브", "Sub"]
        let widest = names.map(TextWidth.of).max()!
        for name in names {
            let padded = name + String(repeating: " ", count: widest - TextWidth.of(name))
            #expect(TextWidth.of(padded) == 5)
        }
    }

    // MARK: truncate

    @Test func textThatFitsIsUnchanged() {
        #expect(TextWidth.truncate("Salmon", to: 6) == "Salmon")
        #expect(TextWidth.truncate("Salmon", to: 60) == "Salmon")
        #expect(TextWidth.truncate("메인1", to: 5) == "메인1")
        #expect(TextWidth.truncate("", to: 3) == "")
    }

    @Test func cutTextEndsInAnEllipsisAndFillsTheColumns() {
        let cut = TextWidth.truncate("LightSalmon", to: 6)
        #expect(cut == "Light…")
        #expect(TextWidth.of(cut) == 6)
        #expect(TextWidth.truncate("abc", to: 2) == "a…")
        #expect(TextWidth.truncate("abc", to: 1) == "…")
    }

    @Test func zeroOrNegativeColumnsGiveNothing() {
        #expect(TextWidth.truncate("abc", to: 0) == "")
        #expect(TextWidth.truncate("abc", to: -3) == "")
    }

    @Test func aWideClusterThatWouldStraddleTheLimitIsDropped() {
        // "메인메인" is 8 columns; in 4 there is room for 3 before "…":
        // 메 (2) fits, 인 would straddle column 3 so it goes whole.
        let cut = TextWidth.truncate("메인메인", to: 4)
        #expect(cut == "메…")
        #expect(TextWidth.of(cut) == 3)
        #expect(TextWidth.truncate("ab메인", to: 4) == "ab…")
        #expect(TextWidth.truncate("a메인", to: 4) == "a메…")
        #expect(TextWidth.truncate("😀😀😀", to: 4) == "😀…")
    }

    @Test func truncationNeverSplitsACluster() {
        let family = "👨\u{200D}👩\u{200D}👧\u{200D}👦"
        let text = "x" + family + "e\u{301}🇰🇷\u{1100}\u{1161}\u{11A8}y"
        let clusters = Array(text)
        for columns in 0...TextWidth.of(text) + 1 {
            let cut = TextWidth.truncate(text, to: columns)
            #expect(TextWidth.of(cut) <= max(columns, 0))
            // Every cluster of the result, bar the ellipsis, is a whole cluster of the input.
            var kept = Array(cut)
            if cut != text, kept.last == "…" { kept.removeLast() }
            #expect(Array(clusters.prefix(kept.count)) == kept, "columns \(columns): \(cut)")
            // Only a wide cluster at the cut may leave a column unused.
            if cut != text && columns >= 1 {
                let next = clusters[kept.count]
                let slack = columns - TextWidth.of(cut)
                #expect(slack == 0 || (slack == 1 && TextWidth.of(String(next)) == 2))
            }
        }
    }

    @Test func combiningMarksStayWithTheirBase() {
        let text = "e\u{301}e\u{301}e\u{301}"
        #expect(TextWidth.truncate(text, to: 2) == "e\u{301}…")
        #expect(TextWidth.truncate(text, to: 2).unicodeScalars.count == 3)
    }

    @Test func customEllipsis() {
        #expect(TextWidth.truncate("abcdef", to: 5, ellipsis: "..") == "abc..")
        #expect(TextWidth.truncate("abcdef", to: 4, ellipsis: "") == "abcd")
        // No room even for the ellipsis: nothing rather than overflow.
        #expect(TextWidth.truncate("abcdef", to: 1, ellipsis: "...") == "")
    }
}

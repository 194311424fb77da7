import Testing

@testable import SwatchbookCore

/// Foreign text on its way to a terminal: every control character becomes
/// U+FFFD and invalid UTF-8 never smuggles an escape through (SPEC §5).
@Suite struct SanitizerTests {
    static let c0: [UInt32] = Array(0x00...0x1F)
    static let c1: [UInt32] = Array(0x80...0x9F)

    @Test(arguments: c0 + [0x7F] + c1)
    func everyControlCharacterBecomesTheReplacement(_ value: UInt32) {
        let scalar = Unicode.Scalar(value)!
        #expect(Sanitizer.isControl(scalar))
        var text = "a"
        text.unicodeScalars.append(scalar)
        text += "b"
        let clean = Sanitizer.clean(text)
        #expect(Array(clean.unicodeScalars) == ["a", "\u{FFFD}", "b"])
        #expect(Array(clean.utf8) == [0x61, 0xEF, 0xBF, 0xBD, 0x62])
    }

    /// A message quoting a file shows its tabs as `\t`, and still no escape.
    @Test func aMessageShowsATabAsBackslashT() {
        #expect(Sanitizer.cleanMessage("got \"x\t0\u{1B}[31m\"") == "got \"x\\t0\u{FFFD}[31m\"")
    }

    @Test func theReplacementIsUPlusFFFD() {
        #expect(Sanitizer.replacement == "\u{FFFD}")
    }

    @Test func anEscapeSequenceLosesItsEscape() {
        let clean = Sanitizer.clean("\u{1B}[31mred\u{1B}[0m\u{1B}]0;title\u{07}")
        #expect(clean == "\u{FFFD}[31mred\u{FFFD}[0m\u{FFFD}]0;title\u{FFFD}")
        #expect(!clean.utf8.contains(0x1B))
        #expect(!clean.utf8.contains(0x07))
    }

    @Test func crlfAndTabsAreControlsToo() {
        // "\r\n" is one Character but two scalars: both are replaced.
        #expect(Sanitizer.clean("a\r\nb\tc") == "a\u{FFFD}\u{FFFD}b\u{FFFD}c")
    }

    @Test func c1CSIIsReplacedAsAScalarNotAByte() {
        // U+009B is encoded C2 9B; neither byte may survive as the C1 CSI.
        let clean = Sanitizer.clean("x\u{9B}2J")
        #expect(clean == "x\u{FFFD}2J")
        #expect(!clean.utf8.contains(0x9B))
    }

    static let untouched: [String] = [
        "",
        "Salmon",
        "Light Salmon #FA8072 (100%) ~!@{}",
        "메인1",
        "中文 ＡＢ",
        "Café e\u{301}",
        "😀❤️🇰🇷👨\u{200D}👩\u{200D}👧",
        "\u{200B}\u{200D}\u{FEFF}",
        "\u{A0}\u{A1}\u{FF}\u{100}",
        "\u{FFFD}",
    ]

    @Test(arguments: untouched)
    func ordinaryTextIsUntouched(_ text: String) {
        #expect(Sanitizer.clean(text) == text)
        #expect(Array(Sanitizer.clean(text).unicodeScalars) == Array(text.unicodeScalars))
        #expect(Sanitizer.clean(bytes: Array(text.utf8)) == text)
    }

    @Test func printableBoundariesAreNotControls() {
        for value: UInt32 in [0x20, 0x7E, 0xA0, 0xFFFD] {
            #expect(!Sanitizer.isControl(Unicode.Scalar(value)!))
        }
    }

    // MARK: bytes

    struct BadBytes: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var expected: String
        var testDescription: String { name }
    }

    static let badBytes: [BadBytes] = [
        BadBytes(name: "lone FF", bytes: [0xFF, 0x41], expected: "\u{FFFD}A"),
        BadBytes(name: "lone FE", bytes: [0x41, 0xFE], expected: "A\u{FFFD}"),
        BadBytes(name: "lone continuation", bytes: [0x80], expected: "\u{FFFD}"),
        BadBytes(name: "truncated two-byte", bytes: [0x41, 0xC3], expected: "A\u{FFFD}"),
        BadBytes(name: "truncated three-byte", bytes: [0xE4, 0xB8, 0x41], expected: "\u{FFFD}A"),
        BadBytes(name: "truncated four-byte", bytes: [0xF0, 0x9F, 0x98], expected: "\u{FFFD}"),
        // Overlong forms of ESC and of '/' must not decode to them.
        BadBytes(
            name: "overlong ESC, two bytes", bytes: [0xC0, 0x9B], expected: "\u{FFFD}\u{FFFD}"),
        BadBytes(
            name: "overlong ESC, three bytes", bytes: [0xE0, 0x80, 0x9B],
            expected: "\u{FFFD}\u{FFFD}\u{FFFD}"),
        BadBytes(
            name: "overlong slash, four bytes", bytes: [0xF0, 0x80, 0x80, 0xAF],
            expected: "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"),
        BadBytes(
            name: "overlong slash, two bytes", bytes: [0xC1, 0xAF], expected: "\u{FFFD}\u{FFFD}"),
        BadBytes(
            name: "UTF-16 surrogate", bytes: [0xED, 0xA0, 0x80],
            expected: "\u{FFFD}\u{FFFD}\u{FFFD}"),
        BadBytes(
            name: "beyond U+10FFFF", bytes: [0xF4, 0x90, 0x80, 0x80],
            expected: "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"),
        // A valid C1 CSI (C2 9B) and a raw ESC are controls, not decoding errors.
        BadBytes(name: "encoded C1 CSI", bytes: [0xC2, 0x9B, 0x32, 0x4A], expected: "\u{FFFD}2J"),
        BadBytes(
            name: "raw ESC sequence", bytes: [0x1B, 0x5B, 0x32, 0x4A], expected: "\u{FFFD}[2J"),
        BadBytes(
            name: "bad byte before ESC", bytes: [0xC3, 0x1B, 0x5B], expected: "\u{FFFD}\u{FFFD}["),
    ]

    @Test(arguments: badBytes)
    func invalidUTF8BecomesTheReplacement(_ sample: BadBytes) {
        let clean = Sanitizer.clean(bytes: sample.bytes)
        #expect(clean == sample.expected)
        #expect(!clean.utf8.contains(0x1B))
        #expect(!clean.unicodeScalars.contains(where: Sanitizer.isControl))
    }

    @Test func everySingleByteIsSafe() {
        for byte in UInt8.min...UInt8.max {
            let clean = Sanitizer.clean(bytes: [0x61, byte, 0x62])
            #expect(!clean.unicodeScalars.contains(where: Sanitizer.isControl), "byte \(byte)")
            #expect(!clean.utf8.contains(0x1B))
            #expect(clean.hasPrefix("a") && clean.hasSuffix("b"))
        }
    }

    @Test func everyTwoByteSequenceIsSafe() {
        for first in UInt8(0x80)...UInt8.max {
            for second in UInt8.min...UInt8.max {
                let clean = Sanitizer.clean(bytes: [first, second])
                let unsafe =
                    clean.utf8.contains(0x1B) || clean.utf8.contains(0x07)
                    || clean.unicodeScalars.contains(where: Sanitizer.isControl)
                if unsafe {
                    Issue.record(
                        "[\(first), \(second)] left a control in \(clean.debugDescription)")
                }
            }
        }
    }
}

import Foundation
import SwatchbookCore
import Testing

@testable import SwatchbookImport
@testable import SwatchbookLua
import SwatchbookTestSupport

/// Scheme files of both layouts read into the same model, and every
/// mistake is one line naming the file and line.
@Suite("base16 schemes: classic and tinted-theming layouts, base24, mistakes")
struct Base16SchemeTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func fixture(_ path: String) throws(Diagnostic) -> Base16Scheme {
        try Base16SchemeParser.read(fixtures.appendingPathComponent(path), displayName: path)
    }

    /// Parses YAML text as if read from `file`.
    static func parse(_ yaml: String, file: String = "scheme.yaml") throws(Diagnostic) -> Base16Scheme {
        let stem = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        return try Base16SchemeParser(file: file, stem: stem).parse(
            YAMLReader.read(Array(yaml.utf8), file: file))
    }

    static func failure(_ yaml: String, file: String = "scheme.yaml") -> String? {
        do {
            _ = try parse(yaml, file: file)
            return nil
        } catch {
            return error.formatted
        }
    }

    /// Slot lines `base00: 000000`, `base01: 0a0a0a`… for slots `0..<count`
    /// (a grey ten steps lighter each), with some values replaced, indented
    /// for a tinted palette when asked.
    static func flatSlots(_ count: Int, _ values: [Int: String] = [:], indent: String = "") -> String {
        (0..<count).map { index in
            let pair = String(format: "%02x", index * 10)
            return indent + "\(Base16Scheme.slotName(index)): " + (values[index] ?? pair + pair + pair)
        }.joined(separator: "\n")
    }

    @Test func classicFlatBase16() throws {
        let ocean = try Self.fixture("base16/ocean.yaml")
        #expect(ocean.system == .base16)
        #expect(ocean.name == "Ocean")
        #expect(ocean.author == "Chris Kempson (http://chriskempson.com)")
        #expect(ocean.id == "base16-ocean")
        #expect(ocean.variant == .dark, "inferred from base00")
        #expect(ocean.colors.count == 16)
        #expect(ocean.colors.first == Color(rgb: 0x2B303B))
        #expect(ocean.colors[0x0C] == Color(rgb: 0x96B5B4))
        #expect(ocean.colors.last == Color(rgb: 0xAB7967))
    }

    @Test func tintedThemingBase16() throws {
        let light = try Self.fixture("base16/solarized-light.yaml")
        #expect(light.system == .base16)
        #expect(light.name == "Solarized Light")
        #expect(light.variant == .light)
        #expect(light.id == "base16-solarized-light", "no slug given: the file name")
        #expect(light.colors[0] == Color(rgb: 0xFDF6E3))
        #expect(light.colors[0x0D] == Color(rgb: 0x268BD2))
    }

    @Test func classicAndTintedBase24() throws {
        let dracula = try Self.fixture("base16/dracula.yaml")
        #expect(dracula.system == .base24, "a flat file with base10…base17 is base24")
        #expect(dracula.id == "base24-dracula")
        #expect(dracula.colors.count == 24)
        #expect(dracula.colors[0x16] == Color(rgb: 0xA3CCFF))
        let oneDark = try Self.fixture("base16/one-dark-base24.yaml")
        #expect(oneDark.system == .base24)
        #expect(oneDark.id == "base24-one-dark", "the tinted slug wins over the file name")
        #expect(oneDark.description == "Atom's One Dark, with bright and dark accents")
        #expect(oneDark.colors[0x17] == Color(rgb: 0xDE73FF))
    }

    @Test func colourSpellingsAndUnknownKeys() throws {
        let slots = Self.flatSlots(16, [0: ##""#2B303B""##, 1: "'343d46'"])
            .replacingOccurrences(of: "base0A: 646464", with: "base0a: ffffff")
        let scheme = try Self.parse(
            "scheme: Mixed\ncredits: \"unknown keys are the scheme's own business\"\nsystem_notes: [1, 2]\n"
                + slots)
        #expect(scheme.colors[0] == Color(rgb: 0x2B303B))
        #expect(scheme.colors[1] == Color(rgb: 0x343D46))
        #expect(scheme.colors[0x0A] == Color(rgb: 0xFFFFFF), "lower-case slot names are read too")
        #expect(scheme.author == nil)
    }

    @Test func slugsAndIDs() throws {
        #expect(Base16Scheme.slug(from: "Solarized Dark (Hard).v2") == "solarized-dark--hard--v2")
        #expect(Base16Scheme.slug(from: "../../etc/passwd") == "------etc-passwd")
        #expect(Base16Scheme.slug(from: "Café Noir") == "caf--noir")
        #expect(Base16Scheme.slug(from: "cafe\u{301}") == "caf-", "composed or not, é is one character")
        #expect(Base16Scheme.slug(from: "gruvbox-dark-HARD") == "gruvbox-dark-hard")
        let named = try Self.parse("scheme: X\n" + Self.flatSlots(16), file: "dir/My Scheme.v1.yaml")
        #expect(named.id == "base16-my-scheme-v1", "the file name without its extension")
        let tinted = try Self.parse(
            "system: base16\nname: X\nslug: Tokyo Night/Storm\npalette:\n" + Self.flatSlots(16, indent: "  "))
        #expect(tinted.id == "base16-tokyo-night-storm")
        #expect(Base16Scheme.slotName(0x0C) == "base0C")
        #expect(Base16Scheme.slotName(0x17) == "base17")
    }

    @Test func variantIsTheFilesElseInferredFromBase00() throws {
        let light = try Self.parse("scheme: Paper\n" + Self.flatSlots(16, [0: "f8f8f8"]))
        #expect(light.variant == .light)
        let dark = try Self.parse("scheme: Ink\n" + Self.flatSlots(16))
        #expect(dark.variant == .dark)
        let said = try Self.parse("scheme: Ink\nvariant: Light\n" + Self.flatSlots(16))
        #expect(said.variant == .light, "the file's word wins over the luminance")
        // Relative luminance: #767676 0.18, #BBBBBB just under 0.5, #BCBCBC just over.
        #expect(Base16Scheme.inferredVariant(background: Color(rgb: 0xBBBBBB)) == .dark)
        #expect(Base16Scheme.inferredVariant(background: Color(rgb: 0x767676)) == .dark)
        #expect(Base16Scheme.inferredVariant(background: Color(rgb: 0xBCBCBC)) == .light)
    }

    /// Each malformed fixture, and the one line it gives.
    static let malformed: [(file: String, message: String)] = [
        ("syntax.yaml", "syntax.yaml:4: invalid YAML: mapping values are not allowed in this context"),
        ("missing-slot.yaml", "missing-slot.yaml:1: missing base0C: a base16 scheme needs base00 to base0F"),
        (
            "bad-hex.yaml",
            ##"bad-hex.yaml:18: base0C: expected a 6-digit hex colour such as "#2b303b", got "zz12""##
        ),
        (
            "not-a-mapping.yaml",
            "not-a-mapping.yaml:2: expected a mapping of scheme keys (scheme, author, base00…), got a sequence"
        ),
        (
            "unknown-system.yaml",
            ##"unknown-system.yaml:1: system: expected "base16" or "base24", got "base17""##
        ),
    ]

    @Test(arguments: malformed.map(\.file))
    func malformedFixtureGivesOneLine(_ file: String) throws {
        let expected = try #require(Self.malformed.first { $0.file == file }).message
        do {
            _ = try Self.fixture("base16-bad/" + file)
            Issue.record("\(file) must not parse")
        } catch {
            #expect(error.kind == .data)
            #expect(error.formatted == "base16-bad/" + expected)
            #expect(!error.formatted.contains("\n"))
        }
    }

    @Test func everyMalformedFixtureIsTested() throws {
        let folder = Self.fixtures.appendingPathComponent("base16-bad").path
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(files == Self.malformed.map(\.file).sorted())
    }

    @Test func otherMistakesNameTheirLine() {
        let cases: [(String, String)] = [
            (
                "scheme: X\n" + Self.flatSlots(16) + "\nbase10: 111111",
                "scheme.yaml:1: missing base11: a base24 scheme needs base00 to base17"
            ),
            (
                "system: base24\nname: X\n\n\npalette:\n" + Self.flatSlots(16, indent: "  "),
                "scheme.yaml:5: missing base10: a base24 scheme needs base00 to base17"
            ),
            (
                "system: base16\nname: X\npalette: 3",
                "scheme.yaml:3: palette: expected a mapping of base00 to base0F, got a scalar"
            ),
            (
                "system: base16\nname: X\n",
                "scheme.yaml:1: missing palette: a tinted-theming scheme lists its colours under palette"
            ),
            ("author: A\n" + Self.flatSlots(16), "scheme.yaml:1: missing scheme: the scheme needs a name"),
            ("scheme: [a, b]\n" + Self.flatSlots(16), "scheme.yaml:1: scheme: expected text, got a sequence"),
            (
                "scheme: X\nvariant: dusk\n" + Self.flatSlots(16),
                ##"scheme.yaml:2: variant: expected "dark" or "light", got "dusk""##
            ),
            (
                "scheme: X\n" + Self.flatSlots(16, [3: "orange"]),
                ##"scheme.yaml:5: base03: expected a 6-digit hex colour such as "#2b303b", got "orange""##
            ),
            (
                "scheme: X\n" + Self.flatSlots(16, [3: "{r: 1}"]),
                ##"scheme.yaml:5: base03: expected a 6-digit hex colour such as "#2b303b", got a mapping"##
            ),
            (
                "scheme: X\n" + Self.flatSlots(16, [3: "fff"]),
                ##"scheme.yaml:5: base03: expected a 6-digit hex colour such as "#2b303b", got "fff""##
            ),
            (
                "scheme: X\n"
                    + Self.flatSlots(
                        16, [3: ##""a\"b\\c and then a very long tail of forty or more characters""##]),
                ##"scheme.yaml:5: base03: expected a 6-digit hex colour such as "#2b303b", got "a\"b\\c and then a very long tail of forty…""##
            ),
            (
                "scheme: X\n" + Self.flatSlots(16) + "\nbase0c: 123456",
                "scheme.yaml:18: base0c: given twice (first on line 14)"
            ),
            ("", "scheme.yaml: expected a base16 scheme, the file holds no YAML document"),
            ("# only a comment\n", "scheme.yaml: expected a base16 scheme, the file holds no YAML document"),
            (
                "just words",
                "scheme.yaml:1: expected a mapping of scheme keys (scheme, author, base00…), got a scalar"
            ),
            ("a: 1\n---\nb: 2\n", "scheme.yaml:2: expected one YAML document, found a second one here"),
            ("scheme: *nope\n", "scheme.yaml:1: invalid YAML: unknown alias *nope"),
            (
                "scheme: 'open\n",
                "scheme.yaml:2: invalid YAML: found unexpected end of stream (while scanning a quoted scalar that started on line 1)"
            ),
        ]
        for (yaml, message) in cases {
            #expect(Self.failure(yaml) == message, "\(yaml)")
        }
    }

    @Test func aliasesResolveAndNestingIsBounded() throws {
        let aliased = try Self.parse(
            "scheme: X\n" + Self.flatSlots(16, [0: "&bg 123456", 1: "*bg"]) + "\nextra: [*bg, *bg]")
        #expect(aliased.colors[0] == Color(rgb: 0x123456))
        #expect(aliased.colors[1] == Color(rgb: 0x123456))
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(Self.failure(deep) == "scheme.yaml:1: YAML nested deeper than 64 levels")
        // Each alias adds a level without a bracket; the limit still holds.
        var chain = "a0: &a0 [x]\n"
        for level in 1...100 { chain += "a\(level): &a\(level) [*a\(level - 1)]\n" }
        #expect(Self.failure(chain)?.hasSuffix("YAML nested deeper than 64 levels") == true)
    }
}

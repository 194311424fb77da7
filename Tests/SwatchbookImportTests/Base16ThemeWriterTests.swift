import Foundation
import SwatchbookCore
import Testing

@testable import SwatchbookImport
@testable import SwatchbookLua
import SwatchbookTestSupport

/// Generated theme files load in the sandbox, resolve to the scheme's
/// colours through the documented role mapping, and keep foreign text data.
@Suite("base16 theme writer: palette, roles, escaping")
struct Base16ThemeWriterTests {
    /// Writes `scheme` as a theme file, loads it as `themes` would, and
    /// resolves it over the built-in default (plus any `extra` theme files).
    static func resolve(_ scheme: Base16Scheme, extra: [String: String] = [:], id: String? = nil) throws
        -> Theme
    {
        let fixture = ScratchFolder()
        fixture.write(Base16ThemeWriter.fileName(for: scheme), Base16ThemeWriter.source(for: scheme))
        var specs = ["default": ThemeSpec(.standard, file: "(built in) default")]
        for (name, text) in extra { fixture.write(name, text) }
        for name in [Base16ThemeWriter.fileName(for: scheme)] + extra.keys.sorted() {
            let loaded = try ThemeLoader.load(
                file: fixture.url.appendingPathComponent(name), displayName: name)
            #expect(loaded.warnings.isEmpty, "\(loaded.warnings.map { $0.formatted })")
            specs[loaded.spec.id] = loaded.spec
        }
        return try ThemeResolver(specs: specs).resolve(id ?? scheme.id)
    }

    static func style(_ fg: UInt32?, _ bg: UInt32? = nil, _ attributes: TextAttributes = []) -> Style {
        Style(
            foreground: fg.map(Color.init(rgb:)), background: bg.map(Color.init(rgb:)), attributes: attributes
        )
    }

    @Test func oceanResolvesToTheDocumentedMapping() throws {
        let ocean = try Base16SchemeTests.fixture("base16/ocean.yaml")
        let theme = try Self.resolve(ocean)
        #expect(theme.id == "base16-ocean")
        #expect(theme.name == "Ocean")
        #expect(theme.isDark)
        let expected: [Role: Style] = [
            .background: Self.style(nil, 0x2B303B),
            .text: Self.style(0xC0C5CE),
            .header: Self.style(0xDFE1E8, 0x343D46, .bold),
            .rowTitle: Self.style(0x8FA1B3, nil, .bold),
            .label: Self.style(0xC0C5CE),
            .hex: Self.style(0xA7ADBA),
            .focus: Self.style(nil, nil, [.reverse, .bold]),
            .selection: Self.style(0xEBCB8B, nil, .underline),
            .indicator: Self.style(0xEBCB8B, nil, .bold),
            // base03 (2.71:1 on base00) and base08 (3.23:1) do not read: made
            // lighter in OKLCh until they reach 3:1 and 4.5:1
            .border: Self.style(0x6D7C87),
            .status: Self.style(0xC0C5CE, 0x343D46),
            .error: Self.style(0xDD7B84, nil, .bold),
            .muted: Self.style(0x6D7C87),
            // Not written by the import: drawn in the indicator's colour.
            .match: Self.style(0xEBCB8B, nil, [.bold, .underline]),
            // Inherited from the default theme: the hex inks.
            .hexDark: Self.style(0x000000),
            .hexLight: Self.style(0xFFFFFF),
        ]
        for role in Role.allCases {
            #expect(theme.style(role) == expected[role], "\(role.rawValue)")
        }
    }

    @Test func base24UsesTheBrightAccents() throws {
        let theme = try Self.resolve(try Base16SchemeTests.fixture("base16/dracula.yaml"))
        #expect(theme.style(.rowTitle) == Self.style(0xA3CCFF, nil, .bold), "base16: bright blue")
        #expect(theme.style(.indicator) == Self.style(0xEEF5A3, nil, .bold), "base13: bright yellow")
        #expect(theme.style(.error) == Self.style(0xF28C8C, nil, .bold), "base12: bright red")
        #expect(theme.style(.selection) == Self.style(0xF1FA8C, nil, .underline), "still base0A")
        #expect(theme.style(.background) == Self.style(nil, 0x282A36))
    }

    @Test func lightSchemesAreLightThemes() throws {
        let theme = try Self.resolve(try Base16SchemeTests.fixture("base16/solarized-light.yaml"))
        #expect(!theme.isDark)
        #expect(theme.style(.text).foreground == Color(rgb: 0x586E75))
    }

    /// Roles name slots, so a child theme rebinding one slot recolours them.
    @Test func aChildThemeRebindsASlot() throws {
        let ocean = try Base16SchemeTests.fixture("base16/ocean.yaml")
        let child =
            ##"return { id = "ocean-red", extends = "base16-ocean", palette = { base0A = "#FF0000" } }"##
        let theme = try Self.resolve(ocean, extra: ["child.lua": child], id: "ocean-red")
        #expect(theme.style(.selection).foreground == Color(rgb: 0xFF0000))
        #expect(theme.style(.indicator).foreground == Color(rgb: 0xFF0000))
        #expect(theme.style(.text).foreground == Color(rgb: 0xC0C5CE), "other slots unchanged")
    }

    @Test func paletteHoldsEverySlotByName() throws {
        let dracula = try Base16SchemeTests.fixture("base16/dracula.yaml")
        let source = Base16ThemeWriter.source(for: dracula)
        for index in 0..<24 {
            let entry = "\(Base16Scheme.slotName(index)) = \"\(dracula.colors[index].hex)\","
            #expect(source.contains(entry), "\(entry)")
        }
        #expect(
            source.hasPrefix(
                "-- base24 scheme dracula.yaml, converted by `swatchbook theme import base16`.\n"))
    }

    /// A name written to break out of its string stays a string.
    @Test func hostileTextRoundTripsAsData() throws {
        let hostile = "x\"\nos.exit(1) --"
        var scheme = try Base16SchemeTests.fixture("base16/ocean.yaml")
        scheme.name = hostile
        scheme.author = "evil\nos.exit(1) -- \u{1B}[31m"
        scheme.file = "folder/evil\nreturn {}\r--.yaml"
        scheme.description = "two\nlines\u{85}"
        let source = Base16ThemeWriter.source(for: scheme)
        #expect(source.contains(##"name = "x\"\010os.exit(1) --","##))
        // Lua reads back the very bytes (the theme reader then sanitises
        // them for the screen, as it does every theme string).
        #expect(try LuaReadBack.evaluate("return (function()\n" + source + "\nend)().name") == hostile)
        let theme = try Self.resolve(scheme)
        #expect(theme.name == Sanitizer.clean(hostile))
        #expect(theme.style(.background).background == Color(rgb: 0x2B303B))
        // Comments hold only sanitised single lines: every line before
        // `return {` is still a comment.
        let header = source.split(separator: "\n", omittingEmptySubsequences: false).prefix {
            $0 != "return {"
        }
        #expect(header.count == 5)
        #expect(header.last == "-- two\u{FFFD}lines\u{FFFD}")
        #expect(header.allSatisfy { $0.hasPrefix("-- ") && !$0.contains("\r") && !$0.contains("\u{1B}") })

        // The same name through YAML, as a scheme file would deliver it.
        let yaml = ##"scheme: "x\"\nos.exit(1) --""## + "\n" + Base16SchemeTests.flatSlots(16)
        let parsed = try Base16SchemeTests.parse(yaml)
        #expect(parsed.name == hostile)
        #expect(try Self.resolve(parsed).name == Sanitizer.clean(hostile))
    }

    @Test func luaLiteralsReadBackExactly() throws {
        let samples = [
            "", "plain", "quote \" and backslash \\", "]] and [[ and --[[", "\0nul\0", "tab\tnew\nline\rcr",
            "\u{1B}[2J\u{7F}", "digits after escapes: \u{1}23", "메인1 café 🎨", "\u{85}\u{2028}",
            String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self),
        ]
        for text in samples {
            let literal = LuaLiteral.string(text)
            #expect(!literal.contains("\n") && !literal.contains("\r"), "\(literal)")
            #expect(try LuaReadBack.evaluate("return " + literal) == text, "\(literal)")
        }
        #expect(LuaLiteral.string("a\u{1}2") == ##""a\0012""##)
        #expect(LuaLiteral.commentText("one\ntwo\u{1B}") == "one\u{FFFD}two\u{FFFD}")
    }
}

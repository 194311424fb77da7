import Foundation
import Testing

/// The CSS reader as a browser reads a sheet: only what parses as a CSS
/// `<color>` is a colour, a broken declaration drops itself and no more,
/// and custom properties are grouped into the families their authors
/// named, each kept under its own name and rule for writing back.
@Suite struct CSSReaderTests {
    typealias Entry = PaletteFileTests.Entry

    /// A sheet in the shape Tailwind CSS 4 compiles its theme to, with the
    /// non-colour properties around its colours and a dark rule.
    static let theme = """
        @layer theme {
          :root, :host {
            --font-weight-bold: 700;
            --tracking-wide: 0.025em;
            --word: beef;
            --color-red-50: oklch(97.1% 0.013 17.38);
            --color-red-500: oklch(63.7% 0.237 25.331);
            --color-blue-50: oklch(97% 0.014 254.604);
            --color-black: #000;
            --color-white: #fff;
            --brand: var(--color-red-500);
          }
        }
        .dark { --color-red-50: #300; --surface: #111; }

        """

    @Test func numbersAndWordsAreNoColoursAsCSSHasNoHexWithoutAHash() throws {
        let scratch = ScratchFolder()
        let entries = try PaletteFileTests.entries(scratch.write("theme.css", Self.theme))
        let ids = entries.compactMap(\.id)
        #expect(!ids.contains("font-weight-bold"), "700 is a font weight, not #770000")
        #expect(!ids.contains("word"), "beef is a word, not #BBEEEE")
        #expect(!ids.contains("tracking-wide"))
        #expect(ids.count == 8, "\(ids)")
    }

    @Test func familiesBecomeRowsOfTheirGroupInTheSheetsOrder() throws {
        let scratch = ScratchFolder()
        let entries = try PaletteFileTests.entries(scratch.write("theme.css", Self.theme))
        #expect(
            entries.map(\.description) == [
                "color/red/50 #FEF2F2", "color/red/500 #FB2C36", "color/blue/50 #EFF6FF",
                "color/color/black #000000", "color/color/white #FFFFFF",
                ":root, :host @layer theme/:root, :host @layer theme/brand #FB2C36",
                "color (.dark)/red/50 #330000", ".dark/.dark/surface #111111",
            ])
    }

    @Test func openPropsStepsMakeARowPerHue() throws {
        let scratch = ScratchFolder()
        let sheet =
            ":where(html) {\n"
            + (0...3).map { "  --gray-\($0): #\(String(repeating: String($0 * 3), count: 6));\n" }.joined()
            + "  --gray-0-hsl: 210 17% 98%;\n  --red-0: #fff5f5;\n  --red-1: #ffe3e3;\n}\n"
        let entries = try PaletteFileTests.entries(scratch.write("props.css", sheet))
        #expect(
            entries.map { "\($0.row)/\($0.name)" } == [
                "gray/0", "gray/1", "gray/2", "gray/3", "red/0", "red/1",
            ])
    }

    /// Read, written and read again: every property under its own name in
    /// its own rule, in the sheet's order, so the second write is the first.
    @Test func eachPropertyIsWrittenBackUnderItsNameAndRule() throws {
        let scratch = ScratchFolder()
        let source = scratch.write("theme.css", Self.theme)
        let written = try CommandRunner.run(["render", source, "--format", "css"])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(
            written.text == """
                /* theme: written by swatchbook */
                @layer theme {
                  :root, :host {
                    --color-red-50: oklch(97.1% 0.013 17.38);
                    --color-red-500: oklch(63.7% 0.237 25.331);
                    --color-blue-50: oklch(97% 0.014 254.604);
                    --color-black: #000;
                    --color-white: #fff;
                    --brand: var(--color-red-500);
                  }
                }
                .dark {
                  --color-red-50: #300;
                  --surface: #111;
                }

                """)
        let again = scratch.write("again.css", written.text)
        #expect(try PaletteFileTests.entries(again) == PaletteFileTests.entries(source))
        let second = try CommandRunner.run(["render", again, "--format", "css"])
        #expect(second.text == written.text, "the title comes back from the comment the writer put first")
    }

    @Test func aBrokenColourIsAWarningNamingItsLineAndDropsOnlyItself() throws {
        let scratch = ScratchFolder()
        let file = scratch.write(
            "broken.css",
            ":root {\n  --ok: #112233;\n  --typo: #12345;\n  --bad: rgb(300 0 0 0);\n  --gone: var(--missing);\n  --gap: 4px;\n}\n"
        )
        // Named as the user names it, as every message names a file.
        let result = try CommandRunner.run(["render", "broken.css", "--format", "json"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(
            lines.contains("broken.css:3:11: warning: --typo: \"#12345\" is not a colour, so it is left out"),
            "\(lines)")
        #expect(lines.contains { $0.hasPrefix("broken.css:4:10: warning: --bad: ") }, "\(lines)")
        #expect(
            lines.contains { $0.hasPrefix("broken.css:5: warning: var(--missing) names no custom property") })
        #expect(lines.count == 3, "4px is no colour and says nothing: \(lines)")
        #expect(try PaletteFileTests.entries(file).map(\.name) == ["ok"])
    }

    /// The title is taken from the comment a Swatchbook writer puts first,
    /// and from no other: a sheet whose first comment is its own, with the
    /// writer's words in a later one, keeps its stem as its title (the
    /// words once made a title of everything between the two comments).
    @Test func onlyTheFirstCommentCanGiveTheTitle() throws {
        let scratch = ScratchFolder()
        let file = scratch.write(
            "later.css", "/* header */\n:root {\n  --a: #112233; /* Brand: written by swatchbook */\n}\n")
        let written = try CommandRunner.run(["render", file, "--format", "css"])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.text == "/* later: written by swatchbook */\n:root {\n  --a: #112233;\n}\n")
    }

    /// Warnings are found out of the sheet's order (a var() is followed to
    /// the property it names, further down), and each still names its own
    /// line and column.
    @Test func warningsFoundOutOfOrderNameTheirOwnLines() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "order.css",
            ":root {\n  --a: var(--b);\n  --typo: #12345;\n}\n.x {\n  --c: #abc;\n}\n:root {\n  --b: var(--missing);\n}\n"
        )
        let result = try CommandRunner.run(["render", "order.css", "--format", "json"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(lines)")
        #expect(
            lines.first?.hasPrefix("order.css:9: warning: var(--missing) names no custom property") == true)
        #expect(
            lines.last == "order.css:3:11: warning: --typo: \"#12345\" is not a colour, so it is left out")
    }

    /// Open Props' palette, Bootstrap's themes: calc() over var(), colours
    /// mixed and made relative, light-dark() taken by --scheme, and each
    /// written back as it was written.
    @Test func modernColourIsReadAndWrittenBackAsWritten() throws {
        let scratch = ScratchFolder()
        let sheet = """
            :root {
              --hue: 250;
              --chroma: 1.2;
              --color-1: oklch(98% calc(0.03 * var(--chroma)) calc(var(--hue) + 10));
              --mixed: color-mix(in oklch, var(--color-1) 40%, black);
              --shade: oklch(from var(--mixed) calc(l - 0.1) c h);
              --surface: light-dark(#ffffff, #1b2a41);
            }

            """
        let file = scratch.write("modern.css", sheet)
        let light = try PaletteFileTests.entries(file)
        #expect(light.map(\.id) == ["color-1", "mixed", "shade", "surface"], "250 and 1.2 are no colours")
        #expect(light.last?.color == "#FFFFFF")
        let dark = try PaletteFileTests.entries(file, ["--scheme", "dark"])
        #expect(dark.last?.color == "#1B2A41")
        #expect(Array(dark.dropLast()) == Array(light.dropLast()))
        let written = try CommandRunner.run(["render", file, "--format", "css"])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.text.contains("  --surface: light-dark(#ffffff, #1b2a41);\n"), "\(written.text)")
        // var() inside a colour is written as what it stood for, which
        // needs none of the non-colour properties left out, and says so
        #expect(
            written.text.contains("  --color-1: oklch(98% calc(0.03 * 1.2) calc(250 + 10));\n"),
            "\(written.text)")
        #expect(written.stderr.contains("3 references written as the colours they name"), "\(written.stderr)")
        let again = scratch.write("again.css", written.text)
        #expect(try PaletteFileTests.entries(again).map(\.color) == light.map(\.color))
    }

    @Test func aSheetWithNoColourIsAnEmptyCatalogueAndAWarning() throws {
        let scratch = ScratchFolder()
        let file = scratch.write(
            "channels.css", ":where(html) {\n  --gray-0-hsl: 210 17% 98%;\n  --size-1: .25rem;\n}\n")
        let result = try CommandRunner.run(["render", "channels.css", "--format", "json"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr
                == "channels.css: warning: found no custom property with a colour value (--name: #RRGGBB;)\n")
        #expect(try PaletteFileTests.entries(file).isEmpty)
    }
}

import Foundation
import Testing

/// The Sass (SCSS) and Less readers: the variables a style sheet's
/// preprocessor sets, read as that preprocessor reads them (Sass in order,
/// Less lazily), only colours kept, broken colours warned of, maps made
/// rows, and each variable kept under its own name for writing back.
@Suite struct SassLessReaderTests {
    typealias Entry = RoundTripMatrixTests.Entry

    static let fixtures = "Tests/Fixtures/palettes/"

    /// Each entry as "row/name colour", with its key and reference.
    static func listing(_ entries: [Entry]) -> [String] {
        entries.map {
            "\($0.groups.joined(separator: "/"))/\($0.name) \($0.color) \($0.key ?? "-")"
                + ($0.reference.map { " ref \($0)" } ?? "")
        }
    }

    /// The warnings of rendering `file`, named from its own folder as a user
    /// there names it.
    static func warnings(_ file: String) throws -> [String] {
        let url = URL(fileURLWithPath: file)
        let result = try CommandRunner.run(
            ["render", url.lastPathComponent, "--format", "json"], in: url.deletingLastPathComponent())
        #expect(result.status == 0, "\(result.stderr)")
        return result.stderr.split(separator: "\n").map(String.init)
    }

    // MARK: Sass

    static let sass = """
        // line comment with $not-a-variable: #fff;
        /* a block comment
           $nor-this: #000; */
        $red: #e53935 !default;
        $brand: $red !default;
        $brand: #000 !default;
        $accent_color: #00ff00 !global;
        $accent-alias: $accent-color;
        $color-red-50: #fef2f2;
        $color-red-500: #fb2c36;
        $color-blue-50: #eff6ff;
        $color-black: #000;
        $link: url(http://example.com/x.png);
        $gray-0: #f8f9fa;
        $gray-1: #f1f3f5;

        """

    @Test func variablesWithFlagsReferencesAndCommentsAreRead() throws {
        let scratch = ScratchFolder()
        let entries = try RoundTripMatrixTests.entries(scratch.write("vars.scss", Self.sass))
        #expect(
            Self.listing(entries) == [
                "variables/variables/red #E53935 $red",
                "variables/variables/brand #E53935 $brand ref $red",
                "variables/accent/color #00FF00 $accent_color",
                "variables/accent/alias #00FF00 $accent-alias ref $accent-color",
                "color/red/50 #FEF2F2 $color-red-50", "color/red/500 #FB2C36 $color-red-500",
                "color/blue/50 #EFF6FF $color-blue-50", "color/color/black #000000 $color-black",
                "variables/gray/0 #F8F9FA $gray-0", "variables/gray/1 #F1F3F5 $gray-1",
            ])
    }

    /// Sass runs a file in order: a reference is to the value set before
    /// it, a later `$x:` changes `$x` and not what was given its value, and
    /// `!default` sets only what is not set.
    @Test func sassReadsTheFileInOrder() throws {
        let scratch = ScratchFolder()
        let file = scratch.write(
            "order.scss",
            "$a: #ff0000;\n$b: $a;\n$a: #0000ff;\n$c: #111111 !default;\n$c: #222222 !default;\n$d: null;\n$d: #333333 !default;\n"
        )
        #expect(
            Self.listing(try RoundTripMatrixTests.entries(file)) == [
                "order/order/a #0000FF $a", "order/order/b #FF0000 $b ref $a", "order/order/c #111111 $c",
                "order/order/d #333333 $d",
            ])
    }

    @Test func aMapIsARowAndANestedMapARowOfItsSection() throws {
        let scratch = ScratchFolder()
        let file = scratch.write(
            "maps.scss",
            """
            $brand: #336699;
            $palette: (red: #f00, "blue": #00f, 'nested-key': $brand, gap: 4px, shade: darken($brand, 5%));
            $theme: (
              light: (bg: #fff, fg: #111),
              dark: (bg: #000, fg: (strong: #eee)),
            );
            $list: (#f00, #0f0);

            """)
        #expect(
            Self.listing(try RoundTripMatrixTests.entries(file)) == [
                "variables/variables/brand #336699 $brand",
                "variables/palette/red #FF0000 $palette.red", "variables/palette/blue #0000FF $palette.blue",
                "variables/palette/nested-key #336699 $palette.nested-key ref $brand",
                "theme/light/bg #FFFFFF $theme.light.bg", "theme/light/fg #111111 $theme.light.fg",
                "theme/dark/bg #000000 $theme.dark.bg", "theme/dark-fg/strong #EEEEEE $theme.dark.fg.strong",
            ])
    }

    /// Numbers, lengths, strings, font stacks and whatever Sass computes
    /// are left out without a word (`700` and `beef` are no hex: Sass has
    /// none without `#`); a colour that is broken, or a reference to what
    /// is not set, is one warning naming file, line and variable.
    @Test func nonColoursAreLeftOutAndBrokenColoursWarn() throws {
        let scratch = ScratchFolder()
        let file = scratch.write(
            "broken.scss",
            """
            $ok: #112233;
            $weight: 700;
            $word: beef;
            $gap: 4px;
            $font: "Helvetica Neue", Arial, sans-serif;
            $quoted: "red";
            $lighter: lighten($ok, 10%);
            $faded: rgba($ok, .5);
            $sum: #f00 + #111;
            $typo: #12345;
            $bad: rgb(300 0 0 0);
            $gone: $missing;
            $early: $later;
            $later: #445566;
            $map: (fine: #fff, wrong: #zz);

            """)
        let lines = try Self.warnings(file)
        #expect(
            lines == [
                "broken.scss:10:8: warning: $typo: \"#12345\" is not a colour, so it is left out",
                "broken.scss:11:7: warning: $bad: \"rgb(300 0 0 0)\" is not a colour, so it is left out",
                "broken.scss:12:8: warning: $gone: $missing is not set before it (Sass reads a file in order), so it is left out",
                "broken.scss:13:9: warning: $early: $later is not set before it (Sass reads a file in order), so it is left out",
                "broken.scss:15: warning: $map.wrong: \"#zz\" is not a colour, so it is left out",
            ], "\(lines)")
        #expect(
            try RoundTripMatrixTests.entries(file).map(\.name) == ["ok", "later", "fine"])
    }

    @Test func aSheetWithNoColourIsAnEmptyCatalogueAndAWarning() throws {
        let scratch = ScratchFolder()
        for (name, text, sigil) in [
            ("sizes.scss", "$gap: 4px;\n$font: Arial;\n.a { $c: #fff; }\n", "$"),
            ("sizes.less", "@gap: 4px;\n.a { @c: #fff; }\n@media print { @d: #000; }\n", "@"),
        ] {
            let file = scratch.write(name, text)
            let result = try CommandRunner.run(["render", name, "--format", "json"], in: scratch.url)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(
                result.stderr
                    == "\(name): warning: found no variable with a colour value (\(sigil)name: #RRGGBB;)\n")
            #expect(try RoundTripMatrixTests.entries(file).isEmpty)
        }
    }

    /// Variables inside rules, mixins and control blocks are theirs, not
    /// the file's; `@use` and `@import` are skipped, and `//` in a string or
    /// a URL is no comment.
    @Test func blocksAndAtRulesAreSkipped() throws {
        let scratch = ScratchFolder()
        let file = scratch.write(
            "blocks.scss",
            """
            @use "sass:math";
            @import 'other';
            $url: url(http://example.com/a.png); $after-url: #010203;
            $text: "a // b"; $after-text: #040506;
            .rule { $local: #123456; color: #{$after-url}; .inner { $deep: #654321; } }
            @mixin m($c: #abcdef) { color: $c; }
            @if true { $in-if: #fedcba; }
            $last: #070809;

            """)
        #expect(
            try RoundTripMatrixTests.entries(file).map(\.key) == ["$after-url", "$after-text", "$last"])
    }

    /// An independent reading: libsass (the reference C implementation)
    /// compiles the fixture with each top-level variable written out, and
    /// every colour Swatchbook reads is the one libsass computes, within an
    /// eight-bit step; libsass's other colours are the two the fixture
    /// computes with functions, which Swatchbook leaves out.
    @Test(.tags(.references)) func theFixtureReadsAsLibsassReadsIt() throws {
        let fixture = Self.fixtures + "brand.scss"
        try Requirement.need(Reference.python, from: "the PyPI references: run Tools/references")
        let probe = try CommandRunner.runShell("'\(Reference.python)' -c 'import sass'")
        if probe.status != 0 {
            try Requirement.skip("libsass is missing from Tools/.venv: run Tools/references")
        }
        let source = try [UInt8](Data(contentsOf: CommandRunner.root.appendingPathComponent(fixture)))
        let answer = try #require(
            try JSONSerialization.jsonObject(with: Data(Reference.ask("scss", stdin: source)))
                as? [[String: Any]])
        var colours: [String: [Double]] = [:]
        var others: Set<String> = []
        for entry in answer {
            let key = try #require(entry["key"] as? String)
            if let rgba = entry["rgba"] as? [Double] { colours[key] = rgba } else { others.insert(key) }
        }
        #expect(others.count >= 6, "the fixture has non-colour variables: \(others)")
        let entries = try RoundTripMatrixTests.entries(fixture)
        #expect(entries.count >= 20)
        for entry in entries {
            let key = try #require(entry.key)
            #expect(!others.contains(key), "\(key) is no colour to libsass")
            guard let wanted = colours.removeValue(forKey: key) else {
                Issue.record("\(key) \(entry.color): libsass has no such colour")
                continue
            }
            let digits = Array(entry.color.dropFirst())
            var channels = stride(from: 0, to: digits.count, by: 2).map {
                Double(Int(String(digits[$0..<$0 + 2]), radix: 16) ?? -9)
            }
            if channels.count == 3 { channels.append(255) }
            let reference = wanted.prefix(3) + [wanted[3] * 255]
            #expect(
                zip(channels, reference).allSatisfy { abs($0 - $1) <= 1 },
                "\(key): \(entry.color), libsass \(wanted)")
        }
        #expect(
            colours.keys.sorted() == ["$border-color-translucent", "$link-hover-color"],
            "libsass's colours left out are those computed by functions")
    }

    // MARK: Less

    /// Less is lazy: a reference may come before what it names, and every
    /// use sees the variable's last value.
    @Test func lessResolvesLazilyAndTheLastDefinitionWins() throws {
        let scratch = ScratchFolder()
        let file = scratch.write(
            "lazy.less",
            """
            // a comment @not: #fff;
            @link: @brand;
            /* @nor: #000; */
            @brand: #ff0000;
            @color-red-50: #fef2f2;
            @color-red-500: #fb2c36;
            @brand: #0000ff;

            """)
        #expect(
            Self.listing(try RoundTripMatrixTests.entries(file)) == [
                "variables/variables/link #0000FF @link ref @brand",
                "variables/variables/brand #0000FF @brand",
                "color/red/50 #FEF2F2 @color-red-50", "color/red/500 #FB2C36 @color-red-500",
            ])
    }

    @Test func aCycleIsAnErrorNamingTheVariable() throws {
        let scratch = ScratchFolder()
        let file = scratch.write("loop.less", "@ok: #fff;\n@a: @b;\n@b: @c;\n@c: @a;\n")
        let result = try CommandRunner.run(["render", file, "--format", "json"])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(
            result.stderr.hasSuffix("loop.less:4:5: @c: @a leads back to @c (a cycle)\n"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    /// A detached ruleset of declarations is a map: a row of its own, an
    /// item per declaration kept as Less looks it up; one with rulesets
    /// inside, mixins, `@media` and other at-rules are skipped.
    @Test func lessMapsAreRowsAndBlocksAndAtRulesAreSkipped() throws {
        let scratch = ScratchFolder()
        let file = scratch.write(
            "theme.less",
            """
            @import (reference) "mixins.less";
            @plugin "plugin";
            @brand: #336699;
            @theme: {
              primary: @brand;
              @accent: #f0ad4e;
              secondary: @accent;
              radius: 4px;
            }
            @mixins: { .m { color: #fff; } }
            @media (min-width: 768px) { @brand: #000000; }
            .mixin(@c: #abcdef) { color: @c; }
            .a { .mixin(#fff); @local: #123456; }
            @page :first { margin: 1in; }
            @escaped: ~"#fff";
            @darker: darken(@brand, 10%);
            @faded: fade(@brand, 50%);
            @name: brand;
            @indirect: @@name;
            @typo: #12345;
            @gone: @missing;
            @last: #010203;

            """)
        #expect(
            Self.listing(try RoundTripMatrixTests.entries(file)) == [
                "variables/variables/brand #336699 @brand",
                "variables/theme/primary #336699 @theme[primary] ref @brand",
                "variables/theme/accent #F0AD4E @theme[@accent]",
                "variables/theme/secondary #F0AD4E @theme[secondary] ref @accent",
                "variables/variables/last #010203 @last",
            ])
        #expect(
            try Self.warnings(file) == [
                "theme.less:20:8: warning: @typo: \"#12345\" is not a colour, so it is left out",
                "theme.less:21:8: warning: @gone: @missing names no variable, so it is left out",
            ])
    }

    // MARK: both

    /// A file of either kind with no extension they claim is found by its
    /// content, and `formats` lists both readers.
    @Test func bothAreDetectedAndListed() throws {
        let scratch = ScratchFolder()
        let sass = scratch.write("vars.txt", "// theme\n$brand: #336699;\n")
        let less = scratch.write("vars.text", "// theme\n@brand: #336699;\n")
        for file in [sass, less] {
            #expect(try RoundTripMatrixTests.entries(file).map(\.color) == ["#336699"], "\(file)")
        }
        let listing = try CommandRunner.run(["formats", "--json"])
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(listing.stdout)) as? [String: [[String: Any]]])
        let read = try #require(document["read"])
        for format in ["scss", "less"] {
            let entry = try #require(read.first { $0["name"] as? String == format }, "\(format)")
            #expect(entry["extensions"] as? [String] == [format])
            #expect((entry["keeps"] as? [String])?.contains("references") == true)
        }
    }

    /// A chain as long as the file resolves, each link once: Sass in the
    /// file's order, Less from the end (every reference before what it names).
    /// The bound is the reader's own: the default 5 s script budget stops a
    /// reader that walks the chain again for each link (exit 65).
    @Test func longChainsResolveInLinearTime() throws {
        let scratch = ScratchFolder()
        let count = 20000
        var sass = "$v0: #123456;\n"
        for index in 1..<count { sass += "$v\(index): $v\(index - 1);\n" }
        var less = ""
        for index in 0..<(count - 1) { less += "@v\(index): @v\(index + 1);\n" }
        less += "@v\(count - 1): #123456;\n"
        for (name, text) in [("chain.scss", sass), ("chain.less", less)] {
            let file = scratch.write(name, text)
            let entries = try RoundTripMatrixTests.entries(file)
            #expect(entries.count == count && entries.allSatisfy { $0.color == "#123456" }, "\(name)")
        }
    }
}

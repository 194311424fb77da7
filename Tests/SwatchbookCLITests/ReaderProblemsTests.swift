import Foundation
import Testing

/// Every problem of a palette file, found in one `check` and placed at its
/// line and column, as a linter places it: the readers read on past a
/// problem, and a command that renders still stops at the first.
@Suite struct ReaderProblemsTests {
    /// A misspelt `$type`, a broken alias, a bad colour beside them and a
    /// dimension token.
    static let tokens = """
        {
          "color": {
            "$type": "color",
            "bg": { "$value": "#112233" },
            "typo": { "$type": "colour", "$value": "#445566" },
            "link": { "$value": "{color.missing}" },
            "bad": { "$value": "#12" },
            "space": { "$type": "dimension", "$value": { "value": 4, "unit": "px" } }
          }
        }

        """

    @Test func checkListsEveryProblemOfATokensFileAtItsLineAndColumn() throws {
        let scratch = ScratchFolder()
        scratch.write("brand.tokens.json", Self.tokens)
        let result = try CommandRunner.run(["check", "brand.tokens.json"], in: scratch.url)
        #expect(result.status == 65)
        #expect(
            result.stderr == """
                brand.tokens.json:5:24: warning: color.typo: $type "colour" is no type DTCG defines, so its tokens are left out (did you mean "color"?)
                brand.tokens.json:8:48: warning: color.space: a dimension token is no colour, so it is not drawn (the tokens writer keeps it)
                brand.tokens.json:6:25: color.link: the alias "{color.missing}" names no token
                brand.tokens.json:7:24: color.bad: expected a colour, got "#12"
                1 file checked, 2 problems, 2 warnings

                """)
    }

    @Test func renderStopsAtTheFirstProblemAndDrawsNoNonColourWarning() throws {
        let scratch = ScratchFolder()
        scratch.write("brand.tokens.json", Self.tokens)
        let result = try CommandRunner.run(
            ["render", "brand.tokens.json", "--format", "plain"], in: scratch.url)
        #expect(result.status == 65)
        #expect(
            result.stderr
                == "brand.tokens.json:6:25: color.link: the alias \"{color.missing}\" names no token\n")
        // Without the problems, the misspelt type still warns; a report's
        // leaving out a dimension is check's to say.
        let fixed = Self.tokens.replacingOccurrences(of: "{color.missing}", with: "{color.bg}")
            .replacingOccurrences(of: "\"#12\"", with: "\"#121212\"")
        scratch.write("fixed.tokens.json", fixed)
        let rendered = try CommandRunner.run(
            ["render", "fixed.tokens.json", "--format", "plain"], in: scratch.url)
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(
            rendered.stderr
                == "fixed.tokens.json:5:24: warning: color.typo: $type \"colour\" is no type DTCG defines, so its tokens are left out (did you mean \"color\"?)\n"
        )
    }

    /// A group's `$root` token is the group's own colour: the tree node
    /// carries it, and the tokens writer gives it back as `$root`.
    @Test func aRootTokenIsItsGroupsOwnColour() throws {
        let scratch = ScratchFolder()
        let document = """
            {
              "color": {
                "$type": "color",
                "deep": {
                  "blue": {
                    "$root": { "$value": "#0000dd" },
                    "light": { "$value": "#8888ff" }
                  }
                }
              }
            }

            """
        scratch.write("root.tokens.json", document)
        let gpl = try CommandRunner.run(["render", "root.tokens.json", "--format", "gpl"], in: scratch.url)
        #expect(gpl.status == 0, "\(gpl.stderr)")
        #expect(
            gpl.text.hasSuffix("# Row: deep\n  0   0 221\tblue\n# Row: deep / blue\n136 136 255\tlight\n"),
            "\(gpl.text)")
        let tokens = try CommandRunner.run(
            ["render", "root.tokens.json", "--format", "tokens"], in: scratch.url)
        #expect(tokens.text == document, "\(tokens.stderr)")
    }

    @Test func aJSONSyntaxErrorIsPlacedAtItsLineAndColumn() throws {
        let scratch = ScratchFolder()
        scratch.write("broken.tokens.json", "{\n  \"a\": { \"$value\": \"#fff\" \"$type\": \"color\" }\n}\n")
        let result = try CommandRunner.run(["check", "broken.tokens.json"], in: scratch.url)
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("broken.tokens.json:2:27: expected ',' or '}'\n"), "\(result.stderr)")
    }

    @Test func aCSSColourThatDoesNotParseWarnsAtItsLineAndColumn() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "broken.css", ":root {\n  --ok: #112233;\n  --typo: #12345;\n  --bad: rgb(300 0 0 0);\n}\n")
        let result = try CommandRunner.run(["check", "broken.css"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr == """
                broken.css:3:11: warning: --typo: "#12345" is not a colour, so it is left out
                broken.css:4:10: warning: --bad: "rgb(300 0 0 0)" is not a colour, so it is left out
                1 file checked, 0 problems, 2 warnings

                """)
        scratch.write("broken.scss", "$ok: #112233;\n$typo:   #12345;\n")
        scratch.write("broken.less", "@ok: #112233;\n  @typo: #12345;\n")
        let sheets = try CommandRunner.run(["check", "broken.scss", "broken.less"], in: scratch.url)
        #expect(
            sheets.stderr.contains("broken.scss:2:10: warning: $typo: \"#12345\" is not a colour"),
            "\(sheets.stderr)")
        #expect(
            sheets.stderr.contains("broken.less:2:10: warning: @typo: \"#12345\" is not a colour"),
            "\(sheets.stderr)")
    }

    /// What looks like a colour is warned of exactly when tinycss2 (CSS
    /// Color 4) reads no colour in it, each at its own line and column.
    @Test func theBadColourWarningAgreesWithTinycss2() throws {
        let values = [
            "#12345", "rgb(300 0 0 0)", "#abcd", "#ggg", "#1234567", "rgb(1 2 3 / 50%)", "rgb(1, 2 3)",
            "rgba(1, 2, 3)", "hsl(10 20% 30%)", "hsl(10, 20%)", "hwb(10 20% 30% 40%)", "lab(50 20 30)",
            "lch(50 20)", "oklch(0.5 0.1 30 / 0.5)", "oklab(0.5 0.1)", "color(srgb 1 0 0)",
            "color(nope 1 0 0)",
        ]
        let sheet =
            ":root {\n" + values.enumerated().map { "  --c\($0.offset): \($0.element);\n" }.joined() + "}\n"
        let reference = try Reference.ask("css", stdin: Array(sheet.utf8))
        let rules = try #require(try JSONSerialization.jsonObject(with: Data(reference)) as? [[String: Any]])
        let declarations = try #require(rules.first?["declarations"] as? [[Any]])
        try #require(declarations.count == values.count)
        let scratch = ScratchFolder()
        scratch.write("sheet.css", sheet)
        let result = try CommandRunner.run(["check", "sheet.css"], in: scratch.url)
        for (index, declaration) in declarations.enumerated() {
            let isColour = !(declaration[2] is NSNull)
            let warning = "sheet.css:\(index + 2):\(8 + String(index).count): warning: --c\(index): "
            #expect(
                result.stderr.contains(warning) == !isColour,
                "\(values[index]): tinycss2 reads \(isColour ? "a colour" : "none"); \(result.stderr)")
        }
    }

    /// A rule inside `@media` is its own section, named with its condition,
    /// and goes back inside it when the sheet is written.
    @Test func aConditionalRuleIsASectionOfItsOwnNeverMergedIntoRoot() throws {
        let scratch = ScratchFolder()
        let sheet = """
            :root { --acme-bg: #ffffff; }
            @media (prefers-color-scheme: dark) {
              :root { --acme-bg: #000000; }
            }

            """
        scratch.write("acme.css", sheet)
        let checked = try CommandRunner.run(["check", "acme.css"], in: scratch.url)
        #expect(checked.status == 0)
        #expect(
            checked.stderr.hasPrefix(
                "acme.css:2:1: warning: @media (prefers-color-scheme: dark): the rules inside are read as sections of their own"
            ), "\(checked.stderr)")
        let entries = try PaletteFileTests.entries(scratch.path("acme.css"))
        #expect(
            entries.map(\.description) == [
                ":root/acme/bg #FFFFFF", ":root @media (prefers-color-scheme: dark)/acme/bg #000000",
            ])
        let written = try CommandRunner.run(["render", "acme.css", "--format", "css"], in: scratch.url)
        #expect(
            written.text == """
                /* acme: written by swatchbook */
                :root {
                  --acme-bg: #ffffff;
                }
                @media (prefers-color-scheme: dark) {
                  :root {
                    --acme-bg: #000000;
                  }
                }

                """)
    }

    @Test func aTerminalSchemeInJSONIsPlacedAtTheValueAtFault() throws {
        let scratch = ScratchFolder()
        let colours = ["black", "red", "green", "yellow", "blue", "purple", "cyan", "white"]
        let members = (colours + colours.map { "bright" + $0.prefix(1).uppercased() + $0.dropFirst() })
            .map { "  \"\($0)\": \"\($0 == "cyan" ? "#12345" : "#101010")\"" }
        scratch.write("scheme.json", "{\n  \"name\": \"s\",\n" + members.joined(separator: ",\n") + "\n}\n")
        let result = try CommandRunner.run(["check", "scheme.json"], in: scratch.url)
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("scheme.json:9:11: expected a colour for cyan"), "\(result.stderr)")
    }

    /// A reader may report problems and read on; the codes it names are
    /// checked, and an unknown one is the reader's own error.
    @Test func aReaderReportsProblemsAndReadsOn() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "config/swatchbook/readers/lines.lua",
            """
            local sb = require "swatchbook"
            return {
              name = "lines", api = 1, reads = { format = "lines", extensions = { "lines" } },
              data = function()
                local items, n = {}, 0
                for text in sb.input():gmatch("[^\\n]+") do
                  n = n + 1
                  local ok, colour = pcall(sb.color, text)
                  if ok then items[#items + 1] = { name = text, color = colour }
                  elseif text == "code" then sb.input_warning(n, "x", "no-such-code")
                  else sb.input_problem({ line = n, column = 2 }, "expected a colour", "bad-colour") end
                end
                return { { name = "s", rows = { { name = "r", items = items } } } }
              end,
            }
            """)
        let environment = ["XDG_CONFIG_HOME": scratch.path("config")]
        scratch.write("a.lines", "#102030\n nope\n#203040\n also\n")
        let checked = try CommandRunner.run(["check", "a.lines"], environment: environment, in: scratch.url)
        #expect(checked.status == 65)
        #expect(
            checked.stderr == """
                a.lines:2:2: expected a colour
                a.lines:4:2: expected a colour
                1 file checked, 2 problems, 0 warnings

                """)
        let rendered = try CommandRunner.run(
            ["render", "a.lines"], environment: environment, in: scratch.url)
        #expect(rendered.status == 65)
        #expect(rendered.stderr == "a.lines:2:2: expected a colour\n")
        scratch.write("b.lines", "code\n")
        let code = try CommandRunner.run(["render", "b.lines"], environment: environment, in: scratch.url)
        #expect(code.status == 65)
        #expect(code.stderr.contains("expected a code name: script-error"), "\(code.stderr)")
    }

    /// A token whose colour changed only because the alias it follows did
    /// is listed as indirect, with the names it goes through.
    @Test func diffShowsAliasFalloutAsIndirect() throws {
        let scratch = ScratchFolder()
        let old =
            ##"{"color": {"$type": "color", "base": {"$value": "#112233"}, "brand": {"$value": "{color.base}"}, "##
            + ##""link": {"$value": "{color.brand}"}, "plain": {"$value": "#000000"}}}"##
        scratch.write("old.tokens.json", old)
        scratch.write(
            "new.tokens.json",
            old.replacingOccurrences(of: "#112233", with: "#445566").replacingOccurrences(
                of: "#000000", with: "#010101"))
        let text = try CommandRunner.run(
            ["diff", "old.tokens.json", "new.tokens.json", "--format", "plain"], in: scratch.url)
        #expect(
            text.text.contains(
                """
                changed  color › color › link  ΔE OK 19.58
                         old #112233  {color.brand}
                         new #445566  {color.brand}
                         indirect: through color.brand → color.base
                """), "\(text.text)")
        #expect(text.text.components(separatedBy: "indirect").count == 3, "brand and link, not base or plain")
        let json = try CommandRunner.run(
            ["diff", "old.tokens.json", "new.tokens.json", "--format", "json"], in: scratch.url)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout)) as? [String: Any])
        let changed = try #require(root["changed"] as? [[String: Any]])
        #expect(changed.map { $0["indirect"] as? Bool } == [false, true, true, false])
        #expect(changed[2]["through"] as? [String] == ["color.brand", "color.base"])
        #expect(changed[0]["through"] == nil)
    }
}

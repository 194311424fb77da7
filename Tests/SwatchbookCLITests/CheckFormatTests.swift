import Foundation
import SwatchbookCore
import Testing

@testable import SwatchbookCLI

/// `check --format json|sarif|github|junit`: what CI reads. Each format
/// holds every problem and warning with its code, follows its schema, and
/// leaves the exit code as text has it.
@Suite("swatchbook check --format")
struct CheckFormatTests {
    /// A folder of files with one kind of slip each, and what text says.
    static func fixtures() -> ScratchFolder {
        let scratch = ScratchFolder()
        scratch.write(
            "typo.lua",
            "return { name = 'x', api = 1, descripton = 'oops', data = {}, layout = { syle = 'shelves' } }")
        scratch.write("sy ntax.lua", "return {\n  name = \"x\"\n  api = 1, data = {}\n}\n")
        scratch.write(
            "pairs.lua",
            """
            return { name = 'P', api = 1,
              pairs = { { fg = 'grey', bg = 'white' }, { fg = 'black', bg = 'white', min = 7 } },
              data = { { name = 'S', rows = { { name = 'R', items = {
                { name = 'grey', id = 'grey', color = '#AAAAAA' },
                { name = 'white', id = 'white', color = '#FFFFFF' },
                { name = 'black', id = 'black', color = '#000000' } } } } } } }
            """)
        scratch.write("bad.gpl", "GIMP Palette\nName: x\n#\n255 0\n")
        return scratch
    }

    static let files = ["typo.lua", "sy ntax.lua", "pairs.lua", "bad.gpl", "gone.lua"]

    /// The findings in order: file, line, severity, code, rule, message.
    static let expected: [(String, Int?, String, String, String, String)] = [
        ("typo.lua", nil, "warning", "SB003", "unknown-key", #"unknown key "descripton""#),
        ("typo.lua", nil, "warning", "SB003", "unknown-key", #"layout: unknown key "syle""#),
        (
            "sy ntax.lua", 3, "error", "SB001", "script-error",
            "'}' expected (to close '{' at line 1) near 'api'"
        ),
        (
            "pairs.lua", nil, "error", "SB010", "low-contrast",
            "pairs[1]: fg 1.1.1 grey #AAAAAA on bg 1.1.2 white #FFFFFF: contrast 2.32:1 is below 4.5:1"
        ),
        (
            "bad.gpl", 4, "error", "SB004", "malformed-file",
            #"expected "R G B name" (three numbers 0-255), got "255 0""#
        ),
        ("gone.lua", nil, "error", "SB013", "unreadable", "no such file"),
    ]

    static let summary = "5 files checked, 4 problems, 2 warnings\n"

    static func check(_ format: String, _ extra: [String] = [], in scratch: ScratchFolder) throws
        -> CommandRunner.Result
    {
        try CommandRunner.run(["check"] + files + ["--format", format] + extra, in: scratch.url)
    }

    @Test func textIsTheDefaultByteForByte() throws {
        let scratch = Self.fixtures()
        let plain = try CommandRunner.run(["check"] + Self.files, in: scratch.url)
        let text = try Self.check("text", in: scratch)
        #expect(text.status == 65)
        #expect(text.stdout == plain.stdout)
        #expect(text.stderr == plain.stderr)
        #expect(text.stderr.hasSuffix(Self.summary))
        #expect(
            text.stderr.contains(
                "pairs.lua: pairs[1]: fg 1.1.1 grey #AAAAAA on bg 1.1.2 white #FFFFFF: contrast 2.32:1 is below 4.5:1\n"
            ))
    }

    @Test func jsonListsEveryFindingAndFollowsItsSchema() throws {
        let scratch = Self.fixtures()
        let result = try Self.check("json", in: scratch)
        #expect(result.status == 65, "the format leaves the exit code")
        #expect(result.stderr == Self.summary, "only the summary on stderr")
        let entries = try #require(
            JSONSerialization.jsonObject(with: Data(result.stdout)) as? [[String: Any]])
        #expect(entries.count == Self.expected.count, "\(result.text)")
        for (entry, expected) in zip(entries, Self.expected) {
            #expect(entry["file"] as? String == expected.0)
            #expect(entry["line"] as? Int == expected.1, "\(entry)")
            #expect(entry["severity"] as? String == expected.2)
            #expect(entry["code"] as? String == expected.3, "\(entry)")
            #expect(entry["rule"] as? String == expected.4)
            #expect(entry["message"] as? String == expected.5)
            #expect(entry.keys.sorted() == Self.keys)
        }
        #expect(entries[0]["suggestion"] as? String == "description")
        #expect(entries[2]["suggestion"] is NSNull)

        scratch.write("out.json", result.text)
        try Requirement.need(
            "/usr/lib/python3/dist-packages/jsonschema", from: "the Debian package python3-jsonschema")
        let schema = CommandRunner.root.appendingPathComponent("Schemas/check.schema.json").path
        let validator = CommandRunner.root.appendingPathComponent("Tools/validate-json").path
        let valid = try CommandRunner.runShell("'\(validator)' '\(schema)' out.json", in: scratch.url)
        #expect(valid.status == 0, "\(valid.text)\(valid.stderr)")
        // The schema does refuse what it should.
        scratch.write("bad.json", result.text.replacingOccurrences(of: "\"warning\"", with: "\"note\""))
        let invalid = try CommandRunner.runShell("'\(validator)' '\(schema)' bad.json", in: scratch.url)
        #expect(invalid.status == 1)
    }

    static let keys = ["code", "column", "file", "line", "message", "rule", "severity", "suggestion"]

    @Test func aCleanCheckIsAnEmptyArray() throws {
        let result = try CommandRunner.run(["check", "Scripts/colors.lua", "--format", "json"])
        #expect(result.status == 0)
        #expect(result.text == "[]\n")
        #expect(result.stderr == "1 file checked, 0 problems, 0 warnings\n")
    }

    @Test func sarifFollowsTheOfficialSchema() throws {
        let scratch = Self.fixtures()
        let result = try Self.check("sarif", in: scratch)
        #expect(result.status == 65)
        #expect(result.stderr == Self.summary)
        let log = try #require(JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "swatchbook")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == (1...13).map { String(format: "SB%03d", $0) })
        #expect(rules[4]["name"] as? String == "bad-colour")
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.map { $0["ruleId"] as? String } == Self.expected.map(\.3))
        #expect(results.map { $0["level"] as? String } == Self.expected.map(\.2))
        let syntax = try #require((results[2]["locations"] as? [[String: Any]])?.first?["physicalLocation"])
        let location = try #require(syntax as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "sy%20ntax.lua")
        #expect((location["region"] as? [String: Any])?["startLine"] as? Int == 3)
        #expect(
            (results[0]["message"] as? [String: Any])?["text"] as? String
                == #"unknown key "descripton" (did you mean "description"?)"#)

        scratch.write("out.sarif", result.text)
        let validator = CommandRunner.root.appendingPathComponent("Tools/validate-sarif").path
        try Requirement.need(Reference.python, from: "the PyPI references: run Tools/references")
        let valid = try CommandRunner.runShell("'\(validator)' out.sarif", in: scratch.url)
        #expect(valid.status == 0, "\(valid.text)\(valid.stderr)")
        scratch.write(
            "bad.sarif",
            result.text.replacingOccurrences(of: "\"level\":\"warning\"", with: "\"level\":\"info\""))
        let invalid = try CommandRunner.runShell("'\(validator)' bad.sarif", in: scratch.url)
        #expect(invalid.status == 1, "the schema refuses a level it does not define")
    }

    @Test func githubWritesOneWorkflowCommandPerFinding() throws {
        let scratch = Self.fixtures()
        let result = try Self.check("github", in: scratch)
        #expect(result.status == 65)
        #expect(result.stderr == Self.summary)
        #expect(
            result.text == """
                ::warning file=typo.lua,title=SB003 unknown-key::typo.lua: unknown key "descripton" (did you mean "description"?)
                ::warning file=typo.lua,title=SB003 unknown-key::typo.lua: layout: unknown key "syle" (did you mean "style"?)
                ::error file=sy ntax.lua,line=3,title=SB001 script-error::sy ntax.lua:3: '}' expected (to close '{' at line 1) near 'api'
                ::error file=pairs.lua,title=SB010 low-contrast::pairs.lua: pairs[1]: fg 1.1.1 grey #AAAAAA on bg 1.1.2 white #FFFFFF: contrast 2.32:1 is below 4.5:1
                ::error file=bad.gpl,line=4,title=SB004 malformed-file::bad.gpl:4: expected "R G B name" (three numbers 0-255), got "255 0"
                ::error file=gone.lua,title=SB013 unreadable::gone.lua: no such file

                """)
    }

    /// `%` in a message, `,` and `:` in a property are escaped as GitHub
    /// reads them.
    @Test func githubEscapesDataAndProperties() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "a,b:c.lua", #"return { name = "p", api = 1, data = function() error("100% broken") end }"#)
        let result = try CommandRunner.run(["check", "a,b:c.lua", "--format", "github"], in: scratch.url)
        #expect(result.status == 65)
        #expect(
            result.text
                == "::error file=a%2Cb%3Ac.lua,line=1,title=SB001 script-error::a,b:c.lua:1: in data(ctx): 100%25 broken\n"
        )
    }

    /// Counts, names and types of the JUnit XML, as Python's parser reads it.
    static func junitSummary(_ xml: String, in scratch: ScratchFolder) throws -> String {
        scratch.write("out.xml", xml)
        scratch.write(
            "read.py",
            """
            import xml.etree.ElementTree as ET
            root = ET.parse("out.xml").getroot()
            suite = root.find("testsuite")
            print(root.tag, root.get("tests"), root.get("failures"), suite.get("tests"), suite.get("failures"))
            for case in suite.findall("testcase"):
                types = ",".join(f.get("type") for f in case.findall("failure"))
                out = case.find("system-out")
                lines = 0 if out is None else len(out.text.splitlines())
                print(case.get("classname"), case.get("name"), types or "-", lines)
            """)
        let result = try CommandRunner.runShell("python3 read.py", in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        return result.text
    }

    @Test func junitHasATestCasePerFile() throws {
        let scratch = Self.fixtures()
        let result = try Self.check("junit", in: scratch)
        #expect(result.status == 65)
        #expect(result.stderr == Self.summary)
        #expect(
            try Self.junitSummary(result.text, in: scratch) == """
                testsuites 5 4 5 4
                swatchbook.check typo.lua - 2
                swatchbook.check sy ntax.lua SB001 0
                swatchbook.check pairs.lua SB010 0
                swatchbook.check bad.gpl SB004 0
                swatchbook.check gone.lua SB013 0

                """)
        #expect(
            result.text.contains(
                #"<failure message="no such file" type="SB013">gone.lua: no such file</failure>"#))
    }

    /// Under `--strict` a warning is an error, so a failure of the case.
    @Test func junitStrictMakesWarningsFailures() throws {
        let scratch = Self.fixtures()
        let result = try CommandRunner.run(
            ["check", "typo.lua", "--format", "junit", "--strict"], in: scratch.url)
        #expect(result.status == 65)
        #expect(
            try Self.junitSummary(result.text, in: scratch) == """
                testsuites 1 2 1 2
                swatchbook.check typo.lua SB003,SB003 0

                """)
    }

    /// `-o FILE` takes what stdout would have, written whole; the exit
    /// code stays the worst file's.
    @Test func outputGoesToAFileAtomically() throws {
        let scratch = Self.fixtures()
        let piped = try Self.check("sarif", in: scratch)
        let written = try Self.check("sarif", ["-o", "report.sarif"], in: scratch)
        #expect(written.status == 65)
        #expect(written.stdout.isEmpty)
        #expect(written.stderr == Self.summary)
        let file = try String(contentsOfFile: scratch.path("report.sarif"), encoding: .utf8)
        #expect(file == piped.text)
        let folder = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path)
        #expect(!folder.contains { $0.hasPrefix(".report.sarif") }, "no temporary file is left: \(folder)")

        let missing = try CommandRunner.run(
            ["check", "gone.lua", "--format", "json", "-o", "missing.json"], in: scratch.url)
        #expect(missing.status == 66, "a missing file is 66 in any format")
        let text = try CommandRunner.run(
            ["check", "Themes/swatchbook/light.lua", "-o", scratch.path("tables.txt")])
        #expect(text.status == 0)
        #expect(text.stdout.isEmpty)
        #expect(
            try String(contentsOfFile: scratch.path("tables.txt"), encoding: .utf8).hasPrefix(
                "Themes/swatchbook/light.lua: light (Light, light)\n"))
    }

    @Test func anUnknownFormatIsAUsageError() throws {
        let result = try CommandRunner.run(["check", "Scripts/colors.lua", "--format", "xml"])
        #expect(result.status == 64)
        #expect(
            result.stderr == "--format: expected one of text|json|sarif|github|junit, got \"xml\"\n")
    }
}

/// The contrast gate: a pair a palette declares below its minimum fails
/// `check` (SB010), as a theme's role does.
@Suite("swatchbook check, declared pairs")
struct CheckPairsTests {
    @Test func aTokensFilesPairBelowItsMinimumFails() throws {
        let scratch = ScratchFolder()
        let tokens = ##"""
            { "color": { "$type": "color",
                "text": { "$value": "#767676" }, "page": { "$value": "#FFFFFF" }, "muted": { "$value": "#AAAAAA" } },
              "$extensions": { "org.swatchbook": { "pairs": [
                { "fg": "{color.text}", "bg": "{color.page}", "min": 4.5 },
                { "fg": "color.muted", "bg": "{color.page}", "min": 3 } ] } } }
            """##
        scratch.write("brand.tokens.json", tokens)
        let result = try CommandRunner.run(
            ["check", "brand.tokens.json", "--format", "json"], in: scratch.url)
        #expect(result.status == 65, "\(result.stderr)")
        let entries = try #require(
            JSONSerialization.jsonObject(with: Data(result.stdout)) as? [[String: Any]])
        #expect(entries.count == 1)
        #expect(entries.first?["code"] as? String == "SB010")
        #expect(
            entries.first?["message"] as? String
                == #"$extensions["org.swatchbook"].pairs[2]: fg 1.1.3 muted #AAAAAA on bg 1.1.2 page #FFFFFF: contrast 2.32:1 is below 3:1"#
        )
        scratch.write("fine.tokens.json", tokens.replacingOccurrences(of: "#AAAAAA", with: "#767676"))
        let fine = try CommandRunner.run(["check", "fine.tokens.json"], in: scratch.url)
        #expect(fine.status == 0, "\(fine.stderr)")
        #expect(fine.stderr == "1 file checked, 0 problems, 0 warnings\n")
    }

    /// A pair that names no colour is a broken reference (SB007).
    @Test func aPairNamingNothingIsABrokenAlias() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "p.lua",
            "return { name = 'P', api = 1, pairs = { { fg = 'nope', bg = 'white' } }, data = { { name = 'S', rows = { { name = 'R', items = { { name = 'white', id = 'white', color = '#FFFFFF' } } } } } } }"
        )
        let result = try CommandRunner.run(["check", "p.lua", "--format", "json"], in: scratch.url)
        #expect(result.status == 65)
        #expect(result.text.contains(#""code":"SB007","rule":"broken-alias""#), "\(result.text)")
    }

    /// Codes given where the problem is made: a theme's unbound role, a
    /// bad colour in a plugin's data, a field of the wrong value.
    @Test func problemsCarryTheirCodes() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "t.lua",
            ##"return { id = "t", variant = "dark", palette = { bg = "#000000" }, roles = { background = { bg = "bg" }, label = { fg = "nope" } } }"##
        )
        scratch.write(
            "col.lua",
            "return { name = 'p', api = 1, data = { { name = 's', rows = { { name = 'r', items = { { name = 'a', color = '#GG0000' } } } } } } }"
        )
        scratch.write("api.lua", "return { name = 'p', api = 2, data = {} }")
        let result = try CommandRunner.run(
            ["check", "t.lua", "col.lua", "api.lua", "--format", "json"], in: scratch.url)
        let entries = try #require(
            JSONSerialization.jsonObject(with: Data(result.stdout)) as? [[String: Any]])
        #expect(entries.map { $0["code"] as? String } == ["SB011", "SB005", "SB002"], "\(result.text)")
    }
}

/// What no reader gives yet through the binary: a column, and files named
/// from outside the working folder.
@Suite("check's report, from outcomes")
struct CheckReportTests {
    static func report() -> CheckReport {
        var warning = Warning(file: "pal ettes/é.css", dataPath: "--x", "looks like a colour")
        warning.line = 3
        warning.column = 7
        warning = warning.coded(.badColour)
        var outcome = CheckCommand.Outcome(file: "pal ettes/é.css")
        outcome.warnings = [warning]
        var elsewhere = CheckCommand.Outcome(file: "/elsewhere/a.gpl")
        elsewhere.problem = Diagnostic(.data, file: "/elsewhere/a.gpl", line: 2, "bad")
        var inside = CheckCommand.Outcome(file: "/work/here/b.gpl")
        inside.problem = Diagnostic(.inputMissing, file: "/work/here/b.gpl", "no such file")
        return CheckReport(outcomes: [outcome, elsewhere, inside], folder: "/work/here")
    }

    @Test func githubGivesTheColumn() {
        #expect(
            Self.report().github().split(separator: "\n").first
                == "::warning file=pal ettes/é.css,line=3,col=7,title=SB005 bad-colour::pal ettes/é.css:3:7: --x: looks like a colour"
        )
    }

    @Test func sarifGivesTheColumnAndURIReferences() throws {
        let sarif = Self.report().sarif()
        #expect(
            sarif.contains(
                #"{"artifactLocation":{"uri":"pal%20ettes/%C3%A9.css"},"region":{"startLine":3,"startColumn":7}}"#
            ))
        #expect(sarif.contains(#""uri":"file:///elsewhere/a.gpl"},"region":{"startLine":2}"#))
        #expect(sarif.contains(#""ruleId":"SB013","#), "a missing file falls back to unreadable")
        #expect(sarif.contains(#"{"artifactLocation":{"uri":"b.gpl"}}"#), "named from the working folder")
    }

    /// A theme built into the binary is named, but is no file to point at:
    /// nord's error colour, drawn on a theme's lighter page, is written in
    /// the bundled nord.
    @Test func aBundledThemeIsNoLocation() throws {
        let elsewhere = ScratchFolder()
        elsewhere.write(
            "raised.lua",
            #"return { id = "raised", extends = "nord", roles = { background = { bg = "nord1" } } }"#)
        let result = try CommandRunner.run(["check", "raised.lua", "--format", "sarif"], in: elsewhere.url)
        #expect(result.status == 65)
        #expect(result.text.contains(#""ruleId":"SB010""#))
        #expect(!result.text.contains("bundled"), "\(result.text)")
        let github = try CommandRunner.run(["check", "raised.lua", "--format", "github"], in: elsewhere.url)
        #expect(
            github.text.hasPrefix("::error title=SB010 low-contrast::(bundled) nord/nord.lua: "),
            "\(github.text)")
    }

    @Test func jsonGivesTheColumn() {
        #expect(Self.report().json().contains(#""line":3,"column":7,"severity":"warning","code":"SB005""#))
    }
}

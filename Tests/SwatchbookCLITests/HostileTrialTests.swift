import Foundation
import Testing

/// The hostile trial's findings that are not about output files or
/// finalizers: each one line and its exit code, never a trap or a hang.
@Suite("a hostile trial")
struct HostileTrialTests {
    static func lazy(sections: String = "1", rows: String = "1", count: String = "3") -> String {
        """
        return { name = "Counts", api = 1, source = {
          sections = function() return \(sections) end, rows = function() return \(rows) end,
          row = function(s, r) return { name = "Row", count = \(count) } end,
          item = function(s, r, i) return { name = "I", color = "#123456" } end } }
        """
    }

    /// Counts past what a document can hold are errors at the call that
    /// gave them, not an arithmetic trap or an endless open.
    @Test(
        .timeLimit(.minutes(10)),
        arguments: [
            (
                lazy(count: "1 << 60"),
                "counts.lua: source.row(1, 1).count: expected the number of items, a whole number from 0 to 1000000000, got 1152921504606846976"
            ),
            (
                lazy(rows: "math.maxinteger"),
                "counts.lua: source.rows(1): expected the number of rows, a whole number from 0 to 10000000, got 9223372036854775807"
            ),
            (
                lazy(sections: "1 << 53"),
                "counts.lua: source.sections(): expected the number of sections, a whole number from 0 to 100000, got 9007199254740992"
            ),
            (
                lazy(sections: "10000000"),
                "counts.lua: source.sections(): expected the number of sections, a whole number from 0 to 100000, got 10000000"
            ),
        ])
    func countsPastTheLimitsAreErrors(_ source: String, _ message: String) throws {
        let scratch = ScratchFolder()
        scratch.write("counts.lua", source)
        for command in [["render", "counts.lua", "--height", "10"], ["check", "counts.lua"]] {
            let result = try CommandRunner.run(command, in: scratch.url)
            #expect(result.status == 65, "\(command): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").first.map(String.init) == message, "\(command)")
        }
    }

    @Test func countsAtTheLimitsOpen() throws {
        let scratch = ScratchFolder()
        scratch.write("counts.lua", Self.lazy(sections: "1000", rows: "10000000", count: "1000000000"))
        let result = try CommandRunner.run(
            ["render", "counts.lua", "--height", "12", "--format", "plain", "--keys", "G<End>"],
            in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains("Row"))
    }

    static func data(_ body: String) -> String {
        """
        local sb = require "swatchbook"
        return { name = "Data", api = 1, data = function()
          \(body)
        end }
        """
    }

    /// Encoding a table shared in many places does a bounded amount of work,
    /// the shared tables counted each time they appear.
    @Test(.timeLimit(.minutes(10)), arguments: [22, 40])
    func encodingSharedTablesIsBounded(_ levels: Int) throws {
        let scratch = ScratchFolder()
        scratch.write(
            "dag.lua",
            Self.data(
                "local t = {} for i = 1, \(levels) do t = { t, t } end return { { name = sb.json.encode(t), rows = {} } }"
            ))
        let result = try CommandRunner.run(
            ["render", "dag.lua", "--max-memory", "16", "--format", "plain"], in: scratch.url)
        #expect(result.status == 65)
        #expect(
            result.stderr.hasPrefix("dag.lua:3: in data(ctx): sb.json.encode: value[1][1][1]"),
            "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "the value would take more than 16 MiB to encode (the memory cap, --max-memory)"))
    }

    /// A long string shared in a value is counted each time it appears:
    /// `{s, s, s}` of 100 MiB took 760 MB and more than the time budget.
    @Test func encodingSharedStringsIsBounded() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "strings.lua",
            Self.data(
                "local s = (\"x\"):rep(100 * 1024 * 1024) return { { name = #sb.json.encode({ s, s, s }), rows = {} } }"
            ))
        let result = try CommandRunner.run(["render", "strings.lua", "--format", "plain"], in: scratch.url)
        #expect(result.status == 65)
        #expect(
            result.stderr
                == "strings.lua:3: in data(ctx): sb.json.encode: value[3]: the value would take more than 256 MiB to encode (the memory cap, --max-memory), shared tables and strings counted each time they appear\n"
        )
    }

    /// 40,320 byte-different keys that are all canonically equal: the
    /// duplicate check compares bytes, in time linear in the keys.
    @Test(.timeLimit(.minutes(10)))
    func manyCanonicallyEqualKeysDecodeQuickly() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "keys.lua",
            Self.data(
                """
                local marks = { "\\u{0316}", "\\u{0301}", "\\u{0334}", "\\u{0327}", "\\u{031B}", "\\u{0345}", "\\u{05B0}", "\\u{0315}" }
                  local parts, used, keys = {}, {}, {}
                  local function permute(depth)
                    if depth > #marks then keys[#keys + 1] = '"a' .. table.concat(parts) .. '":1' return end
                    for i = 1, #marks do
                      if not used[i] then used[i] = true parts[depth] = marks[i] permute(depth + 1) used[i] = false end
                    end
                  end
                  permute(1)
                  local t = sb.json.decode("{" .. table.concat(keys, ",") .. "}")
                  local n = 0 for _ in pairs(t) do n = n + 1 end
                  return { { name = n .. " keys", rows = {} } }
                """))
        let result = try CommandRunner.run(
            ["render", "keys.lua", "--format", "plain", "--script-timeout", "3"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.hasPrefix(" 40320 keys"))
    }

    /// Keys equal but for their bytes sort by their bytes: the same order
    /// every run.
    @Test func canonicallyEqualKeysSortByBytes() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "fields.lua",
            #"""
            return { name = "Fields", api = 1, data = { { name = "S", rows = { { name = "R",
              fields = { ["\u{E9}"] = "precomposed", ["e\u{301}"] = "combining", ["\u{E9}t\u{E9}"] = "summer" } } } } } }
            """#)
        var outputs: Set<[UInt8]> = []
        for _ in 0..<6 {
            let result = try CommandRunner.run(
                ["render", "fields.lua", "--format", "transcript"], in: scratch.url)
            #expect(result.status == 0)
            outputs.insert(result.stdout)
        }
        #expect(outputs.count == 1)
        let text = String(decoding: outputs.first ?? [], as: UTF8.self)
        let combining = try #require(text.range(of: "combining"))
        let precomposed = try #require(text.range(of: "precomposed"))
        #expect(combining.lowerBound < precomposed.lowerBound, "e + U+0301 (0x65) sorts before é (0xC3)")
    }
}

extension HostileTrialTests {
    /// Library calls that loop in C, where the budget's hook never runs.
    static let stuckCalls = [
        #"string.find(("a"):rep(40), ("a*"):rep(12) .. "b")"#,
        #"("a"):rep(2e5):find(".-b")"#,
    ]

    /// A call stuck in C past its budget is stopped a second later: one
    /// line naming the script, exit 65, and `-o`'s file as it was.
    @Test(.timeLimit(.minutes(10)), arguments: stuckCalls)
    func aCallStuckInTheLibraryIsStopped(_ call: String) throws {
        let scratch = ScratchFolder()
        scratch.write("stuck.lua", Self.data("\(call) return {}"))
        scratch.write("out.txt", "kept\n")
        // The call would run for ages: that it ends at all, with the
        // watchdog's message, is what shows it was stopped.
        let result = try CommandRunner.run(
            ["render", "stuck.lua", "--script-timeout", "0.2", "-o", "out.txt"], in: scratch.url)
        #expect(result.status == 65)
        #expect(
            result.stderr
                == "stuck.lua: a call ran a second past its 0.2 s time budget (--script-timeout) inside a library"
                + " function that cannot be interrupted, such as a backtracking string.find; swatchbook stopped\n"
        )
        #expect(try String(contentsOfFile: scratch.path("out.txt"), encoding: .utf8) == "kept\n")
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted()
        #expect(left == ["out.txt", "stuck.lua"], "no temporary file is left")
    }

    /// A damaged state file says what is wrong and where: the line and
    /// column of a syntax error, or the field and what it should hold.
    @Test(arguments: [
        (#"{"top": 1e300}"#, "state.json: top: expected a whole number, got 1e+300"),
        (
            String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000),
            "state.json:1: column 1025: nesting deeper than 1024 levels"
        ),
        (
            "{\"top\": 1,\n \"expanded\": [",
            "state.json:2: column 15: unexpected end of input, expected a value"
        ),
        (#"{"expanded": ["a", 1]}"#, "state.json: expanded[2]: expected a string, got 1"),
        (
            #"{"offsets": {"=S/R": "3"}}"#,
            #"state.json: offsets["=S/R"]: expected a whole number, got the string "3""#
        ),
        (#"{"focusPath": "1.+1"}"#, #"state.json: focusPath: expected a path like "2.1.3", got "1.+1""#),
        ("[]", "state.json: expected a saved view state (a JSON object), got an array"),
    ])
    func aDamagedStateFileIsReportedWhereItIsDamaged(_ text: String, _ message: String) throws {
        let scratch = ScratchFolder()
        scratch.write("state.json", text)
        let result = try CommandRunner.run(
            ["render", "--state", "state.json", "--format", "plain"], in: scratch.url)
        #expect(result.status == 65)
        #expect(result.stderr == message + "\n")
        #expect(try String(contentsOf: scratch.url.appending(path: "state.json"), encoding: .utf8) == text)
    }

    /// A script's error is one readable line, at the script's own line:
    /// never the prelude's, never a line break, never a position repeated
    /// once a level.
    @Test(arguments: [
        (
            "local m = require \"missing\"\n",
            "e.lua:1: module 'missing' not found (looked for missing.lua beside the plugin)"
        ),
        (
            "\n\nlocal m = require \"../up\"\n",
            "e.lua:3: module '../up' must be a file inside the plugin's folder"
        ),
        ("error(\"a\\n  b\")\n", "e.lua:1: a b"),
        (
            "local function f(n) local ok, e = pcall(f, n + 1) error(e) end\nf(1)\n",
            "e.lua:1: C stack overflow"
        ),
    ])
    func aScriptErrorIsOneLineAtTheScriptsLine(_ source: String, _ message: String) throws {
        let scratch = ScratchFolder()
        scratch.write("e.lua", source)
        for command in [["render", "e.lua"], ["check", "e.lua"]] {
            let result = try CommandRunner.run(command, in: scratch.url)
            #expect(result.status == 65, "\(command)")
            #expect(result.stderr.split(separator: "\n").first.map(String.init) == message, "\(command)")
        }
        let render = try CommandRunner.run(["render", "e.lua"], in: scratch.url)
        #expect(render.stderr == message + "\n")
    }

    @Test func aLongScriptErrorIsCut() throws {
        let scratch = ScratchFolder()
        scratch.write("e.lua", "error((\"x\"):rep(100000))")
        let result = try CommandRunner.run(["render", "e.lua"], in: scratch.url)
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("e.lua:1: xxx"))
        #expect(result.stderr.hasSuffix("x… (99009 more characters)\n"))
    }

    /// --verbose adds Lua's traceback as it is, its tabs kept.
    @Test func aVerboseTracebackKeepsItsTabs() throws {
        let scratch = ScratchFolder()
        scratch.write("e.lua", "local function f() error(\"boom\") end\nf()\n")
        let result = try CommandRunner.run(["render", "e.lua", "--verbose"], in: scratch.url)
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("e.lua:1: boom\n"))
        #expect(result.stderr.contains("\n\te.lua:1: in "))
        #expect(!result.stderr.contains("\u{FFFD}"))
    }

    /// A control character in a name is U+FFFD in every format, JSON too:
    /// what `jq -r` reads back cannot drive a terminal either.
    @Test func everyFormatShowsAControlCharacterAlike() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "c.lua",
            #"""
            local name = "a\27]2;x\7b\0c\127d\194\133e"
            return { name = "C", api = 1, data = { { name = name, rows = { { name = "Row",
              items = { { name = name, color = "#102030" } } } } } } }
            """#)
        let shown = "a\u{FFFD}]2;x\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e"
        let json = try CommandRunner.run(["render", "c.lua", "--format", "json"], in: scratch.url)
        #expect(json.status == 0, "\(json.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(json.text.utf8)) as? [String: Any]
        let section = (document?["sections"] as? [[String: Any]])?.first
        #expect(section?["name"] as? String == shown)
        for format in ["plain", "html", "transcript", "ansi"] {
            let result = try CommandRunner.run(["render", "c.lua", "--format", format], in: scratch.url)
            #expect(result.status == 0, "\(format): \(result.stderr)")
            #expect(result.text.contains(shown), "\(format)")
        }
    }

    /// A pack that lists a folder or a FIFO is refused by check as by
    /// themes, without waiting on the FIFO.
    @Test(.timeLimit(.minutes(10))) func aPackListingAFolderOrAFIFOIsAProblem() throws {
        let scratch = ScratchFolder()
        let pack = scratch.url.appending(path: "Themes/odd")
        try FileManager.default.createDirectory(
            at: pack.appending(path: "sub"), withIntermediateDirectories: true)
        #expect(mkfifo(pack.appending(path: "fifo.lua").path, 0o600) == 0)
        scratch.write(
            "Themes/odd/pack.lua",
            #"return { name = "Odd", version = "1", author = "a", license = "MIT", themes = { "sub", "fifo.lua" } }"#
        )
        let check = try CommandRunner.run(["check", "Themes/odd/pack.lua"], in: scratch.url)
        #expect(check.status == 66)
        #expect(
            check.stderr.split(separator: "\n").prefix(2) == [
                "Themes/odd/sub: is a folder, expected a .lua file",
                "Themes/odd/fifo.lua: is not a regular file (a FIFO, a device or a socket), expected a .lua file",
            ])
        let themes = try CommandRunner.run(["themes"], in: scratch.url)
        #expect(themes.stderr.contains("fifo.lua: is not a regular file"), "\(themes.stderr)")
        #expect(themes.stderr.contains("sub: is a folder"), "\(themes.stderr)")
    }

    /// A pack of 1,000 themes chained by `extends` is read once and merged
    /// once a theme: check took ten minutes, themes six seconds.
    @Test(.timeLimit(.minutes(10))) func aLongExtendsChainIsQuick() throws {
        let scratch = ScratchFolder()
        var files: [String] = []
        for index in 0..<1_000 {
            let extends = index == 0 ? "" : ", extends = \"t\(index - 1)\""
            scratch.write(
                "Themes/chain/t\(index).lua",
                "return { id = \"t\(index)\", name = \"T\(index)\", variant = \"dark\"\(extends) }\n")
            files.append("\"t\(index).lua\"")
        }
        scratch.write(
            "Themes/chain/pack.lua",
            "return { name = \"Chain\", version = \"1\", author = \"a\", license = \"MIT\", themes = { "
                + files.joined(separator: ", ") + " } }\n")
        let themes = try CommandRunner.run(["themes"], in: scratch.url)
        #expect(themes.status == 0, "\(themes.stderr)")
        #expect(themes.text.contains("t999             T999"))
        let check = try CommandRunner.run(["check", "Themes/chain/pack.lua"], in: scratch.url)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stderr.hasSuffix("1001 files checked, 0 problems, 0 warnings\n"))
    }

    /// One long string shared by many items costs a script one string of
    /// its memory cap, but the host would copy it for each (1.7 GB for 200
    /// items of an 8 MiB name): text past its length limit is an error at
    /// its data path, found before it is copied.
    @Test(arguments: [
        (
            "data = { { name = \"S\", rows = { { name = \"R\", items = (function() local t = {} for i = 1, 200 do t[i] = { name = long, color = \"#123456\" } end return t end)() } } } }",
            "big.lua: data[1].rows[1].items[1].name: expected a name of at most 4096 bytes, got one of 8388608 bytes"
        ),
        (
            "source = { sections = function() return 1 end, rows = function() return 30 end, row = function() return { name = \"R\", count = 20 } end, item = function() return { name = long, color = \"#123456\" } end }",
            "big.lua: source.item(1, 1, 1).name: expected a name of at most 4096 bytes, got one of 8388608 bytes"
        ),
        (
            "data = { { name = \"S\", rows = { { name = \"R\", fields = { { key = \"k\", value = long } } } } } }",
            "big.lua: data[1].rows[1].fields[1].value: expected a string of at most 65536 bytes, got one of 8388608 bytes"
        ),
        (
            "data = { { name = \"S\", id = long, rows = {} } }",
            "big.lua: data[1].id: expected an id of at most 4096 bytes, got one of 8388608 bytes"
        ),
    ])
    func longSharedTextIsAnErrorNotACopy(_ body: String, _ message: String) throws {
        let scratch = ScratchFolder()
        scratch.write(
            "big.lua",
            "local long = (\"n\"):rep(8 * 1024 * 1024)\nreturn { name = \"Big\", api = 1, \(body) }\n")
        let result = try CommandRunner.run(
            [
                "render", "big.lua", "--max-memory", "32", "--format", "plain", "--height", "40", "--width",
                "200",
            ],
            in: scratch.url)
        #expect(result.status == 65)
        #expect(result.stderr == message + "\n")
    }
}

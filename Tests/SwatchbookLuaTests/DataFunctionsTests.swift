import Foundation
import SwatchbookCore
import Testing

@testable import SwatchbookLua

@Suite("sb.json and sb.read")
struct DataFunctionsTests {
    private func evaluate(_ expression: String, files: [String: String] = [:]) throws -> String {
        let fixture = ScriptFixture(files)
        let runtime = try fixture.runtime()
        return try withExtendedLifetime(fixture) {
            try runtime.evaluate("local sb = require 'swatchbook'\n\(expression)")
        }
    }

    // MARK: sb.json.decode

    static let decodeCases: [(String, String)] = [
        (#"local t = sb.json.decode('{"a":[1,2,{"b":null}],"c":"x"}') return t.c .. #t.a"#, "x3"),
        (#"local t = sb.json.decode('{"a":{"b":null}}') return tostring(next(t.a))"#, "nil"),
        (#"return math.type(sb.json.decode('[1]')[1])"#, "integer"),
        // places, on request: where each value starts, by dotted path
        (
            #"local t, at = sb.json.decode('{"a": [1, {"b": null}],\n "é": "x"}', {positions = true})"#
                + #" local function p(k) return at[k].line .. ":" .. at[k].column end"#
                + #" return table.concat({p(""), p("a"), p("a.1"), p("a.2"), p("a.2.b"), p("é")}, " ")"#,
            "1:1 1:7 1:8 1:11 1:17 2:7"
        ),
        (#"return select('#', sb.json.decode('[1]'))"#, "1"),
        (#"return select('#', sb.json.decode('[1]', {positions = false}))"#, "1"),
        (
            #"return select(2, pcall(sb.json.decode, '[1]', 'yes'))"#,
            "sb.json.decode: argument 2 is \"yes\", expected a table of options ({positions = true})"
        ),
        (#"return math.type(sb.json.decode('[1.0]')[1])"#, "float"),
        (#"return math.type(sb.json.decode('[1e2]')[1])"#, "float"),
        (#"return math.type(sb.json.decode('[9223372036854775808]')[1])"#, "float"),
        (#"local t = sb.json.decode('[1,null,3]') return tostring(t[2]) .. t[3]"#, "nil3"),
        (#"return tostring(sb.json.decode('null'))"#, "nil"),
        (#"return tostring(sb.json.decode(' true '))"#, "true"),
        (#"return sb.json.decode('"\\ud83c\\udfa8 \\u00e9"')"#, "🎨 é"),
        (#"return sb.json.decode('"a\\u0000b"') == "a\0b" and "ok" or "no""#, "ok"),
        (
            #"return select(2, pcall(sb.json.decode, '{"a": 1,\n "b" 2}'))"#,
            "sb.json.decode: line 2, column 6: expected ':'"
        ),
        (
            #"return select(2, pcall(function() return sb.json.decode('[1,]') end))"#,
            "Scripts/main.lua:2: sb.json.decode: line 1, column 3: trailing comma before ']'"
        ),
        (
            #"return select(2, pcall(sb.json.decode, "\"\255\""))"#,
            "sb.json.decode: line 1, column 2: invalid UTF-8"
        ),
        (
            #"return select(2, pcall(sb.json.decode, string.rep("[", 1025) .. string.rep("]", 1025)))"#,
            "sb.json.decode: line 1, column 1025: nesting deeper than 1024 levels"
        ),
        (#"return select(2, pcall(sb.json.decode, 5))"#, "sb.json.decode: expected a string, got number"),
    ]

    @Test("sb.json.decode", arguments: decodeCases)
    func decodes(_ source: String, _ expected: String) throws {
        #expect(try evaluate(source) == expected)
    }

    // MARK: sb.json.encode

    static let encodeCases: [(String, String)] = [
        (
            #"return sb.json.encode({ b = { 3, 2, 1 }, a = { y = 1.5, x = true }, c = 'q"\n' })"#,
            #"{"a":{"x":true,"y":1.5},"b":[3,2,1],"c":"q\"\n"}"#
        ),
        (#"return sb.json.encode({})"#, "{}"),
        (#"return sb.json.encode(nil)"#, "null"),
        (#"return sb.json.encode(3)"#, "3"),
        (#"return sb.json.encode(3.0)"#, "3.0"),
        (#"return sb.json.encode({ 1, 2.5, math.maxinteger })"#, "[1,2.5,9223372036854775807]"),
        (##"return sb.json.encode({ c = sb.color("#ff0000") })"##, ##"{"c":"#FF0000"}"##),
        (#"return sb.json.encode({ { {} } })"#, "[[{}]]"),
        (#"return sb.json.encode("\1é")"#, #""\u0001é""#),
        (#"return sb.json.encode({ ["é"] = "ü" })"#, #"{"é":"ü"}"#),
        (#"local s = { 1 } return sb.json.encode({ a = s, b = s })"#, #"{"a":[1],"b":[1]}"#),
        (
            #"return sb.json.encode(sb.json.decode('{"b":[1,2.5,"\\u00e9"],"a":null,"c":{}}'))"#,
            #"{"b":[1,2.5,"é"],"c":{}}"#
        ),
        (
            """
            local t = setmetatable({}, {
              __index = function() error("index ran") end,
              __newindex = function() error("newindex ran") end,
              __pairs = function() error("pairs ran") end,
              __len = function() error("len ran") end,
            })
            rawset(t, "a", 1)
            return sb.json.encode(t)
            """,
            #"{"a":1}"#
        ),
        (
            #"local t = setmetatable({ 1, 2 }, { __len = function() return 5 end }) return sb.json.encode(t)"#,
            "[1,2]"
        ),
    ]

    @Test("sb.json.encode", arguments: encodeCases)
    func encodes(_ source: String, _ expected: String) throws {
        #expect(try evaluate(source) == expected)
    }

    static let refusals: [(String, String)] = [
        ("{ items = { 1, { f = print } } }", "value.items[2].f: cannot encode a function"),
        (#"{ ["two words"] = { print } }"#, #"value["two words"][1]: cannot encode a function"#),
        ("{ co = coroutine.create(print) }", "value.co: cannot encode a thread"),
        ("{ g = sb.random(1) }", "value.g: cannot encode a userdata"),
        ("{ x = 0/0 }", "value.x: cannot encode NaN"),
        ("{ x = -math.huge }", "value.x: cannot encode -infinity"),
        ("{ 1, 2, x = 3 }", "value: cannot encode a table with both string keys and integer keys"),
        ("{ [1] = 1, [3] = 3 }", "value: cannot encode an array with a hole at [2]"),
        ("{ [0] = 0, 1 }", "value: cannot encode the key 0 (an array's keys run from 1 to n)"),
        (
            "{ a = { [true] = 1 } }",
            "value.a: cannot encode the key true (keys must be strings, or 1..n for an array)"
        ),
        ("{ [1.5] = 1 }", "value: cannot encode the key 1.5 (keys must be strings, or 1..n for an array)"),
        (#"{ s = "\255" }"#, "value.s: cannot encode a string that is not valid UTF-8"),
        (#"{ ["\255"] = 1 }"#, "value: cannot encode a key that is not valid UTF-8"),
    ]

    @Test("sb.json.encode refuses what JSON cannot hold", arguments: refusals)
    func refuses(_ table: String, _ expected: String) throws {
        #expect(
            try evaluate("return select(2, pcall(sb.json.encode, \(table)))") == "sb.json.encode: " + expected
        )
    }

    @Test func cyclesAreRefused() throws {
        #expect(
            try evaluate("local t = { a = {} } t.a.up = t return select(2, pcall(sb.json.encode, t))")
                == "sb.json.encode: value.a.up: the table contains itself, and a cycle cannot be encoded")
        #expect(
            try evaluate("local t = {} t[1] = t return select(2, pcall(sb.json.encode, t))")
                == "sb.json.encode: value[1]: the table contains itself, and a cycle cannot be encoded")
    }

    @Test func deepTablesAreRefused() throws {
        let result = try evaluate(
            """
            local t = {} local c = t
            for i = 1, 1030 do c[1] = {} c = c[1] end
            return select(2, pcall(sb.json.encode, t))
            """)
        #expect(result.hasPrefix("sb.json.encode: value[1][1]"))
        #expect(result.hasSuffix(": nesting deeper than 1024 levels"))
    }

    // MARK: sb.read and sb.json.read

    static let files = [
        "data/a.txt": "hello\n",
        "data/ok.json": ##"{"colors": ["#FF0000", "#00FF00"], "count": 2}"##,
        "bad.json": "{\n  \"a\": 1,\n  \"b\": [1, 2]\"c\"\n}\n",
    ]

    static let readCases: [(String, String)] = [
        (#"return sb.read("data/a.txt")"#, "hello\n"),
        (#"return sb.read("./data/../data/a.txt")"#, "hello\n"),
        (#"local t = sb.json.read("data/ok.json") return t.colors[2] .. t.count"#, "#00FF002"),
        (
            #"return select(2, pcall(sb.read, "../a.txt"))"#,
            #"sb.read: "../a.txt" is outside the plugin's folder"#
        ),
        (
            #"return select(2, pcall(sb.read, "data/../../a.txt"))"#,
            #"sb.read: "data/../../a.txt" is outside the plugin's folder"#
        ),
        (
            #"return select(2, pcall(sb.read, "/etc/passwd"))"#,
            #"sb.read: "/etc/passwd" is outside the plugin's folder; run with --allow-read /etc/passwd to let this plugin read it"#
        ),
        (#"return select(2, pcall(sb.read, ""))"#, #"sb.read: "" is outside the plugin's folder"#),
        (
            #"return select(2, pcall(sb.read, "nope.txt"))"#,
            #"sb.read: "nope.txt" does not exist in the plugin's folder"#
        ),
        (#"return select(2, pcall(sb.read, "data"))"#, #"sb.read: "data" is a folder, not a file"#),
        (
            #"return select(2, pcall(sb.read))"#,
            "sb.read: expected a path relative to the plugin's folder, got nil"
        ),
        (
            #"return select(2, pcall(function() return sb.json.read("bad.json") end))"#,
            "Scripts/main.lua:2: sb.json.read: bad.json: line 3, column 14: expected ',' or '}'"
        ),
        (
            #"return select(2, pcall(sb.json.read, "../bad.json"))"#,
            #"sb.json.read: "../bad.json" is outside the plugin's folder"#
        ),
        (
            #"return select(2, pcall(sb.json.read, "missing.json"))"#,
            #"sb.json.read: "missing.json" does not exist in the plugin's folder"#
        ),
    ]

    @Test("sb.read and sb.json.read", arguments: readCases)
    func reads(_ source: String, _ expected: String) throws {
        let result = try evaluate(source, files: Self.files)
        if expected.hasSuffix("is outside the plugin's folder"), source.contains("../") {
            // Where the path leads depends on the scratch folder: the
            // refusal names the flag with it.
            #expect(result.hasPrefix(expected + "; run with --allow-read /"), "\(result)")
            #expect(
                result.hasSuffix(".txt to let this plugin read it")
                    || result.hasSuffix(".json to let this plugin read it"))
        } else {
            #expect(result == expected)
        }
    }

    @Test func readKeepsBytesAsTheyAre() throws {
        let fixture = ScriptFixture()
        let bytes: [UInt8] = [0, 1, 0xFF, 0xFE, 0x0A, 0x80]
        try Data(bytes).write(to: fixture.folder.appendingPathComponent("blob.bin"))
        let runtime = try fixture.runtime()
        #expect(
            try runtime.evaluate(
                "local s = require('swatchbook').read('blob.bin') return #s .. ':' .. s:byte(3)")
                == "6:255")
        withExtendedLifetime(fixture) {}
    }

    @Test func symbolicLinksMayNotLeaveTheFolder() throws {
        let outside = ScriptFixture(["secret.txt": "secret", "dir/inner.txt": "inner"])
        let fixture = ScriptFixture(["data/a.txt": "hello"])
        let manager = FileManager.default
        try manager.createSymbolicLink(
            at: fixture.folder.appendingPathComponent("link.txt"),
            withDestinationURL: outside.folder.appendingPathComponent("secret.txt"))
        try manager.createSymbolicLink(
            at: fixture.folder.appendingPathComponent("linked"), withDestinationURL: outside.folder)
        try manager.createSymbolicLink(
            atPath: fixture.folder.appendingPathComponent("relative.txt").path,
            withDestinationPath: "../" + outside.folder.lastPathComponent + "/secret.txt")
        try manager.createSymbolicLink(
            atPath: fixture.folder.appendingPathComponent("inside.txt").path,
            withDestinationPath: "data/a.txt")
        let runtime = try fixture.runtime()
        let target = outside.folder.resolvingSymlinksInPath().path
        for (name, leadsTo) in [
            ("link.txt", "secret.txt"), ("linked/secret.txt", "secret.txt"),
            ("linked/dir/inner.txt", "dir/inner.txt"),
            ("relative.txt", "secret.txt"),
        ] {
            #expect(
                try runtime.evaluate("return select(2, pcall(require('swatchbook').read, '\(name)'))")
                    == "sb.read: \"\(name)\" is outside the plugin's folder;"
                    + " run with --allow-read \(target)/\(leadsTo) to let this plugin read it")
        }
        #expect(try runtime.evaluate("return require('swatchbook').read('inside.txt')") == "hello")
        withExtendedLifetime((fixture, outside)) {}
    }

    @Test func largeFilesAreRefused() throws {
        let fixture = ScriptFixture()
        let url = fixture.folder.appendingPathComponent("big.bin")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(ScriptFolder.maximumReadBytes + 1))
        try handle.close()
        let runtime = try fixture.runtime()
        #expect(
            try runtime.evaluate("return select(2, pcall(require('swatchbook').read, 'big.bin'))")
                == #"sb.read: "big.bin" is 16.0 MiB, over the 16 MiB limit"#)
        withExtendedLifetime(fixture) {}
        let small = ScriptFixture(["a.txt": "hello\n"])
        #expect(throws: ScriptFolder.ReadError.tooLarge(bytes: 6)) {
            try ScriptFolder.read("a.txt", in: small.folder, limit: 5)
        }
    }

    // MARK: sb.document

    /// A document given as its JSON text is the document its decoded table
    /// gives: a null member left out, an empty array the empty object, a
    /// number's kind kept; a null in an array is the hole the table's
    /// reading refuses, with the same message. Given the very text
    /// sb.json.decode just read, or another, or the table itself, each
    /// plugin keeps the same tokens.
    @Test func aDocumentGivenAsItsTextIsItsDecodedTable() throws {
        let documents = [
            ##"{"a": {"$value": "#ff0000", "n": null, "e": [], "o": {}, "x": [1, 2.0, 1e2, "\u00e9\u0000"]}}"##,
            #"{"deep": [[[{"k": true}]], false], "z": -0.0, "big": 123456789012345678901}"#,
            #"{"hole": [1, null, 3]}"#,
            #"[]"#,
        ]
        for document in documents {
            func tokens(_ body: String) throws -> Result<JSONValue?, Diagnostic> {
                let fixture = ScriptFixture([
                    "p.lua": """
                    local sb = require "swatchbook"
                    local text = [==[\(document)]==]
                    return { name = "p", api = 1, data = function()
                      \(body)
                      return {}
                    end }
                    """
                ])
                do throws(Diagnostic) {
                    return .success(try fixture.load("p.lua").palette.tokens)
                } catch {
                    return .failure(error)
                }
            }
            let table = try tokens("sb.document { tokens = sb.json.decode(text) }")
            #expect(try tokens("sb.json.decode(text) sb.document { tokens = text }") == table, "\(document)")
            #expect(try tokens("sb.document { tokens = text }") == table, "\(document)")
            #expect(try tokens("sb.json.decode('{}') sb.document { tokens = text }") == table, "\(document)")
        }
    }
}

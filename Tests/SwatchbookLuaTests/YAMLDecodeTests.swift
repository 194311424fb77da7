import Foundation
import SwatchbookCore
import Testing

@testable import SwatchbookLua

/// `sb.yaml.decode`: the libyaml reader `theme import` uses, for plugins.
@Suite("sb.yaml.decode")
struct YAMLDecodeTests {
    private func evaluate(_ body: String, limits: ScriptLimits = ScriptLimits()) throws -> String {
        let fixture = ScriptFixture()
        let runtime = try fixture.runtime(limits: limits)
        return try withExtendedLifetime(fixture) {
            try runtime.evaluate("local sb = require 'swatchbook'\n\(body)")
        }
    }

    static let cases: [(String, String)] = [
        // Scalars stay text as written: no 0 for 000000, no true for yes.
        (
            #"local t = sb.yaml.decode("base00: 000000\nflag: yes\nn: 1.50\n") return t.base00 .. t.flag .. t.n"#,
            "000000yes1.50"
        ),
        // Mappings keep the document's order; sequences are arrays from 1.
        (
            #"local t, s = sb.yaml.decode("z: 1\na: [x, y]\nm: 2\n"), {} for k in pairs(t) do s[#s + 1] = k end return table.concat(s, ",") .. #t.a"#,
            "z,a,m2"
        ),
        // Flow style, anchors, quoted '#' and comments.
        (
            ##"local t = sb.yaml.decode("{a: &v 'x # y', b: *v} # c\n") return t.a .. '|' .. t.b"##,
            "x # y|x # y"
        ),
        // Lines by key path.
        (
            #"local _, l = sb.yaml.decode("a:\n  b: 1\n  c:\n    - x\n    - y\n") return l[''] .. l.a .. l['a.b'] .. l['a.c'] .. l['a.c.2']"#,
            "11235"
        ),
        (##"local t, l = sb.yaml.decode("# only a comment\n") return tostring(t) .. type(l)"##, "niltable"),
    ]

    @Test(arguments: cases) func decodes(_ body: String, _ expected: String) throws {
        #expect(try evaluate(body) == expected)
    }

    static let errors: [(String, String)] = [
        (#""a: 1\na: 2\n""#, "sb.yaml.decode: line 2: a: given twice (first on line 1)"),
        (#""a: [1\nb: 2\n""#, "sb.yaml.decode: line 2: invalid YAML: did not find expected ',' or ']'"),
        (#""? [a]\n: 1\n""#, "sb.yaml.decode: line 1: expected a key that is text, got a sequence"),
        ("{}", "sb.yaml.decode: expected a string, got table"),
    ]

    @Test(arguments: errors) func refuses(_ argument: String, _ message: String) throws {
        let result = try evaluate("local ok, e = pcall(sb.yaml.decode, \(argument)) return tostring(e)")
        #expect(result.contains(message), "\(result)")
    }

    /// Aliases of aliases: 30 levels, each naming the last twice, stand for
    /// 2^30 scalars. They are counted before any is built, and refused past
    /// the cap as an allocation is.
    @Test func aliasesCountAgainstTheMemoryCap() throws {
        var text = "l0: &l0 x\n"
        for level in 1...30 { text += "l\(level): &l\(level) [*l\(level - 1), *l\(level - 1)]\n" }
        var caught: Diagnostic?
        do {
            _ = try evaluate("return sb.yaml.decode(\(Self.lua(text)))", limits: ScriptLimits(memoryMiB: 32))
        } catch {
            caught = error as? Diagnostic
        }
        let message = try #require(caught).formatted
        #expect(message.contains("ran out of memory (the cap is 32 MiB, --max-memory)"), "\(message)")
    }

    static func lua(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
}

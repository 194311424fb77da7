import Foundation
import Testing

@testable import SwatchbookLua

/// The sandbox's `pairs`: one order on every run, and what the standard
/// one promises besides.
@Suite("pairs in order")
struct OrderedPairsTests {
    private func evaluate(_ source: String) throws -> String {
        let fixture = ScriptFixture()
        let runtime = try fixture.runtime()
        return try withExtendedLifetime(fixture) {
            try runtime.evaluate(
                """
                local sb = require 'swatchbook'
                local function keys(t)
                  local out = {}
                  for k, v in pairs(t) do out[#out + 1] = tostring(k) .. "=" .. tostring(v) end
                  return table.concat(out, " ")
                end
                \(source)
                """)
        }
    }

    static let cases: [(String, String)] = [
        ("return keys({ 'a', 'b', 'c' })", "1=a 2=b 3=c"),
        ("return keys({ 'a', 'b', x = 1, [-1] = 2, [0.5] = 3 })", "1=a 2=b -1=2 0.5=3 x=1"),
        ("return keys({ b = 1, B = 2, a = 3, ['é'] = 4, [''] = 5 })", "=5 B=2 a=3 b=1 é=4"),
        ("return keys({ [true] = 1, [false] = 2, z = 3, [7] = 4 })", "7=4 z=3 false=2 true=1"),
        ("return keys({})", ""),
        // A key removed during the loop is skipped.
        (
            """
            local t = { a = 1, b = 2, c = 3 }
            local out = {}
            for k, v in pairs(t) do out[#out + 1] = k; t.b = nil end
            return table.concat(out, " ")
            """, "a c"
        ),
        // __pairs is honoured, as the standard pairs does.
        (
            """
            local t = setmetatable({}, { __pairs = function(t) return function(_, k)
              if not k then return 1, "one" end end, t, nil end })
            return keys(t)
            """, "1=one"
        ),
        ("return select(2, pcall(pairs, nil))", "bad argument #1 to 'pairs' (table expected, got nil)"),
        // A decoded object keeps its document's order; keys added later follow, sorted.
        (
            """
            local t = sb.json.decode('{"z": 1, "a": 2, "m": 3}')
            t.c = 4; t.b = 5; t.a = nil
            return keys(t)
            """, "z=1 m=3 b=5 c=4"
        ),
        (
            #"return sb.json.encode(sb.json.decode('{"z":{"y":1,"x":[{"q":1,"p":2}]},"a":null,"b":true}'))"#,
            #"{"z":{"y":1,"x":[{"q":1,"p":2}]},"b":true}"#
        ),
        (
            "return sb.json.encode({ z = 1, a = 2, m = { y = 1, b = 2 } })",
            #"{"a":2,"m":{"b":2,"y":1},"z":1}"#
        ),
    ]

    @Test(arguments: cases)
    func visits(_ source: String, _ expected: String) throws {
        #expect(try evaluate(source) == expected)
    }

    /// Many keys of every kind, and a table with an array part and a hash
    /// part that grow together.
    @Test func aLargeTableIsVisitedWholeAndInOrder() throws {
        let result = try evaluate(
            """
            local t = {}
            for i = 1, 5000 do t[i] = i; t["k" .. i] = i; t[i + 0.5] = i end
            local n, last, sorted = 0, nil, true
            for k in pairs(t) do
              n = n + 1
              if type(k) == "string" and type(last) == "string" and k < last then sorted = false end
              last = k
            end
            return n .. " " .. tostring(sorted)
            """)
        #expect(result == "15000 true")
    }
}

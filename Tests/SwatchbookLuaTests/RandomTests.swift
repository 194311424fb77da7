import Testing

@testable import SwatchbookLua

@Suite("sb.random")
struct RandomTests {
    /// The first outputs of the reference C xoshiro256** seeded by
    /// SplitMix64, pinned so the sequence can never drift.
    static let reference: [(Int, [UInt64])] = [
        (0, [0x99EC_5F36_CB75_F2B4, 0xBF6E_1F78_4956_452A, 0x1A5F_849D_4933_E6E0]),
        (42, [0x1578_0B2E_0C2E_C716, 0x6104_D986_6D11_3A7E, 0xAE17_5332_39E4_99A1]),
        (-1, [0x8F55_20D5_2A7E_AD08, 0xC476_A018_CAA1_802D, 0x81DE_31C0_D260_469E]),
    ]

    @Test("matches the reference generator", arguments: reference)
    func matchesReference(_ seed: Int, _ expected: [UInt64]) {
        var generator = RandomGenerator(seed: seed)
        #expect((0..<3).map { _ in generator.next() } == expected)
    }

    @Test func integerRangesAreInclusiveAndCovered() {
        var generator = RandomGenerator(seed: 7)
        var counts = [Int: Int]()
        for _ in 0..<6000 { counts[generator.int(in: 1...6), default: 0] += 1 }
        #expect(counts.keys.sorted() == [1, 2, 3, 4, 5, 6])
        // A fixed seed, so this is a sanity check, not a flaky statistic.
        #expect(counts.values.allSatisfy { (800...1200).contains($0) })
    }

    @Test func extremeRanges() {
        var generator = RandomGenerator(seed: 1)
        #expect(generator.int(in: 5...5) == 5)
        for _ in 0..<100 {
            _ = generator.int(in: Int.min...Int.max)
            #expect((-3...3).contains(generator.int(in: -3...3)))
            #expect((Int.max - 1...Int.max).contains(generator.int(in: Int.max - 1...Int.max)))
            #expect((Int.min...Int.min + 2).contains(generator.int(in: Int.min...Int.min + 2)))
            let unit = generator.unit()
            #expect(unit >= 0 && unit < 1)
        }
    }

    private func evaluate(_ expression: String) throws -> String {
        let runtime = try ScriptFixture().runtime()
        return try runtime.evaluate("local sb = require 'swatchbook'\n\(expression)")
    }

    static let expressions: [(String, String)] = [
        (
            """
            local a, b = sb.random(7), sb.random(7)
            for i = 1, 100 do
              if a:int(1, 1000) ~= b:int(1, 1000) or a:float() ~= b:float()
                or a:color() ~= b:color() then return "differs" end
            end
            return "same"
            """,
            "same"
        ),
        (
            """
            local a, b = sb.random(1), sb.random(2)
            local same = 0
            for i = 1, 20 do if a:int(1, 1000000) == b:int(1, 1000000) then same = same + 1 end end
            return tostring(same)
            """,
            "0"
        ),
        (
            """
            local g, seen = sb.random(3), {}
            for i = 1, 6000 do
              local n = g:int(6)
              if n < 1 or n > 6 or math.type(n) ~= "integer" then return "out of range: " .. n end
              seen[n] = true
            end
            return tostring(#seen)
            """,
            "6"
        ),
        (
            """
            local g = sb.random(4)
            for i = 1, 1000 do
              local n = g:int(-2, 2)
              if n < -2 or n > 2 then return "out of range" end
              local f = g:float()
              if f < 0 or f >= 1 or math.type(f) ~= "float" then return "bad float" end
            end
            return tostring(g:int(9, 9))
            """,
            "9"
        ),
        ("return sb.random(1):color():hex() == sb.random(1):color():hex() and 'same' or 'differs'", "same"),
        ("return tostring(#sb.random(5):color():hex())", "7"),
        ("return tostring(sb.random(42))", "random(42)"),
        ("return tostring(sb.random(-1))", "random(-1)"),
        (
            "local g = sb.random(1) return select(2, pcall(g.int, g, 6, 1))",
            "random:int: the range 6..1 is empty"
        ),
        (
            "local g = sb.random(1) return select(2, pcall(g.int, g, 0))",
            "random:int: the range 1..0 is empty"
        ),
        (
            "local g = sb.random(1) return select(2, pcall(g.int, g, 1.5))",
            "random:int: argument 1 is 1.5, expected an integer"
        ),
        (
            "local g = sb.random(1) return select(2, pcall(g.int, g, 1, '6'))",
            "random:int: argument 2 is \"6\", expected an integer"
        ),
        (
            "local g = sb.random(1) return select(2, pcall(g.int, {}, 1, 2))",
            "random:int: call it as generator:int(...)"
        ),
        ("return select(2, pcall(sb.random))", "sb.random: the seed is nil, expected an integer"),
        ("return select(2, pcall(sb.random, 0.5))", "sb.random: the seed is 0.5, expected an integer"),
        (
            "return select(2, pcall(function() return sb.random(1):int(2, 1) end))",
            "Scripts/main.lua:2: random:int: the range 2..1 is empty"
        ),
    ]

    @Test("Lua API", arguments: expressions)
    func luaAPI(_ source: String, _ expected: String) throws {
        #expect(try evaluate(source) == expected)
    }

    @Test func luaSequenceFollowsTheGenerator() throws {
        var generator = RandomGenerator(seed: 11)
        let expected = (0..<5).map { _ in String(generator.int(in: 1...100)) }.joined(separator: ",")
        #expect(
            try evaluate(
                "local g, t = sb.random(11), {} for i = 1, 5 do t[i] = g:int(1, 100) end return table.concat(t, ',')"
            )
                == expected)
    }
}

import Foundation
import SwatchbookCore
import Testing

@testable import SwatchbookLua

@Suite("Time budget and memory cap")
struct LimitsTests {
    static let spinners = [
        "while true do end",
        "while true do pcall(function() while true do end end) end",
        "local co = coroutine.wrap(function() while true do end end) co()",
        "local co = coroutine.create(function() while true do end end) while true do coroutine.resume(co) end",
        "local function f() return f() end while true do pcall(f) end",
        "string.rep('x', 10):gsub('.', function() while true do end end)",
        // A C function of the library that loops without running Lua.
        "table.move({}, 1, 2^40, 1)",
    ]

    /// A runaway script is stopped with the budget's error; that it stops
    /// at all is what the time limit checks, not how fast. The limit is
    /// generous because a test waits its turn behind every other one on
    /// two cores, where a whole run takes minutes.
    @Test("a runaway script is stopped", .timeLimit(.minutes(10)), arguments: spinners)
    func runawayStops(_ body: String) throws {
        let budget = 0.25
        let runtime = try ScriptFixture().runtime(limits: ScriptLimits(timeout: budget))
        var caught: Diagnostic?
        do {
            _ = try runtime.evaluate(body)
        } catch {
            caught = error
        }
        let message = try #require(caught).formatted
        #expect(message.contains("main chunk ran past its 0.25 s time budget"))
        #expect(message.hasPrefix("Scripts/main.lua:1: "))
        // The state is usable afterwards, with a fresh budget.
        #expect(try runtime.evaluate("return 'alive'") == "alive")
    }

    /// table.move is the sandbox's own, which heeds the budget; it moves as
    /// the standard one does, overlapping ranges and metamethods included.
    @Test func tableMoveMovesAsTheStandardOneDoes() throws {
        let runtime = try ScriptFixture().runtime()
        let result = try runtime.evaluate(
            """
            local function show(t) local s = {} for i = 1, 8 do s[i] = tostring(t[i]) end return table.concat(s, ",") end
            local log = {}
            local proxy = setmetatable({}, {
              __index = function(_, k) return "i" .. k end,
              __newindex = function(_, k, v) log[#log + 1] = k .. "=" .. v end })
            local other = table.move({1, 2, 3}, 1, 3, 2, {9})
            local ok, err = pcall(table.move, {}, 1, math.maxinteger, 2)
            local ok2, err2 = pcall(table.move, 1, 1, 1, 1)
            return table.concat({
              show(table.move({1, 2, 3, 4, 5}, 1, 3, 3)),
              show(table.move({1, 2, 3, 4, 5}, 2, 5, 1)),
              show(other),
              show(table.move({1, 2}, 2, 1, 5)),
              show(table.move(proxy, 1, 2, 1, {})),
              (table.move({7, 8}, 1, 2, 3, proxy) == proxy and table.concat(log, " ")),
              err, err2 }, "|")
            """)
        #expect(
            result.split(separator: "|") == [
                "1,2,1,2,3,nil,nil,nil", "2,3,4,5,5,nil,nil,nil", "9,1,2,3,nil,nil,nil,nil",
                "1,2,nil,nil,nil,nil,nil,nil", "i1,i2,nil,nil,nil,nil,nil,nil", "3=7 4=8",
                "bad argument #4 to 'table.move' (destination wrap around)",
                "bad argument #1 to 'table.move' (table expected, got number)",
            ])
    }

    @Test func aScriptInsideItsBudgetIsNotStopped() throws {
        let runtime = try ScriptFixture().runtime(limits: ScriptLimits(timeout: 1))
        let result = try runtime.evaluate("local s = 0 for i = 1, 2e6 do s = s + i end return tostring(s)")
        #expect(result == "2000001000000")
    }

    /// Calls that each stay inside the budget all run, though together they
    /// spend more than one budget: the deadline is set afresh for each call.
    @Test func theBudgetIsPerCallNotPerState() throws {
        let budget = 0.3
        let runtime = try ScriptFixture().runtime(limits: ScriptLimits(timeout: budget))
        var spent = 0.0
        for _ in 0..<4 {
            let result = try runtime.evaluate(
                "local t = os.clock() while os.clock() - t < 0.15 do end return tostring(os.clock() - t)")
            spent += try #require(Double(result))
        }
        #expect(spent > budget, "the calls together must outlast one budget for this to test anything")
    }

    /// The host builds a call's arguments (a tap's event, `ctx`) outside
    /// any call into Lua; with the cap reached, a table it makes is refused
    /// there, which unprotected would be a Lua panic. Built protected, it is
    /// an error naming the cap.
    @Test func hostTablesPastTheCapAreAnErrorNotAPanic() throws {
        let runtime = try ScriptFixture().runtime(limits: ScriptLimits(memoryMiB: 1))
        _ = try runtime.evaluate("keep = {} for i = 1, 2e4 do keep[i] = i end return 1")
        var caught: Diagnostic?
        do {
            try runtime.pushProtected { stack throws(LuaHostError) in
                stack.newTable(arrayCount: 200_000)
                return 1
            }
        } catch {
            caught = error
        }
        #expect(caught?.formatted == "Scripts/main.lua: ran out of memory (the cap is 1 MiB, --max-memory)")
        #expect(try runtime.evaluate("return tostring(#keep)") == "20000")
    }

    static let bombs = [
        "local t = {} while true do t[#t + 1] = {} end",
        "local s = 'x' while true do s = s .. s end",
        "local t = {} for i = 1, 1e9 do t[i] = i end",
        "local t = {} while true do pcall(function() for i = 1, 1e6 do t[#t + 1] = i end end) end",
    ]

    @Test("a memory bomb fails cleanly and the host goes on", arguments: bombs)
    func memoryBomb(_ body: String) throws {
        let runtime = try ScriptFixture().runtime(limits: ScriptLimits(timeout: 20, memoryMiB: 16))
        var caught: Diagnostic?
        do {
            _ = try runtime.evaluate(body)
        } catch {
            caught = error
        }
        let failure = try #require(caught)
        #expect(failure.kind == .data)
        #expect(failure.formatted.contains("ran out of memory (the cap is 16 MiB"))
        #expect(
            try runtime.evaluate("local t = {} for i = 1, 1000 do t[i] = i end return tostring(#t)") == "1000"
        )
    }

    @Test func thousandsOfHostErrorsInARow() throws {
        let runtime = try ScriptFixture().runtime()
        let caught = try runtime.evaluate(
            """
            local sb = require "swatchbook"
            local n = 0
            for i = 1, 20000 do
              local ok, err = pcall(sb.color, "#nope" .. i)
              if not ok and err:find("is not a colour") then n = n + 1 end
            end
            return tostring(n)
            """)
        #expect(caught == "20000")
        for i in 0..<2000 {
            #expect(throws: Diagnostic.self) {
                try runtime.evaluate("return require('swatchbook').rgb(\(i + 256), 0, 0)")
            }
        }
        #expect(try runtime.evaluate("return 'still here'") == "still here")
    }
}

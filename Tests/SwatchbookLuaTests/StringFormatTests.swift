import SwatchbookCore
import Testing

@testable import SwatchbookImport
@testable import SwatchbookLua

/// The host writes string.format's common conversions itself (%d %i %x %X %s
/// with '-', '0' and a width, and %%); everything else is Lua's own. Each
/// case is checked against Lua's own format, reached by adding a `%q`
/// conversion, which the host never writes itself, to the same format.
@Suite("string.format")
struct StringFormatTests {
    static let cases: [(String, String)] = [
        ("%d", "0"), ("%d", "42"), ("%d", "-42"), ("%d", "math.maxinteger"), ("%d", "math.mininteger"),
        ("%i", "7"), ("%5d", "42"), ("%-5d|", "42"), ("%05d", "-42"), ("%-05d|", "3"), ("%0-5d|", "3"),
        ("%00d", "5"), ("%99d", "1"), ("%2d", "12345"),
        ("%x", "255"), ("%X", "255"), ("%x", "-1"), ("%X", "math.mininteger"), ("%06X", "0xABC"),
        ("%-8x|", "4096"), ("%08x", "0"),
        ("#%06X", "(7919 * 3 + 104729) & 0xFFFFFF"),
        ("Colour %d.%d.%d", "1, 2, 3"),
        ("%s", "'abc'"), ("%s", "''"), ("%s", "'é ü'"), ("%10s|", "'ab'"), ("%-10s|", "'ab'"),
        ("%5s", "string.rep('x', 120)"), ("%s", "string.rep('y', 150)"),
        ("%s-%s|%99d", "string.rep('a', 200), string.rep('b', 200), 5"), ("%-99s|%99d", "'z', 1"),
        ("%%", ""), ("100%% of %d", "9"), ("%d%%", "50"),
        // Not written by the host: Lua's own answers.
        ("%d", "3.0"), ("%d", "'12'"), ("%x", "2^53"), ("%s", "12"), ("%s", "true"), ("%s", "nil"),
        ("%5.2s", "'abc'"), ("%.3d", "5"), ("%+d", "5"), ("% d", "5"), ("%#x", "255"),
        ("%c", "65"), ("%f", "1.5"), ("%g", "0.1"), ("%a", "1"), ("%o", "8"),
        ("%s %d", "'a', 1"), ("%s|", "'a\\0b'"), ("%5s", "'a\\0b'"),
    ]

    @Test("the host's format matches Lua's", arguments: cases)
    func matchesLua(_ format: String, _ arguments: String) throws {
        let runtime = try ScriptFixture().runtime()
        let comma = arguments.isEmpty ? "" : ", "
        let result = try runtime.evaluate(
            """
            local function call(f, ...) local ok, value = pcall(string.format, f, ...) return tostring(ok) .. ":" .. value end
            local host = call(\(LuaLiteral.string(format))\(comma)\(arguments))
            local lua = call(\(LuaLiteral.string(format + "%q"))\(comma)\(arguments)\(comma.isEmpty ? ", " : comma)"")
            -- Lua's own wrote a trailing "" for the %q; errors are compared whole.
            if lua:sub(1, 5) == "true:" then lua = lua:sub(1, -3) end
            return host == lua and "same" or ("host " .. host .. " / lua " .. lua)
            """)
        #expect(result == "same")
    }

    /// Errors are Lua's own (these are Lua 5.4's words, read off the plain
    /// interpreter), naming the function as the script called it.
    @Test(arguments: [
        ("string.format('%d', 3.5)", "bad argument #2 to 'format' (number has no integer representation)"),
        ("string.format('%d')", "bad argument #2 to 'format' (no value)"),
        ("string.format('%5%')", "bad argument #2 to 'format' (no value)"),
        ("string.format('%100d', 1)", "invalid conversion specification: '%100d'"),
        ("('%d'):format('x')", "bad argument #1 to 'format' (number expected, got string)"),
    ])
    func errorsAreLuas(_ call: String, _ message: String) throws {
        let runtime = try ScriptFixture().runtime()
        let result = try runtime.evaluate(
            "local ok, e = pcall(function() return \(call) end) return tostring(e)")
        #expect(result.hasSuffix(message), "\(result)")
    }

    /// `("…"):format` and a saved `string.format` are the same function.
    @Test func everyWayToReachFormatIsTheHosts() throws {
        let runtime = try ScriptFixture().runtime()
        let result = try runtime.evaluate(
            "local f = string.format return tostring(f == ('').format) .. ('%05X'):format(255) .. f('%-3d|', 7)"
        )
        #expect(result == "true000FF7  |")
    }
}

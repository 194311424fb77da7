import SwatchbookCore

extension SwatchbookModule {
    /// `sb.match(query, text)`: the browse filter's matcher on one string,
    /// so a lazy source's `search(query)`, handed the query as typed, keeps
    /// and ranks what the filter would, fzf's syntax and all.
    static func installMatch(in runtime: LuaRuntime) {
        function(
            "match", in: runtime,
            doc: LuaDoc(
                "(query, text)",
                [
                    "Runs the browse filter's matcher (fzf's extended syntax) on text: true, the score",
                    "(higher is closer) and the matched characters as 1-based codepoint positions",
                    "(utf8.offset(text, p) is where each starts), or false when it does not match.",
                    "@param query string", "@param text string",
                    "@return boolean matched", "@return integer? score", "@return integer[]? positions",
                ])
        ) { stack throws(LuaHostError) in
            let query = try utf8String(1, named: "query", on: stack)
            let text = try utf8String(2, named: "text", on: stack)
            guard let found = FilterQuery(query).match(text) else {
                stack.push(false)
                return 1
            }
            stack.push(true)
            stack.push(found.score)
            stack.newTable(arrayCount: found.scalars.count)
            for (i, scalar) in found.scalars.enumerated() {
                stack.push(scalar + 1)
                stack.setRawIndex(-2, i + 1)
            }
            return 3
        }
    }

    /// The string argument at `index`, which must be UTF-8: positions
    /// counted in codepoints mean nothing in other bytes, and Lua's `utf8`
    /// functions refuse them too.
    private static func utf8String(_ index: Int32, named name: String, on stack: LuaStack)
        throws(LuaHostError) -> String
    {
        guard let bytes = stack.rawBytes(at: index) else {
            throw LuaHostError(
                "sb.match: argument \(index) (\(name)) is \(stack.describe(at: index)), expected a string")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw LuaHostError("sb.match: argument \(index) (\(name)) is not UTF-8")
        }
        return text
    }
}

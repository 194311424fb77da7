import Foundation
import Testing

/// `check` runs a lazy source's `search("a")` as the first filter would,
/// so a search that answers the wrong thing fails `check`, not the user.
@Suite("swatchbook check on a lazy source's search")
struct CheckSearchTests {
    /// A lazy source of three items whose search answers `answer`.
    static func plugin(search answer: String) -> String {
        """
        return { name = "Lazy", api = 1, source = {
          sections = function() return 1 end,
          rows = function() return 1 end,
          row = function() return { name = "R", count = 3 } end,
          item = function(s, r, i) return { name = "a" .. i, color = "red" } end,
          search = function(query)
            \(answer)
          end } }
        """
    }

    @Test(arguments: [
        (
            "return { 'a1', 'a2' }",
            #"lazy.lua: source.search("a")[1]: expected a path such as {1, 2, 3}, got "a1""#
        ),
        ("return 'a1'", #"lazy.lua: source.search("a"): expected a list of paths, got "a1""#),
        ("return { { 1, 1, 9 } }", #"lazy.lua: source.search("a")[1]: 1.1.9 names no item"#),
        ("return { { 2, 1 } }", #"lazy.lua: source.search("a")[1]: 2.1 names no section"#),
        ("error('no index yet')", "lazy.lua:7: in source.search(\"a\"): no index yet"),
    ])
    func aBadAnswerIsAProblemWithItsDataPath(_ answer: String, _ line: String) throws {
        let scratch = ScratchFolder()
        scratch.write("lazy.lua", Self.plugin(search: answer))
        let result = try CommandRunner.run(["check", "lazy.lua"], in: scratch.url)
        #expect(result.status == 65)
        #expect(result.stderr == line + "\n1 file checked, 1 problem, 0 warnings\n")
    }

    @Test func aGoodAnswerPasses() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "lazy.lua", Self.plugin(search: "return query == 'a' and { { 1, 1, 2 }, { 1, 1 } } or {}"))
        let result = try CommandRunner.run(["check", "lazy.lua"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "1 file checked, 0 problems, 0 warnings\n")
    }
}

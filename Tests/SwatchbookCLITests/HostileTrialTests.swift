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
        .timeLimit(.minutes(1)),
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
}

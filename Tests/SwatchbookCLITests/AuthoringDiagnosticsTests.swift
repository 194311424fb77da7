import Foundation
import Testing

/// What a plugin author hears about a slip: a misspelt key anywhere in the
/// catalogue is a warning with a "did you mean", a row that holds nothing
/// is named, and `check` lists every problem in a file.
@Suite("authoring diagnostics")
struct AuthoringDiagnosticsTests {
    static let slips = """
        return { name = "Slips", api = 1, descripton = "x",
          layout = { item = { width = 500 } },
          data = {
            { name = "A", rws = {}, rows = {
              { name = "Typo", itmes = { { name = "x", color = "red" } } },
              { name = "Colour", items = { { name = "a", colour = "red" }, { name = "b", colour = "blue" } } },
              { name = "Kids", chidren = { { name = "n" } } },
              { name = "Tree", children = { { name = "n", color = "#GG0000", expnaded = true } } },
              { name = "Bad", items = { { name = "x", color = "#GG0000" }, { name = 5 }, "oops" } },
            } },
            { name = "B", rows = { { name = "Empty" }, { name = "Empty too" } } },
          } }
        """

    @Test func checkListsEveryProblemAndEverySlip() throws {
        let scratch = ScratchFolder()
        scratch.write("slips.lua", Self.slips)
        let result = try CommandRunner.run(["check", "slips.lua"], in: scratch.url)
        #expect(result.status == 65)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                #"slips.lua: warning: unknown key "descripton" (did you mean "description"?)"#,
                #"slips.lua: data[1]: warning: unknown key "rws" (did you mean "rows"?)"#,
                #"slips.lua: data[1].rows[1]: warning: unknown key "itmes" (did you mean "items"?)"#,
                #"slips.lua: data[1].rows[2].items[1]: warning: unknown key "colour" (did you mean "color"?) (and 1 more item)"#,
                #"slips.lua: data[1].rows[3]: warning: unknown key "chidren" (did you mean "children"?)"#,
                #"slips.lua: data[1].rows[4].children[1]: warning: unknown key "expnaded" (did you mean "expanded"?)"#,
                #"slips.lua: data[2].rows[1]: warning: row "Empty" has no items, fields or children (and 1 more row)"#,
                "slips.lua: layout.item.width: expected a whole number from 1 to 200, got 500",
                #"slips.lua: data[1].rows[2].items[1].color: expected a colour, got nil (there is "colour": did you mean "color"?)"#,
                #"slips.lua: data[1].rows[2].items[2].color: expected a colour, got nil (there is "colour": did you mean "color"?)"#,
                ##"slips.lua: data[1].rows[4].children[1].color: "#GG0000" is not a colour"##,
                ##"slips.lua: data[1].rows[5].items[1].color: "#GG0000" is not a colour"##,
                "slips.lua: data[1].rows[5].items[2].color: expected a colour, got nil",
                #"slips.lua: data[1].rows[5].items[3]: expected an item table, got "oops""#,
                "1 file checked, 7 problems, 7 warnings",
            ])
    }

    @Test func renderStopsAtTheFirstProblemInOneLine() throws {
        let scratch = ScratchFolder()
        scratch.write("slips.lua", Self.slips)
        let result = try CommandRunner.run(["render", "slips.lua"], in: scratch.url)
        #expect(result.status == 65)
        #expect(
            result.stderr == "slips.lua: layout.item.width: expected a whole number from 1 to 200, got 500\n")
    }

    @Test func aSlipAloneIsAWarningAndTheRenderGoesOn() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "typo.lua",
            """
            return { name = "Typo", api = 1, data = { { name = "S", rows = {
              { name = "Blues", itmes = { { name = "Sky", color = "skyblue" } } },
              { name = "Reds", items = { { name = "Red", color = "red", colr = "x" } } } } } } }
            """)
        let result = try CommandRunner.run(["render", "typo.lua", "--format", "plain"], in: scratch.url)
        #expect(result.status == 0)
        #expect(
            result.stderr == """
                typo.lua: data[1].rows[1]: warning: unknown key "itmes" (did you mean "items"?)
                typo.lua: data[1].rows[2].items[1]: warning: unknown key "colr" (did you mean "color"?)

                """)
        #expect(result.text.contains("Blues"))
    }

    /// An item with an id or what a palette file said of it is read on
    /// the quick path, and a key of another shape (a row's `children`)
    /// on it is still warned of, as the full reader did; a bare
    /// `{ name, color }` item is read past it, as it always was.
    @Test func anotherShapesKeyOnAReadersItemIsWarned() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "stray.lua",
            """
            return { name = "Stray", api = 1, data = { { name = "S", rows = { { name = "R", items = {
              { name = "Plain", color = "#112233", children = {} },
              { name = "Keyed", color = "#112233", key = "--k", children = {} } } } } } } }
            """)
        let result = try CommandRunner.run(["check", "stray.lua"], in: scratch.url)
        #expect(result.status == 0)
        #expect(
            result.stderr.split(separator: "\n").map(String.init) == [
                #"stray.lua: data[1].rows[1].items[2]: warning: unknown key "children""#,
                "1 file checked, 0 problems, 1 warning",
            ])
    }

    @Test func aLazySourcesSlipsAreWarnedOnce() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "lazy.lua",
            """
            return { name = "Lazy", api = 1, source = {
              sections = function() return 2 end,
              rows = function() return 3 end,
              row = function(s, r) return { name = "Row " .. r, count = 2, colour = "red" } end,
              item = function(s, r, i) return { name = "I" .. i, color = "#123456", nmae = "x" } end } }
            """)
        for command in [["render", "lazy.lua", "--format", "plain"], ["check", "lazy.lua"]] {
            let result = try CommandRunner.run(command, in: scratch.url)
            #expect(result.status == 0, "\(result.stderr)")
            let warnings = result.stderr.split(separator: "\n").filter { $0.contains("warning:") }
            #expect(
                warnings == [
                    #"lazy.lua: source.row(1, 1): warning: unknown key "colour" (and 5 more rows)"#,
                    #"lazy.lua: source.item(1, 1, 1): warning: unknown key "nmae" (did you mean "name"?) (and 11 more items)"#,
                ], "\(command)")
        }
    }
}

import Foundation
import Testing

/// Most trees are plain: nodes of a name, maybe a `#` colour, maybe
/// children, and nothing else. They are read in one pass each, with no data
/// path made; anything else in a node sends it to the full reader. Both
/// must read a tree the same way and report a problem at the same path.
@Suite("plain trees")
struct PlainTreeTests {
    /// A tree of `{ name, color, children }` nodes, a few levels deep, with
    /// every colour form a plain node may hold, nodes without colour and an
    /// empty list of children; `extra` is added to every node.
    static func plugin(extra: String) -> String {
        """
        local function node(name, color, children)
          local t = { name = name, color = color, children = children \(extra) }
          return t
        end
        return { name = "Plain", api = 1,
          data = function()
            local top = {}
            for g = 1, 4 do
              local subs = {}
              for s = 1, 3 do
                subs[s] = node("Sub " .. g .. "." .. s, s == 2 and "#a1B2c3" or nil, {
                  node("Leaf één " .. g .. s, string.format("#%06X", g * 4099 + s * 77)),
                  node("Leaf ✓ " .. g .. s, "#12345678"),
                  node("Leaf short " .. g .. s, "#abc"),
                  node("Leaf bare " .. g .. s),
                })
              end
              top[g] = node("Group " .. g, nil, g == 4 and {} or subs)
            end
            return { { name = "S", rows = { { name = "Tree", children = top } } } }
          end }
        """
    }

    @Test func aPlainTreeReadsAsTheFullReaderReadsIt() throws {
        let scratch = ScratchFolder()
        // `selected = false` says what a node says by default, but only the
        // full reader reads it: every node of this one goes there.
        let plain = scratch.write("plain.lua", Self.plugin(extra: ""))
        let full = scratch.write("full.lua", Self.plugin(extra: ", selected = false"))
        for format in ["json", "plain"] {
            let arguments = ["--expand", "all", "--format", format, "--width", "80"]
            let a = try CommandRunner.run(["render", plain] + arguments)
            let b = try CommandRunner.run(["render", full] + arguments)
            #expect(a.status == 0 && b.status == 0, "\(a.stderr)\(b.stderr)")
            #expect(a.text.contains("Leaf één 23") && a.text.contains("#A1B2C3"))
            #expect(a.text == b.text, "\(format)")
        }
    }

    /// A node the plain reader cannot take, deep in a tree of plain ones:
    /// the full reader reports it at its path, as it would anywhere.
    @Test(arguments: [
        (
            "{ name = \"b3\", color = \"#12345\" }",
            "children[2].children[3].color: \"#12345\" is not a colour"
        ),
        ("{ nam = \"b3\" }", "children[2].children[3].name: expected a string, got nil"),
        (
            "{ name = \"b3\", children = 7 }",
            "children[2].children[3].children: expected an array (a table), got number"
        ),
    ])
    func aProblemDeepInAPlainTreeIsReportedAtItsPath(node: String, problem: String) throws {
        let scratch = ScratchFolder()
        let file = scratch.write(
            "bad.lua",
            """
            return { name = "T", api = 1, data = function()
              return { { name = "S", rows = { { name = "R", children = {
                { name = "a", children = { { name = "a1", color = "#112233" }, { name = "a2" } } },
                { name = "b", color = "#445566", children = { { name = "b1" }, { name = "b2" }, \(node) } },
              } } } } }
            end }
            """)
        let result = try CommandRunner.run(["check", file])
        #expect(result.status == 65)
        #expect(result.stderr.contains("bad.lua: data[1].rows[1]." + problem), "\(result.stderr)")
    }

    /// A chain of plain nodes deeper than any tree may nest is refused at
    /// its top node, as a chain of any other nodes is.
    @Test func aPlainChainTooDeepIsRefusedAtItsTopNode() throws {
        let scratch = ScratchFolder()
        let file = scratch.write(
            "deep.lua",
            """
            return { name = "Deep", api = 1, data = function()
              local node = { name = "leaf" }
              for i = 1001, 1, -1 do node = { name = "level " .. i, children = { node } } end
              return { { name = "S", rows = { { name = "Tree", children = { { name = "x" }, node } } } } }
            end }
            """)
        let result = try CommandRunner.run(["render", file, "--format", "plain"])
        #expect(result.status == 65)
        #expect(
            result.stderr.contains(
                "deep.lua: data[1].rows[1].children[2]: a tree may nest at most 1000 levels, and this one goes deeper"
            ),
            "\(result.stderr)")
    }
}

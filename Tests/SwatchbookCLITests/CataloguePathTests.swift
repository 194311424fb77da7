import Foundation
import Testing

/// Every path Swatchbook gives out names the element in the whole
/// catalogue, filtered or not, so a script can feed a picked path back in:
/// `p=$(swatchbook pick --filter … --print path)` then `render --inspect "$p"`.
@Suite struct CataloguePathTests {
    /// A GIMP palette whose 40th colour is "light salmon", after 39 others
    /// the filter hides.
    static func palette() -> (ScratchFolder, String) {
        let scratch = ScratchFolder()
        var text = "GIMP Palette\nName: Paths\n#\n"
        for n in 1...39 { text += "\(n) \(n) \(n)\tgrey \(n)\n" }
        text += "255 160 122\tlight salmon\n250 128 114\tsalmon\n"
        return (scratch, scratch.write("paths.gpl", text))
    }

    @Test(arguments: ["shelves", "details", "outline"])
    func aPickedPathInspectsThePickedColour(layout: String) throws {
        let (scratch, file) = Self.palette()
        _ = scratch
        let picked = try CommandRunner.run([
            "pick", file, "--layout", layout, "--filter", "light salmon", "--keys", "<Enter>", "--print",
            "path",
        ])
        #expect(picked.status == 0, "\(picked.stderr)")
        #expect(picked.text == "1.1.40\n", "\(layout): \(picked.text)")
        let path = picked.text.trimmingCharacters(in: .whitespacesAndNewlines)
        // The same path, with and without the filter, inspects light salmon.
        for filter in [[], ["--filter", "light salmon"]] {
            let inspected = try CommandRunner.run(
                ["render", file, "--layout", layout, "--inspect", path, "--format", "plain"] + filter)
            #expect(inspected.status == 0, "\(inspected.stderr)")
            #expect(inspected.text.contains("light salmon"), "\(layout) \(filter): \(inspected.text)")
            #expect(inspected.text.contains("#FFA07A"), "\(inspected.text)")
        }
        let json = try CommandRunner.run([
            "pick", file, "--layout", layout, "--filter", "light salmon", "--keys", "<Enter>", "--print",
            "json",
        ])
        let object = try JSONSerialization.jsonObject(with: Data(json.text.utf8)) as? [String: Any]
        #expect(object?["path"] as? String == "1.1.40", "\(json.text)")
    }

    @Test func aPathTheFilterHidesIsSaidSo() throws {
        let (scratch, file) = Self.palette()
        _ = scratch
        let result = try CommandRunner.run([
            "render", file, "--filter", "light salmon", "--inspect", "1.1.1", "--format", "plain",
        ])
        #expect(result.status == 64)
        #expect(
            result.stderr.contains("--inspect: 1.1.1 is hidden by the filter \"light salmon\""),
            "\(result.stderr)")
        let tap = try CommandRunner.run([
            "render", file, "--filter", "salmon", "--tap", "1.1.41", "--format", "plain",
        ])
        #expect(tap.status == 0, "a whole path the filter shows is tapped: \(tap.stderr)")
    }

    /// A tree under a filter: the node's path, the event's path and index,
    /// and the paths of `sb.visible()` and `sb.selected()` are the whole
    /// tree's; a key/value row's field too, in the JSON report.
    @Test func eventsAndScriptsSeeWholePaths() throws {
        let scratch = ScratchFolder()
        let plugin = scratch.write(
            "tree.lua",
            """
            local sb = require "swatchbook"
            local function dotted(paths)
              local out = {}
              for i, p in ipairs(paths) do out[i] = type(p) == "table" and table.concat(p, ".") or p end
              return table.concat(out, ",")
            end
            return { name = "tree", api = 1,
              on_tap = function(ev)
                local seen = {}
                for _, e in ipairs(sb.visible()) do
                  if e.kind == "node" then seen[#seen + 1] = e.path end
                end
                sb.select(ev.path)
                return dotted({ ev.path }) .. " #" .. ev.index .. " visible " .. dotted(seen)
                  .. " selected " .. dotted(sb.selected())
              end,
              data = { { name = "S", rows = {
                { name = "facts", fields = { { "alpha", "1" }, { "beta", "2" }, { "gamma", "3" } } },
                { name = "tree", children = {
                  { name = "one", children = { { name = "apple" }, { name = "pear" } } },
                  { name = "two", children = { { name = "plum" }, { name = "quince" } } },
                } },
              } } } }
            """)
        let picked = try CommandRunner.run([
            "pick", plugin, "--layout", "outline", "--filter", "quince", "--keys", "<Enter>",
        ])
        #expect(picked.status == 0, "\(picked.stderr)")
        #expect(
            picked.text == "1.2.2.2 #2 visible 1.2.2,1.2.2.2 selected 1.2.2.2\n", "\(picked.text)")

        let report = try CommandRunner.run([
            "render", plugin, "--filter", "gamma | quince", "--format", "json",
        ])
        #expect(report.status == 0, "\(report.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(report.text.utf8)) as? [String: Any]
        let rows = (document?["sections"] as? [[String: Any]])?.first?["rows"] as? [[String: Any]] ?? []
        let paths = rows.flatMap { row -> [String] in
            let members = [row["fields"], row["nodes"], row["items"]].compactMap { $0 as? [[String: Any]] }
                .flatMap { $0 }
            return [row["path"] as? String ?? "?"] + members.map { $0["path"] as? String ?? "?" }
        }
        #expect(paths == ["1.1", "1.1.3", "1.2", "1.2.2", "1.2.2.2"], "\(paths)")
    }

    /// The state file keeps the focus by its whole path, so another run,
    /// filtered or not, reads it alike.
    @Test func theStateFileKeepsWholePaths() throws {
        let (scratch, file) = Self.palette()
        let state = scratch.path("state.json")
        let result = try CommandRunner.run([
            "render", file, "--filter", "light salmon", "--state", state, "--format", "plain",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: state)))
        #expect((saved as? [String: Any])?["focusPath"] as? String == "1.1.40", "\(saved)")
    }

    /// `pick` picks a colour in every layout: in details the focus enters
    /// the table, a line at a time, and Enter picks that line's item, with
    /// the layout from the command line or the config file.
    @Test func pickInDetailsPicksTheFocusedLine() throws {
        let (scratch, file) = Self.palette()
        let down = try CommandRunner.run([
            "pick", file, "--layout", "details", "--keys", "jj<Enter>", "--print", "name",
        ])
        #expect(down.status == 0, "\(down.stderr)")
        #expect(down.text == "grey 3\n", "\(down.text)")
        scratch.write("config/swatchbook/config", "--layout details\n")
        let configured = try CommandRunner.run(
            ["pick", file, "--keys", "G<Enter>", "--print", "name"],
            environment: ["XDG_CONFIG_HOME": scratch.path("config")])
        #expect(configured.status == 0, "\(configured.stderr)")
        #expect(configured.text == "salmon\n", "\(configured.text)")
    }
}

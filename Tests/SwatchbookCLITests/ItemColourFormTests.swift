import Foundation
import Testing

/// The colour of an item the host reads in one pass (`{ name, color }`)
/// means what the general colour parser makes of it, whichever way it is
/// written: `#RRGGBB` and `#RRGGBBAA` are decoded as the table is read,
/// every other form by the parser, and a string that is almost a long hex
/// code is still no colour.
@Suite("the colour of a plain item")
struct ItemColourFormTests {
    /// Each form and the colour it is.
    static let forms: [(written: String, color: String)] = [
        ("#1A2B3C", "#1A2B3C"), ("#1a2b3c", "#1A2B3C"), ("#09afAF", "#09AFAF"), ("#1A2B3C80", "#1A2B3C80"),
        ("#0f0f0f00", "#0F0F0F00"), ("#1A2B3CFF", "#1A2B3C"), ("#abc", "#AABBCC"), ("#ABCD", "#AABBCCDD"),
        ("teal", "#008080"),
    ]

    static func list(_ colours: [String]) -> String {
        "{ " + colours.map { "\"\($0)\"" }.joined(separator: ", ") + " }"
    }

    /// A lazy source whose strip serves `colours` one item each.
    static func lazy(_ colours: [String]) -> String {
        """
        local colours = \(list(colours))
        return { name = "Forms", api = 1,
          source = {
            sections = function() return 1 end,
            section = function(s) return { name = "Forms" } end,
            rows = function(s) return 1 end,
            row = function(s, r) return { name = "Row", count = #colours } end,
            item = function(s, r, i) return { name = "C" .. i, color = colours[i] } end,
          } }
        """
    }

    /// The same items given eagerly by `data`.
    static func eager(_ colours: [String]) -> String {
        """
        local items = {}
        for i, colour in ipairs(\(list(colours))) do items[i] = { name = "C" .. i, color = colour } end
        return { name = "Forms", api = 1, data = { { name = "Forms", rows = { { name = "Row", items = items } } } } }
        """
    }

    /// The colours `render --format json` gives the items, in order.
    static func rendered(_ plugin: String, in scratch: ScratchFolder) throws -> [String] {
        let result = try CommandRunner.run(
            ["render", plugin, "--format", "json", "--width", "400"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        let sections = try #require(root["sections"] as? [[String: Any]])
        let rows = try #require(sections.first?["rows"] as? [[String: Any]])
        let items = try #require(rows.first?["items"] as? [[String: Any]])
        return items.compactMap { $0["color"] as? String }
    }

    @Test(arguments: ["lazy", "eager"])
    func everyFormIsTheColourItWrites(_ kind: String) throws {
        let scratch = ScratchFolder()
        let written = Self.forms.map(\.written)
        scratch.write("forms.lua", kind == "lazy" ? Self.lazy(written) : Self.eager(written))
        #expect(try Self.rendered("forms.lua", in: scratch) == Self.forms.map(\.color))
    }

    /// Seven or nine bytes after a `#` that are not all hex digits.
    @Test(arguments: ["#1A2B3G", "#G1A2B3", "#1A2B3C  ", "#1A2B3C8", "#1A2B3C8Z", "#-12345", "#1A2B3\\0"])
    func almostALongCodeIsNoColour(_ colour: String) throws {
        let scratch = ScratchFolder()
        scratch.write("bad.lua", Self.lazy(["#1A2B3C", colour]))
        let result = try CommandRunner.run(["render", "bad.lua", "--format", "json"], in: scratch.url)
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("bad.lua: source.item(1, 1, 2).color: "), "\(result.stderr)")
        #expect(result.stderr.hasSuffix(" is not a colour\n"), "\(result.stderr)")
    }
}

import Foundation
import SwatchbookTestSupport
import Testing

@Suite("render after taps, keys and filters")
struct InteractionTests {
    /// Keys in, screen out: the screen after a focus sequence, in colour so
    /// the focus (reverse) and the scrolled strips show.
    static let sequences: [(String, String)] = [
        ("l", "focus-right"),
        ("jj", "focus-down-twice"),
        ("jjllllk", "focus-back-up-lands-on-last"),
        ("<Tab><Tab>", "focus-next-sections"),
        ("G", "focus-last"),
        ("lllll<Enter>", "tap-scrolled-strip"),
    ]

    @Test("focus sequences", arguments: sequences)
    func focusSequence(_ keys: String, _ name: String) throws {
        let result = try CommandRunner.run([
            "render", "--keys", keys, "--width", "60", "--height", "12", "--format", "ansi", "--color", "256",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        Golden.assert(result.text, named: "keys-\(name).txt")
    }

    @Test func tapsSelectAndShowACheckMark() throws {
        let result = try CommandRunner.run([
            "render", "--tap", "1.1.2", "--tap", "3.2.4", "--format", "plain", "--width", "80",
        ])
        #expect(result.status == 0)
        #expect(!result.text.contains("☑ Salmon"), "single selection: the second tap moved it")
        #expect(result.text.contains("☑ Black"))
    }

    @Test func badPathsAreUsageErrors() throws {
        for arguments in [
            ["--tap", "9.9.9"], ["--focus", "1.2.3.4.5"], ["--tap", "x"], ["--keys", "<Nope>"],
        ] {
            let result = try CommandRunner.run(["render"] + arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
    }

    @Test func theStateFileRoundTrips() throws {
        let scratch = ScratchFolder()
        let state = scratch.path("state.json")
        let first = try CommandRunner.run([
            "render", "--keys", "jl<Enter>", "--state", state, "--format", "plain",
        ])
        #expect(first.status == 0, "\(first.stderr)")
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: state)))
        let object = try #require(saved as? [String: Any])
        #expect(object["focusPath"] as? String == "1.2.2")
        #expect((object["selected"] as? [String])?.count == 1)
        // A second run starts where the first ended: one more key moves on from there.
        let second = try CommandRunner.run(["render", "--keys", "l", "--state", state, "--format", "plain"])
        #expect(second.status == 0)
        #expect(second.text.contains("☑ Honeydew"))
        let after = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: state)))
                as? [String: Any])
        #expect(after["focusPath"] as? String == "1.2.3")
        // Saved states are deterministic bytes.
        let again = scratch.path("again.json")
        _ = try CommandRunner.run(["render", "--keys", "jl<Enter>", "--state", again, "--format", "plain"])
        _ = try CommandRunner.run(["render", "--keys", "l", "--state", again, "--format", "plain"])
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: state)) == Data(contentsOf: URL(fileURLWithPath: again))
        )
    }

    @Test func aBrokenStateFileIs65() throws {
        let scratch = ScratchFolder()
        let state = scratch.write("state.json", "{ \"top\": \"high\" }")
        let result = try CommandRunner.run(["render", "--state", state])
        #expect(result.status == 65)
        #expect(result.stderr == state + ": top: expected a whole number, got the string \"high\"\n")
    }

    @Test func theFilterKeepsMatchesAtEveryLevel() throws {
        let result = try CommandRunner.run([
            "render", "--filter", "sea", "--format", "plain", "--width", "80",
        ])
        #expect(result.status == 0)
        let text = result.text
        for kept in ["Sea Green", "Medium Sea Gr…", "Light Sea Gre…", "Seashell", "#3CB371"] {
            #expect(text.contains(kept))
        }
        for gone in ["Orchid", "Category #5", "Moccasin"] { #expect(!text.contains(gone)) }
        let typed = try CommandRunner.run([
            "render", "--keys", "/sea<Enter>", "--format", "plain", "--width", "80",
        ])
        #expect(typed.stdout == result.stdout)
        let cleared = try CommandRunner.run([
            "render", "--keys", "/sea<Enter>/<Esc>", "--format", "plain", "--width", "80",
        ])
        #expect(cleared.text.contains("Orchid"))
    }

    @Test func aCallbackErrorIs65WithItsLine() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "tap.lua",
            "return { name = 'x', api = 1, data = { { name = 's', rows = { { name = 'r', items = { { name = 'a', color = 'red' } } } } } },\n  on_tap = function(ev)\n    error('no taps today')\n  end }\n"
        )
        let result = try CommandRunner.run(["render", "tap.lua", "--tap", "1.1.1"], in: scratch.url)
        #expect(result.status == 65)
        #expect(result.stderr == "tap.lua:3: in on_tap(item 1.1.1): no taps today\n")
    }

    /// An error names the callback it was raised in and what it was
    /// called with, in the plugin's file or in a module it required.
    @Test(arguments: [
        ("on_load = function(ctx) error('not ready') end", "x.lua:3: in on_load(ctx): not ready"),
        (
            "on_tap = function(ev) return ev.nope.x end",
            "x.lua:3: in on_tap(row 1.2): attempt to index a nil value (field 'nope')"
        ),
        (
            "on_expand = function(ev) require('helper').fail(ev.index) end",
            "helper.lua:1: in on_expand(node 1.1.2): no node 2"
        ),
    ])
    func anErrorNamesItsCallback(_ callback: String, _ message: String) throws {
        let scratch = ScratchFolder()
        scratch.write("helper.lua", "return { fail = function(i) error('no node ' .. i) end }\n")
        scratch.write(
            "x.lua",
            """
            return { name = 'x', api = 1, data = { { name = 's', rows = {
              { name = 'r', children = { { name = 'a' }, { name = 'b', children = { { name = 'c' } } } } }, { name = 'q', items = {} } } } },
              \(callback) }
            """)
        let result = try CommandRunner.run(
            ["render", "x.lua", "--tap", "1.2", "--tap", "1.1.2", "--format", "plain"], in: scratch.url)
        #expect(result.status == 65)
        #expect(result.stderr == message + "\n")
    }
}

@Suite("the seed scenarios, headless")
struct ScenarioTests {
    @Test func theCategoryTreeOpensAndCloses() throws {
        let closed = try CommandRunner.run([
            "render", "Scripts/categories.lua", "--format", "plain", "--width", "60", "--collapse",
        ])
        #expect(closed.status == 0)
        Golden.assert(closed.text, named: "categories-closed.txt")
        let opened = try CommandRunner.run([
            "render", "Scripts/categories.lua", "--tap", "1.1.1", "--tap", "1.1.1.1", "--format", "plain",
            "--width", "60",
        ])
        Golden.assert(opened.text, named: "categories-two-taps.txt")
        let all = try CommandRunner.run([
            "render", "Scripts/categories.lua", "--expand", "all", "--keys", "jjj<Enter>", "--format",
            "plain",
            "--width", "60",
        ])
        Golden.assert(all.text, named: "categories-expanded-toggled.txt")
    }

    @Test func tripsShowKeyValueRows() throws {
        let result = try CommandRunner.run([
            "render", "Scripts/trips.lua", "--format", "plain", "--width", "60",
        ])
        #expect(result.status == 0)
        Golden.assert(result.text, named: "trips.txt")
        let tapped = try CommandRunner.run([
            "render", "Scripts/trips.lua", "--tap", "1.1.3", "--format", "transcript",
        ])
        #expect(tapped.status == 0, "\(tapped.stderr)")
        #expect(tapped.text.contains("Speed: 50 kph"), "the tapped field is drawn")
        #expect(!tapped.text.contains("selected"), "inner rows are not selectable")
    }

    @Test func thePickerTapsToAHex() throws {
        let result = try CommandRunner.run([
            "render", "Scripts/picker.lua", "--tap", "1.1.4", "--format", "transcript",
        ])
        #expect(result.status == 0)
        #expect(result.text.contains("Shades › Reds › #DC143C, 4 of 7, selected, focused"))
    }
}

@Suite("section keys")
struct SectionKeyTests {
    @Test func tabAndShiftTabWalkSections() throws {
        func focused(_ keys: String) throws -> String? {
            let result = try CommandRunner.run(["render", "--keys", keys, "--format", "transcript"])
            return result.text.split(separator: "\n").first { $0.hasSuffix("focused") }.map(String.init)
        }
        #expect(try focused("<Tab><Tab>")?.hasPrefix("Category #3 › SubCategory #3.1 › Tomato") == true)
        #expect(
            try focused("<Tab><Tab><S-Tab>")?.hasPrefix("Category #2 › SubCategory #2.1 › Moccasin") == true)
        #expect(try focused("<S-Tab>")?.hasPrefix("Category #1 › SubCategory #1.1 › Orchid") == true)
    }
}

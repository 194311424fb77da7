import Foundation
import Testing

/// Values that used to be taken silently and give a wrong picture: a
/// percentage passed as a fraction, a path that names nothing, a width
/// another command refuses.
@Suite("values that are never taken silently")
struct SilentValueTests {
    static func run(_ expression: String) throws -> CommandRunner.Result {
        let scratch = ScratchFolder()
        scratch.write(
            "colour.lua",
            """
            local sb = require "swatchbook"
            local c = \(expression)
            return { name = "x", api = 1, data = { { name = "S", rows = { { name = tostring(c), items = {} } } } } }
            """)
        return try CommandRunner.run(["render", "colour.lua", "--format", "plain"], in: scratch.url)
    }

    @Test(arguments: [
        (
            "sb.hsl(210, 50, 50)",
            #"colour.lua:2: sb.hsl: argument 2 (saturation) is 50, expected 0 to 1 or a percentage such as "50%""#
        ),
        (
            "sb.oklch(50, 0.1, 200)",
            #"colour.lua:2: sb.oklch: argument 1 (lightness) is 50, expected 0 to 1 or a percentage such as "50%""#
        ),
        (
            "sb.oklch(0.5, 3, 200)",
            #"colour.lua:2: sb.oklch: argument 2 (chroma) is 3, expected 0 to 0.5 or a percentage such as "100%" for 0.4"#
        ),
        (
            "sb.hsl(1/0, 0.5, 0.5)",
            "colour.lua:2: sb.hsl: argument 1 (hue) is inf, expected an angle in degrees"
        ),
        (
            #"sb.color("red"):lighten(20)"#,
            #"colour.lua:2: colour:lighten: argument 1 (t) is 20, expected 0 to 1 or a percentage such as "50%""#
        ),
        (
            #"sb.color("red"):mix("blue", -0.5)"#,
            #"colour.lua:2: colour:mix: argument 2 (t) is -0.5, expected 0 to 1 or a percentage such as "50%""#
        ),
    ])
    func anOutOfRangeComponentIsAnError(_ expression: String, _ message: String) throws {
        let result = try Self.run(expression)
        #expect(result.status == 65)
        #expect(result.stderr == message + "\n")
    }

    @Test(arguments: [
        ("sb.hsl(210, 0.5, 0.5)", "#4080BF"),
        (#"sb.hsl(210, "50%", "50%")"#, "#4080BF"),
        ("sb.hsl(-150, 0.5, 0.5)", "#4080BF"),
        (#"sb.oklch("62.8%", "64.4%", 29.23)"#, "#FF0000"),
        ("sb.oklch(0.628, 0.2577, 29.23)", "#FF0000"),
        (#"sb.color("black"):lighten("100%")"#, "#FFFFFF"),
        (#"sb.color("red"):mix("blue", 0)"#, "#FF0000"),
    ])
    func componentsInRangeAndPercentagesAreTaken(_ expression: String, _ hex: String) throws {
        let result = try Self.run(expression)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains(" " + hex), "\(result.text)")
    }

    @Test(arguments: [
        ("9", "--expand: 9 names no element of the catalogue"),
        ("1", "--expand: 1 is a section, not a tree node (sections and rows are always open)"),
        ("1.1", "--expand: 1.1 is a row, not a tree node (sections and rows are always open)"),
        ("1.1.2", "--expand: 1.1.2 is an item, not a tree node (sections and rows are always open)"),
        ("9.9.9", "--expand: 9.9.9 names no element of the catalogue"),
    ])
    func expandNamingNoNodeIsAUsageError(_ path: String, _ message: String) throws {
        let result = try CommandRunner.run(["render", "--expand", path])
        #expect(result.status == 64)
        #expect(result.stderr == message + "\n")
    }

    @Test func expandOfALeafIsAUsageError() throws {
        let tree = try CommandRunner.run([
            "render", "Scripts/categories.lua", "--expand", "1.1.1", "--format", "plain",
        ])
        #expect(tree.status == 0, "\(tree.stderr)")
        let leaf = try CommandRunner.run([
            "render", "Scripts/categories.lua", "--expand", "1.1.1.1.1.1", "--format", "plain",
        ])
        #expect(leaf.status == 64, "\(leaf.stderr)")
    }

    @Test(arguments: ["1", "19", "10000"])
    func themesPreviewTakesRendersWidths(_ width: String) throws {
        let preview = try CommandRunner.run([
            "themes", "--preview", "nord", "--width", width, "--color", "never",
        ])
        let render = try CommandRunner.run(["render", "--width", width, "--format", "plain"])
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(render.status == 0)
    }

    @Test func aWidthOutOfRangeIsRefusedAlikeByBoth() throws {
        for arguments in [["themes", "--preview", "--width", "0"], ["render", "--width", "0"]] {
            let result = try CommandRunner.run(arguments)
            #expect(result.status == 64)
            #expect(result.stderr == "--width: expected a whole number from 1 to 10000, got \"0\"\n")
        }
    }

    /// Paths are digits and dots alone, and a key name is closed by `>`:
    /// anything else is a usage error, never a guess.
    @Test(arguments: [
        (["--tap", "+1"], "--tap: expected a path like 2.1.3, got \"+1\""),
        (["--focus", "1.+1.1"], "--focus: expected a path like 2.1.3, got \"1.+1.1\""),
        (["--expand", "9.9"], "--expand: 9.9 names no element of the catalogue"),
        (["--tap", "9.9"], "--tap: 9.9 names no element of the catalogue"),
        (["--tap", "1.1", "--tap", "1.1.99"], "--tap: 1.1.99 names no element of the catalogue"),
        (
            ["--keys", "j<Enter"],
            "--keys: <Enter is not a key name: close it with > (as in <Enter>), or write <lt> for a < key"
        ),
    ])
    func malformedPathsAndKeysAreUsageErrors(_ arguments: [String], _ message: String) throws {
        let result = try CommandRunner.run(["render", "--format", "plain"] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr == message + "\n")
    }
}

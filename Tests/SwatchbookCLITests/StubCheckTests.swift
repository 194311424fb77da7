import Foundation
import Testing

/// The LuaLS stubs against the Lua Swatchbook ships: `Tools/check-stubs.lua`
/// (lua-language-server is in neither Debian nor PyPI) runs each file in a
/// sandbox with a fake `swatchbook` made from the stubs and checks the table
/// it returns against the stubs' class for it. Every shipped file, bundled
/// copy and scaffold `new` writes meets the stubs; a wrong plugin does not.
@Suite struct StubCheckTests {
    /// Runs the checker on `files` (relative to the project, or absolute)
    /// with the stubs `new plugin` writes beside a plugin.
    static func check(_ files: [String], stubsIn scratch: ScratchFolder) throws -> CommandRunner.Result {
        try Requirement.need("/usr/bin/lua5.4", from: "the Debian package lua5.4")
        let quoted = files.map { "'\($0)'" }.joined(separator: " ")
        return try CommandRunner.runShell(
            "lua5.4 Tools/check-stubs.lua '\(scratch.path("made/.types/swatchbook.lua"))' \(quoted)")
    }

    /// `new plugin`, `new theme` and `new reader` into `scratch/made`: the
    /// scaffolds, and the stubs beside them.
    static func scaffold(in scratch: ScratchFolder) throws -> [String] {
        for kind in ["plugin", "theme", "reader"] {
            let made = try CommandRunner.run(["new", kind, "sample" + kind, "-o", scratch.path("made")])
            #expect(made.status == 0, "\(made.stderr)")
        }
        return [
            "sampleplugin.lua", "samplereader.lua", "sampletheme/sampletheme.lua", "sampletheme/pack.lua",
        ]
        .map { scratch.path("made/" + $0) }
    }

    /// The `.lua` files of the project's `folder` and the folders in it.
    static func luaFiles(in folder: String) -> [String] {
        let root = CommandRunner.root.appendingPathComponent(folder)
        let found = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return found.filter { $0.hasSuffix(".lua") }.sorted().map { folder + "/" + $0 }
    }

    @Test func everyShippedFileMeetsTheStubs() throws {
        let scratch = ScratchFolder()
        let folders = [
            "Scripts", "Themes", "Readers", "Sources/SwatchbookCLI/BundledScripts",
            "Sources/SwatchbookCLI/BundledThemes", "Sources/SwatchbookCLI/BundledReaders",
        ]
        let shipped = folders.flatMap(Self.luaFiles(in:))
        #expect(shipped.count > 60, "\(shipped)")
        let files = try shipped + Self.scaffold(in: scratch)
        let result = try Self.check(files, stubsIn: scratch)
        #expect(result.status == 0, "\(result.text)\(result.stderr)")
        #expect(result.text == "")
        #expect(result.stderr.contains("checked \(files.count) files against the stubs: 0 diagnostics"))
        // The readers' shared modules are the only files not checked.
        let unchecked = result.stderr.split(separator: "\n").filter { $0.hasSuffix("a module, not checked") }
            .map { String($0.prefix { $0 != ":" }) }
        #expect(
            unchecked == [
                "Readers/stylesheet.lua", "Readers/terminal.lua",
                "Sources/SwatchbookCLI/BundledReaders/stylesheet.lua",
                "Sources/SwatchbookCLI/BundledReaders/terminal.lua",
            ])
    }

    @Test func aWrongPluginIsCaught() throws {
        let scratch = ScratchFolder()
        _ = try Self.scaffold(in: scratch)
        let file = scratch.write(
            "wrong.lua",
            """
            local sb = require "swatchbook"
            return {
              api = "1",
              colour = "red",
              data = function(ctx)
                return { { name = "S", rows = { { name = "R", itmes = {}, items = {
                  { name = "A", color = sb.color("#FFFFFF") }, { name = 3, color = true } } } } } }
              end,
              layout = { style = "grid", item = { width = 1.5 } },
              on_tap = function(ev, extra) end,
              theme = { swatch = { fill = "dots", show_hex = true } },
            }
            """)
        let result = try Self.check([file], stubsIn: scratch)
        #expect(result.status == 1)
        let lines = result.text.split(separator: "\n").map {
            $0.replacingOccurrences(of: file + ": ", with: "")
        }
        #expect(
            lines == [
                "colour: unknown key \"colour\" in swatchbook.Plugin",
                "name: missing required key of swatchbook.Plugin (string)",
                "api: expected integer, got the string \"1\"",
                "data()[1].rows[1].itmes: unknown key \"itmes\" in swatchbook.Row (did you mean \"items\"?)",
                "data()[1].rows[1].items[2].name: expected string, got the integer 3",
                "data()[1].rows[1].items[2].color: expected string|swatchbook.Color|integer[]|swatchbook.ColorSpec, got true",
                "layout.style: expected \"shelves\"|\"outline\"|\"details\", got the string \"grid\"",
                "layout.item.width: expected integer, got the number 1.5",
                "theme.swatch.fill: expected \"block\"|\"half\"|\"shade\"|false, got the string \"dots\"",
                "on_tap: the function takes 2 parameters, the stubs give it 1 (ev)",
            ], "\(result.text)")
    }
}

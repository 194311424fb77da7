import Foundation
import Testing

/// luacheck (Debian's lua-check) over the Lua Swatchbook ships: Scripts/,
/// Themes/, Readers/, the scaffolding `new` writes and the LuaLS stubs,
/// with the project's .luacheckrc.
@Suite struct LuacheckTests {
    static func luacheck(_ paths: [String]) throws -> CommandRunner.Result {
        try Requirement.need("/usr/bin/luacheck", from: "the Debian package lua-check")
        let quoted = paths.map { "'\($0)'" }.joined(separator: " ")
        return try CommandRunner.runShell("luacheck --no-color --config .luacheckrc \(quoted)")
    }

    @Test func theShippedLuaIsClean() throws {
        let result = try Self.luacheck(["Scripts", "Themes", "Readers"])
        #expect(!result.stderr.contains("not found"), "install lua-check: \(result.stderr)")
        #expect(
            result.status == 0, "\(result.text.split(separator: "\n").filter { $0.contains(":") }.prefix(10))"
        )
        #expect(result.text.contains("0 warnings / 0 errors"))
    }

    @Test func theScaffoldingAndTheStubsAreClean() throws {
        let scratch = ScratchFolder()
        let folder = scratch.path("made")
        for kind in ["plugin", "theme", "reader"] {
            let made = try CommandRunner.run(["new", kind, "sample" + kind, "-o", folder])
            #expect(made.status == 0, "\(made.stderr)")
        }
        let files = [
            folder + "/sampleplugin.lua", folder + "/samplereader.lua",
            folder + "/sampletheme/sampletheme.lua",
            folder + "/sampletheme/pack.lua", folder + "/.types/swatchbook.lua",
        ]
        let result = try Self.luacheck(files)
        #expect(
            result.status == 0, "\(result.text.split(separator: "\n").filter { $0.contains(":") }.prefix(10))"
        )
        #expect(result.text.contains("0 warnings / 0 errors in 5 files"), "\(result.text)")
    }
}

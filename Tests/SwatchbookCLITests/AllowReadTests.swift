import Foundation
import Testing

/// A plugin reads outside its folder only what the user grants with
/// `--allow-read` (or the config file); it says ahead what it needs with
/// `needs = { files = … }`, which `plugins` lists, and a refusal names the
/// flag that would grant it.
@Suite("declared file access")
struct AllowReadTests {
    /// A scratch folder with a data file outside the plugin's folder and a
    /// link to it inside.
    static func scratch() -> ScratchFolder {
        let scratch = ScratchFolder()
        scratch.write("system/pci.ids", "10de  NVIDIA Corporation\n1002  Advanced Micro Devices\n")
        scratch.write(
            "plugins/pci.lua",
            """
            local sb = require "swatchbook"
            return { name = "PCI", api = 1, description = "PCI vendors",
              options = { file = "\(scratch.url.path)/system/pci.ids" },
              needs = { files = { "\(scratch.url.path)/system/pci.ids" } },
              data = function(ctx)
                local rows = {}
                for id, name in sb.read(ctx.options.file):gmatch("(%x%x%x%x)  ([^\\n]+)") do
                  rows[#rows + 1] = { name = name, fields = { { "Vendor", id } } }
                end
                return { { name = "Vendors", rows = rows } }
              end }
            """)
        try? FileManager.default.createSymbolicLink(
            atPath: scratch.url.appendingPathComponent("plugins/link.ids").path,
            withDestinationPath: scratch.url.appendingPathComponent("system/pci.ids").path)
        return scratch
    }

    @Test(arguments: ["system/pci.ids", "link.ids"])
    func withoutTheGrantTheErrorNamesTheFlag(_ file: String) throws {
        let scratch = Self.scratch()
        let real = scratch.url.appendingPathComponent("system/pci.ids").resolvingSymlinksInPath().path
        let named = file == "link.ids" ? file : scratch.url.path + "/" + file
        let result = try CommandRunner.run(
            ["render", "plugins/pci.lua", "--set", "file=\(named)", "--format", "plain"], in: scratch.url)
        #expect(result.status == 65)
        #expect(
            result.stderr
                == "plugins/pci.lua:7: in data(ctx): sb.read: \"\(named)\" is outside the plugin's folder;"
                + " run with --allow-read \(real) to let this plugin read it\n")
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: [
        (["--allow-read", "system/pci.ids"], "system/pci.ids"),
        (["--allow-read", "system"], "link.ids"),
    ])
    func theGrantLetsItRead(_ grant: [String], _ file: String) throws {
        let scratch = Self.scratch()
        let named = file == "link.ids" ? file : scratch.url.path + "/" + file
        let result = try CommandRunner.run(
            ["render", "plugins/pci.lua", "--set", "file=\(named)", "--format", "plain"] + grant,
            in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains(" Advanced Micro Devices\n"), "\(result.text)")
    }

    /// A grant of one file is not a grant of its neighbours.
    @Test func aGrantIsOnlyWhatItNames() throws {
        let scratch = Self.scratch()
        scratch.write("system/other.ids", "0000  Other\n")
        let result = try CommandRunner.run(
            [
                "render", "plugins/pci.lua", "--set", "file=\(scratch.url.path)/system/other.ids",
                "--allow-read", "system/pci.ids", "--format", "plain",
            ], in: scratch.url)
        #expect(result.status == 65)
        #expect(result.stderr.contains("is outside the plugin's folder; run with --allow-read"))
    }

    @Test func theConfigFileGrantsItToo() throws {
        let scratch = Self.scratch()
        scratch.write("config/swatchbook/config", "--allow-read \(scratch.url.path)/system/pci.ids\n")
        let result = try CommandRunner.run(
            [
                "render", "plugins/pci.lua", "--set", "file=\(scratch.url.path)/system/pci.ids", "--format",
                "plain",
            ],
            environment: ["XDG_CONFIG_HOME": scratch.url.appendingPathComponent("config").path],
            in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains("NVIDIA Corporation"))
    }

    @Test func pluginsListsWhatEachAsksFor() throws {
        let scratch = Self.scratch()
        let result = try CommandRunner.run(
            ["plugins"], environment: ["SWATCHBOOK_PATH": "plugins"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let line = result.text.split(separator: "\n").first { $0.hasPrefix("pci ") }
        #expect(
            line?.hasSuffix("PCI vendors (reads \(scratch.url.path)/system/pci.ids with --allow-read)")
                == true,
            "\(result.text)")
        let json = try CommandRunner.run(
            ["plugins", "--json"], environment: ["SWATCHBOOK_PATH": "plugins"], in: scratch.url)
        let entries = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout)) as? [[String: Any]])
        let pci = try #require(entries.first { $0["name"] as? String == "pci" })
        #expect((pci["needs"] as? [String: [String]])?["files"] == ["\(scratch.url.path)/system/pci.ids"])
    }

    @Test(arguments: [
        ("needs = 3", "x.lua: needs: expected a table { files = { PATH, … } }, got 3"),
        ("needs = { files = { 7 } }", "x.lua: needs.files[1]: expected the path of a file, got 7"),
        ("needs = { file = {} }", #"x.lua: needs: warning: unknown key "file" (did you mean "files"?)"#),
    ])
    func aBadDeclarationIsNamed(_ needs: String, _ message: String) throws {
        let scratch = ScratchFolder()
        scratch.write("x.lua", "return { name = 'x', api = 1, \(needs), data = {} }")
        let result = try CommandRunner.run(["check", "x.lua"], in: scratch.url)
        #expect(result.stderr.split(separator: "\n").contains { $0 == message }, "\(result.stderr)")
    }
}

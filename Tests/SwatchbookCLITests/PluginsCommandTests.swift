import Foundation
import Testing

@testable import SwatchbookCLI

@Suite("swatchbook plugins")
struct PluginsCommandTests {
    /// A config folder of its own, so plugins installed on the machine stay out.
    let config = ScratchFolder()

    func run(_ arguments: [String], path: String? = nil, in directory: URL = CommandRunner.root) throws
        -> CommandRunner.Result
    {
        var environment = ["XDG_CONFIG_HOME": config.url.path]
        if let path { environment["SWATCHBOOK_PATH"] = path }
        return try CommandRunner.run(["plugins"] + arguments, environment: environment, in: directory)
    }

    /// The table's cells, cut at the columns where the header's titles start.
    static func rows(_ text: String) -> [[String]] {
        let lines = text.split(separator: "\n").map(String.init)
        guard let header = lines.first else { return [] }
        let starts = ["NAME", "TITLE", "VERSION", "API", "FILE", "DESCRIPTION"].map {
            header.distance(from: header.startIndex, to: header.range(of: $0)!.lowerBound)
        }
        return lines.map { line in
            let characters = Array(line)
            return starts.indices.map { column in
                let start = min(starts[column], characters.count)
                let end =
                    column + 1 < starts.count ? min(starts[column + 1], characters.count) : characters.count
                return String(characters[start..<end]).trimmingCharacters(in: .whitespaces)
            }
        }
    }

    @Test func listsTheShippedScriptsThenTheShadowedBundledOnes() throws {
        let result = try run([])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let rows = Self.rows(result.text)
        #expect(rows.first == ["NAME", "TITLE", "VERSION", "API", "FILE", "DESCRIPTION"])
        #expect(result.text.hasPrefix("NAME "))
        #expect(
            rows.contains([
                "colors", "Colours", "1.0.0", "1", "Scripts/colors.lua", "Categories of named colours",
            ]))
        let palette = try #require(rows.first { $0[4] == "Scripts/random-palette.lua" })
        #expect(palette[0...3] == ["random-palette", "Random palette", "1.0.0", "1"])
        #expect(
            rows.last == [
                "trips", "Trips", "1.0.0", "1", "(bundled) trips.lua",
                "GPS readings of four trips as key/value rows (shadowed by Scripts/trips.lua)",
            ])
        let onDisk = rows.dropFirst().filter { $0[4].hasPrefix("Scripts/") }.map { $0[4] }
        #expect(onDisk == onDisk.sorted())
        #expect(onDisk.count == Self.bundledNames.count)
    }

    /// The names of the plugins in `Scripts/`, each compiled in.
    static let bundledNames = ["categories", "colors", "huge", "picker", "random-palette", "tokens", "trips"]

    @Test func outsideTheProjectTheBundledPluginsAreListed() throws {
        let elsewhere = ScratchFolder()
        let result = try run([], in: elsewhere.url)
        #expect(result.status == 0)
        let rows = Self.rows(result.text).dropFirst()
        #expect(rows.map { $0[0] } == Self.bundledNames)
        #expect(rows.allSatisfy { $0[4].hasPrefix("(bundled) ") && !$0[5].contains("shadowed") })
        #expect(
            result.text.contains(
                "colors          Colours         1.0.0    1    (bundled) colors.lua          Categories of named colours\n"
            ))
    }

    /// NAME is what to type: every name listed renders, here and elsewhere.
    @Test(arguments: bundledNames)
    func everyListedNameRenders(_ name: String) throws {
        let elsewhere = ScratchFolder()
        for folder in [CommandRunner.root, elsewhere.url] {
            let result = try CommandRunner.run(
                ["render", name, "--format", "plain", "--height", "5", "--width", "60"], in: folder)
            #expect(result.status == 0, "\(name) in \(folder.lastPathComponent): \(result.stderr)")
            #expect(result.stdout.count > 20)
        }
    }

    @Test func searchesSwatchbookPathThenTheConfigFolder() throws {
        let first = ScratchFolder()
        let second = ScratchFolder()
        first.write("zebra.lua", "return { name = 'Zebra', version = '0.1', api = 1, data = {} }")
        first.write("colors.lua", "return { name = 'My colours', api = 1, data = {}, description = 'mine' }")
        first.write("notes.txt", "not a plugin")
        second.write("zebra.lua", "return { name = 'Other zebra', api = 1, data = {} }")
        let plugins = config.url.appendingPathComponent("swatchbook/plugins")
        try FileManager.default.createDirectory(at: plugins, withIntermediateDirectories: true)
        try "return { name = 'Configured', api = 1, data = {} }".write(
            to: plugins.appendingPathComponent("configured.lua"), atomically: true, encoding: .utf8)

        let result = try run([], path: first.url.path + ":" + second.url.path + ":")
        #expect(result.status == 0)
        #expect(!result.stderr.contains(first.url.path) && !result.stderr.contains(second.url.path))
        let rows = Self.rows(result.text).dropFirst().filter {
            !$0[4].hasPrefix("Scripts/") && !$0[4].hasPrefix("(bundled)")
        }
        #expect(
            rows == [
                [
                    "colors", "My colours", "-", "1", first.path("colors.lua"),
                    "mine (shadowed by Scripts/colors.lua)",
                ],
                ["zebra", "Zebra", "0.1", "1", first.path("zebra.lua"), ""],
                [
                    "zebra", "Other zebra", "-", "1", second.path("zebra.lua"),
                    "(shadowed by \(first.path("zebra.lua")))",
                ],
                [
                    "configured", "Configured", "-", "1",
                    plugins.appendingPathComponent("configured.lua").path, "",
                ],
            ])
        let bundledColours = try #require(Self.rows(result.text).first { $0[4] == "(bundled) colors.lua" })
        #expect(bundledColours[5] == "Categories of named colours (shadowed by Scripts/colors.lua)")
    }

    /// Relative folders keep file names short enough for Lua to quote whole.
    @Test func aBrokenPluginIsListedWithItsError() throws {
        let scratch = ScratchFolder()
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("extra"), withIntermediateDirectories: true)
        scratch.write(
            "extra/broken.lua", "return {\n  name = 'x', api = 1,\n  data = { { name = 1 + nil } }\n}\n")
        scratch.write("extra/future.lua", "return { name = 'Future', api = 2, data = {} }")
        let result = try run([], path: "extra", in: scratch.url)
        #expect(result.status == 0)
        let rows = Self.rows(result.text)
        #expect(
            rows[1] == [
                "broken", "-", "-", "-", "extra/broken.lua",
                "error: line 3: attempt to perform arithmetic on a nil value",
            ])
        #expect(
            rows[2] == [
                "future", "-", "-", "-", "extra/future.lua",
                "error: api: this host supports api 1, the plugin asks for 2",
            ])
        #expect(
            result.stderr == """
                extra/broken.lua:3: attempt to perform arithmetic on a nil value
                extra/future.lua: api: this host supports api 1, the plugin asks for 2

                """)
        let json = try run(["--json"], path: "extra", in: scratch.url)
        let objects = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout)) as? [[String: Any]])
        let broken = try #require(objects.first)
        #expect(broken["name"] as? String == "broken")
        #expect(broken["title"] is NSNull)
        #expect(broken["file"] as? String == "extra/broken.lua")
        #expect(broken["version"] is NSNull && broken["api"] is NSNull && broken["description"] is NSNull)
        #expect(
            broken["error"] as? String == "extra/broken.lua:3: attempt to perform arithmetic on a nil value")
    }

    @Test func scriptTextCannotDriveTheTerminal() throws {
        let folder = ScratchFolder()
        folder.write("esc.lua", "return { name = 'Red\\27[31m', api = 1, data = {}, description = 'a\\nb' }")
        let result = try run([], path: folder.url.path)
        #expect(result.status == 0)
        #expect(!result.stdout.contains(0x1B))
        #expect(result.text.contains("Red\u{FFFD}[31m"))
        #expect(result.text.contains("a\u{FFFD}b"))
    }

    @Test func json() throws {
        let result = try run(["--json"])
        #expect(result.status == 0)
        let objects = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [[String: Any]])
        let colours = try #require(objects.first { $0["file"] as? String == "Scripts/colors.lua" })
        #expect(colours["name"] as? String == "colors")
        #expect(colours["title"] as? String == "Colours")
        #expect(colours["version"] as? String == "1.0.0")
        #expect(colours["api"] as? Int == 1)
        #expect(colours["description"] as? String == "Categories of named colours")
        #expect(colours["error"] is NSNull)
        #expect(colours["shadowed_by"] is NSNull)
        #expect(colours["bundled"] as? Bool == false)
        let bundled = try #require(
            objects.first { $0["bundled"] as? Bool == true && $0["name"] as? String == "colors" })
        #expect(bundled["file"] as? String == "colors.lua")
        #expect(bundled["shadowed_by"] as? String == "Scripts/colors.lua")
    }

    @Test func usageAndHelp() throws {
        let extra = try run(["colors"])
        #expect(extra.status == 64)
        #expect(extra.stderr == "plugins: takes no arguments, got colors\n")
        let typo = try run(["--jsn"])
        #expect(typo.status == 64)
        #expect(typo.stderr.contains("did you mean --json?"))
        for arguments in [["plugins", "--help"], ["help", "plugins"]] {
            let help = try CommandRunner.run(arguments)
            #expect(help.status == 0)
            #expect(help.text.hasPrefix("Usage: swatchbook plugins"))
            #expect(help.text.contains("--json"))
        }
        #expect(try CommandRunner.run(["--help"]).text.contains("swatchbook plugins"))
    }
}

extension PluginsCommandTests {
    /// Every file of `Scripts/` is compiled in, byte for byte: a script
    /// added without its `BundledScripts/` link fails here.
    @Test func theBundleMatchesTheScriptsFolder() throws {
        let folder = CommandRunner.root.appendingPathComponent("Scripts")
        var onDisk: [String: [UInt8]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            onDisk[name] = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
        }
        #expect(onDisk.keys.sorted() == BundledScripts.files.keys.sorted())
        for (name, bytes) in onDisk { #expect(BundledScripts.files[name] == bytes, "\(name)") }
    }

    /// A bundled plugin reads the files compiled in beside it, and only those.
    @Test func aBundledPluginReadsItsOwnFiles() throws {
        let elsewhere = ScratchFolder()
        elsewhere.write("Scripts/categories.json", "{ \"category\": [] }")
        let result = try CommandRunner.run(
            ["render", "categories", "--expand", "all", "--format", "plain"], in: elsewhere.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains("Warm") && result.text.contains("Salmon"))
    }
}

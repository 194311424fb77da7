import Foundation
import Testing

@Suite("render behaviour")
struct RenderBehaviourTests {
    /// Every shipped script loads and draws, so an example can never rot.
    static let scripts: [String] = {
        let folder = CommandRunner.root.appendingPathComponent("Scripts")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".lua") }.sorted().map { "Scripts/" + $0 }
    }()

    @Test(arguments: scripts)
    func everyScriptRenders(_ script: String) throws {
        let result = try CommandRunner.run([
            "render", script, "--format", "plain", "--width", "100", "--height", "60",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(!result.stdout.isEmpty)
    }

    @Test func shippedScriptsExist() {
        #expect(Self.scripts.contains("Scripts/colors.lua"))
        #expect(Self.scripts.contains("Scripts/random-palette.lua"))
    }

    @Test func theDemoShowsEveryCategoryAndSubcategory() throws {
        let text = try CommandRunner.run(["render", "--format", "plain", "--width", "80"]).text
        for category in 1...5 { #expect(text.contains("Category #\(category)")) }
        for sub in ["1.1", "1.2", "2.1", "3.1", "3.2", "4.1", "4.2", "5.1", "5.2"] {
            #expect(text.contains("SubCategory #\(sub)"))
        }
        for colour in ["Orchid", "#DA70D6", "Amethyst", "#9966CC", "Bisque"] {
            #expect(text.contains(colour))
        }
    }

    @Test func theDemoWorksFromAnyFolder() throws {
        let elsewhere = ScratchFolder()
        let result = try CommandRunner.run(["render", "--format", "plain"], in: elsewhere.url)
        #expect(result.status == 0)
        #expect(result.text.contains("Category #1"))
    }

    @Test func renderIsDeterministic() throws {
        let arguments = [
            "render", "Scripts/random-palette.lua", "--color", "truecolor", "--format", "ansi", "--seed",
            "42",
        ]
        let first = try CommandRunner.run(arguments)
        let second = try CommandRunner.run(arguments)
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
        let other = try CommandRunner.run(arguments.dropLast() + ["43"])
        #expect(other.stdout != first.stdout)
    }

    @Test func plainHasNoEscapeBytes() throws {
        let result = try CommandRunner.run(
            ["render", "--format", "plain", "--color", "truecolor"], environment: ["FORCE_COLOR": "1"])
        #expect(result.status == 0)
        #expect(!result.stdout.contains(0x1B))
    }

    @Test func colourDepthFollowsTheEnvironment() throws {
        let truecolor = try CommandRunner.run(
            ["render", "--format", "ansi"], environment: ["FORCE_COLOR": "1", "COLORTERM": "truecolor"])
        #expect(truecolor.text.contains("48;2;218;112;214"))
        let noColor = try CommandRunner.run(
            ["render", "--format", "ansi"], environment: ["NO_COLOR": "1", "FORCE_COLOR": "1"])
        #expect(!noColor.text.contains("48;"))
        let pipe = try CommandRunner.run(["render", "--format", "ansi"])
        #expect(!pipe.text.contains("48;"), "stdout is not a terminal: no colour unless asked")
    }

    /// Control bytes from a plugin never reach the output, checked on the
    /// raw bytes (decoding them as text would repair the very bytes looked
    /// for): a real C1 CSI (U+009B, `\194\155` in UTF-8), a lone 0x9B, DEL,
    /// BEL, and ESC starting anything but the renderer's own SGR.
    @Test func hostileStringsNeverReachTheTerminal() throws {
        let scratch = ScratchFolder()
        let script = scratch.write(
            "evil.lua",
            #"""
            return { name = "Evil", api = 1, data = {
              { name = "\27]0;pwned\7\27[2J", rows = {
                { name = "\194\155" .. "31m\127 \155", items = {
                  { name = "\27[5m\200\255blink\194\15531m", color = "#123456" } } } } } } }
            """#)
        for format in ["plain", "ansi", "html", "transcript"] {
            let result = try CommandRunner.run(["render", script, "--format", format, "--color", "truecolor"])
            #expect(result.status == 0, "\(result.stderr)")
            let bytes = result.stdout
            #expect(!bytes.contains(0x07), "\(format): BEL")
            #expect(!bytes.contains(0x7F), "\(format): DEL")
            #expect(!bytes.contains(0x9B), "\(format): a C1 byte, alone or in UTF-8")
            for (i, byte) in bytes.enumerated() where byte == 0x1B {
                // ESC [ digits and semicolons m: nothing else.
                let rest = bytes[(i + 1)...].prefix { $0 != UInt8(ascii: "m") }
                #expect(bytes.count > i + 1 && bytes[i + 1] == UInt8(ascii: "["), "\(format): ESC at \(i)")
                #expect(
                    rest.dropFirst().allSatisfy { $0 == UInt8(ascii: ";") || (0x30...0x39).contains($0) },
                    "\(format): an escape that is not SGR at \(i)")
            }
            #expect(String(decoding: bytes, as: UTF8.self).contains("\u{FFFD}31m"), "\(format)")
        }
    }

    @Test func koreanNamesLineUp() throws {
        let result = try CommandRunner.run([
            "render", "Scripts/random-palette.lua", "--format", "plain", "--width", "70",
        ])
        let lines = result.text.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix(" 메인1") })
        #expect(lines.contains { $0.hasPrefix(" 서브1.1") })
    }
}

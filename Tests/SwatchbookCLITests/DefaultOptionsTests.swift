import Foundation
import Testing

/// Default options from the config file and SWATCHBOOK_OPTS, as bat and fzf
/// keep them: the command line wins, --no-config ignores both, a bad line
/// is an error naming the file and the line.
@Suite struct DefaultOptionsTests {
    static func config(_ text: String) -> ScratchFolder {
        let scratch = ScratchFolder()
        scratch.write("config/swatchbook/config", text)
        return scratch
    }

    @Test func theConfigFileSetsDefaultsAndTheCommandLineWins() throws {
        let scratch = Self.config("# my defaults\n--width=30\n\n--layout outline\n--height 3\n")
        let environment = ["XDG_CONFIG_HOME": scratch.path("config")]
        let plain = try CommandRunner.run(["render", "--format", "plain"], environment: environment)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.text.split(separator: "\n").count == 3, "--height 3 from the config: \(plain.text)")
        #expect(plain.text.contains("▾"), "--layout outline from the config")
        let wider = try CommandRunner.run(
            ["render", "--format", "plain", "--height", "5"], environment: environment)
        #expect(wider.status == 0, "\(wider.stderr)")
        #expect(wider.text.split(separator: "\n").count == 5, "the command line's --height wins")
        // pick takes no --height: the line is skipped for it, not an error.
        let pick = try CommandRunner.run(["pick", "--keys", "<Enter>"], environment: environment)
        #expect(pick.status == 0, "\(pick.stderr)")
    }

    @Test func swatchbookOptsComeAfterTheConfigAndBeforeTheCommandLine() throws {
        let scratch = Self.config("--height 3\n")
        var environment = ["XDG_CONFIG_HOME": scratch.path("config"), "SWATCHBOOK_OPTS": "--height '4'"]
        let result = try CommandRunner.run(["render", "--format", "plain"], environment: environment)
        #expect(result.text.split(separator: "\n").count == 4, "\(result.stderr)")
        environment["SWATCHBOOK_OPTS"] = "--height 4 --filter \"sea green\""
        let filtered = try CommandRunner.run(
            ["render", "--format", "plain", "--height", "6"], environment: environment)
        #expect(filtered.text.split(separator: "\n").count == 6)
        #expect(filtered.text.contains("Sea Green"), "a quoted value: \(filtered.text)")
    }

    @Test func noConfigIgnoresBoth() throws {
        let scratch = Self.config("--height 3\n")
        let environment = ["XDG_CONFIG_HOME": scratch.path("config"), "SWATCHBOOK_OPTS": "--bogus"]
        let result = try CommandRunner.run(
            ["render", "--format", "plain", "--no-config"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.split(separator: "\n").count > 3)
    }

    @Test func aBadLineNamesTheFileAndTheLine() throws {
        let scratch = Self.config("--width 30\n# fine\n--thme nord\n")
        let result = try CommandRunner.run(
            ["render"], environment: ["XDG_CONFIG_HOME": scratch.path("config")])
        #expect(result.status == 64)
        #expect(
            result.stderr == scratch.path("config")
                + "/swatchbook/config:3: unknown option --thme (did you mean --theme?)\n",
            "\(result.stderr)")
        let word = Self.config("nord\n")
        let bare = try CommandRunner.run(["render"], environment: ["XDG_CONFIG_HOME": word.path("config")])
        #expect(bare.status == 64 && bare.stderr.contains("config:1: expected an option"), "\(bare.stderr)")
        let opts = try CommandRunner.run(["render"], environment: ["SWATCHBOOK_OPTS": "--width '30"])
        #expect(
            opts.status == 64 && opts.stderr.contains("SWATCHBOOK_OPTS: a quote is never closed"),
            "\(opts.stderr)")
    }
}

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

    /// A config file written on Windows: each CRLF line is a line.
    @Test func aCRLFConfigFileIsReadLineByLine() throws {
        let scratch = Self.config("# my defaults\r\n--height 3\r\n--layout outline\r\n")
        let result = try CommandRunner.run(
            ["render", "--format", "plain"], environment: ["XDG_CONFIG_HOME": scratch.path("config")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.split(separator: "\n").count == 3, "\(result.text)")
        #expect(result.text.contains("▾"), "--layout outline, the second line")
    }

    /// In the config file and in SWATCHBOOK_OPTS a later single-valued
    /// option replaces an earlier one; the command line replaces both.
    @Test func theLastOfAnOptionGivenTwiceWins() throws {
        let scratch = Self.config("--height 3\n--width 40\n--height=4\n")
        var environment = ["XDG_CONFIG_HOME": scratch.path("config")]
        let config = try CommandRunner.run(["render", "--format", "plain"], environment: environment)
        #expect(config.status == 0, "\(config.stderr)")
        #expect(config.text.split(separator: "\n").count == 4, "\(config.text)")
        environment["SWATCHBOOK_OPTS"] = "--height 5 --height 6"
        let opts = try CommandRunner.run(["render", "--format", "plain"], environment: environment)
        #expect(opts.status == 0, "\(opts.stderr)")
        #expect(opts.text.split(separator: "\n").count == 6, "\(opts.text)")
        let command = try CommandRunner.run(
            ["render", "--format", "plain", "--height", "2"], environment: environment)
        #expect(command.status == 0, "\(command.stderr)")
        #expect(command.text.split(separator: "\n").count == 2, "\(command.text)")
    }

    /// A value the option does not take is the config's error, at its line.
    @Test func aBadValueNamesTheFileAndTheLine() throws {
        let scratch = Self.config("--height 3\n--width abc\n")
        let file = scratch.path("config") + "/swatchbook/config"
        let result = try CommandRunner.run(
            ["render"], environment: ["XDG_CONFIG_HOME": scratch.path("config")])
        #expect(result.status == 64)
        #expect(
            result.stderr == file + ":2: --width: expected a whole number from 1 to 10000, got \"abc\"\n",
            "\(result.stderr)")
        for (line, message) in [
            ("--wrap=yes", ":1: --wrap takes no value"), ("--layout", ":1: --layout needs a value"),
            ("--color sometimes", ":1: --color: expected one of"),
            ("--format gif", ":1: --format: expected one of"),
        ] {
            let bad = Self.config(line + "\n")
            let failed = try CommandRunner.run(
                ["render"], environment: ["XDG_CONFIG_HOME": bad.path("config")])
            #expect(failed.status == 64, "\(line): \(failed.stderr)")
            #expect(
                failed.stderr.hasPrefix(bad.path("config") + "/swatchbook/config" + message),
                "\(failed.stderr)")
        }
        let opts = try CommandRunner.run(["render"], environment: ["SWATCHBOOK_OPTS": "--seed x"])
        #expect(opts.status == 64)
        #expect(opts.stderr.hasPrefix("SWATCHBOOK_OPTS: --seed: expected a whole number"), "\(opts.stderr)")
    }

    /// A value found wrong only once the command runs (no such theme) is
    /// still the config's error, at the line that gave it.
    @Test func aValueFoundWrongLaterNamesItsLine() throws {
        let scratch = Self.config("--width 40\n--theme nosuch\n")
        let result = try CommandRunner.run(
            ["render"], environment: ["XDG_CONFIG_HOME": scratch.path("config")])
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix(
                scratch.path("config") + "/swatchbook/config:2: --theme: theme \"nosuch\" is not installed"),
            "\(result.stderr)")
        let opts = try CommandRunner.run(
            ["render", "Tests/Fixtures/palettes/brand.ase"],
            environment: ["SWATCHBOOK_OPTS": "--input-format gpk"])
        #expect(opts.status == 64)
        #expect(opts.stderr.hasPrefix("SWATCHBOOK_OPTS: --input-format: no reader reads"), "\(opts.stderr)")
        // The same mistake on the command line is the command line's.
        let command = try CommandRunner.run(["render", "--theme", "nosuch"])
        #expect(command.stderr.hasPrefix("--theme: theme \"nosuch\""), "\(command.stderr)")
    }

    /// `-o` there would make every render write that file.
    @Test func anOutputFileIsRefusedThere() throws {
        let scratch = ScratchFolder()
        let output = scratch.path("out.txt")
        scratch.write("config/swatchbook/config", "--width 40\n-o \(output)\n")
        let config = try CommandRunner.run(
            ["render"], environment: ["XDG_CONFIG_HOME": scratch.path("config")])
        #expect(config.status == 64)
        #expect(
            config.stderr.hasPrefix(scratch.path("config") + "/swatchbook/config:2: -o/--output "),
            "\(config.stderr)")
        let opts = try CommandRunner.run(["render"], environment: ["SWATCHBOOK_OPTS": "--output=\(output)"])
        #expect(opts.status == 64)
        #expect(opts.stderr.hasPrefix("SWATCHBOOK_OPTS: -o/--output "), "\(opts.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    /// `--state` there keeps one view state for every render, browse and pick.
    @Test func aStateFileIsAllowedThere() throws {
        let scratch = ScratchFolder()
        let state = scratch.path("state.json")
        scratch.write("config/swatchbook/config", "--state \(state)\n")
        let result = try CommandRunner.run(
            ["render", "--format", "plain", "--focus", "1.1.2"],
            environment: ["XDG_CONFIG_HOME": scratch.path("config")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: state), "the render saved its state there")
    }
}

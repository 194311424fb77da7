import Foundation
import Testing

/// Hostile palette files, through the binary: a reader's failure on a file
/// is one line naming the user's file (exit 65), never the reader, whose
/// own place is shown with `--verbose` alone; a file is handed to the
/// reader its longest extension names.
@Suite struct HostileInputTests {
    /// An ASE file of one RGB colour with these components.
    static func ase(red: Float, green: Float, blue: Float) -> [UInt8] {
        func big<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
            withUnsafeBytes(of: value.bigEndian) { Array($0) }
        }
        var body = big(UInt16(2)) + Array("n".utf16).flatMap { big($0) } + big(UInt16(0))
        body += Array("RGB ".utf8)
        for component in [red, green, blue] { body += big(component.bitPattern) }
        body += big(UInt16(2))
        return Array("ASEF".utf8) + big(UInt16(1)) + big(UInt16(0)) + big(UInt32(1)) + big(UInt16(1))
            + big(UInt32(body.count)) + body
    }

    /// `result` is one line that starts with `file`, names no reader, and
    /// exits 65.
    static func expectNamesTheFile(_ result: CommandRunner.Result, _ file: String, _ message: String) {
        #expect(result.status == 65, "\(file): \(result.stderr)")
        #expect(
            result.stderr.hasPrefix(file + ": ") || result.stderr.hasPrefix(file + ":"), "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!result.stderr.contains("Readers/") && !result.stderr.contains(".lua"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    // MARK: which reader

    /// A `.tokens.json` is design tokens by its name: the first `$value`
    /// may come after the 4,096 bytes `detect` is shown.
    @Test func aTokensJSONFileIsReadAsTokensWhateverItsFirstBytes() throws {
        let scratch = ScratchFolder()
        let text = """
            {"$description": "\(String(repeating: "a", count: 5_000))",
             "color": {"brand": {"$type": "color", "$value": "#2E8B57"}}}
            """
        let file = scratch.write("long.tokens.json", text)
        let result = try CommandRunner.run(["render", file, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains("#2E8B57"), "\(result.text)")
        // A bare .json is still told apart by its content.
        let bare = scratch.write("long.json", text)
        let refused = try CommandRunner.run(["render", bare])
        #expect(refused.status == 65 && refused.stderr.contains("is no .json file"), "\(refused.stderr)")
    }

    /// A folder is no input, named by its format or not.
    @Test func aFolderWithAnInputFormatIsNoInput() throws {
        let scratch = ScratchFolder()
        let folder = scratch.path("colours.gpl")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let named = try CommandRunner.run(["render", folder, "--input-format", "gpl"])
        #expect(named.status == 66, "\(named.stderr)")
        #expect(named.stderr.hasPrefix(folder + ": "), "\(named.stderr)")
    }

    // MARK: errors name the file

    @Test func aNameTooLongNamesTheFileAndTheBound() throws {
        let scratch = ScratchFolder()
        let file = scratch.write(
            "long.gpl", "GIMP Palette\n255 0 0 " + String(repeating: "a", count: 5_000) + "\n")
        let result = try CommandRunner.run(["render", file])
        Self.expectNamesTheFile(result, file, "4096 bytes")
        let verbose = try CommandRunner.run(["render", file, "--verbose"])
        #expect(verbose.status == 65)
        #expect(verbose.stderr.hasPrefix(file + ": "), "\(verbose.stderr)")
        #expect(verbose.stderr.contains("Readers/gpl.lua"), "--verbose names the reader: \(verbose.stderr)")
    }

    @Test func aComponentThatIsNoNumberNamesTheFile() throws {
        let scratch = ScratchFolder()
        let file = scratch.path("nan.ase")
        try Data(Self.ase(red: .nan, green: 0, blue: 0)).write(to: URL(fileURLWithPath: file))
        let result = try CommandRunner.run(["render", file])
        Self.expectNamesTheFile(result, file, "nan")
        let verbose = try CommandRunner.run(["render", file, "--verbose"])
        #expect(verbose.stderr.contains("Readers/ase.lua"), "--verbose names the reader: \(verbose.stderr)")
    }

    @Test func jsonThatIsNotJSONNamesTheFile() throws {
        let scratch = ScratchFolder()
        let text = ##"{"name": "x", "brightBlack": "#000000", "purple": "#ff00ff", "##
        let file = scratch.write("scheme.json", text)
        let result = try CommandRunner.run(["render", file])
        Self.expectNamesTheFile(result, file, file + ":1:62: unexpected end of input")
        let named = try CommandRunner.run(["render", file, "--input-format", "windows-terminal"])
        Self.expectNamesTheFile(named, file, file + ":1:62: unexpected end of input")
        let verbose = try CommandRunner.run(["render", file, "--verbose"])
        #expect(verbose.stderr.contains("Readers/windows-terminal.lua"), "\(verbose.stderr)")
    }

    /// A reader of one's own that lets the host's errors through: each is
    /// told as the file's, and `--verbose` adds where in the reader it was.
    @Test func aReadersOwnErrorsNameTheFile() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "config/swatchbook/readers/strict.lua",
            """
            local sb = require "swatchbook"
            return {
              name = "strict", api = 1, reads = { format = "strict", extensions = { "strict" } },
              data = function()
                local document = sb.json.decode(sb.input())
                local colour = sb.color(document.colour)
                local missing = document.missing
                return { { name = missing.name, rows = { { name = "r", items = { { name = "c", color = colour } } } } } }
              end,
            }
            """)
        let environment = ["XDG_CONFIG_HOME": scratch.path("config")]
        for (text, message) in [
            ("{\"colour\": ", "line 1, column 12: unexpected end of input"),
            (#"{"colour": "nope"}"#, #""nope" is not a colour"#),
            (##"{"colour": "#FFF"}"##, "attempt to index a nil value"),
        ] {
            let file = scratch.write("colours.strict", text)
            let result = try CommandRunner.run(["render", file], environment: environment)
            Self.expectNamesTheFile(result, file, message)
            let verbose = try CommandRunner.run(["render", file, "--verbose"], environment: environment)
            #expect(verbose.stderr.hasPrefix(file + ": "), "\(verbose.stderr)")
            #expect(verbose.stderr.contains("readers/strict.lua:"), "\(verbose.stderr)")
        }
    }

    /// A file under half the memory cap whose colours take more than all of it.
    @Test func theMemoryCapIsOneLineNamingTheFileAndTheCap() throws {
        let scratch = ScratchFolder()
        var text = "GIMP Palette\nName: big\n"
        for index in 0..<100_000 { text += "\(index % 256) \(index / 256 % 256) 0 colour \(index)\n" }
        let file = scratch.write("big.gpl", text)
        let result = try CommandRunner.run(["render", file, "--max-memory", "8"])
        Self.expectNamesTheFile(
            result, file, "\(file): reading it needs more than the memory cap of 8 MiB (--max-memory)")
        let huge = try CommandRunner.run(["render", file, "--max-memory", "2"])
        Self.expectNamesTheFile(huge, file, "more than half the memory cap of 2 MiB (--max-memory)")
    }

    /// A reader of one's own that never ends is stopped at the time budget.
    @Test(.timeLimit(.minutes(10))) func theTimeBudgetIsOneLineNamingTheFileAndTheBudget() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "config/swatchbook/readers/slow.lua",
            """
            local sb = require "swatchbook"
            return {
              name = "slow", api = 1, reads = { format = "slow", extensions = { "slow" } },
              data = function() sb.input(); while true do end end,
            }
            """)
        let file = scratch.write("colours.slow", "anything\n")
        let result = try CommandRunner.run(
            ["render", file, "--script-timeout", "0.2"],
            environment: ["XDG_CONFIG_HOME": scratch.path("config")])
        Self.expectNamesTheFile(
            result, file, "\(file): reading it takes longer than the time budget of 0.2 s (--script-timeout)")
    }
}

import Foundation
import Testing

/// `--filter`, `--tap` and `--keys` are replayed, and what they typed
/// settled, the same way before the first frame of render, browse and pick:
/// the same keys give the same screen, and the same pick.
@Suite struct ReplayTests {
    /// The names on a screen, top to bottom, as render's plain text and a
    /// terminal's both show them: the lines with a letter, trimmed.
    static func names(_ lines: some Sequence<some StringProtocol>) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.contains { $0.isLetter } && !$0.contains("#") }
    }

    @Test(.tags(.tmux), arguments: ["/sea", "/sea<Enter>jl", "--filter=sea --keys=j"])
    func theSameKeysGiveTheSameScreen(keys: String) throws {
        let arguments =
            keys.hasPrefix("--") ? keys.split(separator: " ").map(String.init) : ["--keys", keys]
        let rendered = try CommandRunner.run(
            ["render", "--width", "60", "--height", "11", "--format", "plain"] + arguments)
        #expect(rendered.status == 0, "\(rendered.stderr)")
        let expected = Self.names(rendered.text.split(separator: "\n", omittingEmptySubsequences: false))
        #expect(expected.contains("Seashell"), "\(rendered.text)")

        let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
        let screen = try TmuxScreen("\(TmuxScreen.binary) browse \(quoted)", width: 60, height: 12)
        let lines = try screen.waitFor { $0.last?.hasPrefix(" Colours") == true }
        #expect(Self.names(lines.dropLast()) == expected, "browse:\n\(lines.joined(separator: "\n"))")
    }

    /// pick ends on the same element render's replay focuses.
    @Test func pickPicksWhatRenderFocuses() throws {
        let keys = ["--keys", "/sea<Enter>j"]
        let transcript = try CommandRunner.run(["render", "--format", "transcript"] + keys)
        let focused = transcript.text.split(separator: "\n").first { $0.hasSuffix("focused") }
        let picked = try CommandRunner.run(["pick", "--print", "name", "--keys", "/sea<Enter>j<Enter>"])
        #expect(picked.status == 0, "\(picked.stderr)")
        let name = picked.text.trimmingCharacters(in: .newlines)
        #expect(!name.isEmpty && focused?.contains(" › \(name)") == true, "\(focused ?? "none"), \(name)")
    }
}

import Foundation
import Testing

/// The tokens folder the guide's CI example checks: one run of `check
/// --format github` annotates every kind of mistake in it at its file and
/// line, and the guide shows that run as it is.
@Suite struct CheckExampleTests {
    static let repository = CommandRunner.root.appendingPathComponent("docs/examples/tokens-repo")

    @Test func oneRunAnnotatesEveryKindOfMistakeAtItsLine() throws {
        let result = try CommandRunner.run(["check", "tokens", "--format", "github"], in: Self.repository)
        #expect(result.status == 65)
        let annotations = result.text.split(separator: "\n").map(String.init)
        // What each kind is, where it is, and what the annotation must say.
        let expected: [(level: String, place: String, title: String, says: String)] = [
            ("warning", "file=tokens/brand.tokens.json,line=4,col=26", "SB006 unknown-type", "\"colour\""),
            (
                "error", "file=tokens/brand.tokens.json,line=5,col=25", "SB007 broken-alias",
                "{color.brand.primary}"
            ),
            ("error", "file=tokens/brand.tokens.json,line=6,col=26", "SB005 bad-colour", "\"#12\""),
            ("warning", "file=tokens/site.css,line=3,col=13", "SB005 bad-colour", "\"#12345\""),
            ("warning", "file=tokens/site.css,line=4,col=13", "SB005 bad-colour", "\"rgb(300 0 0 0)\""),
            (
                "error", "file=tokens/text.tokens.json,line=12,col=9", "SB010 low-contrast",
                "2.32:1 is below 4.5:1"
            ),
        ]
        #expect(annotations.count == expected.count, "\(result.text)")
        for (annotation, want) in zip(annotations, expected) {
            #expect(
                annotation.hasPrefix("::\(want.level) \(want.place),title=\(want.title)::"), "\(annotation)")
            #expect(annotation.contains(want.says), "\(annotation)")
        }
        #expect(result.stderr == "3 files checked, 3 problems, 3 warnings\n")
    }

    /// The guide pastes that run: it must be the run.
    @Test func theGuideShowsTheRunAsItIs() throws {
        let result = try CommandRunner.run(["check", "tokens", "--format", "github"], in: Self.repository)
        let guide = try String(
            contentsOf: CommandRunner.root.appendingPathComponent("docs/GUIDE.md"), encoding: .utf8)
        let shown =
            "$ swatchbook check tokens --format github\n" + result.text + result.stderr + "$ echo $?\n65\n"
        #expect(guide.contains(shown), "docs/GUIDE.md's CI example differs from the run:\n\(shown)")
    }
}

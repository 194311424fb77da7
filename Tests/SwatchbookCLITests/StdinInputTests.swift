import Foundation
import Testing

/// `-` reads a palette from standard input, for render and check: its
/// format from `--input-format`, else from its content.
@Suite("- for standard input")
struct StdinInputTests {
    static let samples: [(name: String, text: String, hex: String)] = [
        ("gpl", "GIMP Palette\nName: Piped\n#\n252 233  79\tButter\n", "#FCE94F"),
        ("tokens", ##"{"brand": {"$type": "color", "red": {"$value": "#cc3333"}}}"##, "#CC3333"),
        ("css", ":root { --brand-blue: #3250d2; }\n", "#3250D2"),
    ]

    @Test(arguments: [0, 1, 2])
    func renderDetectsTheFormatOfWhatIsPiped(sample: Int) throws {
        let (name, text, hex) = Self.samples[sample]
        let scratch = ScratchFolder()
        let file = scratch.write("input-\(name)", text)
        let result = try CommandRunner.runShell("\"$B\" render - --format plain < '\(file)'")
        #expect(result.status == 0, "\(name): \(result.stderr)")
        #expect(result.text.contains(hex), "\(name): \(result.text)")
        let piped = try CommandRunner.runShell("cat '\(file)' | \"$B\" render - --format plain")
        #expect(piped.status == 0, "\(name) from a pipe: \(piped.stderr)")
        #expect(piped.text.contains(hex), "\(name) from a pipe: \(piped.text)")
    }

    @Test func inputFormatWinsOverContent() throws {
        let scratch = ScratchFolder()
        let file = scratch.write("input", Self.samples[0].text)
        let asTokens = try CommandRunner.runShell(
            "cat '\(file)' | \"$B\" render - --input-format tokens --format plain")
        #expect(asTokens.status == 65, "a GIMP palette is no tokens file: \(asTokens.stderr)")
        #expect(asTokens.stderr.hasPrefix("<stdin>"), "\(asTokens.stderr)")
        let asGPL = try CommandRunner.runShell(
            "cat '\(file)' | \"$B\" render - --input-format gpl --format plain")
        #expect(asGPL.status == 0, "\(asGPL.stderr)")
        let unknown = try CommandRunner.runShell("printf 'hello\\n' | \"$B\" render - --format plain")
        #expect(unknown.status == 65, "\(unknown.stderr)")
        #expect(unknown.stderr.hasPrefix("<stdin>: "), "\(unknown.stderr)")
    }

    @Test func checkReadsStandardInput() throws {
        let good = try CommandRunner.runShell(
            "printf 'GIMP Palette\\n#\\n1 2 3\\tDark\\n' | \"$B\" check -")
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.stderr.contains("1 file checked"), "\(good.stderr)")
        let bad = try CommandRunner.runShell(
            "printf 'GIMP Palette\\n#\\n300 2 3\\tOver\\n' | \"$B\" check -")
        #expect(bad.status == 65, "\(bad.stderr)")
        #expect(bad.stderr.hasPrefix("<stdin>:"), "\(bad.stderr)")
    }
}

import Foundation
import Testing

@testable import SwatchbookCLI

/// The user documentation says what the program does: the guide names every
/// command and option of the command table, the plugin page every function
/// of the `swatchbook` module, and no page points at a document or a
/// tracker a user does not have.
@Suite struct DocumentationTests {
    static func read(_ path: String) throws -> String {
        try String(contentsOf: CommandRunner.root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The pages a user reads, by their path in the repository.
    static func userDocs() throws -> [(String, String)] {
        let docs = CommandRunner.root.appendingPathComponent("docs")
        let pages = try FileManager.default.contentsOfDirectory(atPath: docs.path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        #expect(pages.count >= 6, "docs/ holds \(pages)")
        return try (["README.md", "CHANGELOG.md", "CONTRIBUTING.md"] + pages).map { ($0, try read($0)) }
    }

    @Test func theReadmeIsShort() throws {
        let lines = try Self.read("README.md").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count <= 400, "README.md has \(lines.count) lines; move detail to docs/")
    }

    /// The first two commands of the README are the ones CI runs: set up and
    /// run the demo, then the test suite.
    @Test func theReadmeStartsWithTheCommandsCIRuns() throws {
        let readme = try Self.read("README.md")
        let ci = try Self.read(".ci/run")
        let blocks = readme.matches(of: /```sh\n([^\n]+)\n```/).prefix(2).map { String($0.1) }
        try #require(blocks.count == 2, "the README's first two sh blocks")
        #expect(blocks[0].hasSuffix("&& swift run swatchbook render"), "\(blocks[0])")
        let setup = blocks[0].replacingOccurrences(of: "apt-get update && ", with: "")
            .replacingOccurrences(of: " && swift run swatchbook render", with: "")
        let installs = ci.contains(setup + "\n")
        let tests = ci.contains(blocks[1] + "\n")
        #expect(installs, ".ci/run does not install what the README's first command does: \(setup)")
        #expect(tests, ".ci/run does not run the README's test command: \(blocks[1])")
    }

    /// Every command and every option of the command table is in the guide.
    @Test func theGuideNamesEveryCommandAndOption() throws {
        let guide = try Self.read("docs/GUIDE.md")
        var missing: [String] = []
        for entry in CommandTable.entries {
            if !guide.contains("swatchbook \(entry.name)") { missing.append(entry.name) }
            for option in entry.options where Self.found(Self.word(option.name), in: guide).isEmpty {
                missing.append("\(entry.name) \(option.name)")
            }
        }
        #expect(missing == [], "not in docs/GUIDE.md: \(missing.joined(separator: ", "))")
    }

    /// `--set` but not `--settings`: the option as a whole word.
    static func word(_ option: String) -> String {
        "(?<![A-Za-z0-9_.-])\(NSRegularExpression.escapedPattern(for: option))(?![A-Za-z0-9_-])"
    }

    /// The texts of `pattern`'s matches in `text` (ICU's syntax, which has lookbehind).
    static func found(_ pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            String(text[Range($0.range, in: text)!])
        }
    }

    /// Every function of the `swatchbook` module, as the LuaLS stubs declare
    /// them, is in the plugin page.
    @Test func thePluginPageNamesEverySbFunction() throws {
        let scratch = ScratchFolder()
        let stubs = try CommandRunner.run(["stubs", "-o", scratch.path("")])
        #expect(stubs.status == 0, "\(stubs.stderr)")
        let declared = try String(contentsOfFile: scratch.path(".types/swatchbook.lua"), encoding: .utf8)
        let functions = Set(declared.matches(of: /(?m)^function sb\.([A-Za-z0-9_.]+)\(/).map { "sb." + $0.1 })
        #expect(functions.count >= 20, "the stubs declare \(functions.sorted())")
        let page = try Self.read("docs/PLUGINS.md")
        let missing = functions.filter { Self.found(Self.word($0), in: page).isEmpty }.sorted()
        #expect(missing == [], "not in docs/PLUGINS.md: \(missing.joined(separator: ", "))")
    }

    /// No page sends a user to the specification, a section sign or an
    /// issue: the user has none of them. Issue numbers are looked for in
    /// prose, outside code, where `#FA8072` and `Category #1` are data;
    /// Unicode's UAX #29 is a standard, not an issue.
    @Test func theDocsPointAtNothingAUserLacks() throws {
        let man = try CommandRunner.run(["manpage"])
        #expect(man.status == 0)
        for (path, text) in try Self.userDocs() + [("swatchbook.1", man.text)] {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains("SPEC") || line.contains("§") {
                Issue.record("\(path):\(number + 1): names the specification: \(line)")
            }
            let prose = Self.prose(text)
            for match in Self.found("(?i)\\bissues?\\s+#?[0-9]+|(?<![\\w&])(?<!UAX )#[0-9]+\\b", in: prose) {
                Issue.record("\(path): \"\(match)\" names an issue")
            }
        }
    }

    /// The text outside fenced blocks and inline code.
    static func prose(_ text: String) -> String {
        var kept: [Substring] = []
        var fenced = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                fenced.toggle()
            } else if !fenced {
                kept.append(line)
            }
        }
        return kept.joined(separator: "\n").replacing(/`[^`]*`/, with: "")
    }
}

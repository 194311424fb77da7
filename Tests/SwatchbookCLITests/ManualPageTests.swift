import Foundation
import Testing

@testable import SwatchbookCLI

/// The manual page, made from the option tables: man renders it without a
/// warning, and it holds every command and every option.
@Suite struct ManualPageTests {
    @Test func manRendersItWithoutWarnings() throws {
        try Requirement.need("/usr/bin/man", from: "the Debian package man-db")
        let scratch = ScratchFolder()
        let page = scratch.path("swatchbook.1")
        let written = try CommandRunner.run(["manpage"])
        #expect(written.status == 0, "\(written.stderr)")
        try Data(written.stdout).write(to: URL(fileURLWithPath: page))
        let man = try CommandRunner.runShell("MANWIDTH=80 man --warnings -l '\(page)' 2>&1 >/dev/null")
        #expect(man.status == 0)
        #expect(man.text.isEmpty, "man's warnings: \(man.text)")
        let rendered = try CommandRunner.runShell("MANWIDTH=80 man -l '\(page)' 2>/dev/null | col -b")
        for entry in CommandTable.entries {
            #expect(rendered.text.contains(entry.name), "\(entry.name)")
            for option in entry.options {
                #expect(rendered.text.contains(option.name), "\(entry.name) \(option.name)")
            }
        }
        for needed in ["EXIT STATUS", "ENVIRONMENT", "FILES", "EXAMPLES", "SWATCHBOOK_OPTS", "130"] {
            #expect(rendered.text.contains(needed), "\(needed)")
        }
    }

    /// `--help` lists every command of the table the completions and this
    /// page are made from, `help NAME` answers for each, and no help text
    /// sends the user to a command that does not exist (the help once said
    /// to run 'swatchbook formats').
    /// The README's table of commands is the command table's, made by this
    /// test (RECORD_GOLDEN=1 writes it between the README's markers).
    @Test func theREADMEListsTheCommandTable() throws {
        let readme = CommandRunner.root.appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let begin = "<!-- commands: generated from CommandTable by ManualPageTests -->\n"
        let end = "<!-- commands end -->"
        let start = try #require(text.range(of: begin), "README.md has no command table marker")
        let stop = try #require(text.range(of: end, range: start.upperBound..<text.endIndex))
        let rows = CommandTable.entries.map { entry in
            "| `swatchbook \(entry.usage.replacingOccurrences(of: "|", with: "\\|"))` | \(entry.summary) |"
        }
        let table = (["| command | what it does |", "|---|---|"] + rows).joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" {
            let written = text.replacingCharacters(in: start.upperBound..<stop.lowerBound, with: table)
            try written.write(to: readme, atomically: true, encoding: .utf8)
        }
        #expect(
            String(text[start.upperBound..<stop.lowerBound]) == table,
            "README.md's command table is out of date: run RECORD_GOLDEN=1 swift test --filter theREADMEListsTheCommandTable"
        )
    }

    @Test func theHelpNamesOnlyCommandsThatExist() throws {
        let overview = try CommandRunner.run(["--help"])
        #expect(overview.status == 0)
        var texts = [overview.text]
        for entry in CommandTable.entries {
            #expect(overview.text.contains("swatchbook " + entry.usage), "\(entry.name)")
            #expect(overview.text.contains(entry.summary), "\(entry.name)")
            let help = try CommandRunner.run(["help", entry.name])
            #expect(help.status == 0, "help \(entry.name): \(help.stderr)")
            texts.append(help.text)
        }
        let names = Set(CommandTable.entries.map(\.name))
        for text in texts {
            for match in text.matches(of: /'swatchbook ([a-z]+)/) {
                #expect(names.contains(String(match.1)), "'swatchbook \(match.1)' is no command")
            }
        }
    }
}

import Foundation
import Testing

@testable import SwatchbookCLI

/// The manual page, made from the option tables: man renders it without a
/// warning, and it holds every command and every option.
@Suite struct ManualPageTests {
    @Test func manRendersItWithoutWarnings() throws {
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

    /// The table the completions and this page are made from, and the list
    /// `--help` and `help` answer for, name the same commands.
    @Test func theCommandTableAndTheHelpAgree() {
        #expect(Set(CommandTable.entries.map(\.name)) == Set(HelpText.commands))
    }
}

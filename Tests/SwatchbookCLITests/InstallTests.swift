import Foundation
import Testing

/// `Tools/install` puts the binary, the man page and the completions under a
/// prefix, and `--uninstall` removes exactly those files.
@Suite struct InstallTests {
    @Test func installThenUninstallLeavesThePrefixAsItWas() throws {
        let scratch = ScratchFolder()
        let prefix = scratch.path("prefix")
        scratch.write("prefix/bin/someone-else", "#!/bin/sh\n")
        let binary = CommandRunner.binary.path
        let installed = try CommandRunner.runShell(
            "Tools/install --prefix '\(prefix)' --binary '\(binary)'")
        #expect(installed.status == 0, "\(installed.stderr)")
        for file in [
            "bin/swatchbook", "share/man/man1/swatchbook.1", "share/bash-completion/completions/swatchbook",
            "share/zsh/site-functions/_swatchbook", "share/fish/vendor_completions.d/swatchbook.fish",
        ] {
            #expect(FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file)")
        }
        let version = try CommandRunner.runShell("'\(prefix)/bin/swatchbook' --version")
        #expect(version.text.hasPrefix("swatchbook "))
        let man = try CommandRunner.runShell(
            "MANWIDTH=80 man --warnings -l '\(prefix)/share/man/man1/swatchbook.1' 2>&1 >/dev/null")
        #expect(man.text.isEmpty, "\(man.text)")
        let bash = try CommandRunner.runShell(
            "bash -c \"source '\(prefix)/share/bash-completion/completions/swatchbook' && complete -p swatchbook\""
        )
        #expect(bash.text.contains("-F _swatchbook"), "\(bash.stderr)")

        let removed = try CommandRunner.runShell("Tools/install --uninstall --prefix '\(prefix)'")
        #expect(removed.status == 0, "\(removed.stderr)")
        let left = try FileManager.default.subpathsOfDirectory(atPath: prefix).sorted()
        #expect(left == ["bin", "bin/someone-else"], "\(left)")
    }
}

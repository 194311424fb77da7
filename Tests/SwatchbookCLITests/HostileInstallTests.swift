import Foundation
import Testing

/// `Tools/install` writes only where it may and `--uninstall` removes only
/// what it wrote: never a path outside the prefix, a user's own file, or
/// anything through a link planted at a name it uses.
@Suite("Tools/install stays in its prefix")
struct HostileInstallTests {
    static func sha256(_ text: String) throws -> String {
        let result = try CommandRunner.runShell("printf '%s' '\(text)' | sha256sum")
        return String(result.text.prefix(64))
    }

    static func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    /// A manifest naming paths outside the prefix, with `..`, through a
    /// link out of the prefix, or without a checksum removes none of them,
    /// and names each in one line.
    @Test func aPlantedManifestRemovesNothingOutsideThePrefix() throws {
        let fixture = InstallPrefix()
        let before = fixture.snapshot
        #expect(try fixture.install().status == 0)
        let outside = fixture.scratch.path("outside")
        var victims: [String] = []
        for name in ["absolute", "dotted", "linked", "unchecked"] {
            victims.append(fixture.scratch.write("outside/" + name, "victim"))
        }
        try FileManager.default.createDirectory(atPath: outside + "/empty", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: fixture.path("bin/escape"), withDestinationPath: "../../outside")
        let hash = try Self.sha256("victim")
        let planted = [
            "file \(hash) \(outside)/absolute", "file \(hash) ../outside/dotted",
            "file \(hash) share/../../outside/dotted", "file \(hash) bin/escape/linked",
            "file \(outside)/unchecked", "dir \(outside)/empty", "dir ../outside/empty",
        ]
        let manifest = fixture.path("share/swatchbook/install-manifest")
        let handle = try #require(FileHandle(forWritingAtPath: manifest))
        handle.seekToEndOfFile()
        handle.write(Data((planted.joined(separator: "\n") + "\n").utf8))
        try handle.close()
        // An older install's folder list, in its own file, is held to the same rule.
        try "\(outside)/empty\n".write(toFile: manifest + ".dirs", atomically: true, encoding: .utf8)

        let removed = try fixture.uninstall()
        #expect(removed.status == 0, "\(removed.stderr)")
        for victim in victims {
            #expect(FileManager.default.fileExists(atPath: victim), "\(victim) was removed")
        }
        #expect(FileManager.default.fileExists(atPath: outside + "/empty"))
        let said = Self.lines(removed.stderr)
        for entry in [
            "\(outside)/absolute", "../outside/dotted", "share/../../outside/dotted", "\(outside)/unchecked",
        ] {
            #expect(said.contains { $0.hasPrefix("install: \(entry): ") }, "\(entry) is named: \(said)")
        }
        #expect(said.contains { $0.hasPrefix("install: \(fixture.prefix)/bin/escape/linked: ") }, "\(said)")
        try FileManager.default.removeItem(atPath: fixture.path("bin/escape"))
        #expect(fixture.snapshot == before)
    }

    /// A file at one of the install's paths that no install wrote stops the
    /// install, exit 73, with nothing changed; `--force` replaces it.
    @Test func aUsersOwnFileIsReplacedOnlyWithForce() throws {
        let fixture = InstallPrefix()
        let page = fixture.scratch.write("prefix/share/man/man1/swatchbook.1", "my own page\n")
        let before = fixture.snapshot
        let refused = try fixture.install()
        #expect(refused.status == 73)
        #expect(
            Self.lines(refused.stderr) == [
                "install: \(page): not what an install wrote, so left as it is; nothing was installed (--force replaces it)"
            ])
        #expect(fixture.snapshot == before, "nothing new, nothing changed")

        let forced = try fixture.install(["--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try String(contentsOfFile: page, encoding: .utf8).hasPrefix(".TH SWATCHBOOK 1"))
        #expect(try fixture.install().status == 0, "a file the install wrote is its to replace")
    }

    /// A file the user changed after the install is kept by `--uninstall`,
    /// and named.
    @Test func aChangedFileIsKeptByUninstall() throws {
        let fixture = InstallPrefix()
        #expect(try fixture.install().status == 0)
        let page = fixture.path("share/man/man1/swatchbook.1")
        try "my notes\n".write(toFile: page, atomically: true, encoding: .utf8)
        let removed = try fixture.uninstall()
        #expect(removed.status == 0)
        #expect(Self.lines(removed.stderr) == ["install: \(page): changed since it was installed; kept"])
        #expect(try String(contentsOfFile: page, encoding: .utf8) == "my notes\n")
        #expect(!FileManager.default.fileExists(atPath: fixture.path("bin/swatchbook")))
    }

    /// Links planted at the names the old install wrote through
    /// (`DEST.tmp`) are neither followed nor touched.
    @Test func aLinkAtATemporaryNameIsNotWrittenThrough() throws {
        let fixture = InstallPrefix()
        let victim = fixture.scratch.write("victim", "precious")
        for name in InstallPrefix.installed {
            let link = fixture.path(name + ".tmp")
            try FileManager.default.createDirectory(
                atPath: (link as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: victim)
        }
        let before = fixture.snapshot
        let installed = try fixture.install()
        #expect(installed.status == 0, "\(installed.stderr)")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious")
        #expect(try fixture.uninstall().status == 0)
        #expect(fixture.snapshot == before, "the links are still there, as they were")
    }

    /// A link at a destination is the user's: refused, exit 73; with
    /// `--force` the link itself is replaced and its target left alone. A
    /// folder that leads out of the prefix is refused even then.
    @Test func aLinkAtADestinationIsNotWrittenThrough() throws {
        let fixture = InstallPrefix()
        let victim = fixture.scratch.write("victim", "precious")
        let folder = fixture.scratch.path("elsewhere")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: fixture.path("bin/swatchbook"), withDestinationPath: victim)
        fixture.scratch.write("prefix/share/man/man1/.keep", "")
        try FileManager.default.createSymbolicLink(
            atPath: fixture.path("share/man/man1/swatchbook.1"), withDestinationPath: folder)
        let before = fixture.snapshot
        let refused = try fixture.install()
        #expect(refused.status == 73)
        #expect(Self.lines(refused.stderr).count == 2, "\(refused.stderr)")
        #expect(fixture.snapshot == before)

        let forced = try fixture.install(["--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        let now = fixture.snapshot
        #expect(now["bin/swatchbook"]?.hasPrefix("file #!/bin/sh") == true)
        #expect(now["share/man/man1/swatchbook.1"]?.hasPrefix("file .TH") == true)

        let escaping = InstallPrefix()
        try FileManager.default.createDirectory(
            atPath: escaping.path("share"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: escaping.path("share/zsh"), withDestinationPath: folder)
        let out = try escaping.install(["--force"])
        #expect(out.status == 73)
        #expect(
            Self.lines(out.stderr) == [
                "install: \(escaping.path("share/zsh/site-functions/_swatchbook")): its folder leads outside \(escaping.prefix); nothing was installed"
            ])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    /// `--prefix` and `--binary` given relative are the caller's folder's,
    /// not the repository's.
    @Test func relativePathsAreTheCallersFolder() throws {
        let fixture = InstallPrefix()
        let name = "relative-prefix-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(at: CommandRunner.root.appendingPathComponent(name)) }
        let installed = try CommandRunner.runShell(
            "cd '\(fixture.scratch.url.path)' && '\(InstallPrefix.script)' --prefix \(name) --binary fake-swatchbook"
        )
        #expect(installed.status == 0, "\(installed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: CommandRunner.root.path + "/" + name))
        let here = fixture.scratch.path(name)
        for file in InstallPrefix.installed {
            #expect(FileManager.default.fileExists(atPath: here + "/" + file), "\(file)")
        }
        let removed = try CommandRunner.runShell(
            "cd '\(fixture.scratch.url.path)' && '\(InstallPrefix.script)' --uninstall --prefix \(name)")
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: here), "the prefix install made is gone")
    }

    /// The second install keeps the first's record of the folders it made,
    /// so uninstall removes them all.
    @Test func installingTwiceThenUninstallingRemovesEveryFolder() throws {
        let fixture = InstallPrefix()
        let before = fixture.snapshot
        #expect(try fixture.install().status == 0)
        #expect(try fixture.install().status == 0)
        #expect(try fixture.uninstall().status == 0)
        #expect(fixture.snapshot == before)
    }
}

import Foundation
import Testing

/// `Tools/install` is a transaction: a full disk or a SIGKILL at any step
/// leaves nothing new, or files its manifest lists, so that `--uninstall`
/// (or the next install, then `--uninstall`) leaves the prefix as it was.
@Suite("Tools/install survives a full disk and a kill at each step")
struct InstallCrashTests {
    static let strace = "/usr/bin/strace"

    static func changes(_ before: [String: String], _ after: [String: String]) -> [String] {
        Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
    }

    /// A tmpfs too small for the install, at each size from too small for
    /// the binary to large enough: exit 74 in one line, nothing new; then
    /// uninstall leaves the prefix as it was.
    @Test(.timeLimit(.minutes(10)))
    func aFullDiskLeavesNothingNew() async throws {
        guard getuid() == 0 else { try Requirement.skip("mounting a small tmpfs needs root") }
        var failedAt: Set<String> = []
        var fitted = false
        for kib in stride(from: 4, through: 200, by: 4) where !fitted {
            await Task.yield()
            let fixture = InstallPrefix(padding: 24_000, manpageBytes: 16_000)
            let mount = try CommandRunner.runShell(
                "mount -t tmpfs -o size=\(kib)k swatchbook '\(fixture.prefix)'")
            guard mount.status == 0 else { try Requirement.skip("mount -t tmpfs failed: \(mount.stderr)") }
            defer { _ = try? CommandRunner.runShell("umount '\(fixture.prefix)'") }
            fixture.scratch.write("prefix/bin/someone-else", "#!/bin/sh\n")
            let before = fixture.snapshot
            let installed = try fixture.install()
            if installed.status == 0 {
                fitted = true
            } else {
                #expect(installed.status == 74, "\(kib) KiB: \(installed.stderr)")
                let said = HostileInstallTests.lines(installed.stderr)
                #expect(said.count == 1, "\(kib) KiB: \(said)")
                #expect(
                    said.first.map {
                        $0.contains(": cannot write it: ") && $0.hasSuffix("; nothing was installed")
                    } == true,
                    "\(kib) KiB: \(said)")
                if let line = said.first { failedAt.insert(String(line.split(separator: ":")[1])) }
                #expect(Self.changes(before, fixture.snapshot) == [], "\(kib) KiB")
            }
            let removed = try fixture.uninstall()
            #expect(removed.status == (fitted ? 0 : 66), "\(kib) KiB: \(removed.stderr)")
            #expect(Self.changes(before, fixture.snapshot) == [], "\(kib) KiB, after uninstall")
        }
        #expect(fitted)
        #expect(
            failedAt.count >= 3, "the disk ran out at the binary, the man page and the manifest: \(failedAt)")
    }

    static func requireStrace() throws {
        try Requirement.need(strace, from: "the Debian package strace")
    }

    /// Runs `body` with a SIGKILL placed at the 1st, 2nd, … call of `call`
    /// in each process the install starts, until a run goes through with
    /// no kill; returns how many runs were killed.
    static func killing(at call: String, _ body: (_ wrapper: String, _ point: String) throws -> Void)
        async throws -> Int
    {
        var kills = 0
        for when in 1...400 {
            // Each run blocks a thread of the few all tests share: let the
            // others run between runs (see ``CommandRunner``).
            await Task.yield()
            let trace = ScratchFolder()
            let log = trace.path("trace")
            try body(
                "'\(strace)' -f -o '\(log)' -e trace=\(call) -e inject=\(call):signal=SIGKILL:when=\(when)",
                log)
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            guard text.contains("+++ killed by SIGKILL +++") else { break }
            kills += 1
        }
        return kills
    }

    /// A first install killed at each fork of the script (between any two
    /// of its commands) and at each mkdir, openat, rename, unlink and rmdir
    /// of every process it runs: `--uninstall` leaves the prefix as it was.
    @Test(
        .timeLimit(.minutes(10)), arguments: ["clone", "mkdir", "openat", "renameat2", "unlinkat", "rmdir"])
    func aKilledInstallLeavesWhatUninstallRemoves(_ call: String) async throws {
        try Self.requireStrace()
        let kills = try await Self.killing(at: call) { wrapper, point in
            let fixture = InstallPrefix()
            let before = fixture.snapshot
            let run = try fixture.install(wrapper: wrapper)
            let removed = try fixture.uninstall()
            #expect(
                [0, 66].contains(removed.status), "after a kill at \(point): \(run.stderr) \(removed.stderr)")
            #expect(Self.changes(before, fixture.snapshot) == [], "after a kill at \(point): \(run.stderr)")
        }
        #expect(kills > 0, "no \(call) was killed")
    }

    /// The rename that puts each file (and, last, the manifest) into place,
    /// killed: one line, exit 74, and `--uninstall` leaves the prefix as it
    /// was; the next install, from the same state, goes through.
    @Test(
        .timeLimit(.minutes(10)),
        arguments: InstallPrefix.installed + ["share/swatchbook/install-manifest"])
    func aKilledRenameIntoPlaceLeavesWhatUninstallRemoves(_ file: String) async throws {
        try Self.requireStrace()
        for next in ["uninstall", "install"] {
            await Task.yield()
            let fixture = InstallPrefix()
            let before = fixture.snapshot
            let trace = fixture.scratch.path("trace")
            let run = try fixture.install(
                wrapper:
                    "'\(Self.strace)' -f -o '\(trace)' -P '\(fixture.path(file))' -e trace=rename,renameat2 -e inject=rename,renameat2:signal=SIGKILL:when=1"
            )
            #expect(try String(contentsOfFile: trace, encoding: .utf8).contains("+++ killed by SIGKILL +++"))
            #expect(run.status == 74)
            #expect(
                HostileInstallTests.lines(run.stderr) == [
                    "install: \(fixture.path(file)): cannot move it into place; what was placed is recorded, and the next install or --uninstall takes it over"
                ])
            if next == "install" {
                let again = try fixture.install()
                #expect(again.status == 0 && again.stderr.isEmpty, "\(again.stderr)")
            }
            let removed = try fixture.uninstall()
            #expect(removed.status == 0 && removed.stderr.isEmpty, "\(removed.stderr)")
            #expect(
                Self.changes(before, fixture.snapshot) == [],
                "after a kill at the rename of \(file), then \(next)")
        }
    }

    /// An install over an earlier one, killed the same way: the next
    /// install goes through, and `--uninstall` then leaves the prefix as it
    /// was before either.
    @Test(.timeLimit(.minutes(10)), arguments: ["clone", "mkdir", "renameat2", "unlinkat", "rmdir"])
    func aKilledReinstallLeavesWhatTheNextInstallTakesOver(_ call: String) async throws {
        try Self.requireStrace()
        let kills = try await Self.killing(at: call) { wrapper, point in
            let fixture = InstallPrefix()
            let before = fixture.snapshot
            #expect(try fixture.install().status == 0)
            _ = try fixture.install(binary: fixture.newer, wrapper: wrapper)
            let again = try fixture.install(binary: fixture.newer)
            #expect(again.status == 0, "after a kill at \(point): \(again.stderr)")
            #expect(again.stderr.isEmpty, "after a kill at \(point): \(again.stderr)")
            #expect(try fixture.uninstall().status == 0)
            #expect(Self.changes(before, fixture.snapshot) == [], "after a kill at \(point)")
        }
        #expect(kills > 0, "no \(call) was killed")
    }
}

import Foundation
import Testing

/// `theme import -o DIR` replaces only a pack it wrote, only those files,
/// and a kill at any step leaves DIR the old pack or the new one.
@Suite("theme import touches only what it wrote")
struct ImportSafetyTests {
    static let fixtures = "Tests/Fixtures/base16"

    static func importing(_ inputs: [String], into dir: String, _ extra: [String] = []) throws
        -> CommandRunner.Result
    {
        try CommandRunner.run(["theme", "import", "base16"] + inputs + ["-o", dir] + extra)
    }

    /// Every file below `path` (hidden ones too) with its size and an
    /// FNV-1a digest of its bytes (a folder as "folder"): short enough to
    /// read in a failure.
    static func snapshot(_ path: String) -> [String: String] {
        var files: [String: String] = [:]
        let manager = FileManager.default
        for name in (try? manager.subpathsOfDirectory(atPath: path)) ?? [] {
            var isDirectory: ObjCBool = false
            let full = path + "/" + name
            guard manager.fileExists(atPath: full, isDirectory: &isDirectory) else { continue }
            guard !isDirectory.boolValue else {
                files[name] = "folder"
                continue
            }
            let bytes = [UInt8](manager.contents(atPath: full) ?? Data())
            let digest = bytes.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
            files[name] = "\(bytes.count) bytes, \(String(digest, radix: 16))"
        }
        return files
    }

    static func names(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    /// A folder holding `pack.lua` among the user's own files is refused
    /// whole, exit 73, and nothing in it or beside it changes.
    @Test(arguments: [
        ["pack.lua", "my-theme.lua", "notes.md", "src/main.lua"],
        ["pack.lua"],
        ["pack.lua", "base16-ocean.lua"],
    ])
    func aFolderOfTheUsersIsNeverReplaced(_ files: [String]) throws {
        let scratch = ScratchFolder()
        for file in files { _ = scratch.write("mine/" + file, "-- the user's \(file)\nreturn {}\n") }
        let before = Self.snapshot(scratch.url.path)
        let inFolder = try CommandRunner.run(
            ["theme", "import", "base16", CommandRunner.root.path + "/" + Self.fixtures, "-o", "mine"],
            in: scratch.url)
        #expect(inFolder.status == 73, "\(inFolder.stderr)")
        #expect(inFolder.text.isEmpty)
        #expect(inFolder.stderr.hasPrefix("mine: holds "), "\(inFolder.stderr)")
        #expect(
            inFolder.stderr.hasSuffix(
                ", which theme import did not write; nothing written (it replaces only a pack it wrote)\n"))
        #expect(inFolder.stderr.split(separator: "\n").count == 1)
        let forced = try CommandRunner.run(
            [
                "theme", "import", "base16", CommandRunner.root.path + "/" + Self.fixtures, "-o", "mine",
                "--force",
            ],
            in: scratch.url)
        #expect(forced.status == 73, "--force never applies to files import did not write")
        #expect(Self.snapshot(scratch.url.path) == before)
    }

    /// `-o .` in a folder of one's own work is refused, not emptied.
    @Test func theCurrentFolderIsNeverReplaced() throws {
        let scratch = ScratchFolder()
        _ = scratch.write("pack.lua", "return {}\n")
        _ = scratch.write("README.md", "mine\n")
        let before = Self.snapshot(scratch.url.path)
        let result = try CommandRunner.run(
            ["theme", "import", "base16", CommandRunner.root.path + "/" + Self.fixtures, "-o", "."],
            in: scratch.url)
        #expect(result.status == 73)
        #expect(
            result.stderr
                == ".: holds README.md, pack.lua, which theme import did not write; nothing written (it replaces only a pack it wrote)\n"
        )
        #expect(Self.snapshot(scratch.url.path) == before)
    }

    /// The pack records what it wrote; a re-import replaces exactly that.
    @Test func aPackImportWroteIsReplacedByItsRecord() throws {
        let scratch = ScratchFolder()
        let dir = scratch.path("pack")
        #expect(try Self.importing([Self.fixtures], into: dir).status == 0)
        let record = try String(contentsOfFile: dir + "/.swatchbook-import", encoding: .utf8)
        #expect(record.hasPrefix("# The files `swatchbook theme import` wrote here, with their SHA-256.\n"))
        // The record is sha256sum's own format: coreutils checks it.
        let check = try CommandRunner.runShell(
            "cd '\(dir)' && sha256sum --check --strict --quiet .swatchbook-import")
        #expect(check.status == 0, "\(check.stdout) \(check.stderr)")
        let again = try Self.importing([Self.fixtures + "/ocean.yaml"], into: dir)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.text.contains("(replacing the pack that was there)"))
        #expect(Self.names(dir) == [".swatchbook-import", "base16-ocean.lua", "pack.lua"])
        #expect(Self.names(scratch.url.path) == ["pack"], "nothing left beside it")
    }

    /// A file the user added to an imported pack stops the next import;
    /// an edit to the pack's own files stops it unless `--force`.
    @Test func aPackTheUserChangedIsKept() throws {
        let scratch = ScratchFolder()
        let dir = scratch.path("pack")
        #expect(try Self.importing([Self.fixtures], into: dir).status == 0)

        try "-- my tweak\n".write(toFile: dir + "/base16-ocean.lua", atomically: false, encoding: .utf8)
        let edited = Self.snapshot(dir)
        let refused = try Self.importing([Self.fixtures + "/ocean.yaml"], into: dir)
        #expect(refused.status == 73)
        #expect(
            refused.stderr
                == "\(dir): base16-ocean.lua changed since theme import wrote it; nothing written (--force replaces the pack's own files)\n"
        )
        #expect(Self.snapshot(dir) == edited)
        let forced = try Self.importing([Self.fixtures + "/ocean.yaml"], into: dir, ["--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(Self.names(dir) == [".swatchbook-import", "base16-ocean.lua", "pack.lua"])

        _ = scratch.write("pack/notes.md", "keep me\n")
        let withNotes = Self.snapshot(dir)
        for extra in [[], ["--force"]] {
            let result = try Self.importing([Self.fixtures], into: dir, extra)
            #expect(result.status == 73)
            #expect(result.stderr.hasPrefix("\(dir): holds notes.md, which theme import did not write"))
            #expect(Self.snapshot(dir) == withNotes)
        }
    }

    /// A record is data from disk too: one naming a file outside its folder
    /// is no record, and the folder is refused rather than trusted.
    @Test func aDoctoredRecordNamesNothingOutsideItsFolder() throws {
        let scratch = ScratchFolder()
        _ = scratch.write("outside.txt", "precious\n")
        _ = scratch.write("pack/pack.lua", "return {}\n")
        let digest = String(repeating: "0", count: 64)
        _ = scratch.write("pack/.swatchbook-import", "\(digest)  pack.lua\n\(digest)  ../outside.txt\n")
        let before = Self.snapshot(scratch.url.path)
        for extra in [[], ["--force"]] {
            let result = try Self.importing([Self.fixtures], into: scratch.path("pack"), extra)
            #expect(result.status == 73, "\(result.stderr)")
        }
        #expect(Self.snapshot(scratch.url.path) == before)
    }

    /// A pack written before imports kept a record is replaced only with
    /// `--force`, and only while it holds nothing but its own themes.
    @Test func anUnrecordedImportNeedsForce() throws {
        let scratch = ScratchFolder()
        let dir = scratch.path("pack")
        #expect(try Self.importing([Self.fixtures], into: dir).status == 0)
        try FileManager.default.removeItem(atPath: dir + "/.swatchbook-import")
        let refused = try Self.importing([Self.fixtures + "/ocean.yaml"], into: dir)
        #expect(refused.status == 73)
        #expect(
            refused.stderr
                == "\(dir): was written by an older theme import, which kept no record of its files; nothing written (--force replaces it)\n"
        )
        let forced = try Self.importing([Self.fixtures + "/ocean.yaml"], into: dir, ["--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(Self.names(dir) == [".swatchbook-import", "base16-ocean.lua", "pack.lua"])
    }

    /// What a killed import left beside DIR is never listed as themes, and
    /// the next import into DIR takes it away; a live import's is kept.
    @Test func leftoversAreSkippedThenRemoved() throws {
        let scratch = ScratchFolder()
        let themes = scratch.path("themes")
        #expect(try Self.importing([Self.fixtures + "/ocean.yaml"], into: themes + "/base16").status == 0)
        // A pack as a killed import leaves it, under a process that is gone.
        let dead = try CommandRunner.runShell("sh -c 'echo $$'")
        let deadPID = String(decoding: dead.stdout, as: UTF8.self).trimmingCharacters(
            in: .whitespacesAndNewlines)
        let stale = ".base16.import-\(deadPID)-0badf00d.tmp"
        let live = ".base16.import-\(getpid())-0badf00d.tmp"
        for hidden in [stale, live] {
            #expect(try Self.importing([Self.fixtures + "/dracula.yaml"], into: themes + "/copy").status == 0)
            try FileManager.default.moveItem(atPath: themes + "/copy", toPath: themes + "/" + hidden)
        }
        let listed = try CommandRunner.run(["themes"], environment: ["SWATCHBOOK_THEMES": themes])
        #expect(listed.status == 0)
        #expect(listed.stderr.isEmpty, "\(listed.stderr)")
        #expect(listed.text.contains("base16-ocean"))
        #expect(!listed.text.contains("base24-dracula"), "a hidden folder is never a pack")

        #expect(try Self.importing([Self.fixtures + "/ocean.yaml"], into: themes + "/base16").status == 0)
        #expect(
            Self.names(themes) == [live, "base16"], "the dead import's folder is gone, the live one's kept")
    }

    /// A SIGKILL at each rename, exchange, unlink, rmdir, mkdir and fsync
    /// the import makes (placed by strace) leaves DIR the old pack or the
    /// new one, whole; whatever is left beside it is hidden and removed by
    /// the next import.
    @Test(.timeLimit(.minutes(10)))
    func aKillAtAnyStepLeavesTheOldPackOrTheNew() async throws {
        let strace = "/usr/bin/strace"
        try Requirement.need(strace, from: "the Debian package strace")
        let scratch = ScratchFolder()
        let old = [CommandRunner.root.path + "/" + Self.fixtures]
        let new = [CommandRunner.root.path + "/" + Self.fixtures + "/ocean.yaml"]
        let packs = scratch.path("packs")
        let dir = packs + "/pack"
        #expect(try Self.importing(new, into: dir).status == 0)
        let newPack = Self.snapshot(dir)
        try FileManager.default.removeItem(atPath: dir)
        #expect(try Self.importing(old, into: dir).status == 0)
        let oldPack = Self.snapshot(dir)

        var kills: [String: Int] = [:]
        for call in ["mkdir", "openat", "fsync", "rename", "renameat2", "unlink", "rmdir"] {
            for when in 1...400 {
                // Each run blocks a thread of the few all tests share: let
                // the others run between runs (see ``CommandRunner``).
                await Task.yield()
                let words = ["theme", "import", "base16"] + new + ["-o", dir]
                let command =
                    "'\(strace)' -f -o /dev/null -e trace=\(call) -e inject=\(call):signal=SIGKILL:when=\(when) $B "
                    + words.map { "'\($0)'" }.joined(separator: " ")
                let result = try CommandRunner.runShell(command)
                let now = Self.snapshot(dir)
                #expect(now == oldPack || now == newPack, "killed at \(call) #\(when): \(now.keys.sorted())")
                let themes = try CommandRunner.run(["themes"], environment: ["SWATCHBOOK_THEMES": packs])
                #expect(themes.stderr.isEmpty, "after a kill at \(call) #\(when): \(themes.stderr)")
                guard result.status == 137 else {
                    #expect(result.status == 0, "\(call) #\(when): \(result.stderr)")
                    break
                }
                kills[call, default: 0] += 1
                // Back to the old pack for the next kill.
                if now == newPack {
                    try FileManager.default.removeItem(atPath: dir)
                    #expect(try Self.importing(old, into: dir).status == 0)
                }
            }
        }
        #expect(kills["renameat2"] == 1, "the exchange was killed once: \(kills)")
        #expect((kills["openat"] ?? 0) > 5, "every file the import creates was killed at: \(kills)")
        // The next complete import leaves nothing hidden beside the pack.
        #expect(try Self.importing(new, into: dir).status == 0)
        #expect(Self.names(packs) == ["pack"])
        #expect(Self.snapshot(dir) == newPack)
    }
}

import Foundation
import Testing

/// Where `-o FILE` and `--state FILE` write, and how a render ends when
/// its output cannot be written: nothing lost, one line, the exit code.
@Suite("output files and faults", .serialized)
struct OutputFaultTests {
    /// glibc's `makedev` for small numbers, which Swift does not import.
    static func device(_ major: UInt64, _ minor: UInt64) -> dev_t { dev_t(major << 8 | minor) }

    static func mode(_ path: String) -> mode_t? {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode : nil
    }

    @Test func aSymlinkIsWrittenThroughToItsTarget() throws {
        let scratch = ScratchFolder()
        scratch.write("real/report.txt", "old")
        try FileManager.default.createSymbolicLink(
            atPath: scratch.path("link.txt"), withDestinationPath: "real/report.txt")
        let result = try CommandRunner.run(
            ["render", "-o", "link.txt", "--format", "plain", "--width", "40"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try #require(Self.mode(scratch.path("link.txt"))) & S_IFMT == S_IFLNK, "still a link")
        let text = try String(contentsOfFile: scratch.path("real/report.txt"), encoding: .utf8)
        #expect(text.hasPrefix(" Category #1"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("real")) == ["report.txt"])
    }

    @Test func aReplacedFileKeepsItsPermissions() throws {
        let scratch = ScratchFolder()
        let file = scratch.write("secret.txt", "old")
        chmod(file, 0o600)
        let render = try CommandRunner.run(["render", "-o", file, "--format", "plain"])
        #expect(render.status == 0)
        #expect(try #require(Self.mode(file)) & 0o777 == 0o600)
        let state = scratch.write("state.json", "{}")
        chmod(state, 0o640)
        let saved = try CommandRunner.run(["render", "--state", state, "--keys", "l", "--format", "plain"])
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(try #require(Self.mode(state)) & 0o777 == 0o640)
        #expect(try String(contentsOfFile: state, encoding: .utf8).contains("Salmon"))
    }

    /// A device made for the test (as root; skipped otherwise), never the
    /// machine's own `/dev/null`.
    @Test func aDeviceIsWrittenInPlace() throws {
        let scratch = ScratchFolder()
        let device = scratch.path("null")
        guard mknod(device, S_IFCHR | 0o666, Self.device(1, 3)) == 0 else {
            try Requirement.skip("making a device node (mknod) needs root")
        }
        let result = try CommandRunner.run(["render", "-o", device, "--format", "plain"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try #require(Self.mode(device)) & S_IFMT == S_IFCHR, "still the device")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path) == ["null"])
    }

    @Test func aFIFOIsWrittenInPlace() throws {
        let scratch = ScratchFolder()
        let fifo = scratch.path("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        let copy = scratch.path("read.txt")
        let reader = Thread {
            let descriptor = open(fifo, O_RDONLY)
            guard descriptor >= 0 else { return }
            defer { close(descriptor) }
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = read(descriptor, &buffer, buffer.count)
                guard n > 0 else { break }
                bytes += buffer[0..<n]
            }
            try? Data(bytes).write(to: URL(fileURLWithPath: copy), options: .atomic)
        }
        reader.start()
        let result = try CommandRunner.run(["render", "-o", fifo, "--format", "plain", "--width", "40"])
        #expect(result.status == 0, "\(result.stderr)")
        for _ in 0..<400 where !FileManager.default.fileExists(atPath: scratch.path("read.txt")) {
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(try #require(Self.mode(fifo)) & S_IFMT == S_IFIFO, "still the FIFO")
        let received = try String(contentsOfFile: scratch.path("read.txt"), encoding: .utf8)
        #expect(received.hasPrefix(" Category #1"))
    }

    /// A full device cannot take the render: 74, in one line.
    @Test func aFullDeviceIs74() throws {
        let scratch = ScratchFolder()
        let device = scratch.path("full")
        guard mknod(device, S_IFCHR | 0o666, Self.device(1, 7)) == 0 else {
            try Requirement.skip("making a device node (mknod) needs root")
        }
        let result = try CommandRunner.run(["render", "-o", device, "--format", "plain"])
        #expect(result.status == 74)
        #expect(result.stderr == "\(device): cannot write: No space left on device\n")
        #expect(try #require(Self.mode(device)) & S_IFMT == S_IFCHR)
    }

    @Test(arguments: [
        ("/proc/swatchbook-report.txt", "/proc/swatchbook-report.txt: cannot write: "),
        ("Scripts", "Scripts: is a folder, cannot write output there"),
    ])
    func anUnwritablePlaceIs74(_ path: String, _ message: String) throws {
        let result = try CommandRunner.run(["render", "-o", path, "--format", "plain"])
        #expect(result.status == 74)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    /// A closed, full or broken standard stream is no crash: the error is
    /// lost where there is nowhere to write it, and the exit code says so.
    @Test(arguments: [
        (#""$B" render --wdith 3 2>&-"#, Int32(64)),
        (#""$B" render Scripts/nope.lua 2>/dev/full"#, 66),
        (#""$B" check Scripts/colors.lua >&- 2>&-"#, 0),
        (#""$B" check Themes/nord >&-"#, 74),
        (#""$B" --help >/dev/full"#, 74),
        (#""$B" help render >/dev/full"#, 74),
        (#""$B" --version >/dev/full"#, 74),
        (#""$B" render >&-"#, 74),
    ])
    func aBrokenStandardStreamIsNoCrash(_ command: String, _ status: Int32) throws {
        let run = try CommandRunner.runShell(command)
        #expect(run.status == status, "\(command): \(run.stderr)")
        #expect(!run.stderr.contains("Fatal error") && !run.stderr.contains("Backtrac"), "\(command)")
    }

    /// One rule for the commands that write files: the files are the work,
    /// so when only the report of them cannot be written (stdout closed or
    /// full), the files are in place, stderr says so, and the exit is 0.
    /// `theme import >&-` said 74 with all its files in place.
    @Test(arguments: [
        (
            "theme import base16 '\(CommandRunner.root.path)/Tests/Fixtures/base16/ocean.yaml' -o out",
            "out/pack.lua"
        ),
        ("new plugin demo -o out", "out/demo.lua"),
        ("stubs -o out", "out/.types/swatchbook.lua"),
    ])
    func aLostReportOfWrittenFilesIsAWarning(_ words: String, _ written: String) throws {
        for redirect in [">&-", ">/dev/full"] {
            let scratch = ScratchFolder()
            let run = try CommandRunner.runShell(#""$B" "# + words + " " + redirect, in: scratch.url)
            #expect(run.status == 0, "\(words) \(redirect): \(run.stderr)")
            #expect(FileManager.default.fileExists(atPath: scratch.path(written)), "\(words) \(redirect)")
            #expect(run.stderr.hasPrefix("warning: stdout: "), "\(run.stderr)")
            #expect(run.stderr.hasSuffix("; the files it lists were written\n"), "\(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1)
        }
    }

    /// A pipe closed early ends the render quietly, as `head` expects.
    @Test func aPipeClosedEarlyIsAQuietEnd() throws {
        let run = try CommandRunner.runShell(
            #""$B" render huge --height 20000 --width 200 | head -c 10 >/dev/null"#)
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }

    /// A long eager render goes to stdout band by band: the same bytes as
    /// `-o` writes, a full disk is one error line, a closed pipe a quiet end.
    @Test func aLongRenderStreamsToStdout() throws {
        let scratch = ScratchFolder()
        scratch.write(
            "long.lua",
            """
            local rows = {}
            for r = 1, 3000 do
              rows[r] = { name = "Row " .. r, items = { { name = "A" .. r, color = "#123456" }, { name = "B", color = "#654321" } } }
            end
            return { name = "long", api = 1, data = { { name = "All", rows = rows } } }
            """)
        let streamed = try CommandRunner.run(
            ["render", "long.lua", "--layout", "outline", "--format", "ansi", "--color", "truecolor"],
            in: scratch.url)
        #expect(streamed.status == 0, "\(streamed.stderr)")
        let filed = try CommandRunner.run(
            [
                "render", "long.lua", "--layout", "outline", "--format", "ansi", "--color", "truecolor", "-o",
                "out.ansi",
            ],
            in: scratch.url)
        #expect(filed.status == 0)
        let file = try [UInt8](Data(contentsOf: scratch.url.appendingPathComponent("out.ansi")))
        #expect(streamed.stdout.count > 200_000, "several bands")
        #expect(streamed.stdout == file)

        let full = try CommandRunner.runShell(
            #""$B" render long.lua --format plain >/dev/full"#, in: scratch.url)
        #expect(full.status == 74)
        #expect(full.stderr == "stdout: cannot write: No space left on device\n")
        let cut = try CommandRunner.runShell(
            #""$B" render long.lua --layout outline --format plain | head -c 10 >/dev/null"#, in: scratch.url)
        #expect(cut.status == 0)
        #expect(cut.stderr.isEmpty, "\(cut.stderr)")
    }

    /// What a killed render left beside FILE (`kill -9` runs no handler) is
    /// removed by the next write to FILE: only regular files of that name
    /// whose process is gone, never a live render's, never a link.
    @Test func theNextWriteRemovesAKilledRendersTemporaryFile() throws {
        let scratch = ScratchFolder()
        let gone = try CommandRunner.runShell("sh -c 'echo $$'")
        let dead = String(decoding: gone.stdout, as: UTF8.self).trimmingCharacters(
            in: .whitespacesAndNewlines)
        let stale = [".out.txt.\(dead).tmp", ".out.txt.\(dead)-0badf00d.tmp"]
        let kept = [".out.txt.\(getpid())-0badf00d.tmp", ".out.txt.notes.tmp", ".other.txt.\(dead).tmp"]
        for name in stale + kept { scratch.write(name, String(repeating: "x", count: 2_000_000)) }
        scratch.write("precious", "keep")
        let link = ".out.txt.\(dead)-deadbeef.tmp"
        try FileManager.default.createSymbolicLink(
            atPath: scratch.path(link), withDestinationPath: "precious")
        let result = try CommandRunner.run(["render", "--format", "plain", "-o", "out.txt"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted()
        #expect(names == (kept + [link, "out.txt", "precious"]).sorted())
        #expect(try String(contentsOfFile: scratch.path("precious"), encoding: .utf8) == "keep")
    }

    /// A render ended by a signal while it writes `-o FILE` leaves neither
    /// a temporary file nor a changed FILE, for every fatal signal a
    /// process can catch, and dies of that signal.
    @Test(.tags(.tmux), arguments: [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE])
    func aSignalMidRenderLeavesNoTemporaryFile(_ signal: Int32) throws {
        let scratch = ScratchFolder()
        scratch.write("out.txt", "old")
        scratch.write(
            "slow.lua",
            """
            return { name = "Slow", api = 1, source = {
              sections = function() return 50 end, rows = function() return 40 end,
              row = function(s, r) return { name = "Row " .. r, count = 8 } end,
              item = function(s, r, i)
                local t = os.clock() while os.clock() - t < 0.0005 do end
                return { name = "I", color = "#336699" }
              end } }
            """)
        let pidFile = scratch.path("pid")
        let screen = try TmuxScreen(
            "\(TmuxScreen.binary) render slow.lua -o out.txt --format plain & echo $! > pid; wait $!; echo \"EXIT:$?\"; sleep 30",
            in: scratch.url)
        // Wait for the temporary file and for the shell to have written the
        // render's pid (which may come after it), then signal the render.
        var started = false
        for _ in 0..<500 {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: scratch.url.path)) ?? []
            let pid = (try? String(contentsOfFile: pidFile, encoding: .utf8)) ?? ""
            if names.contains(where: { $0.hasPrefix(".out.txt.") }), pid.hasSuffix("\n") {
                started = true
                break
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect(started)
        let pid = try #require(
            pid_t(
                try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(
                    in: .whitespacesAndNewlines)))
        #expect(kill(pid, signal) == 0)
        let ended = try screen.waitFor { $0.contains { $0.hasPrefix("EXIT:") } }
        #expect(ended.contains("EXIT:\(128 + signal)"), "\(ended)")
        let names = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted()
        #expect(!names.contains { $0.hasPrefix(".out.txt.") }, "\(names)")
        #expect(try String(contentsOfFile: scratch.path("out.txt"), encoding: .utf8) == "old")
    }
}

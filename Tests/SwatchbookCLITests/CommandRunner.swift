import Foundation
import SwatchbookTestSupport

/// Runs the real `swatchbook` binary, as a user's shell would.
///
/// A run blocks the thread it is called on, and Swift Testing runs every
/// test on a pool of as many threads as cores: on two cores, two tests
/// that run the binary for a minute starve every other, whose time limits
/// then run out unstarted. A test that runs it many times is `async` and
/// calls `await Task.yield()` between runs, so the others take turns.
struct CommandRunner {
    struct Result {
        var status: Int32
        var stdout: [UInt8]
        var stderr: String
        var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// The project root, so tests run over the shipped `Scripts/`.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The binary built beside the test bundle.
    static let binary: URL = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !folder.path.isEmpty && folder.path != "/" {
            let candidate = folder.appendingPathComponent("swatchbook")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return root.appendingPathComponent(".build/debug/swatchbook")
    }()

    /// A plain environment: no colour hints leak in from the machine. A
    /// sanitizer's options pass through, for the binary built with it.
    static let cleanEnvironment: [String: String] = {
        var environment = [
            "PATH": "/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path, "LANG": "C.UTF-8",
        ]
        for name in ["ASAN_OPTIONS", "UBSAN_OPTIONS", "TSAN_OPTIONS", "LSAN_OPTIONS"] {
            if let value = ProcessInfo.processInfo.environment[name] { environment[name] = value }
        }
        return environment
    }()

    static func run(
        _ arguments: [String], environment: [String: String] = [:], in directory: URL = root
    ) throws -> Result {
        try spawn(arguments, environment: environment, in: directory, newSession: false)
    }

    /// Runs a shell command line, for redirections the runner does not make
    /// (`2>&-`, `>/dev/full`); `$B` in it stands for the binary.
    static func runShell(_ command: String, in directory: URL = root) throws -> Result {
        try spawn([], environment: [:], in: directory, newSession: false, shell: command)
    }

    /// Runs the binary in a session of its own, with no controlling
    /// terminal, as a cron job or a CI step would.
    static func runWithoutATerminal(_ arguments: [String], in directory: URL = root) throws -> Result {
        try spawn(arguments, environment: [:], in: directory, newSession: true)
    }

    /// Starts the binary with posix_spawn and waits for its pid alone, its
    /// output to files, never pipes: a tmux server started by a concurrent
    /// test inherits whatever is open, and Foundation's Process, whose wait
    /// watches more than the child, then waits for that server to go too.
    private static func spawn(
        _ arguments: [String], environment: [String: String], in directory: URL, newSession: Bool,
        shell: String? = nil
    ) throws -> Result {
        let scratch = ScratchFolder()
        let out = scratch.path("out")
        let err = scratch.path("err")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The test thread's blocked signals and handlers are not the
        // binary's: it starts with none blocked and every one at its default.
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        // POSIX_SPAWN_SETSID (glibc's, not imported into Swift) makes a new session.
        let setSession: Int16 = newSession ? 0x80 : 0
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK) | Int16(POSIX_SPAWN_SETSIGDEF) | setSession)
        // sh changes to the folder, then becomes the binary (or runs the line).
        let argv =
            shell.map {
                ["sh", "-c", #"cd "$1" && B="$2" && eval "$3""#, "sh", directory.path, binary.path, $0]
            }
            ?? ["sh", "-c", #"cd "$1" && shift && exec "$@""#, "sh", directory.path, binary.path] + arguments
        let variables = cleanEnvironment.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }
        var cArguments = argv.map { strdup($0) } + [nil]
        var cEnvironment = variables.map { strdup($0) } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, &cArguments, &cEnvironment)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WEXITSTATUS, or 128 + the signal as a shell reports it (Swift imports neither macro).
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Result(
            status: exitStatus, stdout: [UInt8](try Data(contentsOf: URL(fileURLWithPath: out))),
            stderr: String(decoding: try Data(contentsOf: URL(fileURLWithPath: err)), as: UTF8.self))
    }
}

/// The shared scratch folder, named once for every file of this target.
typealias ScratchFolder = SwatchbookTestSupport.ScratchFolder

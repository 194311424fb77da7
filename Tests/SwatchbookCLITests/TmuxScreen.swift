import Foundation
import Testing

/// A real terminal for the interactive commands: a private tmux server
/// running one command in a window of a given size, typed into with
/// send-keys and read back with capture-pane.
final class TmuxScreen {
    let width: Int
    let height: Int
    let scratch = ScratchFolder()
    /// The server's socket, in the scratch folder: gone with it, where a
    /// named one (`-L`) stayed in /tmp/tmux-UID after every run.
    var socket: String { scratch.path("tmux.socket") }

    /// Starts `command` (run by sh in `directory`) in a detached session.
    init(_ command: String, width: Int = 80, height: Int = 24, in directory: URL = CommandRunner.root) throws
    {
        try Requirement.need("/usr/bin/tmux", from: "the Debian package tmux")
        self.width = width
        self.height = height
        // Whatever a test leaves running is ended after 45 seconds (the whole
        // process group of the pane), so no server or browse outlives it.
        let script = scratch.write(
            "run.sh",
            "(sleep 45; kill -TERM 0) >/dev/null 2>&1 &\ncd '\(directory.path)' || exit 1\n\(command)\n")
        try tmux(["new-session", "-d", "-s", "main", "-x", "\(width)", "-y", "\(height)", "sh \(script)"])
    }

    deinit {
        _ = try? tmux(["kill-server"])
    }

    /// The binary under test, quoted for sh.
    static var binary: String { "'\(CommandRunner.binary.path)'" }

    /// Runs tmux with posix_spawn and waitpid: Foundation's Process can
    /// wait for ever on a client whose server daemon inherited its files.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let output = scratch.url.appendingPathComponent("tmux-\(UUID().uuidString).out")
        defer { try? FileManager.default.removeItem(at: output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // The test thread's blocked signals and handlers would pass to the
        // server and every program in its panes: they start with none.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK) | Int16(POSIX_SPAWN_SETSIGDEF))
        let argv = ["tmux", "-S", socket, "-f", "/dev/null"] + arguments
        let environment = CommandRunner.cleanEnvironment.merging(["TERM": "xterm-256color"]) { $1 }
            .map { "\($0.key)=\($0.value)" }
        var cArguments = argv.map { strdup($0) } + [nil]
        var cEnvironment = environment.map { strdup($0) } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, "tmux", &actions, &attributes, &cArguments, &cEnvironment)
        guard spawned == 0 else {
            throw TmuxError(message: "cannot run tmux: \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = String(decoding: (try? Data(contentsOf: output)) ?? Data(), as: UTF8.self)
        guard status == 0 else {
            throw TmuxError(message: "tmux \(arguments.joined(separator: " ")) failed: \(text)")
        }
        return text
    }

    struct TmuxError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// Named keys as tmux spells them (`Enter`, `Escape`, `Down`, `C-c`).
    func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "main"] + keys)
    }

    /// Literal text, byte for byte (escape sequences too).
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", "main", "-l", text])
    }

    /// `text` pasted as a terminal pastes it, bracketed when the program
    /// asked for bracketed pastes.
    func paste(_ text: String) throws {
        try tmux(["set-buffer", "-b", "paste", text])
        try tmux(["paste-buffer", "-p", "-d", "-b", "paste", "-t", "main"])
    }

    /// The visible screen as text lines (trailing blanks trimmed).
    func screen() throws -> [String] {
        let text = try tmux(["capture-pane", "-p", "-t", "main"])
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    /// The visible screen with its colours and attributes, as tmux writes
    /// them (SGR sequences), for telling apart screens that read the same.
    func styledScreen() throws -> String {
        try tmux(["capture-pane", "-p", "-e", "-t", "main"])
    }

    /// Waits until the screen satisfies `condition`, up to `seconds`.
    @discardableResult
    func waitFor(seconds: Double = 10, _ condition: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        var last: [String] = []
        while Date() < deadline {
            last = try screen()
            if condition(last) { return last }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw TmuxError(message: "timed out; the screen was:\n" + last.joined(separator: "\n"))
    }

    /// Waits until the screen has stopped changing for a moment.
    @discardableResult
    func settle() throws -> [String] {
        var previous = try screen()
        for _ in 0..<100 {
            Thread.sleep(forTimeInterval: 0.08)
            let now = try screen()
            if now == previous { return now }
            previous = now
        }
        return previous
    }

    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "main", "-x", "\(width)", "-y", "\(height)"])
    }
}

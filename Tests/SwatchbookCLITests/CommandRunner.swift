import Foundation

/// Runs the real `swatchbook` binary, as a user's shell would.
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

    /// A plain environment: no colour hints leak in from the machine.
    static let cleanEnvironment: [String: String] = [
        "PATH": "/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path, "LANG": "C.UTF-8",
    ]

    static func run(
        _ arguments: [String], environment: [String: String] = [:], in directory: URL = root
    ) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = cleanEnvironment.merging(environment) { $1 }
        // Both to files, never pipes: a tmux server started by a concurrent
        // test inherits whatever is open, and a pipe it holds would never
        // reach end-of-file.
        let stamp = UUID().uuidString
        let outURL = FileManager.default.temporaryDirectory.appendingPathComponent(
            "swatchbook-stdout-\(stamp)")
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent(
            "swatchbook-stderr-\(stamp)")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        let stdout = try Data(contentsOf: outURL)
        let stderr = try Data(contentsOf: errURL)
        return Result(
            status: process.terminationStatus, stdout: [UInt8](stdout),
            stderr: String(decoding: stderr, as: UTF8.self))
    }
}

extension CommandRunner {
    /// Runs the binary in a session of its own (`setsid`), with no
    /// controlling terminal, as a cron job or a CI step would.
    static func runWithoutATerminal(_ arguments: [String], in directory: URL = root) throws -> Result {
        let scratch = ScratchFolder()
        let out = URL(fileURLWithPath: scratch.path("out"))
        let err = URL(fileURLWithPath: scratch.path("err"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
        process.arguments = ["--wait", binary.path] + arguments
        process.currentDirectoryURL = directory
        process.environment = cleanEnvironment
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: [UInt8](try Data(contentsOf: out)),
            stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }
}

/// A scratch folder for files a test writes.
final class ScratchFolder {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "swatchbook-cli-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    @discardableResult
    func write(_ name: String, _ text: String) -> String {
        let file = url.appendingPathComponent(name)
        try! FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

import Foundation
import SwatchbookCore

/// `-` as a palette file: standard input, read once to its end into a file
/// of its own, so the readers see it as they see any file (its head for
/// content detection, its bytes however often they ask). The file is named
/// `stdin`, in a fresh temporary folder, and removed when the process ends.
enum StandardInput {
    /// What messages call the input.
    static let displayName = "<stdin>"
    nonisolated(unsafe) private static var saved: URL?

    /// The file holding standard input, read on the first call.
    static func file() throws(Diagnostic) -> URL {
        if let saved { return saved }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "swatchbook-stdin-\(getpid())-\(UUID().uuidString.prefix(8).lowercased())")
        let url = folder.appendingPathComponent("stdin")
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw Diagnostic(
                    .inputMissing, file: displayName, "cannot be read: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            bytes += buffer[..<count]
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        } catch {
            throw Diagnostic(
                .output, file: displayName,
                "cannot be kept in a temporary file: \(error.localizedDescription)")
        }
        saved = url
        atexit { StandardInput.remove() }
        return url
    }

    private static func remove() {
        guard let saved else { return }
        try? FileManager.default.removeItem(at: saved.deletingLastPathComponent())
    }
}

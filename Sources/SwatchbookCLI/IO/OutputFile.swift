import Foundation
import SwatchbookCore

/// Writes output so that a reader never sees half of it: `-o FILE` goes to
/// a temporary file beside FILE and is renamed over it only when complete.
enum OutputFile {
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(Diagnostic) {
        let target = URL(fileURLWithPath: path)
        let folder = target.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(
            ".\(target.lastPathComponent).\(getpid()).tmp")
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw Diagnostic(.output, file: path, "is a folder, cannot write output there")
        }
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw Diagnostic(.output, file: path, "cannot write: \(String(cString: strerror(errno)))")
        }
        do throws(Diagnostic) {
            try writeAll(bytes, to: descriptor, name: path)
            guard fsync(descriptor) == 0 || errno == EINVAL else {
                throw Diagnostic(.output, file: path, "cannot write: \(String(cString: strerror(errno)))")
            }
            close(descriptor)
            guard rename(temporary.path, target.path) == 0 else {
                throw Diagnostic(.output, file: path, "cannot write: \(String(cString: strerror(errno)))")
            }
        } catch {
            close(descriptor)
            unlink(temporary.path)
            throw error
        }
    }

    /// Writes every byte, retrying short writes and interruptions.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32, name: String) throws(Diagnostic) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                write(descriptor, raw.baseAddress! + offset, raw.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw Diagnostic(.output, file: name, "cannot write: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }
}

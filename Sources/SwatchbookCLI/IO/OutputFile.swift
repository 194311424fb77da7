import Foundation
import SwatchbookCore
import SwatchbookRender

/// Writes output so that a reader never sees half of it: `-o FILE` goes to
/// a temporary file beside FILE and is renamed over it only when complete.
enum OutputFile {
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(Diagnostic) {
        try AtomicOutput(path: path).commit(bytes)
    }

    /// Writes every byte, retrying short writes and interruptions.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32, name: String) throws(Diagnostic) {
        var failure: Diagnostic?
        bytes.withUnsafeBytes { bytes in
            do throws(Diagnostic) {
                try writeAll(bytes, to: descriptor, name: name)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
    }

    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, name: String)
        throws(Diagnostic)
    {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw failure(name)
            }
            offset += written
        }
    }

    /// The one-line error for a failed write to `name`, from `errno`.
    static func failure(_ name: String) -> Diagnostic {
        Diagnostic(.output, file: name, "cannot write: \(String(cString: strerror(errno)))")
    }
}

/// `-o FILE` as it is written: bytes go to a temporary file beside FILE as
/// they come (a long render hands them over band by band), and the file
/// replaces FILE only once complete and on disk. Until ``commit(_:)``
/// FILE is untouched; ``discard()`` removes the temporary file.
///
/// One thread at a time uses it: the render's drawing worker, then the
/// command once the render is done.
final class AtomicOutput: OutputSpill, @unchecked Sendable {
    let path: String
    private let temporary: String
    private var descriptor: Int32 = -1
    /// The first failure, reported by ``commit(_:)``.
    private var failure: Diagnostic?
    private var written = 0

    init(path: String) {
        self.path = path
        let target = URL(fileURLWithPath: path)
        temporary =
            target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).\(getpid()).tmp").path
    }

    func append(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, !bytes.isEmpty else { return }
        do throws(Diagnostic) {
            try openIfNeeded()
            try OutputFile.writeAll(bytes, to: descriptor, name: path)
            // Start writing these bytes back now, so that the fsync of
            // commit has only the last of them to wait for.
            _ = posix_fadvise(descriptor, off_t(written), off_t(bytes.count), Int32(POSIX_FADV_DONTNEED))
            written += bytes.count
        } catch {
            failure = error
        }
    }

    func restart() {
        guard failure == nil, descriptor >= 0 else { return }
        if ftruncate(descriptor, 0) != 0 || lseek(descriptor, 0, SEEK_SET) != 0 {
            failure = OutputFile.failure(path)
        }
        written = 0
    }

    /// Writes `rest`, then puts the file in place of FILE; on any failure
    /// the temporary file is removed and FILE is left as it was.
    func commit(_ rest: [UInt8]) throws(Diagnostic) {
        rest.withUnsafeBytes { append($0) }
        do throws(Diagnostic) {
            if let failure { throw failure }
            // Nothing to write still makes the file.
            try openIfNeeded()
            guard fsync(descriptor) == 0 || errno == EINVAL else { throw OutputFile.failure(path) }
            close(descriptor)
            descriptor = -1
            guard rename(temporary, path) == 0 else {
                unlink(temporary)
                throw OutputFile.failure(path)
            }
        } catch {
            discard()
            throw error
        }
    }

    /// Removes the temporary file, if there is one.
    func discard() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        unlink(temporary)
    }

    private func openIfNeeded() throws(Diagnostic) {
        guard descriptor < 0 else { return }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw Diagnostic(.output, file: path, "is a folder, cannot write output there")
        }
        descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OutputFile.failure(path) }
    }
}

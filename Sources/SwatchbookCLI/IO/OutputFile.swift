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

/// Standard output as a long render's bands are finished, so that a long
/// document goes out as it is drawn and is never held whole in memory.
///
/// Bytes on a pipe cannot be taken back, so this serves only renders that
/// never start over: an eager catalogue's (``CatalogueRenderer`` starts a
/// render over only when a lazy source's band cannot be replayed). Were one
/// to start over after bytes went out, the render fails (70) rather than
/// write the start twice.
final class StreamedOutput: OutputSpill, @unchecked Sendable {
    private var failure: Diagnostic?
    private var written = 0

    func append(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, !bytes.isEmpty else { return }
        do throws(Diagnostic) {
            try OutputFile.writeAll(bytes, to: STDOUT_FILENO, name: "stdout")
            written += bytes.count
        } catch {
            failure = error
        }
    }

    func restart() {
        guard written > 0, failure == nil else { return }
        failure = Diagnostic(
            .internal, file: "stdout", "the render started over after its first bytes were written")
    }

    /// Writes the rest of the render, and reports the first failure.
    func finish(_ rest: [UInt8]) throws(Diagnostic) {
        if let failure { throw failure }
        try OutputFile.writeAll(rest, to: STDOUT_FILENO, name: "stdout")
    }
}

/// `-o FILE` as it is written: bytes go to a temporary file beside FILE as
/// they come (a long render hands them over band by band), and the file
/// replaces FILE only once complete and on disk. Until ``commit(_:)``
/// FILE is untouched; ``discard()`` removes the temporary file, and so does
/// any catchable fatal signal meanwhile (``TemporaryFileCleanup``).
///
/// Only a regular file is replaced, keeping its permissions and owner; a
/// symbolic link is written through, to the file it names. A device or a
/// FIFO (`-o /dev/stdout`, `-o fifo`) cannot be replaced, and is written in
/// place, as `cat > FILE` would.
///
/// One thread at a time uses it: the render's drawing worker, then the
/// command once the render is done.
final class AtomicOutput: OutputSpill, @unchecked Sendable {
    /// FILE as the user named it, for messages.
    let path: String
    /// How the bytes reach FILE.
    private enum Route {
        /// A temporary file renamed over `target` (FILE, or what its link
        /// names), given `permissions` and `owner` of the file it replaces.
        case replace(target: String, temporary: String, permissions: mode_t?, owner: (uid_t, gid_t)?)
        /// FILE itself, a device or a FIFO.
        case inPlace
        /// FILE cannot be written: a folder, or a loop of links.
        case refused(Diagnostic)
    }

    private let route: Route
    private var descriptor: Int32 = -1
    /// The first failure, reported by ``commit(_:)``.
    private var failure: Diagnostic?
    private var written = 0

    init(path: String) {
        self.path = path
        route = Self.route(for: path)
    }

    /// Where the bytes for `path` go, by what is there now.
    private static func route(for path: String) -> Route {
        guard let target = resolvingLinks(path) else {
            return .refused(
                Diagnostic(.output, file: path, "is a loop of symbolic links, cannot write there"))
        }
        var status = stat()
        let exists = stat(target, &status) == 0
        let kind = status.st_mode & S_IFMT
        if exists && kind == S_IFDIR {
            return .refused(Diagnostic(.output, file: path, "is a folder, cannot write output there"))
        }
        if exists && kind != S_IFREG { return .inPlace }
        let temporary = TemporaryFileCleanup.name(for: target)
        return .replace(
            target: target, temporary: temporary, permissions: exists ? status.st_mode & 0o7777 : nil,
            owner: exists ? (status.st_uid, status.st_gid) : nil)
    }

    /// `path` with its symbolic links followed to what they name (which
    /// need not exist yet); nil for a loop.
    private static func resolvingLinks(_ path: String) -> String? {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length >= 0 else { return current }
            let link = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current =
                link.hasPrefix("/")
                ? link
                : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(link).path
        }
        return nil
    }

    func append(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, !bytes.isEmpty else { return }
        do throws(Diagnostic) {
            try openIfNeeded()
            try OutputFile.writeAll(bytes, to: descriptor, name: path)
            // Start writing these bytes back now, so that the fsync of
            // commit has only the last of them to wait for.
            if case .replace = route {
                _ = posix_fadvise(descriptor, off_t(written), off_t(bytes.count), Int32(POSIX_FADV_DONTNEED))
            }
            written += bytes.count
        } catch {
            failure = error
        }
    }

    func restart() {
        guard failure == nil, descriptor >= 0 else { return }
        guard case .replace = route else {
            // What went to a device or a FIFO cannot be taken back.
            failure = Diagnostic(.output, file: path, "cannot write the render again into a device or a FIFO")
            return
        }
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
            guard case .replace(let target, let temporary, let permissions, let owner) = route else {
                close(descriptor)
                descriptor = -1
                return
            }
            if let permissions { fchmod(descriptor, permissions) }
            if let (uid, gid) = owner { _ = fchown(descriptor, uid, gid) }
            guard fsync(descriptor) == 0 || errno == EINVAL else { throw OutputFile.failure(path) }
            close(descriptor)
            descriptor = -1
            guard rename(temporary, target) == 0 else {
                let failure = OutputFile.failure(path)
                unlink(temporary)
                TemporaryFileCleanup.forget()
                throw failure
            }
            TemporaryFileCleanup.forget()
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
        if case .replace(_, let temporary, _, _) = route {
            unlink(temporary)
            TemporaryFileCleanup.forget()
        }
    }

    /// Opens where the bytes go, before they come: a place that cannot be
    /// written is reported before a long render, not after it.
    func open() throws(Diagnostic) {
        try openIfNeeded()
    }

    private func openIfNeeded() throws(Diagnostic) {
        guard descriptor < 0 else { return }
        switch route {
        case .refused(let refusal):
            throw refusal
        case .inPlace:
            descriptor = Foundation.open(path, O_WRONLY | O_CLOEXEC)
        case .replace(let target, let temporary, _, _):
            TemporaryFileCleanup.removeLeftovers(of: target)
            // Removed again if a signal ends the render before the rename.
            TemporaryFileCleanup.remember(temporary)
            // A new file of its own: never through a link planted at the
            // name, never into a file someone else made.
            descriptor = Foundation.open(
                temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
            if descriptor < 0 { TemporaryFileCleanup.forget() }
        }
        guard descriptor >= 0 else { throw OutputFile.failure(path) }
    }
}

/// The one temporary file of `-o` being written, removed if a fatal
/// signal a process can catch (INT, TERM, HUP, QUIT, USR1, USR2, ALRM, PIPE)
/// ends the process before it is renamed into place; the signal is then
/// raised again, so the exit status is the signal's. The handler only
/// unlinks a path kept ready as a C string, as an async-signal-safe handler
/// must. What SIGKILL leaves, the next write to the same FILE removes.
enum TemporaryFileCleanup {
    nonisolated(unsafe) private static var path: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var installed = false
    static let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE]

    /// `.NAME.PID-RANDOM.tmp` beside `target`: hidden, and known for a
    /// leftover by its process being gone.
    static func name(for target: String) -> String {
        let url = URL(fileURLWithPath: target)
        let random = UUID().uuidString.prefix(8).lowercased()
        return url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).\(getpid())-\(random).tmp"
        ).path
    }

    /// Removes the temporary files of earlier writes to `target` whose
    /// process is gone (killed before it could clean up): regular files
    /// named `.NAME.PID.tmp` or `.NAME.PID-RANDOM.tmp`, nothing else.
    static func removeLeftovers(of target: String) {
        let url = URL(fileURLWithPath: target)
        let folder = url.deletingLastPathComponent().path
        let prefix = ".\(url.lastPathComponent)."
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            let middle = name.dropFirst(prefix.count).dropLast(4)
            let parts = middle.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count <= 2, let pid = pid_t(parts[0]), pid > 0,
                parts.count == 1 || parts[1].count == 8,
                kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            let path = folder + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            unlink(path)
        }
    }

    static func remember(_ temporary: String) {
        forget()
        path = strdup(temporary)
        guard !installed else { return }
        installed = true
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                TemporaryFileCleanup.removeNow()
                Foundation.signal(number, SIG_DFL)
                raise(number)
            }
            action.sa_flags = Int32(truncatingIfNeeded: SA_RESETHAND)
            sigaction(signal, &action, nil)
        }
    }

    /// Async-signal-safe: one unlink of a path made ready.
    static func removeNow() {
        if let path { unlink(path) }
    }

    static func forget() {
        let kept = path
        path = nil
        free(kept)
    }
}

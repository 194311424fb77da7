import Foundation
import SwatchbookCore

/// A theme pack built in a new hidden folder beside its destination, then
/// moved into place whole.
///
/// Building beside the destination keeps both on one file system, so the
/// move is a `rename`: whoever reads the destination sees the old pack or
/// the new one, never half of either, and any failure before the move
/// leaves the destination as it was. The destination may be absent, an
/// empty folder, or an existing pack (which is replaced); anything else
/// holds someone's files and is refused before anything is written.
final class StagedPack {
    /// What the destination was before the pack went in.
    enum Destination: Equatable {
        case absent, emptyFolder, pack
    }

    let destination: URL
    /// The destination as the user named it, for messages.
    let displayName: String
    /// The hidden folder being filled.
    let folder: URL
    private var installed = false
    /// The folders above the destination this import made, deepest last:
    /// taken away again if the pack never goes in.
    private var createdParents: [URL] = []

    /// Creates the hidden folder, after checking the destination can take a
    /// pack, and the folders it goes in where they are missing
    /// (`-o ~/.config/swatchbook/themes/base16` on a fresh machine).
    /// A destination that is a symlink stays one: the pack replaces what it
    /// points to, as `render -o` writes through a link.
    init(destination: URL, displayName: String) throws(Diagnostic) {
        let destination = Self.followingLinks(destination)
        self.destination = destination
        self.displayName = displayName
        _ = try Self.inspect(destination, displayName: displayName)
        let parent = destination.deletingLastPathComponent()
        folder = parent.appendingPathComponent(Self.hiddenName(destination, "import"))
        createdParents = try Self.makeFolders(parent, for: destination, displayName: displayName)
        guard mkdir(folder.path, 0o755) == 0 else {
            let failure = Diagnostic(
                .output, file: displayName, "cannot create a folder beside it: \(Self.systemError())")
            removeCreatedParents()
            throw failure
        }
    }

    /// Where `url` leads through every symlink it is (up to 40, as the
    /// kernel allows); `url` itself when it is no link.
    private static func followingLinks(_ url: URL) -> URL {
        var current = url
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current.path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK,
                let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current.path)
            else { break }
            current =
                target.hasPrefix("/")
                ? URL(fileURLWithPath: target)
                : current.deletingLastPathComponent().appendingPathComponent(target)
        }
        return current.standardizedFileURL
    }

    /// Makes `folder` and every missing folder above it; returns those it
    /// made, outermost first.
    private static func makeFolders(_ folder: URL, for destination: URL, displayName: String)
        throws(Diagnostic) -> [URL]
    {
        var missing: [URL] = []
        var next = folder
        var isDirectory: ObjCBool = false
        while !FileManager.default.fileExists(atPath: next.path, isDirectory: &isDirectory) {
            missing.insert(next, at: 0)
            let up = next.deletingLastPathComponent()
            guard up.path != next.path else { break }
            next = up
        }
        // The nearest folder that is there must be a folder, not a file.
        guard isDirectory.boolValue else {
            // Named as the user wrote it: `a/b/pack` with `a` a file is `a`.
            let below = destination.pathComponents.count - next.pathComponents.count
            let named = displayName.split(separator: "/").dropLast(below).joined(separator: "/")
            throw Diagnostic(
                .output, file: displayName, "cannot create: \(named) is not a folder; nothing written")
        }
        var made: [URL] = []
        for url in missing {
            guard mkdir(url.path, 0o755) == 0 || errno == EEXIST else {
                let failure = Diagnostic(
                    .output, file: displayName, "cannot create \(url.path): \(systemError()); nothing written"
                )
                for done in made.reversed() { rmdir(done.path) }
                throw failure
            }
            made.append(url)
        }
        return made
    }

    /// Takes away the folders this import made above the destination, if
    /// nothing else has been put in them.
    private func removeCreatedParents() {
        for url in createdParents.reversed() { rmdir(url.path) }
        createdParents = []
    }

    /// Writes one file into the hidden folder; `name` is a plain file name.
    func write(_ name: String, _ text: String) throws(Diagnostic) {
        let path = folder.appendingPathComponent(name).path
        let shownAs = displayName + "/" + name
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw Diagnostic(.output, file: shownAs, "cannot write: \(Self.systemError())")
        }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                Foundation.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            guard written >= 0 else {
                throw Diagnostic(.output, file: shownAs, "cannot write: \(Self.systemError())")
            }
            offset += written
        }
        guard fsync(descriptor) == 0 || errno == EINVAL else {
            throw Diagnostic(.output, file: shownAs, "cannot write: \(Self.systemError())")
        }
    }

    /// Moves the pack into place and returns what was there before.
    ///
    /// An empty folder is replaced by one `rename` (POSIX allows renaming
    /// over an empty directory). An old pack is renamed aside first, the new
    /// one renamed in, and only then the old one deleted; if the second
    /// rename fails the old pack is put back.
    func install() throws(Diagnostic) -> Destination {
        let before = try Self.inspect(destination, displayName: displayName)
        switch before {
        case .absent, .emptyFolder:
            guard rename(folder.path, destination.path) == 0 else { throw moveFailed() }
        case .pack:
            let aside = destination.deletingLastPathComponent().appendingPathComponent(
                Self.hiddenName(destination, "old"))
            guard rename(destination.path, aside.path) == 0 else { throw moveFailed() }
            guard rename(folder.path, destination.path) == 0 else {
                let failure = moveFailed()
                rename(aside.path, destination.path)
                throw failure
            }
            try? FileManager.default.removeItem(at: aside)
        }
        installed = true
        return before
    }

    /// Deletes the hidden folder unless it has been installed; safe to call
    /// on every path out.
    func discard() {
        guard !installed else { return }
        try? FileManager.default.removeItem(at: folder)
        removeCreatedParents()
    }

    /// Whether `url` can take a pack, and what is there now.
    static func inspect(_ url: URL, displayName: String) throws(Diagnostic) -> Destination {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return .absent }
        if isDirectory.boolValue {
            if manager.fileExists(atPath: url.appendingPathComponent("pack.lua").path) { return .pack }
            if let names = try? manager.contentsOfDirectory(atPath: url.path), names.isEmpty {
                return .emptyFolder
            }
        }
        throw Diagnostic(.output, file: displayName, "exists and is not a theme pack; nothing written")
    }

    /// `.NAME.import-PID-RANDOM.tmp`: hidden, unlikely to clash, and
    /// recognisable as left over should the process be killed mid-way.
    private static func hiddenName(_ destination: URL, _ purpose: String) -> String {
        let random = UUID().uuidString.prefix(8).lowercased()
        return ".\(destination.lastPathComponent).\(purpose)-\(getpid())-\(random).tmp"
    }

    private func moveFailed() -> Diagnostic {
        Diagnostic(.output, file: displayName, "cannot move the new pack into place: \(Self.systemError())")
    }

    private static func systemError() -> String {
        String(cString: strerror(errno))
    }
}

import CFileSystem
import Foundation
import SwatchbookCore

/// A theme pack built in a new hidden folder beside its destination, then
/// swapped into place whole.
///
/// Building beside the destination keeps both on one file system, so the
/// move is one `rename` (into an absent or empty folder) or one
/// `renameat2(RENAME_EXCHANGE)` (over a pack this command wrote before):
/// at every moment the destination names the old pack or the new one,
/// complete, and a kill at any point leaves at worst a hidden folder that
/// discovery skips and the next import removes.
///
/// Only a folder the import itself wrote is replaced: one whose
/// ``ImportRecord`` lists everything in it, each file still as written
/// (`force` accepts edited or missing files of the record, never anything
/// else). Anything else holds someone's files and is refused, exit 73,
/// before anything is written.
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
    private let force: Bool
    private var record = ImportRecord()
    private var installed = false
    /// The folders above the destination this import made, deepest last:
    /// taken away again if the pack never goes in.
    private var createdParents: [URL] = []

    /// Creates the hidden folder, after checking the destination can take a
    /// pack, and the folders it goes in where they are missing
    /// (`-o ~/.config/swatchbook/themes/base16` on a fresh machine); removes
    /// what killed imports into the same destination left behind.
    /// A destination that is a symlink stays one: the pack replaces what it
    /// points to, as `render -o` writes through a link.
    init(destination: URL, displayName: String, force: Bool = false) throws(Diagnostic) {
        let destination = Self.followingLinks(destination)
        self.destination = destination
        self.displayName = displayName
        self.force = force
        _ = try Self.inspect(destination, displayName: displayName, force: force)
        let parent = destination.deletingLastPathComponent()
        Self.removeLeftovers(of: destination)
        folder = parent.appendingPathComponent(Self.hiddenName(destination))
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

    /// Writes one file into the hidden folder and records its digest;
    /// `name` is a plain file name.
    func write(_ name: String, _ text: String) throws(Diagnostic) {
        let bytes = Array(text.utf8)
        try Self.create(folder.appendingPathComponent(name), bytes, shownAs: displayName + "/" + name)
        record.digests[name] = SHA256.hex(bytes)
    }

    /// Writes a new file, never through a link or over a file, and syncs it.
    private static func create(_ url: URL, _ bytes: [UInt8], shownAs: String) throws(Diagnostic) {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw Diagnostic(.output, file: shownAs, "cannot write: \(Self.systemError())")
        }
        defer { close(descriptor) }
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
    /// The record goes in last, so a hidden folder without one was never
    /// complete. An absent destination or an empty folder is replaced by
    /// one `rename` (POSIX allows renaming over an empty directory); an old
    /// pack is exchanged with the new one in one step, and the old one,
    /// now in the hidden folder, is then taken apart file by file from its
    /// record.
    func install() throws(Diagnostic) -> Destination {
        try Self.create(
            folder.appendingPathComponent(ImportRecord.fileName), Array(record.text.utf8),
            shownAs: displayName + "/" + ImportRecord.fileName)
        let before = try Self.inspect(destination, displayName: displayName, force: force)
        switch before {
        case .absent, .emptyFolder:
            guard rename(folder.path, destination.path) == 0 else { throw moveFailed() }
            installed = true
        case .pack:
            guard swatchbook_exchange(folder.path, destination.path) == 0 else { throw moveFailed() }
            installed = true
            Self.removePack(at: folder)
        }
        Self.syncFolder(destination.deletingLastPathComponent())
        return before
    }

    /// Deletes the hidden folder unless it has been installed; safe to call
    /// on every path out.
    func discard() {
        guard !installed else { return }
        Self.removePack(at: folder)
        removeCreatedParents()
    }

    /// Whether `url` can take a pack, and what is there now: absent, an
    /// empty folder, or a pack whose record lists everything in it. A
    /// folder holding anything else is the user's, exit 73.
    static func inspect(_ url: URL, displayName: String, force: Bool) throws(Diagnostic) -> Destination {
        var status = stat()
        guard lstat(url.path, &status) == 0 else {
            // A missing folder above is made, or reported, with the rest.
            guard errno == ENOENT || errno == ENOTDIR else {
                throw Diagnostic(
                    .cannotCreate, file: displayName, "cannot be read: \(systemError()); nothing written")
            }
            return .absent
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw Diagnostic(.cannotCreate, file: displayName, "exists and is not a folder; nothing written")
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else {
            throw Diagnostic(.cannotCreate, file: displayName, "cannot be read; nothing written")
        }
        if names.isEmpty { return .emptyFolder }
        guard let record = readRecord(in: url) else {
            if isUnrecordedImport(url, names: names) {
                guard force else {
                    throw Diagnostic(
                        .cannotCreate, file: displayName,
                        "was written by an older theme import, which kept no record of its files; nothing written (--force replaces it)"
                    )
                }
                return .pack
            }
            throw notWritten(names, displayName: displayName)
        }
        let foreign = names.filter { $0 != ImportRecord.fileName && record.digests[$0] == nil }
        guard foreign.isEmpty else { throw notWritten(foreign, displayName: displayName) }
        let changed = record.digests.keys.sorted().filter { name in
            digestOfRegularFile(url.appendingPathComponent(name)) != record.digests[name]
        }
        guard changed.isEmpty || force else {
            throw Diagnostic(
                .cannotCreate, file: displayName,
                "\(listed(changed)) changed since theme import wrote \(changed.count == 1 ? "it" : "them"); nothing written (--force replaces the pack's own files)"
            )
        }
        return .pack
    }

    private static func notWritten(_ names: [String], displayName: String) -> Diagnostic {
        let sorted = names.sorted()
        return Diagnostic(
            .cannotCreate, file: displayName,
            "holds \(listed(sorted)), which theme import did not write; nothing written (it replaces only a pack it wrote)"
        )
    }

    /// A pack an import wrote before imports kept a record: its `pack.lua`
    /// says so, and every other file in it is a theme that `pack.lua` lists.
    private static func isUnrecordedImport(_ folder: URL, names: [String]) -> Bool {
        guard let bytes = readRegularFile(folder.appendingPathComponent("pack.lua"), limit: 1 << 20) else {
            return false
        }
        let manifest = String(decoding: bytes, as: UTF8.self)
        guard manifest.hasPrefix("-- A theme pack of "),
            manifest.contains("generated by `swatchbook theme import")
        else { return false }
        return names.allSatisfy { name in
            var status = stat()
            let plain =
                lstat(folder.appendingPathComponent(name).path, &status) == 0
                && status.st_mode & S_IFMT == S_IFREG
            return plain
                && (name == "pack.lua" || (name.hasSuffix(".lua") && manifest.contains("\"\(name)\"")))
        }
    }

    /// The folder's record, when it has a well-formed one.
    private static func readRecord(in folder: URL) -> ImportRecord? {
        let url = folder.appendingPathComponent(ImportRecord.fileName)
        guard let bytes = readRegularFile(url, limit: 1 << 20) else { return nil }
        return ImportRecord(text: String(decoding: bytes, as: UTF8.self))
    }

    /// The bytes of a regular file that is no link, up to `limit`.
    private static func readRegularFile(_ url: URL, limit: Int) -> [UInt8]? {
        let descriptor = open(url.path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
            Int(status.st_size) <= limit
        else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeMutableBytes { raw in
                read(descriptor, raw.baseAddress! + offset, raw.count - offset)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            offset += count
        }
        return bytes
    }

    private static func digestOfRegularFile(_ url: URL) -> String? {
        readRegularFile(url, limit: 64 << 20).map { SHA256.hex($0) }
    }

    /// Up to three names, then how many more.
    private static func listed(_ names: [String]) -> String {
        let shown = names.prefix(3).map { Sanitizer.clean($0) }.joined(separator: ", ")
        return names.count > 3 ? shown + " and \(names.count - 3) more" : shown
    }

    /// Removes a folder an import made: the files its record lists, or, for
    /// a staging folder never finished, the plain files in it; then the
    /// folder, if that left it empty. Nothing below a subfolder or behind a
    /// link is followed.
    private static func removePack(at folder: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let recorded = readRecord(in: folder).map { Set($0.digests.keys) }
        for name in names where name != ImportRecord.fileName && (recorded?.contains(name) ?? true) {
            var status = stat()
            let path = folder.appendingPathComponent(name).path
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            unlink(path)
        }
        unlink(folder.appendingPathComponent(ImportRecord.fileName).path)
        rmdir(folder.path)
    }

    /// Takes away the hidden folders of imports into `destination` that
    /// were killed before they finished: their process is gone.
    private static func removeLeftovers(of destination: URL) {
        let parent = destination.deletingLastPathComponent()
        let prefix = ".\(destination.lastPathComponent).import-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            let middle = name.dropFirst(prefix.count).dropLast(4)
            guard let pid = middle.split(separator: "-").first.flatMap({ pid_t($0) }), pid > 0,
                kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            removePack(at: parent.appendingPathComponent(name))
        }
    }

    /// Makes a rename in `folder` durable.
    private static func syncFolder(_ folder: URL) {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// `.NAME.import-PID-RANDOM.tmp`: hidden, so no discovery loads it,
    /// unlikely to clash, and recognisable as left over (by its dead PID)
    /// should the process be killed mid-way.
    private static func hiddenName(_ destination: URL) -> String {
        let random = UUID().uuidString.prefix(8).lowercased()
        return ".\(destination.lastPathComponent).import-\(getpid())-\(random).tmp"
    }

    private func moveFailed() -> Diagnostic {
        Diagnostic(.output, file: displayName, "cannot move the new pack into place: \(Self.systemError())")
    }

    private static func systemError() -> String {
        String(cString: strerror(errno))
    }
}

import Foundation

extension ScriptFolder {
    /// The largest file `sb.read` hands to a script: room for any real data
    /// file, far below the memory cap.
    static let maximumReadBytes = 16 * 1024 * 1024

    /// Why a script's file could not be read.
    enum ReadError: Error, Equatable {
        /// Outside the folder; `resolved` is where the path leads on disk
        /// (links followed), which `--allow-read` would have to grant.
        case outside(resolved: String?)
        case missing
        case folder
        case notAFile
        case tooLarge(bytes: Int)
        case unreadable(String)

        /// One sentence naming the file as the script wrote it.
        func message(for relative: String) -> String {
            let name = "\"\(relative)\""
            switch self {
            case .outside(let resolved?):
                return
                    "\(name) is outside the plugin's folder; run with --allow-read \(resolved) to let this plugin read it"
            case .outside(nil): return "\(name) is outside the plugin's folder"
            case .missing: return "\(name) does not exist in the plugin's folder"
            case .folder: return "\(name) is a folder, not a file"
            case .notAFile: return "\(name) is not a regular file"
            case .tooLarge(let bytes):
                let mib = Double(bytes) / 1024 / 1024
                let limit = ScriptFolder.maximumReadBytes / 1024 / 1024
                return "\(name) is \(String(format: "%.1f", mib)) MiB, over the \(limit) MiB limit"
            case .unreadable(let reason): return "\(name) cannot be read: \(reason)"
            }
        }
    }

    /// The bytes of `relative` among a compiled-in plugin's `bundle` of
    /// files, as ``read(_:in:limit:)`` reads them from a folder.
    static func read(_ relative: String, in bundle: [String: [UInt8]], limit: Int = maximumReadBytes)
        throws(ReadError) -> [UInt8]
    {
        guard let path = bundled(relative) else { throw .outside(resolved: onDisk(relative, in: nil)) }
        guard let bytes = bundle[path] else {
            throw bundle.keys.contains(where: { $0.hasPrefix(path + "/") }) ? .folder : .missing
        }
        guard bytes.count <= limit else { throw .tooLarge(bytes: bytes.count) }
        return bytes
    }

    /// The bytes of `relative`, a file inside `folder` (symbolic links are
    /// followed only while they stay inside), up to `limit` bytes.
    static func read(_ relative: String, in folder: URL, limit: Int = maximumReadBytes) throws(ReadError)
        -> [UInt8]
    {
        guard let url = resolve(relative, in: folder) else {
            throw .outside(resolved: onDisk(relative, in: folder))
        }
        return try read(url, limit: limit)
    }

    /// Where `path` leads on disk, links followed: an absolute path as it
    /// is, a relative one from `folder`; nil for a relative path without a
    /// folder (a compiled-in plugin's).
    static func onDisk(_ path: String, in folder: URL?) -> String? {
        guard !path.isEmpty else { return nil }
        let url: URL
        if path.hasPrefix("/") {
            url = URL(fileURLWithPath: path)
        } else if let folder {
            url = folder.appendingPathComponent(path)
        } else {
            return nil
        }
        return url.standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// `path` when the user granted it (`--allow-read`): where it leads
    /// on disk is one of `grants`, or inside one of them. Links are
    /// followed on both sides before they are compared.
    static func granted(_ path: String, in folder: URL?, grants: [String]) -> URL? {
        guard !grants.isEmpty, let target = onDisk(path, in: folder) else { return nil }
        for grant in grants {
            guard let root = onDisk(grant, in: nil) else { continue }
            if target == root || target.hasPrefix(root.hasSuffix("/") ? root : root + "/") {
                return URL(fileURLWithPath: target)
            }
        }
        return nil
    }

    /// The bytes of the regular file at `url`, up to `limit` bytes.
    static func read(_ url: URL, limit: Int) throws(ReadError) -> [UInt8] {
        let values: URLResourceValues
        do {
            values = try url.resourceValues(forKeys: [.isRegularFileKey, .isDirectoryKey, .fileSizeKey])
        } catch {
            throw .missing
        }
        if values.isDirectory == true { throw .folder }
        // Not a FIFO or a device: reading one could block the script forever.
        guard values.isRegularFile == true else { throw .notAFile }
        if let size = values.fileSize, size > limit { throw .tooLarge(bytes: size) }
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            let data = try handle.read(upToCount: limit + 1) ?? Data()
            // The file may have grown since it was measured.
            guard data.count <= limit else { throw ReadError.tooLarge(bytes: data.count) }
            return Array(data)
        } catch let error as ReadError {
            throw error
        } catch {
            throw .unreadable(error.localizedDescription)
        }
    }
}

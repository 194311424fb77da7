import Foundation

/// Keeps file access inside a script's own folder.
enum ScriptFolder {
    /// `relative` resolved inside `folder`, or nil when it would leave it
    /// (absolute paths, `..`, or a symbolic link pointing outside).
    static func resolve(_ relative: String, in folder: URL) -> URL? {
        guard !relative.hasPrefix("/"), !relative.isEmpty else { return nil }
        let root = folder.standardizedFileURL.resolvingSymlinksInPath().path
        let target = folder.appendingPathComponent(relative).standardizedFileURL
            .resolvingSymlinksInPath().path
        guard target.hasPrefix(root.hasSuffix("/") ? root : root + "/") else { return nil }
        return URL(fileURLWithPath: target)
    }
}

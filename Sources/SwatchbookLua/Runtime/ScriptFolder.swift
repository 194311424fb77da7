import Foundation

/// Keeps file access inside a script's own folder.
enum ScriptFolder {
    /// `relative` as a path among a bundle's files (`data/../x.json` is
    /// `x.json`), or nil when it would leave the bundle's folder.
    static func bundled(_ relative: String) -> String? {
        guard !relative.hasPrefix("/"), !relative.isEmpty else { return nil }
        var parts: [Substring] = []
        for part in relative.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }

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

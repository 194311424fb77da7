/// The folder the user ran the command in, which a message names files
/// from: a plugin found on a search path (`~/.config/swatchbook/plugins`)
/// has a whole path, and on a status line or a panel the path would crowd
/// out the line number and the message that matter.
public struct WorkingFolder: Sendable, Equatable {
    /// The working folder, a whole path.
    public var path: String
    /// The user's home folder (`$HOME`), whose files are named `~/…`.
    public var home: String?

    public init(path: String, home: String?) {
        self.path = path
        self.home = home
    }

    /// `file` as the user would type it here: relative inside the working
    /// folder, `~/…` inside the home folder, else whole. A relative name
    /// is already one the user typed, and stays.
    public func name(_ file: String) -> String {
        guard file.hasPrefix("/") else { return file }
        if let inside = Self.part(of: file, under: path) { return inside }
        if let home, home != "/", let inside = Self.part(of: file, under: home) { return "~/" + inside }
        return file
    }

    /// `diagnostic` with its file named from here, and the file whose path
    /// starts its message too (an error raised in a required module, which
    /// Lua names in the message: `/…/plugins/lib.lua:3: …`).
    public func naming(_ diagnostic: Diagnostic) -> Diagnostic {
        var named = diagnostic
        named.file = diagnostic.file.map(name)
        if diagnostic.file == nil, diagnostic.message.hasPrefix("/"),
            let colon = diagnostic.message.firstIndex(of: ":")
        {
            named.message = name(String(diagnostic.message[..<colon])) + diagnostic.message[colon...]
        }
        return named
    }

    /// What of `file` follows `folder` and a slash, if it is inside it.
    private static func part(of file: String, under folder: String) -> String? {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        guard file.hasPrefix(prefix), file.count > prefix.count else { return nil }
        return String(file.dropFirst(prefix.count))
    }
}

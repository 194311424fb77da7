/// `pack.lua`: what a theme pack is and which theme files it holds.
/// Equatable so a generated manifest can be compared with what reads back.
public struct PackManifest: Sendable, Equatable {
    public var name: String
    public var version: String?
    public var author: String?
    public var license: String?
    public var themes: [String]

    public init(name: String, version: String?, author: String?, license: String?, themes: [String]) {
        self.name = name
        self.version = version
        self.author = author
        self.license = license
        self.themes = themes
    }
}

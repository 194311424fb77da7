/// What the user has done to the view, apart from what the model describes.
///
/// Keyed by model keys (an element's `id`, else its name path), never by
/// index paths, so a reload or a filter cannot hand one row's state to another.
public struct ViewState: Sendable, Equatable, Codable {
    /// Each strip's horizontal scroll, in columns.
    public var offsets: [String: Int] = [:]
    /// Each strip's last focused item key.
    public var lastFocused: [String: String] = [:]
    public var expanded: Set<String> = []
    public var selected: Set<String> = []
    public var focus: String?

    public init() {}

    public func offset(ofRow key: String) -> Int { offsets[key] ?? 0 }
}

/// Stable keys for elements: the element's `id`, else the path of names
/// from its section down.
///
/// Keys are unambiguous whatever the names hold: an id key is `#` and the
/// escaped id; a name path is `=`-prefixed escaped names joined by `/`, with
/// `\` and `/` escaped inside names.
public enum ModelKey {
    public static func section(name: String, id: String?) -> String {
        id.map { "#" + escape($0) } ?? "=" + escape(name)
    }

    public static func child(of parent: String, name: String, id: String?) -> String {
        id.map { "#" + escape($0) } ?? parent + "/=" + escape(name)
    }

    private static func escape(_ text: String) -> String {
        guard text.contains(where: { $0 == "\\" || $0 == "/" }) else { return text }
        return text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "/", with: "\\/")
    }
}

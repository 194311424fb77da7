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
/// from its section down, joined by a separator names cannot contain after
/// sanitising.
public enum ModelKey {
    static let separator = "\u{1F}"

    public static func section(name: String, id: String?) -> String {
        id.map { "#" + $0 } ?? name
    }

    public static func child(of parent: String, name: String, id: String?) -> String {
        id.map { "#" + $0 } ?? parent + separator + name
    }
}

/// One node of a parsed YAML document, with the line it starts on.
///
/// Scalars stay text exactly as written: scheme files, read by `theme
/// import` and through `sb.yaml.decode`, hold colours such as `000000`,
/// and `base00: 000000` must not become the integer 0, which is what a
/// typed YAML loader would make of it.
public struct YAMLNode: Sendable, Equatable {
    public indirect enum Content: Sendable, Equatable {
        case scalar(String)
        case sequence([YAMLNode])
        /// Entries in file order; keys are nodes because YAML allows any
        /// node as a key, though schemes only use scalars.
        case mapping([Entry])
    }

    public struct Entry: Sendable, Equatable {
        public var key: YAMLNode
        public var value: YAMLNode
    }

    public var content: Content
    /// 1-based, as editors and diagnostics count.
    public var line: Int

    /// The text of a scalar, or nil for a collection.
    public var scalar: String? {
        if case .scalar(let text) = content { return text }
        return nil
    }

    /// The entries of a mapping, or nil for anything else.
    public var entries: [Entry]? {
        if case .mapping(let entries) = content { return entries }
        return nil
    }

    /// What the node is, for messages such as "expected a mapping, got a sequence".
    public var kindDescription: String {
        switch content {
        case .scalar: "a scalar"
        case .sequence: "a sequence"
        case .mapping: "a mapping"
        }
    }
}

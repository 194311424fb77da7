import CYAML
import SwatchbookCore

/// Assembles libyaml events into ``YAMLNode``s with an explicit stack of
/// open collections, so nesting depth costs heap, not call frames.
///
/// Aliases resolve to the node their anchor named (shared, not copied, so
/// a chain of aliases cannot blow up memory); the depth limit counts what
/// an alias brings in, so aliases cannot nest deeper than brackets can.
/// Tags are ignored: every scalar stays text. A text key given twice in
/// one mapping is an error.
struct YAMLTreeBuilder {
    /// A sequence or mapping whose end event has not come yet.
    private struct Open {
        var isMapping: Bool
        var line: Int
        var anchor: String?
        /// Children in order; for a mapping, keys and values alternate.
        var children: [YAMLNode] = []
        /// Levels below this collection so far.
        var height = 0
    }

    let file: String
    let maximumDepth: Int
    /// The finished document, once its root has closed.
    private(set) var document: YAMLNode?
    private var open: [Open] = []
    private var anchors: [String: (node: YAMLNode, height: Int)] = [:]
    private var documents = 0

    init(file: String, maximumDepth: Int) {
        self.file = file
        self.maximumDepth = maximumDepth
    }

    /// Takes one event; true when the stream has ended.
    mutating func add(_ event: yaml_event_t) throws(Diagnostic) -> Bool {
        let line = Int(event.start_mark.line) + 1
        switch event.type {
        case YAML_STREAM_END_EVENT:
            return true
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            guard documents == 1 else {
                throw Diagnostic(
                    .data, file: file, line: line, "expected one YAML document, found a second one here")
            }
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = Self.text(scalar.value, count: scalar.length)
            try close(
                YAMLNode(content: .scalar(text), line: line), height: 0, anchor: Self.name(scalar.anchor))
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            let anchor =
                isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
            try checkDepth(open.count + 1, line: line)
            open.append(Open(isMapping: isMapping, line: line, anchor: Self.name(anchor)))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let finished = open.popLast() else { break }
            let content: YAMLNode.Content
            if finished.isMapping {
                let pairs = stride(from: 0, to: finished.children.count - 1, by: 2).map {
                    YAMLNode.Entry(key: finished.children[$0], value: finished.children[$0 + 1])
                }
                try checkUnique(pairs)
                content = .mapping(pairs)
            } else {
                content = .sequence(finished.children)
            }
            try close(
                YAMLNode(content: content, line: finished.line), height: finished.height + 1,
                anchor: finished.anchor)
        case YAML_ALIAS_EVENT:
            let name = Self.name(event.data.alias.anchor) ?? ""
            guard var target = anchors[name] else {
                throw Diagnostic(.data, file: file, line: line, "invalid YAML: unknown alias *\(name)")
            }
            target.node.line = line
            try close(target.node, height: target.height, anchor: nil)
        default:
            break
        }
        return false
    }

    /// A complete node: the child of the innermost open collection, or the document.
    private mutating func close(_ node: YAMLNode, height: Int, anchor: String?) throws(Diagnostic) {
        try checkDepth(open.count + height, line: node.line)
        if let anchor { anchors[anchor] = (node, height) }
        if open.isEmpty {
            document = node
        } else {
            open[open.count - 1].children.append(node)
            open[open.count - 1].height = max(open[open.count - 1].height, height)
        }
    }

    /// YAML's keys are unique, though libyaml does not check: loaders that
    /// take the first and loaders that take the last would read the file
    /// differently, so a text key given twice is an error.
    private func checkUnique(_ entries: [YAMLNode.Entry]) throws(Diagnostic) {
        var lines: [String: Int] = [:]
        for entry in entries {
            guard let key = entry.key.scalar else { continue }
            if let first = lines[key] {
                throw Diagnostic(
                    .data, file: file, line: entry.key.line,
                    "\(Sanitizer.clean(key)): given twice (first on line \(first))")
            }
            lines[key] = entry.key.line
        }
    }

    private func checkDepth(_ depth: Int, line: Int) throws(Diagnostic) {
        guard depth <= maximumDepth else {
            throw Diagnostic(.data, file: file, line: line, "YAML nested deeper than \(maximumDepth) levels")
        }
    }

    private static func text(_ bytes: UnsafeMutablePointer<yaml_char_t>?, count: Int) -> String {
        guard let bytes else { return "" }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    private static func name(_ anchor: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        anchor.map { String(cString: $0) }
    }
}

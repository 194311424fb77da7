import CYAML
import SwatchbookCore

/// Reads YAML text into a ``YAMLNode`` tree with libyaml's event API.
///
/// Events rather than libyaml's document API because each event carries its
/// start line and is freed on its own, so every path frees everything with
/// one `defer`, and the tree is built without recursion. Scheme files come
/// from anywhere: a syntax error becomes one line naming the file and line,
/// in libyaml's words.
public enum YAMLReader {
    /// Far deeper than any scheme (they nest two levels); the limit keeps a
    /// hostile file from building a tree whose release would exhaust the stack.
    static let maximumDepth = 64

    /// The file's one document, or nil when it holds none (empty, or only comments).
    public static func read(_ bytes: [UInt8], file: String) throws(Diagnostic) -> YAMLNode? {
        guard !bytes.isEmpty else { return nil }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw Diagnostic(.internal, file: file, "cannot start the YAML parser (out of memory?)")
        }
        defer { yaml_parser_delete(&parser) }
        return try bytes.withUnsafeBufferPointer { (buffer) throws(Diagnostic) -> YAMLNode? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var builder = YAMLTreeBuilder(file: file, maximumDepth: maximumDepth)
            while true {
                var event = yaml_event_t()
                defer { yaml_event_delete(&event) }
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    throw syntaxError(parser, bytes: buffer, file: file)
                }
                if try builder.add(event) { return builder.document }
            }
        }
    }

    /// libyaml's problem, and what it was reading, at the line it stopped.
    private static func syntaxError(_ parser: yaml_parser_t, bytes: UnsafeBufferPointer<UInt8>, file: String)
        -> Diagnostic
    {
        if parser.error == YAML_MEMORY_ERROR {
            return Diagnostic(.internal, file: file, "out of memory reading YAML")
        }
        let problem = parser.problem.map { String(cString: $0) } ?? "unreadable YAML"
        var line = Int(parser.problem_mark.line) + 1
        if parser.error == YAML_READER_ERROR {
            // Encoding errors carry a byte offset, not a mark.
            let end = min(Int(parser.problem_offset), bytes.count)
            line = bytes[..<end].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        }
        var message = "invalid YAML: " + problem
        if let context = parser.context {
            message += " (" + String(cString: context)
            let contextLine = Int(parser.context_mark.line) + 1
            if contextLine != line { message += " that started on line \(contextLine)" }
            message += ")"
        }
        return Diagnostic(.data, file: file, line: line, message)
    }
}

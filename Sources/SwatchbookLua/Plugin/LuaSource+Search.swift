import SwatchbookCore

/// A lazy source's own filter: the host cannot read it whole, so it asks
/// the source's `search(query)` for what matches.
extension LuaSource {
    /// The most paths one `search` answer may hold.
    static let searchLimit = 100_000

    /// Whether the source has a `search(query)` function.
    var hasSearch: Bool {
        let stack = runtime.stack
        let base = stack.top
        defer { stack.setTop(base) }
        stack.pushReference(reference)
        return stack.rawField(-1, "search") == .function
    }

    /// What `source.search(query)` answers: the paths of the matching
    /// items (`{s, r, i}`) and rows (`{s, r}`), 1-based; nil when the source
    /// has no `search` function. A failing call or a bad answer is an error
    /// naming the call and the place in the answer.
    func search(_ query: String) throws(Diagnostic) -> [ElementPath]? {
        let stack = runtime.stack
        let base = stack.top
        defer { stack.setTop(base) }
        stack.pushReference(reference)
        guard stack.rawField(-1, "search") == .function else { return nil }
        stack.push(query)
        stack.pushReference(contextReference)
        let call = "source.search(\"\(Sanitizer.clean(query))\")"
        try runtime.call(arguments: 2, results: 1, in: call)
        func bad(_ place: String, _ expected: String) -> Diagnostic {
            Diagnostic(
                .data, file: runtime.displayName, dataPath: call + place,
                "expected \(expected), got \(stack.describe(at: -1))")
        }
        guard stack.type(at: -1) == .table else { throw bad("", "a list of paths") }
        let count = stack.rawLength(-1)
        guard count <= Self.searchLimit else {
            throw Diagnostic(
                .data, file: runtime.displayName, dataPath: call,
                "answered \(count) paths, more than the \(Self.searchLimit) a search may")
        }
        var paths: [ElementPath] = []
        for i in 1...max(1, count) where count > 0 {
            guard stack.rawIndex(-1, i) == .table else { throw bad("[\(i)]", "a path such as {1, 2, 3}") }
            let length = stack.rawLength(-1)
            guard length == 2 || length == 3 else { throw bad("[\(i)]", "a path of 2 or 3 indices") }
            var indices: [Int] = []
            for j in 1...length {
                _ = stack.rawIndex(-1, j)
                guard let index = stack.integer(at: -1), index >= 1 else {
                    throw bad("[\(i)][\(j)]", "an index of at least 1")
                }
                indices.append(index)
                stack.pop()
            }
            stack.pop()
            paths.append(ElementPath(indices))
        }
        return paths
    }
}

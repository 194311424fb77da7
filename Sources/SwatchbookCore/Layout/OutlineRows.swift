/// A node as an outline draws it: one line, at a depth.
struct OutlineLine {
    var node: Node
    var depth: Int
    var path: ElementPath
    var key: String
    var isExpanded: Bool
}

enum OutlineRows {
    /// The lines of a tree with its expanded nodes opened: a node is open
    /// when the view state says so, else when the model starts it open.
    static func lines(
        of nodes: [Node], parentKey: String, path: ElementPath, depth: Int = 0, state: ViewState
    ) -> OutlineLines {
        var lines = OutlineLines.Builder()
        append(nodes, parentKey: parentKey, path: path, depth: depth, state: state, to: &lines)
        return lines.finish()
    }

    /// Appends the open lines of `nodes` to `lines`: one list for the whole
    /// tree, where joining each level's list to its parent's copied every
    /// line once per level above it.
    private static func append(
        _ nodes: [Node], parentKey: String, path: ElementPath, depth: Int, state: ViewState,
        to lines: inout OutlineLines.Builder
    ) {
        // By index: a node is read where it lies and copied once, into its
        // line, where binding each to a name copied it twice.
        for offset in nodes.indices {
            let key = ModelKey.child(of: parentKey, name: nodes[offset].name, id: nodes[offset].id)
            let nodePath = path.child(offset + 1)
            let open = state.isOpen(key, nodes[offset])
            lines.append(
                OutlineLine(node: nodes[offset], depth: depth, path: nodePath, key: key, isExpanded: open))
            if open {
                append(
                    nodes[offset].children, parentKey: key, path: nodePath, depth: depth + 1, state: state,
                    to: &lines)
            }
        }
    }
}

/// A tree's open lines, kept in chunks of at most ``chunkSize``: opening or
/// closing a node splices its lines into the chunk where they go and moves
/// whole chunks by reference, so a toggle costs the lines that come or go,
/// not the tree's size. (One array of a million open lines moved a hundred
/// megabytes for every toggle near its top.) Each chunk's first index is
/// kept, summed again after a splice: a few hundred additions.
struct OutlineLines: RandomAccessCollection {
    static let chunkSize = 4096

    private var chunks: [[OutlineLine]] = []
    /// `starts[k]` is the index of `chunks[k]`'s first line.
    private var starts: [Int] = []
    private(set) var count = 0
    /// Where the lines' hex codes and fields start, as the layout that made
    /// them works it out from their first lines, kept with them so that
    /// every band of a long tree does not read those lines again. Any
    /// change to the lines drops it.
    var columns: (hexX: Int, fieldsX: Int)?

    init() {}

    init(_ lines: some Sequence<OutlineLine>) {
        var builder = Builder()
        for line in lines { builder.append(line) }
        self = builder.finish()
    }

    /// Lines appended one by one into full chunks, as a tree is walked:
    /// each line is stored once, into the chunk it stays in.
    struct Builder {
        private var chunks: [[OutlineLine]] = []
        private var current: [OutlineLine] = []

        mutating func append(_ line: consuming OutlineLine) {
            current.append(line)
            if current.count == OutlineLines.chunkSize {
                chunks.append(current)
                current = []
            }
        }

        func finish() -> OutlineLines {
            var lines = OutlineLines()
            lines.chunks = current.isEmpty ? chunks : chunks + [current]
            lines.settle()
            return lines
        }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(index: Int) -> OutlineLine {
        get {
            let k = chunk(holding: index)
            return chunks[k][index - starts[k]]
        }
        set {
            let k = chunk(holding: index)
            chunks[k][index - starts[k]] = newValue
        }
    }

    /// Chunk by chunk, with no search for each line's chunk.
    func makeIterator() -> FlattenSequence<[[OutlineLine]]>.Iterator {
        chunks.joined().makeIterator()
    }

    /// Calls `body` with each line of `range` and its index, in order,
    /// chunk by chunk: a band of a long tree reads hundreds of lines, and
    /// need not search for each one's chunk.
    func forEach(in range: Range<Int>, _ body: (Int, borrowing OutlineLine) -> Void) {
        guard !range.isEmpty else { return }
        var k = chunk(holding: range.lowerBound)
        var index = range.lowerBound
        while index < range.upperBound {
            let start = starts[k]
            chunks[k].withUnsafeBufferPointer { chunk in
                let end = Swift.min(range.upperBound, start + chunk.count)
                while index < end {
                    body(index, chunk[index - start])
                    index += 1
                }
            }
            k += 1
        }
    }

    /// Puts `lines` before the line at `index` (or at the end).
    mutating func insert(contentsOf lines: OutlineLines, at index: Int) {
        guard !lines.isEmpty else { return }
        guard index < count else {
            chunks += lines.chunks
            settle()
            return
        }
        let k = chunk(holding: index)
        let split = index - starts[k]
        let head = Array(chunks[k][..<split])
        let tail = Array(chunks[k][split...])
        chunks.replaceSubrange(k...k, with: [head] + lines.chunks + [tail])
        settle()
    }

    mutating func removeSubrange(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let first = chunk(holding: range.lowerBound)
        let last = chunk(holding: range.upperBound - 1)
        let head = Array(chunks[first][..<(range.lowerBound - starts[first])])
        let tail = Array(chunks[last][(range.upperBound - starts[last])...])
        chunks.replaceSubrange(first...last, with: [head, tail])
        settle()
    }

    /// The chunk that holds line `index`.
    private func chunk(holding index: Int) -> Int {
        precondition(index >= 0 && index < count, "line \(index) of \(count)")
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= index { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Drops empty chunks, joins runs of small ones (toggles leave them
    /// behind) and sums the starts again.
    private mutating func settle() {
        columns = nil
        var settled: [[OutlineLine]] = []
        settled.reserveCapacity(chunks.count)
        for chunk in chunks where !chunk.isEmpty {
            if let last = settled.last, last.count + chunk.count <= Self.chunkSize / 2 {
                settled[settled.count - 1].append(contentsOf: chunk)
            } else {
                settled.append(chunk)
            }
        }
        chunks = settled
        starts.removeAll(keepingCapacity: true)
        count = 0
        for chunk in chunks {
            starts.append(count)
            count += chunk.count
        }
    }
}

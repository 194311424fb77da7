/// The address of an element, as 1-based indices the way Lua counts:
/// `2` is section 2, `2.1` its first row, `2.1.3` that row's third item.
public struct ElementPath: Hashable, Sendable, Comparable, CustomStringConvertible, Encodable {
    public var indices: [Int]

    public init(_ indices: [Int]) {
        self.indices = indices
    }

    /// Parses `"2.1.3"`; nil unless every part is a positive integer
    /// written in digits alone (no sign, no spaces).
    public init?(parsing text: String) {
        let parts = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        var indices: [Int] = []
        for part in parts {
            guard part.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                let value = Int(String(decoding: part, as: UTF8.self)), value >= 1
            else { return nil }
            indices.append(value)
        }
        guard !indices.isEmpty else { return nil }
        self.indices = indices
    }

    /// The path of this element's `index`-th child (1-based).
    public func child(_ index: Int) -> ElementPath {
        var indices: [Int] = []
        indices.reserveCapacity(self.indices.count + 1)
        indices.append(contentsOf: self.indices)
        indices.append(index)
        return ElementPath(indices)
    }

    public var description: String {
        indices.map(String.init).joined(separator: ".")
    }

    public static func < (lhs: ElementPath, rhs: ElementPath) -> Bool {
        lhs.indices.lexicographicallyPrecedes(rhs.indices)
    }
}

extension ElementPath {
    /// Saved as `"2.1.3"`, the way users write paths.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// How many bytes of Lua tables and strings a binary property list
/// becomes, measured from its object table before anything is decoded.
///
/// A binary plist names its objects by reference, so one object may be
/// referenced many times: forty arrays that each name the next twice fit
/// in 200 bytes and stand for 2^40 objects. Foundation's decoder, and the
/// Lua tables made from its result, copy an object at each reference, so
/// the size is counted the same way, each object's size memoised so the
/// walk itself stays linear in the file. The counts are what Lua spends at
/// the least (a table's header and slots, a string's header and bytes), so
/// a file refused here could not have fitted.
struct BinaryPropertyListExtent {
    /// Why a file could not be measured, worded for `not a property list (…)`.
    struct Malformed: Error {
        var reason: String
    }

    /// Lua's least cost of a table, a slot in it, and a string beside its bytes.
    static let tableBytes = 56
    static let slotBytes = 16
    static let stringBytes = 24

    private let bytes: [UInt8]
    private let offsetSize: Int
    private let referenceSize: Int
    private let objectCount: Int
    private let top: Int
    private let offsetTable: Int
    /// Bytes each object expands to, and the levels below it, once known;
    /// `inProgress` marks the objects on the current path.
    private var sizes: [Int?]
    private var heights: [Int]
    private var inProgress: [Bool]
    private let limit: Int
    private let maximumDepth: Int

    /// The expanded size of `bytes` (a file starting `bplist00`), or at
    /// least `limit + 1` when it is larger than `limit`.
    static func measure(_ bytes: [UInt8], limit: Int, maximumDepth: Int) throws(Malformed) -> Int {
        var extent = try BinaryPropertyListExtent(bytes, limit: limit, maximumDepth: maximumDepth)
        return try extent.size(of: extent.top, depth: 0)
    }

    private init(_ bytes: [UInt8], limit: Int, maximumDepth: Int) throws(Malformed) {
        guard bytes.count >= 8 + 32 else { throw Malformed(reason: "too short for its trailer") }
        self.bytes = bytes
        self.limit = limit
        self.maximumDepth = maximumDepth
        let trailer = bytes.count - 32
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw Malformed(reason: "its trailer gives integer sizes outside 1-8 bytes")
        }
        let count = Self.integer(bytes, at: trailer + 8, size: 8)
        let topObject = Self.integer(bytes, at: trailer + 16, size: 8)
        let table = Self.integer(bytes, at: trailer + 24, size: 8)
        guard table >= 8, table <= UInt64(trailer),
            count <= UInt64(trailer - Int(table)) / UInt64(offsetSize),
            topObject < count
        else {
            throw Malformed(reason: "its trailer points outside the file")
        }
        objectCount = Int(count)
        top = Int(topObject)
        offsetTable = Int(table)
        sizes = Array(repeating: nil, count: objectCount)
        heights = Array(repeating: 0, count: objectCount)
        inProgress = Array(repeating: false, count: objectCount)
    }

    private static func integer(_ bytes: [UInt8], at start: Int, size: Int) -> UInt64 {
        bytes[start..<start + size].reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// Where object `reference` starts.
    private func offset(of reference: Int) throws(Malformed) -> Int {
        let offset = Self.integer(bytes, at: offsetTable + reference * offsetSize, size: offsetSize)
        guard offset >= 8, offset < UInt64(offsetTable) else {
            throw Malformed(reason: "object \(reference) lies outside the object table")
        }
        return Int(offset)
    }

    /// The object's count (a string's length, a collection's entries) and
    /// where its contents start.
    private func count(at offset: Int, info: UInt8) throws(Malformed) -> (count: Int, start: Int) {
        guard info == 0xF else { return (Int(info), offset + 1) }
        guard offset + 2 <= offsetTable, bytes[offset + 1] >> 4 == 1 else {
            throw Malformed(reason: "an object's length is not an integer")
        }
        let size = 1 << Int(bytes[offset + 1] & 0xF)
        guard size <= 8, offset + 2 + size <= offsetTable else {
            throw Malformed(reason: "an object's length runs past the object table")
        }
        let count = Self.integer(bytes, at: offset + 2, size: size)
        guard count <= UInt64(bytes.count) else {
            throw Malformed(reason: "an object is longer than the file")
        }
        return (Int(count), offset + 2 + size)
    }

    /// `a + b`, or `limit + 1` past the limit, so no sum can overflow.
    private func add(_ a: Int, _ b: Int) -> Int { min(a + b, limit + 1) }

    private mutating func size(of reference: Int, depth: Int) throws(Malformed) -> Int {
        guard reference < objectCount else {
            throw Malformed(reason: "a reference names object \(reference) of \(objectCount)")
        }
        if let known = sizes[reference] {
            guard depth + heights[reference] <= maximumDepth else { throw tooDeep() }
            return known
        }
        guard depth <= maximumDepth else { throw tooDeep() }
        guard !inProgress[reference] else { throw Malformed(reason: "an object contains itself") }
        inProgress[reference] = true
        defer { inProgress[reference] = false }

        let at = try offset(of: reference)
        let kind = bytes[at] >> 4
        var total = 0
        var height = 0
        switch kind {
        case 0x4, 0x5, 0x6:
            // Data, ASCII and UTF-16 text: a string of at least `count` bytes.
            total = add(Self.stringBytes, try count(at: at, info: bytes[at] & 0xF).count)
        case 0xA, 0xC, 0xD:
            let (count, start) = try count(at: at, info: bytes[at] & 0xF)
            let references = kind == 0xD ? 2 * count : count
            guard references <= (offsetTable - start) / referenceSize else {
                throw Malformed(reason: "a collection runs past the object table")
            }
            total = add(Self.tableBytes, min(references, limit) * Self.slotBytes)
            for k in 0..<references where total <= limit {
                let child = Self.integer(bytes, at: start + k * referenceSize, size: referenceSize)
                guard child < UInt64(objectCount) else {
                    throw Malformed(reason: "a reference names object \(child) of \(objectCount)")
                }
                total = add(total, try size(of: Int(child), depth: depth + 1))
                height = max(height, heights[Int(child)] + 1)
            }
        default:
            // Numbers, dates, booleans: a value in its parent's slot.
            break
        }
        sizes[reference] = total
        heights[reference] = height
        return total
    }

    private func tooDeep() -> Malformed {
        Malformed(reason: "nested more than \(maximumDepth) levels")
    }
}

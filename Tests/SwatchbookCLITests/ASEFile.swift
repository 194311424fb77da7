/// The colour names of an Adobe Swatch Exchange file, read as the format
/// describes it: `ASEF`, a version, a block count, then blocks.
struct ASEFile {
    var names: [String] = []

    struct Malformed: Error {}

    init(_ bytes: [UInt8]) throws {
        guard bytes.count >= 12, Array(bytes[0..<4]) == Array("ASEF".utf8) else { throw Malformed() }
        func be16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func be32(_ at: Int) -> Int { be16(at) << 16 | be16(at + 2) }
        var at = 12
        for _ in 0..<be32(8) {
            guard at + 6 <= bytes.count else { throw Malformed() }
            let kind = be16(at)
            let length = be32(at + 2)
            at += 6
            guard at + length <= bytes.count else { throw Malformed() }
            if kind == 0x0001 {
                let units = be16(at)
                let name = (0..<max(0, units - 1)).map { UInt16(be16(at + 2 + 2 * $0)) }
                names.append(String(decoding: name, as: UTF16.self))
            }
            at += length
        }
    }
}

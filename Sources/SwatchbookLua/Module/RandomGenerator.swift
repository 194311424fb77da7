/// The deterministic generator behind `sb.random(seed)`: xoshiro256**
/// seeded through SplitMix64.
///
/// A plugin that draws "random" colours must draw the same ones on every
/// machine and every release, so nothing here comes from the standard
/// library, whose generators and range algorithms promise neither. The
/// type is plain data, so a Lua userdata can hold it directly.
struct RandomGenerator: Equatable, Sendable {
    let seed: Int
    private var s0: UInt64
    private var s1: UInt64
    private var s2: UInt64
    private var s3: UInt64

    init(seed: Int) {
        self.seed = seed
        var x = UInt64(bitPattern: Int64(seed))
        func splitMix() -> UInt64 {
            x &+= 0x9E37_79B9_7F4A_7C15
            var z = x
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        s0 = splitMix()
        s1 = splitMix()
        s2 = splitMix()
        s3 = splitMix()
        if s0 | s1 | s2 | s3 == 0 { s0 = 1 }  // the one state xoshiro cannot leave
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        let result = rotate(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = rotate(s3, 45)
        return result
    }

    /// A uniform integer in `lower...upper`. Draws that would favour the
    /// low end of the range (the last, partial copy of it in 2^64) are
    /// rejected and drawn again.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound))
        guard span < UInt64.max else { return Int(Int64(bitPattern: next())) }
        let count = span + 1
        let rejected = (0 &- count) % count  // 2^64 mod count
        var bits = next()
        while bits < rejected { bits = next() }
        return range.lowerBound &+ Int(Int64(bitPattern: bits % count))
    }

    /// A uniform number in [0, 1) with 53 random bits, every value a
    /// multiple of 2^-53.
    mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    private func rotate(_ x: UInt64, _ k: UInt64) -> UInt64 {
        (x << k) | (x >> (64 - k))
    }
}

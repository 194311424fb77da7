import SwatchbookCore

/// The ids of a canvas's interned styles, found by their packed bits.
///
/// A band of swatches interns a new style or two for every swatch, so this
/// is an open-addressed table on a multiplicative hash of the two words of
/// ``Style/packed``: a lookup is a multiply and a compare or two, where a
/// `Dictionary` would run a keyed hash over both words.
struct StyleTable: Sendable {
    /// Id + 1 of the style in each slot; 0 for an empty slot.
    private var slots: [UInt32]
    private var keys: [(UInt64, UInt64)] = []
    private var shift: Int

    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [UInt32](repeating: 0, count: size)
        shift = 64 - size.trailingZeroBitCount
    }

    /// Forgets every style, keeping the table's size.
    mutating func removeAll() {
        slots.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        keys.removeAll(keepingCapacity: true)
    }

    /// The id of `key`, or `make()`'s id for it after storing it.
    mutating func id(of key: (UInt64, UInt64), make: () -> UInt16) -> UInt16 {
        var slot = self.slot(for: key)
        while slots[slot] != 0 {
            let id = Int(slots[slot] - 1)
            if keys[id] == key { return UInt16(truncatingIfNeeded: id) }
            slot = (slot + 1) & (slots.count - 1)
        }
        let id = make()
        // Ids are handed out in order, so a new one indexes the end of `keys`.
        keys.append(key)
        slots[slot] = UInt32(id) + 1
        if keys.count * 2 > slots.count { grow() }
        return id
    }

    private func slot(for key: (UInt64, UInt64)) -> Int {
        let mixed = (key.0 &* 0x9E37_79B9_7F4A_7C15) ^ key.1
        return Int(truncatingIfNeeded: (mixed &* 0xBF58_476D_1CE4_E5B9) >> UInt64(shift))
    }

    private mutating func grow() {
        slots = [UInt32](repeating: 0, count: slots.count * 2)
        shift -= 1
        for (id, key) in keys.enumerated() {
            var slot = self.slot(for: key)
            while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = UInt32(id) + 1
        }
    }
}

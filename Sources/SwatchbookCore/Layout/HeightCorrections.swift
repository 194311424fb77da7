/// How a run of equal slots differs, here and there, from its estimate:
/// sparse differences kept in order with their running sums, so that where
/// slot `i` starts (`i` estimates, plus every difference before it) costs a
/// binary search however many slots there are.
///
/// Slots are set mostly in increasing order (layout walks down the
/// document), which appends; setting an earlier slot moves the sums after it.
struct HeightCorrections: Sendable {
    /// Slots whose difference is not zero, ascending.
    private var slots: [Int] = []
    /// `sums[k]` is the sum of the differences of `slots[0...k]`.
    private var sums: [Int] = []

    /// The sum of every difference.
    var total: Int { sums.last ?? 0 }

    /// The sum of the differences of the slots before `slot`.
    func before(_ slot: Int) -> Int {
        let k = position(of: slot)
        return k == 0 ? 0 : sums[k - 1]
    }

    /// The difference of `slot` (0 when it has none).
    func difference(at slot: Int) -> Int {
        let k = position(of: slot)
        guard k < slots.count, slots[k] == slot else { return 0 }
        return sums[k] - (k == 0 ? 0 : sums[k - 1])
    }

    /// Sets the difference of `slot`; returns how much ``total`` changed.
    @discardableResult
    mutating func set(_ slot: Int, to difference: Int) -> Int {
        let k = position(of: slot)
        let present = k < slots.count && slots[k] == slot
        let old = present ? sums[k] - (k == 0 ? 0 : sums[k - 1]) : 0
        let change = difference - old
        guard change != 0 else { return 0 }
        if present && difference == 0 {
            slots.remove(at: k)
            sums.remove(at: k)
            for j in k..<sums.count { sums[j] -= old }
            return change
        }
        if !present {
            slots.insert(slot, at: k)
            sums.insert((k == 0 ? 0 : sums[k - 1]) + difference, at: k)
            for j in (k + 1)..<sums.count { sums[j] += difference }
            return change
        }
        for j in k..<sums.count { sums[j] += change }
        return change
    }

    /// The number of slots with a difference that come before `slot`
    /// (where `slot` is or would be kept).
    private func position(of slot: Int) -> Int {
        guard let last = slots.last, slot <= last else { return slots.count }
        var low = 0
        var high = slots.count
        while low < high {
            let mid = (low + high) / 2
            if slots[mid] < slot { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

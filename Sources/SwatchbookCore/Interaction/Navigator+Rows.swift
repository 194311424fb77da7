extension Navigator {
    /// The row after (before) `position`, across sections; nil past the end.
    func step(_ position: (Int, Int), forward: Bool) -> (Int, Int)? {
        var (s, r) = position
        if forward {
            r += 1
            while s < source.sectionCount && r >= source.rowCount(s) {
                s += 1
                r = 0
            }
            return s < source.sectionCount ? (s, r) : nil
        }
        r -= 1
        while r < 0 {
            s -= 1
            guard s >= 0 else { return nil }
            r = source.rowCount(s) - 1
        }
        return (s, r)
    }

    /// The first focusable row at or after (before) `position`.
    func firstRow(from position: (Int, Int), forward: Bool, _ state: ViewState) -> (Int, Int)? {
        var position: (Int, Int)? = position
        if let (s, r) = position, s < source.sectionCount, r >= source.rowCount(s) {
            position = step((s, r - 1 < 0 ? 0 : r), forward: true)
        }
        var guardCount = 0
        while let (s, r) = position, s < source.sectionCount, s >= 0 {
            if r < source.rowCount(s) && isFocusable(s, r, state) { return (s, r) }
            position = step((s, r), forward: forward)
            guardCount += 1
            if guardCount > 10_000 { return nil }  // a sea of empty rows: stop looking
        }
        return nil
    }

    func lastRowPosition() -> (Int, Int)? {
        var s = source.sectionCount - 1
        while s >= 0 {
            let count = source.rowCount(s)
            if count > 0 { return (s, count - 1) }
            s -= 1
        }
        return nil
    }
}

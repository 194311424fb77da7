import SwatchbookCore

/// A lazy source's items, kept until `sb.reload()`, in runs of
/// ``ItemRun/length`` per row: a strip asks for neighbours, so a window of
/// items costs a lookup per run, and none while it stays in the run it
/// asked last.
final class ItemCache {
    private var runs: [RunKey: ItemRun] = [:]
    private var lastRun: (key: RunKey, run: ItemRun)?

    private struct RunKey: Hashable {
        var section: Int
        var row: Int
        var run: Int
    }

    /// A strip shows a few items of a run, so a run holds only as many
    /// slots as the highest one asked: runs allocated whole for every row
    /// on screen would be most of what a long render allocates.
    private final class ItemRun {
        static let length = 16
        var items: [Item?] = []

        subscript(slot: Int) -> Item? {
            slot < items.count ? items[slot] : nil
        }

        func holds(_ slot: Int) -> Bool {
            guard slot < items.count, case .some = items[slot] else { return false }
            return true
        }

        /// Keeps an item asked by itself; the run then takes room for all
        /// its slots, as neighbours are likely to be asked next.
        func keep(_ item: Item, at slot: Int) {
            Self.place(CollectionOfOne(item), at: slot, in: &items, room: Self.length)
        }

        /// Keeps a batch in the slots from `slot` on, with room made for it at once.
        func keep(contentsOf new: some Collection<Item>, at slot: Int) {
            Self.place(new, at: slot, in: &items, room: slot + new.count)
        }

        /// One access to the run's slots for the whole change: each access
        /// to a class's property is checked for exclusivity as it runs.
        private static func place(
            _ new: some Collection<Item>, at slot: Int, in items: inout [Item?], room: Int
        ) {
            if items.count < slot + new.count && items.capacity < room { items.reserveCapacity(room) }
            while items.count < slot { items.append(nil) }
            var at = slot
            for item in new {
                if at < items.count { items[at] = item } else { items.append(item) }
                at += 1
            }
        }
    }

    /// Item `index` of a row: the one kept, or what `ask` answers, which is kept.
    func item(_ section: Int, _ row: Int, _ index: Int, asking ask: () -> Item) -> Item {
        let run = self.run(section, row, index)
        let slot = index % ItemRun.length
        if let cached = run[slot] { return cached }
        let item = ask()
        run.keep(item, at: slot)
        return item
    }

    /// Items `indices` of a row: those kept, and for each stretch of a run
    /// not asked before, what `ask` answers for it, which is kept.
    func items(
        _ section: Int, _ row: Int, _ indices: Range<Int>, asking ask: (Range<Int>) -> [Item]
    ) -> [Item] {
        var items: [Item] = []
        var index = indices.lowerBound
        while index < indices.upperBound {
            let run = self.run(section, row, index)
            let first = index - index % ItemRun.length
            let runEnd = min(indices.upperBound, first + ItemRun.length)
            while index < runEnd, let cached = run[index - first] {
                items.append(cached)
                index += 1
            }
            guard index < runEnd else { continue }
            var end = index + 1
            while end < runEnd && !run.holds(end - first) { end += 1 }
            let asked = ask(index..<end)
            run.keep(contentsOf: asked, at: index - first)
            // Nothing kept before: the batch is the answer.
            if items.isEmpty && end == indices.upperBound { return asked }
            items += asked
            index = end
        }
        return items
    }

    func removeAll() {
        runs = [:]
        lastRun = nil
    }

    /// The run holding `index` of a row, made empty when new.
    private func run(_ section: Int, _ row: Int, _ index: Int) -> ItemRun {
        let key = RunKey(section: section, row: row, run: index / ItemRun.length)
        if let lastRun, lastRun.key == key { return lastRun.run }
        let run: ItemRun
        if let known = runs[key] {
            run = known
        } else {
            run = ItemRun()
            runs[key] = run
        }
        lastRun = (key, run)
        return run
    }
}

import CLua
import CLuaShim

/// The catalogue readers' fast paths, done in C: the common shapes of an
/// item and a row read without protected mode, and a table's keys checked
/// against those its shape knows.
extension LuaStack {
    /// An item as a palette file's reader writes it (see
    /// `sbl_listed_item`): its shape, 1 for `{ name, color = "…" }` alone,
    /// 2 for one with more, 0 for a value of another shape; and its fields.
    func listedItem(at index: Int32) -> (shape: Int32, fields: sbl_item_fields) {
        var fields = sbl_item_fields()
        let shape = sbl_listed_item(L, index, &fields)
        return (shape, fields)
    }

    /// The fields of a plain tree node `{ name = "…", color = "…",
    /// children = {…} }` at `index` (colour and children optional), and
    /// whether it has children.
    func plainNodeFields(at index: Int32) -> (name: sbl_field, color: sbl_field?, hasChildren: Bool)? {
        var name = sbl_field()
        var color = sbl_field()
        var children: Int32 = 0
        guard sbl_plain_node(L, index, &name, &color, &children) != 0 else { return nil }
        return (name, color.bytes == nil ? nil : color, children != 0)
    }

    /// The fields of a lazy source's `{ name = "…", count = N }` at `index`.
    func plainRowFields(at index: Int32) -> (name: sbl_field, count: sbl_field)? {
        var name = sbl_field()
        var count = sbl_field()
        guard sbl_plain_row(L, index, &name, &count) != 0 else { return nil }
        return (name, count)
    }

    /// How many keys of the table at `index` are not among `known` (a bit
    /// set of the shape's keys, as the shim numbers them).
    func unknownKeyCount(of index: Int32, known: UInt32) -> Int {
        Int(sbl_unknown_keys(L, index, known))
    }
}

extension LuaRuntime {
    /// What a run of item calls did (see ``callItems(section:row:first:count:sink:context:)``).
    struct ItemRun {
        /// The status of the call that stopped the run (LUA_OK when it
        /// stopped on an answer to read in full, or did not stop).
        var status: Int32
        /// Items the sink kept.
        var kept: Int
        var timedOut: Bool
        var outOfMemory: Bool
    }

    /// Calls the function just below the top as `f(section, row, first + k,
    /// ctx)` for k from 0 while k < count (`ctx` the value on top), each call under its own time budget, handing each
    /// plain `{ name, color }` answer to `sink` (with `context`) before the
    /// next call. The run stops after a call that fails (its message on
    /// top), or whose answer the sink refuses or is not plain (that answer
    /// on top, to read in full). Positions are 1-based, as the plugin sees
    /// them. The sink is a C function, not a closure: it runs for every
    /// item of a lazy row, where a closure's indirection showed.
    func callItems(
        section: Int, row: Int, first: Int, count: Int, sink: sbl_item_sink, context: UnsafeMutableRawPointer
    ) -> ItemRun {
        var kept: Int32 = 0
        var timedOut: Int32 = 0
        var outOfMemory: Int32 = 0
        let status = sbl_call_items(
            L, -2, -1, Int64(section), Int64(row), Int64(first),
            Int32(count), limits.timeoutMilliseconds, sink,
            context,
            &kept, &timedOut, &outOfMemory)
        return ItemRun(
            status: status, kept: Int(kept), timedOut: timedOut != 0, outOfMemory: outOfMemory != 0)
    }
}

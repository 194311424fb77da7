/// The key table as the help shows it: the `?` overlay draws the map as
/// bound; `swatchbook help keys` and the man page, the standard one.
extension KeyMap {
    /// One action of the table for the help: its names, its keys as
    /// `--bind` writes them, and what it does.
    public struct HelpRow: Sendable {
        public var names: String
        public var keys: String
        public var help: String
    }

    /// The table's rows: the actions of browse and pick, then the filter line's.
    public static var helpRows: (browsing: [HelpRow], editing: [HelpRow]) {
        let rows = actions.map { entry in
            HelpRow(
                names: ([entry.name] + entry.aliases).joined(separator: ", "),
                keys: entry.keys.map(bindName).joined(separator: " "), help: entry.help)
        }
        let editing = actions.map(\.action.editsTheLine)
        return (
            zip(rows, editing).filter { !$0.1 }.map(\.0), zip(rows, editing).filter { $0.1 }.map(\.0)
        )
    }

    /// What `--multi` binds over the standard map, as `--bind` would write it.
    public static var multiHelp: String {
        multiBindings.map { binding in
            bindName(binding.key) + ":"
                + binding.actions.compactMap { action in actions.first { $0.action == action }?.name }
                .joined(separator: "+")
        }.joined(separator: ",")
    }

    /// `swatchbook help keys`: the whole table, and the key names `--bind` takes.
    public static var reference: String {
        /// `text` padded to `width`, or followed by one space when longer.
        func column(_ text: String, _ width: Int) -> String {
            text.padding(toLength: max(width, text.count + 1), withPad: " ", startingAt: 0)
        }
        func table(_ rows: [HelpRow]) -> [String] {
            rows.map { column($0.names, 22) + column($0.keys, 18) + $0.help }
        }
        let rows = helpRows
        return
            ([
                "Keys of browse and pick: --bind KEY:ACTION[+ACTION…][,…] rebinds them (ACTION",
                "ignore unbinds), --keys plays them (<Enter>, <C-a>, <A-b>, <Del>, <F1>).", "",
                column("ACTION", 22) + column("KEYS", 18) + "WHAT IT DOES",
            ] + table(rows.browsing) + [
                "", "While a filter is typed (after /), these keys edit it; a character types",
                "itself, and other keys (up, down, tab) do what they do outside it:",
            ] + table(rows.editing) + [
                "", "pick --multi binds \(multiHelp).", "",
                "KEY names: " + keyNamesSummary + ".",
            ]).joined(separator: "\n") + "\n"
    }

    /// The `?` overlay's lines: each action with the keys bound to it now
    /// (as `--keys` writes them), the chains, then the filter line's keys.
    public var helpLines: [String] {
        func line(_ keys: [Key], _ help: String) -> String {
            let column = keys.prefix(6).map(\.label).joined(separator: " ") + (keys.count > 6 ? " …" : "")
            return column.padding(toLength: max(column.count, 18), withPad: " ", startingAt: 0) + " " + help
        }
        let single = Self.actions.filter { !$0.action.editsTheLine }.compactMap { entry in
            let keys = bindings.filter { $0.actions == [entry.action] }.map(\.key)
            return keys.isEmpty ? nil : line(keys, entry.help)
        }
        let chains = bindings.filter { $0.actions.count > 1 }.map { binding in
            line(
                [binding.key],
                binding.actions.compactMap { action in Self.actions.first { $0.action == action }?.name }
                    .joined(separator: "+"))
        }
        let editingKeys = Self.editing.compactMap { entry in
            bindings.last { $0.actions == [entry.action] }?.key
        }
        return single + chains + [line(editingKeys, "edit the filter being typed (swatchbook help keys)")]
    }
}

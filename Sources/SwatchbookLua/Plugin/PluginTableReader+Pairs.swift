import SwatchbookCore

/// A foreground on a background the palette is used in, as declared: the
/// names are resolved against the catalogue only once it is read.
public struct DeclaredPair: Sendable, Equatable {
    /// An item's id or path (`1.2.3`).
    public var fg: String
    public var bg: String
    /// The ratio this pair must reach, over `--min`.
    public var min: Double?
}

extension PluginTableReader {
    /// `pairs = { { fg = "ink", bg = "1.1.2", min = 4.5 }, … }`; each
    /// problem names its data path (`pairs[2].fg`).
    func pairs(_ table: Int32) throws(Diagnostic) -> [DeclaredPair] {
        let type = stack.rawField(table, "pairs")
        defer { stack.pop() }
        guard type != .nil else { return [] }
        let list = stack.absolute(-1)
        guard type == .table else {
            throw error(
                "pairs", "expected a list of { fg = …, bg = … } tables, got \(stack.describe(at: list))")
        }
        var pairs: [DeclaredPair] = []
        for index in 0..<stack.rawLength(list) {
            let path = "pairs[\(index + 1)]"
            guard stack.rawIndex(list, index + 1) == .table else {
                defer { stack.pop() }
                throw error(path, "expected a { fg = …, bg = … } table, got \(stack.describe(at: -1))")
            }
            defer { stack.pop() }
            let entry = stack.absolute(-1)
            for key in stack.stringKeys(of: entry) where !LuaSchema.pair.keys.contains(key) {
                throw error("\(path).\(key)", "unknown key; a pair has fg, bg and min")
            }
            guard let fg = string(entry, "fg"), field(entry, "fg") == .string else {
                throw error("\(path).fg", "expected an item's id or path, got \(describe(entry, "fg"))")
            }
            guard let bg = string(entry, "bg"), field(entry, "bg") == .string else {
                throw error("\(path).bg", "expected an item's id or path, got \(describe(entry, "bg"))")
            }
            var minimum: Double?
            if field(entry, "min") != .nil {
                stack.rawField(entry, "min")
                let value = stack.number(at: -1)
                stack.pop()
                guard let value, value >= 1, value <= 21 else {
                    throw error("\(path).min", "expected a ratio from 1 to 21, got \(describe(entry, "min"))")
                }
                minimum = value
            }
            pairs.append(DeclaredPair(fg: Sanitizer.clean(fg), bg: Sanitizer.clean(bg), min: minimum))
        }
        return pairs
    }
}

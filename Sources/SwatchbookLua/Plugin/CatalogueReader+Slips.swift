import CLua
import CLuaShim
import SwatchbookCore

extension CatalogueReader {
    /// The tables of the model, with the keys each may have (``LuaSchema``).
    enum Shape: Int, CaseIterable {
        case section, sectionSummary, row, lazyRow, item, node

        /// The schema's declaration of the table.
        var schema: LuaSchema.Table {
            switch self {
            case .section: LuaSchema.section
            case .sectionSummary: LuaSchema.sectionSummary
            case .row: LuaSchema.row
            case .lazyRow: LuaSchema.sourceRow
            case .item: LuaSchema.item
            case .node: LuaSchema.node
            }
        }

        /// The keys as bits of the C reader's key set, which counts the keys
        /// a table has beyond them in one pass (``LuaStack/unknownKeyCount(of:known:)``).
        var known: UInt32 { Self.knownBits[rawValue] }

        /// The keys in declaration order, for a "did you mean".
        var keys: [String] { Self.keyLists[rawValue] }

        private static let knownBits = allCases.map { bits(of: $0.schema.keyList) }
        private static let keyLists = allCases.map(\.schema.keyList)

        /// What a palette file says of an item's or node's colour (``Authored``).
        static let authored = bits(of: LuaSchema.authored.map(\.name))

        /// The C reader's bit for each key it knows (CLuaShim's `SBL_KEY_`).
        static let keyBits: [String: UInt32] = [
            "name": UInt32(SBL_KEY_NAME), "color": UInt32(SBL_KEY_COLOR), "count": UInt32(SBL_KEY_COUNT),
            "id": UInt32(SBL_KEY_ID), "fields": UInt32(SBL_KEY_FIELDS), "data": UInt32(SBL_KEY_DATA),
            "items": UInt32(SBL_KEY_ITEMS), "children": UInt32(SBL_KEY_CHILDREN),
            "rows": UInt32(SBL_KEY_ROWS),
            "selected": UInt32(SBL_KEY_SELECTED), "expanded": UInt32(SBL_KEY_EXPANDED),
            "description": UInt32(SBL_KEY_DESCRIPTION), "ref": UInt32(SBL_KEY_REF),
            "key": UInt32(SBL_KEY_KEY),
            "swatch": UInt32(SBL_KEY_SWATCH), "extensions": UInt32(SBL_KEY_EXTENSIONS),
            "scope": UInt32(SBL_KEY_SCOPE),
        ]

        /// The bits of `keys`. A key without a bit is left out: tables with
        /// it are then read by the slower path, which still accepts it.
        static func bits(of keys: [String]) -> UInt32 {
            keys.reduce(0) { $0 | (keyBits[$1] ?? 0) }
        }

        var noun: String {
            switch self {
            case .section, .sectionSummary: "section"
            case .row, .lazyRow: "row"
            case .item: "item"
            case .node: "node"
            }
        }
    }

    /// Runs `read`; when collecting, a failure is kept and nil returned so
    /// the element is skipped, until there are too many to be worth
    /// reading on. Otherwise the failure ends the read.
    func attempt<T>(_ read: () throws(Failure) -> T) throws(Failure) -> T? {
        do {
            return try read()
        } catch {
            guard collectsProblems else { throw error }
            if !problems.contains(error) { problems.append(error) }
            if problems.count >= Self.maximumProblems { throw error }
            return nil
        }
    }

    /// Notes each key of the table at `index` that its shape does not have,
    /// with the key it was probably meant to be. The keys are counted in C
    /// first, so a table without a slip costs one pass and no strings.
    func checkKeys(of index: Int32, shape: Shape, path: String) {
        guard stack.unknownKeyCount(of: index, known: shape.known) > 0 else { return }
        stack.pushNil()
        while stack.next(index) {
            defer { stack.pop() }
            let message: String
            let kind: String
            var suggestion: Suggestion?
            if let key = stack.string(at: -2) {
                guard !shape.keys.contains(key) else { continue }
                kind = "key \(key)"
                message = "unknown key \(JSONValue.quoted(key))"
                suggestion = Suggestion(for: key, among: shape.keys)
            } else {
                kind = "key of type \(stack.typeName(at: -2))"
                message =
                    "unexpected key \(stack.describe(at: -2)): a table here has named keys only ("
                    + shape.keys.joined(separator: ", ") + ")"
            }
            warnings.add(
                "\(shape.noun) \(kind)", message, suggestion: suggestion, at: prefix() + path,
                noun: shape.noun)
        }
    }

    /// " (there is \"colour\": did you mean \"color\"?)" when the table at
    /// `index` has a key that looks like the missing `key`; else nothing.
    func nearMiss(of key: String, in index: Int32) -> String {
        let others = stack.stringKeys(of: index).filter { $0 != key }
        guard let slip = others.first(where: { Suggestion.closest(to: $0, in: [key]) != nil }) else {
            return ""
        }
        return " (there is \(JSONValue.quoted(slip)): did you mean \"\(key)\"?)"
    }
}

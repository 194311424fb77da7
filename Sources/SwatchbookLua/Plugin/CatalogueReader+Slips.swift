import CLua
import CLuaShim
import SwatchbookCore

extension CatalogueReader {
    /// The tables of the model, with the keys each may have.
    enum Shape {
        case section, row, lazyRow, item, node

        var known: UInt32 {
            let common = UInt32(SBL_KEY_NAME | SBL_KEY_ID)
            switch self {
            case .section: return common | UInt32(SBL_KEY_ROWS)
            case .row: return common | UInt32(SBL_KEY_ITEMS | SBL_KEY_FIELDS | SBL_KEY_CHILDREN)
            case .lazyRow: return Shape.row.known | UInt32(SBL_KEY_COUNT)
            case .item: return common | Self.authored | UInt32(SBL_KEY_COLOR | SBL_KEY_FIELDS | SBL_KEY_DATA)
            case .node:
                return common | Self.authored
                    | UInt32(
                        SBL_KEY_COLOR | SBL_KEY_SELECTED | SBL_KEY_EXPANDED | SBL_KEY_CHILDREN | SBL_KEY_ITEMS
                            | SBL_KEY_FIELDS)
            }
        }

        /// What a palette file says of an item's or node's colour (``Authored``).
        static let authored = UInt32(
            SBL_KEY_DESCRIPTION | SBL_KEY_REF | SBL_KEY_KEY | SBL_KEY_SWATCH | SBL_KEY_EXTENSIONS
                | SBL_KEY_SCOPE)
        static let authoredKeys = ["description", "ref", "key", "scope", "swatch", "extensions"]

        var keys: [String] {
            switch self {
            case .section: ["name", "id", "rows"]
            case .row: ["name", "id", "items", "fields", "children"]
            case .lazyRow: ["name", "id", "count", "items", "fields", "children"]
            case .item: ["name", "color", "id", "fields", "data"] + Self.authoredKeys
            case .node:
                ["name", "id", "color", "selected", "expanded", "children", "items", "fields"]
                    + Self.authoredKeys
            }
        }

        var noun: String {
            switch self {
            case .section: "section"
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

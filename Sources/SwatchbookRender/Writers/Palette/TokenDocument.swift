import SwatchbookCore

/// A DTCG document as a tokens reader kept it (``PaletteInfo/tokens``):
/// which of its tokens are colours, by path, with `$type` inherited from
/// the groups, as DTCG 2025.10 has it.
struct TokenDocument {
    let root: JSONValue

    init(_ root: JSONValue) {
        self.root = root
    }

    /// A member that is a token: an object with `$value`.
    static func isToken(_ value: JSONValue) -> Bool {
        guard case .object(let members) = value else { return false }
        return members.contains { $0.key == "$value" }
    }

    /// The member `key` of an object.
    static func member(_ key: String, of value: JSONValue) -> JSONValue? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The `$type` a group passes down, or a token has.
    static func type(of value: JSONValue, inherited: String?) -> String? {
        if case .string(let type)? = member("$type", of: value) { return type }
        return inherited
    }

    /// Visits every token, in document order, with its dotted path and type.
    func forEachToken(_ body: (String, JSONValue, String?) -> Void) {
        func walk(_ group: JSONValue, path: String, inherited: String?) {
            guard case .object(let members) = group else { return }
            let kind = Self.type(of: group, inherited: inherited)
            // `$root` (DTCG 2025.10) is the token of the group itself.
            for member in members where !member.key.hasPrefix("$") || member.key == "$root" {
                let childPath = path.isEmpty ? member.key : path + "." + member.key
                if Self.isToken(member.value) {
                    body(childPath, member.value, Self.type(of: member.value, inherited: kind))
                } else {
                    walk(member.value, path: childPath, inherited: kind)
                }
            }
        }
        walk(root, path: "", inherited: nil)
    }

    /// The paths of its colour tokens.
    var colourPaths: Set<String> {
        var paths: Set<String> = []
        forEachToken { path, _, type in if type == "color" { paths.insert(path) } }
        return paths
    }

    /// How many of its tokens are of another type than colour.
    var nonColourCount: Int {
        var count = 0
        forEachToken { _, _, type in if type != "color" { count += 1 } }
        return count
    }
}

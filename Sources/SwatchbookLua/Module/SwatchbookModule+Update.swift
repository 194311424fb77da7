import SwatchbookCore
import SwatchbookSession

extension SwatchbookModule {
    /// The keys `sb.update` takes: what it can change.
    static let updateKeys = ["name", "color"]

    /// `sb.update(path, changes)`: renames the section, row, item or node
    /// at `path` in a `data` catalogue, and recolours an item or node. It
    /// changes, never replaces: any other key is an error, so a script that
    /// hands it a whole element hears that its rows or items were not taken.
    static func installUpdate(in runtime: LuaRuntime) {
        // The runtime keeps its host functions; they must not keep it, or
        // every loaded plugin and theme would leak its Lua state.
        unowned let runtime = runtime
        function(
            "update", in: runtime,
            doc: LuaDoc(
                "(path, changes)",
                [
                    "Renames the section, row, item or node at path, and recolours an item or node,",
                    "in a data catalogue; a lazy source changes through its own functions and sb.reload().",
                    "It changes, never replaces: any key but name and color is an error.",
                    "@param path swatchbook.Path",
                    "@param changes {name?: string, color?: string|swatchbook.Color}",
                ])
        ) { stack throws(LuaHostError) in
            guard let session = runtime.host.session else {
                throw LuaHostError(
                    "sb.update: the catalogue is not shown yet; call it from a callback or on_load")
            }
            let path = try path(at: 1, on: stack, in: "sb.update")
            let (name, color) = try changes(at: 2, on: stack)
            do throws(Diagnostic) {
                try session.updateCatalogue { (catalogue: inout Catalogue) throws(Diagnostic) in
                    if let refusal = catalogue.update(at: path, name: name, color: color) {
                        throw Diagnostic(.usage, "sb.update: \(refusal)")
                    }
                }
            } catch {
                let sentence = error.sentence
                throw LuaHostError(sentence.hasPrefix("sb.update: ") ? sentence : "sb.update: " + sentence)
            }
            return 0
        }
    }

    /// The table of changes at `index`: a name, a colour, or both.
    private static func changes(at index: Int32, on stack: LuaStack) throws(LuaHostError) -> (
        name: String?, color: Color?
    ) {
        guard stack.type(at: index) == .table else {
            throw LuaHostError(
                "sb.update: argument \(index) (changes) is \(stack.describe(at: index)), expected a table of name and color"
            )
        }
        let table = stack.absolute(index)
        stack.pushNil()
        while stack.next(table) {
            stack.pop()
            let key = stack.type(at: -1) == .string ? stack.string(at: -1) : nil
            guard let key, updateKeys.contains(key) else {
                let hint = key.flatMap { Suggestion(for: $0, among: updateKeys) }?.phrase ?? ""
                throw LuaHostError(
                    "sb.update: key \(stack.describe(at: -1)) is unknown, expected name or color\(hint)")
            }
        }
        var name: String?
        if stack.rawField(index, "name") != .nil {
            guard stack.type(at: -1) == .string, let text = stack.string(at: -1) else {
                throw LuaHostError("sb.update: name: expected a string, got \(stack.describe(at: -1))")
            }
            name = text
        }
        stack.pop()
        var color: Color?
        if stack.rawField(index, "color") != .nil {
            switch ColorValue.read(at: -1, on: stack) {
            case .success(let value): color = value
            case .failure(let error): throw LuaHostError("sb.update: color: \(error.message)")
            }
        }
        stack.pop()
        return (name, color)
    }
}

extension Catalogue {
    /// Renames (and recolours) the element at `path`; nil when done, else
    /// why not, the catalogue then unchanged.
    mutating func update(at path: ElementPath, name: String?, color: Color?) -> String? {
        let indices = path.indices.map { $0 - 1 }
        let nothing = "\(path) names no element of the catalogue"
        guard let s = indices.first, sections.indices.contains(s) else { return nothing }
        guard indices.count > 1 else {
            guard color == nil else {
                return "\(path) is a section, which has no colour; only items and nodes have one"
            }
            if let name { sections[s].name = name }
            return nil
        }
        let r = indices[1]
        guard sections[s].rows.indices.contains(r) else { return nothing }
        guard indices.count > 2 else {
            guard color == nil else {
                return "\(path) is a row, which has no colour; only items and nodes have one"
            }
            if let name { sections[s].rows[r].name = name }
            return nil
        }
        switch sections[s].rows[r].content {
        case .items(var items):
            guard indices.count == 3, items.indices.contains(indices[2]) else { return nothing }
            if let name { items[indices[2]].name = name }
            if let color { items[indices[2]].color = color }
            sections[s].rows[r].content = .items(items)
        case .children(var nodes):
            guard Self.update(&nodes, at: indices.dropFirst(2), name: name, color: color) else {
                return nothing
            }
            sections[s].rows[r].content = .children(nodes)
        case .fields(let fields):
            guard indices.count == 3, fields.indices.contains(indices[2]) else { return nothing }
            return "\(path) is a field, which sb.update does not change"
        }
        return nil
    }

    private static func update(
        _ nodes: inout [Node], at indices: ArraySlice<Int>, name: String?, color: Color?
    ) -> Bool {
        guard let first = indices.first, nodes.indices.contains(first) else { return false }
        if indices.count == 1 {
            if let name { nodes[first].name = name }
            if let color { nodes[first].color = color }
            return true
        }
        return update(&nodes[first].children, at: indices.dropFirst(), name: name, color: color)
    }
}

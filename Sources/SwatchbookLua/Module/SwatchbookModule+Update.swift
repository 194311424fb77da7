import SwatchbookCore
import SwatchbookSession

extension SwatchbookModule {
    /// `sb.update(path, tbl)`: changes the name (and colour) of the section,
    /// row, item or node at `path` in a `data` catalogue, as the table says.
    static func installUpdate(in runtime: LuaRuntime) {
        // The runtime keeps its host functions; they must not keep it, or
        // every loaded plugin and theme would leak its Lua state.
        unowned let runtime = runtime
        function(
            "update", in: runtime,
            doc: LuaDoc(
                "(path, element)",
                ["Replaces the element at path.", "@param path swatchbook.Path", "@param element table"])
        ) { stack throws(LuaHostError) in
            guard let session = runtime.host.session else {
                throw LuaHostError(
                    "sb.update: the catalogue is not shown yet; call it from a callback or on_load")
            }
            let path = try path(at: 1, on: stack, in: "sb.update")
            guard stack.type(at: 2) == .table else {
                throw LuaHostError("sb.update: expected a table of changes, got \(stack.describe(at: 2))")
            }
            var name: String?
            if stack.rawField(2, "name") != .nil {
                name = stack.string(at: -1)
                if name == nil {
                    throw LuaHostError("sb.update: name: expected a string, got \(stack.describe(at: -1))")
                }
            }
            stack.pop()
            var color: Color?
            if stack.rawField(2, "color") != .nil {
                switch ColorValue.read(at: -1, on: stack) {
                case .success(let value): color = value
                case .failure(let error): throw LuaHostError("sb.update: color: \(error.message)")
                }
            }
            stack.pop()
            do throws(Diagnostic) {
                try session.updateCatalogue { (catalogue: inout Catalogue) throws(Diagnostic) in
                    guard catalogue.update(at: path.indices.map { $0 - 1 }, name: name, color: color) else {
                        throw Diagnostic(.usage, "sb.update: \(path) names no element of the catalogue")
                    }
                }
            } catch {
                throw LuaHostError(error.sentence)
            }
            return 0
        }
    }
}

extension Catalogue {
    /// Renames (and recolours) the element at 0-based `indices`; false when
    /// there is none.
    mutating func update(at indices: [Int], name: String?, color: Color?) -> Bool {
        guard let s = indices.first, sections.indices.contains(s) else { return false }
        if indices.count == 1 {
            if let name { sections[s].name = name }
            return color == nil
        }
        let r = indices[1]
        guard sections[s].rows.indices.contains(r) else { return false }
        if indices.count == 2 {
            if let name { sections[s].rows[r].name = name }
            return color == nil
        }
        switch sections[s].rows[r].content {
        case .items(var items):
            guard indices.count == 3, items.indices.contains(indices[2]) else { return false }
            if let name { items[indices[2]].name = name }
            if let color { items[indices[2]].color = color }
            sections[s].rows[r].content = .items(items)
            return true
        case .children(var nodes):
            guard Self.update(&nodes, at: indices.dropFirst(2), name: name, color: color) else {
                return false
            }
            sections[s].rows[r].content = .children(nodes)
            return true
        case .fields:
            return false
        }
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

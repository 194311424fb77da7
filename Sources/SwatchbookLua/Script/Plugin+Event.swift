import SwatchbookCore
import SwatchbookSession

extension Plugin {
    /// The `ev` table: kind, path, section, row, item/node/field, index,
    /// mouse, and x, y when the element is on screen.
    func push(_ event: ScriptEvent, on stack: LuaStack) throws(Diagnostic) {
        let element = event.element
        stack.newTable(fieldCount: 10)
        stack.push(element.kind.rawValue)
        stack.setRawField(-2, "kind")
        stack.push(element.wholePath)
        stack.setRawField(-2, "path")
        Self.pushNamed(element.section.name, id: element.section.id, fieldCount: 3, on: stack)
        stack.push(element.wholePath.indices[0])
        stack.setRawField(-2, "index")
        stack.setRawField(-2, "section")
        if let row = element.row {
            Self.pushNamed(row.name, id: row.id, fieldCount: 5, on: stack)
            stack.push(element.wholePath.indices[1])
            stack.setRawField(-2, "index")
            stack.push(row.kind.rawValue)
            stack.setRawField(-2, "kind")
            stack.push(row.count)
            stack.setRawField(-2, "count")
            stack.setRawField(-2, "row")
        }
        if let item = element.item {
            pushItem(item, on: stack)
            stack.setRawField(-2, "item")
        }
        if let node = element.node {
            try pushNode(node, key: element.key, expanded: element.isExpanded, state: event.state, on: stack)
            stack.setRawField(-2, "node")
        }
        if let field = element.field {
            stack.newTable(fieldCount: 2)
            stack.push(field.key)
            stack.setRawField(-2, "key")
            stack.push(field.value)
            stack.setRawField(-2, "value")
            stack.setRawField(-2, "field")
        }
        stack.push(element.index)
        stack.setRawField(-2, "index")
        stack.push(event.mouse)
        stack.setRawField(-2, "mouse")
        if let frame = event.frame {
            stack.push(frame.x)
            stack.setRawField(-2, "x")
            stack.push(frame.y)
            stack.setRawField(-2, "y")
        }
    }

    /// A node as a callback sees it: `name`, `id`, `color`, `selected`,
    /// `expanded`, `is_leaf`, and `children`, the list of its child nodes in
    /// the same shape (nil for a leaf, as in the plugin's own data).
    private func pushNode(
        _ node: Node, key: String, expanded: Bool, state: ViewState, on stack: LuaStack
    ) throws(Diagnostic) {
        // Room for one level of a tree at a time: it is at most Node.maximumDepth deep.
        try runtime.makeRoom(4, for: "the event of a tap")
        Self.pushNamed(node.name, id: node.id, fieldCount: 8, on: stack)
        if let color = node.color {
            ColorValue.push(color, on: stack)
            stack.setRawField(-2, "color")
        }
        stack.push(state.selected.contains(key))
        stack.setRawField(-2, "selected")
        stack.push(expanded)
        stack.setRawField(-2, "expanded")
        stack.push(node.children.isEmpty)
        stack.setRawField(-2, "is_leaf")
        Self.push(fields: node.fields, on: stack)
        guard !node.children.isEmpty else { return }
        stack.newTable(arrayCount: node.children.count)
        for (i, child) in node.children.enumerated() {
            let childKey = ModelKey.child(of: key, name: child.name, id: child.id)
            let open = state.isOpen(childKey, child)
            try pushNode(child, key: childKey, expanded: open, state: state, on: stack)
            stack.setRawIndex(-2, i + 1)
        }
        stack.setRawField(-2, "children")
    }

    private func pushItem(_ item: Item, on stack: LuaStack) {
        Self.pushNamed(item.name, id: item.id, fieldCount: 5, on: stack)
        ColorValue.push(item.color, on: stack)
        stack.setRawField(-2, "color")
        if let data = item.data {
            stack.pushReference(data.rawValue)
            stack.setRawField(-2, "data")
        }
        Self.push(fields: item.fields, on: stack)
    }

    /// Sets `fields = { {key, value}, … }` in the table on top, in their
    /// order, when there are any.
    private static func push(fields: [Field], on stack: LuaStack) {
        guard !fields.isEmpty else { return }
        stack.newTable(arrayCount: fields.count)
        for (i, field) in fields.enumerated() {
            stack.newTable(arrayCount: 2)
            stack.push(field.key)
            stack.setRawIndex(-2, 1)
            stack.push(field.value)
            stack.setRawIndex(-2, 2)
            stack.setRawIndex(-2, i + 1)
        }
        stack.setRawField(-2, "fields")
    }

    /// Pushes a new table holding `name` and, when there is one, `id`: how
    /// every element of `ev` (section, row, item, node) starts.
    private static func pushNamed(_ name: String, id: String?, fieldCount: Int, on stack: LuaStack) {
        stack.newTable(fieldCount: fieldCount)
        stack.push(name)
        stack.setRawField(-2, "name")
        if let id {
            stack.push(id)
            stack.setRawField(-2, "id")
        }
    }
}

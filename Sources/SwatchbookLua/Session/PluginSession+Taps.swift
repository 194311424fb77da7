import CLua
import CLuaShim
import SwatchbookCore

extension PluginSession {
    /// What a callback answered.
    enum Answer: Equatable {
        case nothing
        case no
        case text(String)
        case other
    }

    /// Taps the element at `path` as a user would: it takes the focus, the
    /// plugin's `on_tap` runs, then (unless it returned `false`) the default
    /// action: an item or a leaf node is selected, a node with children
    /// opens or closes; a header, row title or field does nothing.
    /// Returns the pick result: `on_tap`'s string, `sb.emit`, else the hex
    /// of a tapped colour.
    @discardableResult
    public func tap(_ path: ElementPath, mouse: Bool = false) throws(Diagnostic) -> String? {
        guard let element = navigator.locate(path, in: state) else {
            throw Diagnostic(.usage, "--tap: \(path) names no element of the catalogue")
        }
        if let target = navigator.target(at: path, in: state) { navigator.focus(target, in: &state) }
        pickResult = nil
        let answer = try call("on_tap", with: element, mouse: mouse)
        if case .text(let text) = answer { pickResult = Sanitizer.cleanLines(text) }
        if answer != .no { try defaultAction(for: element, mouse: mouse) }
        if pickResult == nil, answer != .no {
            pickResult =
                element.item?.color.hex
                ?? (element.node?.children.isEmpty == true ? element.node?.color?.hex : nil)
        }
        return pickResult
    }

    private func defaultAction(for element: LocatedElement, mouse: Bool) throws(Diagnostic) {
        switch element.kind {
        case .item:
            try toggleSelection(element, mouse: mouse)
        case .node where element.node?.children.isEmpty == false:
            try setExpanded(element, !element.isExpanded, mouse: mouse)
        case .node:
            try toggleSelection(element, mouse: mouse)
        case .header, .row, .field:
            break
        }
    }

    /// Selects, or in `multiple` mode toggles, as the layout's selection mode says.
    func toggleSelection(_ element: LocatedElement, mouse: Bool) throws(Diagnostic) {
        switch settings.selection {
        case .none:
            return
        case .multiple where state.selected.contains(element.key):
            try deselect(element, mouse: mouse)
        case .single where state.selected.contains(element.key):
            return
        default:
            try select(element, mouse: mouse)
        }
    }

    func select(_ element: LocatedElement, mouse: Bool = false) throws(Diagnostic) {
        if try call("should_select", with: element, mouse: mouse) == .no { return }
        if settings.selection == .single {
            for key in state.selected.sorted() where key != element.key {
                if let path = path(ofKey: key), let other = navigator.locate(path, in: state) {
                    try deselect(other, mouse: mouse)
                } else {
                    state.selected.remove(key)
                }
            }
        }
        state.selected.insert(element.key)
        state.selectionPaths[element.key] = element.path
        _ = try call("on_select", with: element, mouse: mouse)
    }

    func deselect(_ element: LocatedElement, mouse: Bool = false) throws(Diagnostic) {
        guard state.selected.contains(element.key) else { return }
        state.selected.remove(element.key)
        state.selectionPaths[element.key] = nil
        _ = try call("on_deselect", with: element, mouse: mouse)
    }

    func setExpanded(_ element: LocatedElement, _ open: Bool, mouse: Bool = false) throws(Diagnostic) {
        guard element.kind == .node, element.node?.children.isEmpty == false, element.isExpanded != open
        else {
            return
        }
        if open {
            state.expanded.insert(element.key)
        } else {
            state.expanded.remove(element.key)
        }
        var changed = element
        changed.isExpanded = open
        _ = try call(open ? "on_expand" : "on_collapse", with: changed, mouse: mouse)
        navigator.ensureFocus(in: &state)
    }

    /// Where the element with `key` is: its remembered path if the key is
    /// still there, else (for a catalogue that can be searched) anywhere.
    func path(ofKey key: String) -> ElementPath? {
        let nav = navigator
        for hint in [state.selectionPaths[key], state.focus == key ? state.focusPath : nil].compactMap({ $0 })
        where nav.locate(hint, in: state)?.key == key {
            return hint
        }
        guard let catalogue = source as? Catalogue else { return nil }
        for (s, section) in catalogue.sections.enumerated() {
            for (r, row) in section.rows.enumerated() {
                let base = [s + 1, r + 1]
                switch row.content {
                case .items(let items):
                    for i in items.indices
                    where nav.locate(ElementPath(base + [i + 1]), in: state)?.key == key {
                        return ElementPath(base + [i + 1])
                    }
                case .children(let nodes):
                    if let found = search(nodes, prefix: base, for: key, nav) { return found }
                case .fields:
                    continue
                }
            }
        }
        return nil
    }

    private func search(_ nodes: [Node], prefix: [Int], for key: String, _ nav: Navigator) -> ElementPath? {
        for (i, node) in nodes.enumerated() {
            let path = ElementPath(prefix + [i + 1])
            if nav.locate(path, in: state)?.key == key { return path }
            if let found = search(node.children, prefix: prefix + [i + 1], for: key, nav) { return found }
        }
        return nil
    }

    // MARK: Callbacks

    /// Calls the plugin's callback `name` with the event for `element`, if
    /// the plugin has one, under the script limits.
    func call(_ name: String, with element: LocatedElement, mouse: Bool) throws(Diagnostic) -> Answer {
        let runtime = plugin.runtime
        let stack = runtime.stack
        let base = stack.top
        defer { stack.setTop(base) }
        stack.pushReference(plugin.tableReference)
        let hasCallback = stack.rawField(-1, name) == .function
        stack.setTop(base)
        guard hasCallback else { return .nothing }
        // Where the element is on screen, found before the event is built:
        // laying out may ask a lazy source, which must not run inside host code.
        let frame = visibleLayout().elements.first(where: { $0.path == element.path })?.frame
        try runtime.pushProtected { stack throws(LuaHostError) in
            stack.pushReference(self.plugin.tableReference)
            stack.rawField(-1, name)
            do throws(Diagnostic) {
                try self.pushEvent(for: element, mouse: mouse, frame: frame, on: stack)
            } catch {
                throw LuaHostError(error.message)
            }
            return 2
        }
        try runtime.call(arguments: 1, results: 1, in: name)
        switch stack.type(at: -1) {
        case .nil, .none: return .nothing
        case .boolean: return stack.boolean(at: -1) ? .other : .no
        case .string: return .text(stack.string(at: -1) ?? "")
        default: return .other
        }
    }

    /// The `ev` table: kind, path, section, row, item/node/field, index,
    /// mouse, and x, y when the element is on screen.
    private func pushEvent(for element: LocatedElement, mouse: Bool, frame: Rect?, on stack: LuaStack)
        throws(Diagnostic)
    {
        stack.newTable(fieldCount: 10)
        stack.push(element.kind.rawValue)
        stack.setRawField(-2, "kind")
        pushPath(element.path, on: stack)
        stack.setRawField(-2, "path")
        stack.newTable(fieldCount: 3)
        stack.push(element.section.name)
        stack.setRawField(-2, "name")
        if let id = element.section.id {
            stack.push(id)
            stack.setRawField(-2, "id")
        }
        stack.push(element.path.indices[0])
        stack.setRawField(-2, "index")
        stack.setRawField(-2, "section")
        if let row = element.row {
            stack.newTable(fieldCount: 5)
            stack.push(row.name)
            stack.setRawField(-2, "name")
            if let id = row.id {
                stack.push(id)
                stack.setRawField(-2, "id")
            }
            stack.push(element.path.indices[1])
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
            try pushNode(node, key: element.key, expanded: element.isExpanded, on: stack)
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
        stack.push(mouse)
        stack.setRawField(-2, "mouse")
        if let frame {
            stack.push(frame.x)
            stack.setRawField(-2, "x")
            stack.push(frame.y)
            stack.setRawField(-2, "y")
        }
    }

    /// A node as a callback sees it: `name`, `id`, `color`, `selected`,
    /// `expanded`, `is_leaf`, and `children`, the list of its child nodes in
    /// the same shape (nil for a leaf, as in the plugin's own data).
    private func pushNode(_ node: Node, key: String, expanded: Bool, on stack: LuaStack) throws(Diagnostic) {
        // Room for one level of a tree at a time: it is at most Node.maximumDepth deep.
        try plugin.runtime.makeRoom(4, for: "the event of a tap")
        stack.newTable(fieldCount: 7)
        stack.push(node.name)
        stack.setRawField(-2, "name")
        if let id = node.id {
            stack.push(id)
            stack.setRawField(-2, "id")
        }
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
        guard !node.children.isEmpty else { return }
        stack.newTable(arrayCount: node.children.count)
        for (i, child) in node.children.enumerated() {
            let childKey = ModelKey.child(of: key, name: child.name, id: child.id)
            let open = !child.children.isEmpty && (state.expanded.contains(childKey) || child.expanded)
            try pushNode(child, key: childKey, expanded: open, on: stack)
            lua_rawseti(stack.L, -2, lua_Integer(i + 1))
        }
        stack.setRawField(-2, "children")
    }

    func pushItem(_ item: Item, on stack: LuaStack) {
        stack.newTable(fieldCount: 5)
        stack.push(item.name)
        stack.setRawField(-2, "name")
        ColorValue.push(item.color, on: stack)
        stack.setRawField(-2, "color")
        if let id = item.id {
            stack.push(id)
            stack.setRawField(-2, "id")
        }
        if let reference = item.dataReference {
            stack.pushReference(reference)
            stack.setRawField(-2, "data")
        }
        if !item.fields.isEmpty {
            stack.newTable(arrayCount: item.fields.count)
            for (i, field) in item.fields.enumerated() {
                stack.newTable(arrayCount: 2)
                stack.push(field.key)
                lua_rawseti(stack.L, -2, 1)
                stack.push(field.value)
                lua_rawseti(stack.L, -2, 2)
                lua_rawseti(stack.L, -2, lua_Integer(i + 1))
            }
            stack.setRawField(-2, "fields")
        }
    }

    func pushPath(_ path: ElementPath, on stack: LuaStack) {
        stack.newTable(arrayCount: path.indices.count)
        for (i, index) in path.indices.enumerated() {
            stack.push(index)
            lua_rawseti(stack.L, -2, lua_Integer(i + 1))
        }
    }
}

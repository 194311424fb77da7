import SwatchbookCore
import SwatchbookSession

extension SwatchbookModule {
    /// The state, layout and output functions: they act on the session that
    /// shows the plugin, so they work from callbacks and `on_load`.
    static func installStateFunctions(in runtime: LuaRuntime) {
        // The runtime keeps its host functions; they must not keep it, or
        // every loaded plugin and theme would leak its Lua state.
        unowned let runtime = runtime
        func session(_ name: String) throws(LuaHostError) -> Session {
            guard let session = runtime.host.session else {
                throw LuaHostError(
                    "sb.\(name): the catalogue is not shown yet; call it from a callback or on_load")
            }
            return session
        }
        func element(_ name: String, _ stack: LuaStack, _ session: Session) throws(LuaHostError)
            -> LocatedElement
        {
            let path = try shown(try path(at: 1, on: stack, in: "sb.\(name)"), name, session)
            guard let element = session.navigator.locate(path, in: session.state) else {
                throw LuaHostError("sb.\(name): \(path) names no element of the catalogue")
            }
            return element
        }
        // Scripts are given paths in the whole catalogue, filtered or not.
        func shown(_ path: ElementPath, _ name: String, _ session: Session) throws(LuaHostError)
            -> ElementPath
        {
            do throws(Diagnostic) { return try session.shownPath(of: path) } catch {
                throw LuaHostError("sb.\(name): \(error.message)")
            }
        }
        func run(_ body: () throws(Diagnostic) -> Void) throws(LuaHostError) {
            do throws(Diagnostic) { try body() } catch { throw LuaHostError(error.formatted) }
        }

        function("select", in: runtime, doc: LuaDoc("(path)", ["@param path swatchbook.Path"])) {
            stack throws(LuaHostError) in
            let session = try session("select")
            let target = try element("select", stack, session)
            try run { () throws(Diagnostic) in try session.select(target) }
            return 0
        }
        function("deselect", in: runtime, doc: LuaDoc("(path)", ["@param path swatchbook.Path"])) {
            stack throws(LuaHostError) in
            let session = try session("deselect")
            let target = try element("deselect", stack, session)
            try run { () throws(Diagnostic) in try session.deselect(target) }
            return 0
        }
        function("selected", in: runtime, doc: LuaDoc("()", ["@return integer[][] paths"])) {
            stack throws(LuaHostError) in
            let session = try session("selected")
            let paths = session.state.selected.compactMap { session.path(ofKey: $0) }.sorted()
            stack.newTable(arrayCount: paths.count)
            for (i, path) in paths.enumerated() {
                stack.push(path)
                stack.setRawIndex(-2, i + 1)
            }
            return 1
        }
        for (name, open) in [("expand", true as Bool?), ("collapse", false), ("toggle", nil)] {
            function(name, in: runtime, doc: LuaDoc("(path)", ["@param path swatchbook.Path"])) {
                stack throws(LuaHostError) in
                let session = try session(name)
                let target = try element(name, stack, session)
                guard target.kind == .node, target.node?.children.isEmpty == false else {
                    throw LuaHostError("sb.\(name): \(target.wholePath) is not a node with children")
                }
                try run { () throws(Diagnostic) in try session.setExpanded(target, open ?? !target.isExpanded)
                }
                return 0
            }
        }
        for name in ["focus", "scroll_to"] {
            function(name, in: runtime, doc: LuaDoc("(path)", ["@param path swatchbook.Path"])) {
                stack throws(LuaHostError) in
                let session = try session(name)
                let path = try path(at: 1, on: stack, in: "sb.\(name)")
                guard
                    let target = session.navigator.target(
                        at: try shown(path, name, session), in: session.state)
                else {
                    throw LuaHostError("sb.\(name): \(path) is not an item or a visible node")
                }
                if name == "focus" {
                    session.focus(target)
                } else {
                    session.scrollIntoView(target)
                }
                return 0
            }
        }
        function(
            "offset", in: runtime,
            doc: LuaDoc(
                "(rowpath, n)",
                [
                    "Get or set a row's horizontal offset.", "@param rowpath swatchbook.Path",
                    "@param n? integer", "@return integer",
                ])
        ) { stack throws(LuaHostError) in
            let session = try session("offset")
            let row = try element("offset", stack, session)
            guard row.kind == .row, row.row?.kind == .items else {
                throw LuaHostError("sb.offset: \(row.wholePath) is not a row of items")
            }
            if stack.type(at: 2) != .none && stack.type(at: 2) != .nil {
                guard let columns = stack.integer(at: 2), columns >= 0 else {
                    throw LuaHostError(
                        "sb.offset: expected a column offset of 0 or more, got \(stack.describe(at: 2))")
                }
                session.setOffset(columns, of: row)
            }
            stack.push(session.offset(of: row))
            return 1
        }
        function("viewport", in: runtime, doc: LuaDoc("()", ["@return { width: integer, height: integer }"]))
        { stack throws(LuaHostError) in
            let session = try session("viewport")
            stack.newTable(fieldCount: 2)
            stack.push(session.screen.width)
            stack.setRawField(-2, "width")
            stack.push(session.screen.height)
            stack.setRawField(-2, "height")
            return 1
        }
        function(
            "visible", in: runtime,
            doc: LuaDoc(
                "()",
                [
                    "@return { path: integer[], kind: \(LuaSchema.literals(LayoutElement.Kind.allCases.map(\.rawValue))), x: integer, y: integer, width: integer, height: integer }[]"
                ])
        ) { stack throws(LuaHostError) in
            let session = try session("visible")
            let elements = session.visibleLayout().elements
            stack.newTable(arrayCount: elements.count)
            for (i, element) in elements.enumerated() {
                stack.newTable(fieldCount: 6)
                stack.push(session.wholePath(of: element.path))
                stack.setRawField(-2, "path")
                stack.push(element.kind.rawValue)
                stack.setRawField(-2, "kind")
                for (key, value) in [
                    ("x", element.clip.x), ("y", element.clip.y), ("width", element.clip.width),
                    ("height", element.clip.height),
                ] {
                    stack.push(value)
                    stack.setRawField(-2, key)
                }
                stack.setRawIndex(-2, i + 1)
            }
            return 1
        }
        function(
            "layout", in: runtime,
            doc: LuaDoc("(settings)", ["Changes layout settings live.", "@param settings swatchbook.Layout"])
        ) { stack throws(LuaHostError) in
            let session = try session("layout")
            var reader = PluginTableReader(stack: stack, file: runtime.displayName)
            do throws(Diagnostic) {
                session.settings = try reader.layoutSettings(at: 1, over: session.settings)
            } catch {
                throw LuaHostError("sb.layout: " + (error.dataPath.map { $0 + ": " } ?? "") + error.sentence)
            }
            return 0
        }
        function(
            "status", in: runtime,
            doc: LuaDoc(
                "(text)", ["Shows text on the status line; nil takes it away.", "@param text string?"])
        ) { stack throws(LuaHostError) in
            let session = try session("status")
            // Only text: Lua would turn a number into some, but a status of
            // 42 or of a table is a slip the script should hear about.
            switch stack.type(at: 1) {
            case .none, .nil: session.status = nil
            case .string: session.status = stack.string(at: 1)
            default:
                throw LuaHostError(
                    "sb.status: argument 1 (text) is \(stack.describe(at: 1)), expected a string or nil")
            }
            return 0
        }
        function("emit", in: runtime, doc: LuaDoc("(text)", ["Sets the pick result.", "@param text string"]))
        { stack throws(LuaHostError) in
            let session = try session("emit")
            guard let text = stack.string(at: 1) else {
                throw LuaHostError("sb.emit: expected a string, got \(stack.describe(at: 1))")
            }
            session.emit(text)
            return 0
        }
        installUpdate(in: runtime)
        function("reload", in: runtime, doc: LuaDoc("()", ["Asks the host to load the plugin again."])) {
            _ throws(LuaHostError) in
            try session("reload").reload()
            return 0
        }
    }

    /// A path from Lua: `{2, 1, 3}` or `"2.1.3"`.
    static func path(at index: Int32, on stack: LuaStack, in function: String) throws(LuaHostError)
        -> ElementPath
    {
        if let text = stack.string(at: index), let path = ElementPath(parsing: text) { return path }
        if stack.type(at: index) == .table {
            var indices: [Int] = []
            for i in 1...max(1, stack.rawLength(index)) {
                stack.rawIndex(index, i)
                defer { stack.pop() }
                guard let value = stack.integer(at: -1), value >= 1 else { break }
                indices.append(value)
            }
            if !indices.isEmpty && indices.count == stack.rawLength(index) { return ElementPath(indices) }
        }
        throw LuaHostError(
            "\(function): expected a path like {2, 1, 3} or \"2.1.3\", got \(stack.describe(at: index))")
    }
}

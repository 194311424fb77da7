import SwatchbookCore

/// A plugin being looked at: its view state and what a user does to it.
///
/// Headless render (`--tap`, `--keys`, `--expand`, `--focus`, `--filter`)
/// and the interactive browse loop drive the same session, so a tap or a
/// key does exactly the same thing in both.
public final class PluginSession {
    public let plugin: Plugin
    public internal(set) var state: ViewState
    public internal(set) var settings: LayoutSettings {
        didSet { measured = nil }
    }
    public private(set) var width: Int {
        didSet { measured = nil }
    }
    /// Lines of the viewport focus and paging work with.
    public private(set) var height: Int
    let measure: @Sendable (String) -> Int
    /// What the catalogue shows: the plugin's source, or its filtered copy.
    public private(set) var source: any CatalogueSource {
        didSet { measured = nil }
    }
    /// The last measured layout (see ``layout``).
    private var measured: ShelvesLayout?
    /// The whole catalogue of a `data` plugin, as `sb.update` has changed it.
    public private(set) var catalogue: Catalogue?
    /// The last `sb.status` text.
    public internal(set) var status: String?
    /// What the plugin's `status(ctx)` answered after the last event.
    public private(set) var pluginStatus: String?
    /// The pick result: `sb.emit`, or what `on_tap` returned, sanitised
    /// as `print` is (line breaks and tabs kept, other controls U+FFFD),
    /// since `$(swatchbook pick)` is often echoed to a terminal.
    public internal(set) var pickResult: String?

    public init(
        plugin: Plugin, settings: LayoutSettings, width: Int, height: Int, state: ViewState?,
        measure: @escaping @Sendable (String) -> Int
    ) {
        self.plugin = plugin
        self.settings = settings
        self.width = width
        self.height = height
        self.measure = measure
        self.source = plugin.source
        self.catalogue = plugin.catalogue
        self.state = state ?? ViewState()
        if state == nil, let catalogue = plugin.catalogue {
            self.state.selected = Self.initialSelection(of: catalogue)
        }
        plugin.runtime.host = self
    }

    /// Nodes the data marks `selected = true` start selected.
    static func initialSelection(of catalogue: Catalogue) -> Set<String> {
        var selected: Set<String> = []
        catalogue.forEachNode { key, node in
            if node.selected { selected.insert(key) }
        }
        return selected
    }

    /// Moves focus and finds elements over the measured layout, measuring
    /// it first if nothing has yet: a navigator left to measure alone would
    /// measure the whole document again on every key and tap.
    public var navigator: Navigator {
        Navigator(
            source: source, settings: settings, width: width, height: height, measure: measure,
            measured: layout)
    }

    /// The layout for the current state; the measured document is kept
    /// until the source, settings, width or open nodes change.
    public var layout: ShelvesLayout {
        if let reused = measured?.reused(for: state) { return reused }
        let fresh = ShelvesLayout(
            source: source, settings: settings, width: width, state: state, measure: measure)
        measured = fresh
        return fresh
    }

    /// The window on screen now.
    public func visibleLayout() -> Layout {
        layout.layout(Viewport(width: width, height: height, top: state.top))
    }

    /// Puts the focus on the first item or node unless it is somewhere, and
    /// runs the plugin's `on_load(ctx)`.
    public func start() throws(Diagnostic) {
        navigator.ensureFocus(in: &state)
        _ = try callWithContext("on_load") { _ in }
    }

    /// Asks the plugin's `status(ctx)` for its status-line text, as browse
    /// does after every event; nil when it has no `status` or answers nil.
    public func refreshStatus() throws(Diagnostic) {
        var text: String?
        let called = try callWithContext("status") { (stack) throws(Diagnostic) in
            switch stack.type(at: -1) {
            case .nil, .none: text = nil
            case .string, .number: text = stack.string(at: -1) ?? stack.describe(at: -1)
            default:
                throw Diagnostic(
                    .data, file: plugin.file, "status: expected text or nil, got \(stack.describe(at: -1))")
            }
        }
        pluginStatus = called ? text.map(Sanitizer.clean) : nil
    }

    /// Calls the plugin's callback `name` with `ctx` (options, viewport,
    /// folder) and hands its one result, on top of the stack, to `read`.
    /// False when the plugin has no such function.
    private func callWithContext(
        _ name: String, read: (LuaStack) throws(Diagnostic) -> Void
    ) throws(Diagnostic) -> Bool {
        let runtime = plugin.runtime
        let stack = runtime.stack
        let base = stack.top
        defer { stack.setTop(base) }
        stack.pushReference(plugin.tableReference)
        let hasCallback = stack.rawField(-1, name) == .function
        stack.setTop(base)
        guard hasCallback else { return false }
        var context = plugin.context
        context.width = width
        context.height = height
        try runtime.pushProtected { stack throws(LuaHostError) in
            stack.pushReference(self.plugin.tableReference)
            stack.rawField(-1, name)
            PluginLoader.pushContext(context, options: self.plugin.options, folder: runtime.folder, on: stack)
            return 2
        }
        try runtime.call(arguments: 1, results: 1, in: name)
        try read(stack)
        return true
    }

    // MARK: Keys

    /// Runs a key as browse would. Returns false for quit.
    @discardableResult
    public func press(_ key: Key) throws(Diagnostic) -> Bool {
        switch KeyAction.of(key) {
        case .move(let move)?:
            navigator.move(move, in: &state)
        case .tap?:
            if let target = navigator.currentTarget(in: state) { try tap(target.path) }
        case .quit?:
            return false
        case .reload?:
            reload()
        case .filter?, .nextTheme?, .help?, nil:
            break  // handled by the browse loop (filter typing, themes, help) or no binding
        }
        return true
    }

    // MARK: Expansion, focus, filter

    public func expandAll() {
        catalogue?.forEachNode { key, node in
            if !node.children.isEmpty { state.expanded.insert(key) }
        }
    }

    /// Opens the node at `path` and every node above it; a path that names
    /// nothing, or no node with children, is a usage error.
    public func expand(_ path: ElementPath) throws(Diagnostic) {
        guard let target = navigator.locate(path, in: state) else {
            throw Diagnostic(.usage, "--expand: \(path) names no element of the catalogue")
        }
        guard target.kind == .node else {
            let noun =
                switch target.kind {
                case .header: "a section"
                case .item: "an item"
                default: "a \(target.kind.rawValue)"
                }
            throw Diagnostic(
                .usage, "--expand: \(path) is \(noun), not a tree node (sections and rows are always open)")
        }
        guard target.node?.children.isEmpty == false else {
            throw Diagnostic(.usage, "--expand: \(path) is a node without children")
        }
        for length in 3...path.indices.count {
            let prefix = ElementPath(Array(path.indices.prefix(length)))
            if let element = navigator.locate(prefix, in: state) { state.expanded.insert(element.key) }
        }
    }

    public func focus(_ path: ElementPath) throws(Diagnostic) {
        guard let target = navigator.target(at: path, in: state) else {
            throw Diagnostic(.usage, "--focus: \(path) is not an item or a node on screen")
        }
        navigator.focus(target, in: &state)
    }

    /// Applies the browse filter (empty text clears it and restores what was open).
    public func setFilter(_ text: String) throws(Diagnostic) {
        guard let catalogue else {
            throw Diagnostic(
                .usage, file: plugin.file, "a lazy source cannot be filtered: it is never read whole")
        }
        if text.isEmpty {
            source = catalogue
            if let saved = state.expandedBeforeFilter { state.expanded = saved }
            state.expandedBeforeFilter = nil
            state.filter = nil
        } else {
            let (filtered, opened) = CatalogueFilter(text).apply(to: catalogue)
            if state.expandedBeforeFilter == nil { state.expandedBeforeFilter = state.expanded }
            state.expanded = (state.expandedBeforeFilter ?? []).union(opened)
            source = filtered
            state.filter = text
        }
        navigator.ensureFocus(in: &state)
    }

    /// Changes the catalogue of a `data` plugin (`sb.update`) and shows the
    /// change, through the filter if one is on.
    func updateCatalogue(_ change: (inout Catalogue) throws(Diagnostic) -> Void) throws(Diagnostic) {
        guard var changed = catalogue else {
            throw Diagnostic(
                .usage, file: plugin.file, "a lazy source is changed by its own functions and sb.reload()")
        }
        try change(&changed)
        catalogue = changed
        try setFilter(state.filter ?? "")
    }

    /// A new terminal size: the focus stays in view.
    public func resize(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        navigator.ensureFocus(in: &state)
        if let target = navigator.currentTarget(in: state) { navigator.scrollIntoView(target, in: &state) }
    }

    /// Scrolls the page by `lines` without moving the focus (the wheel).
    public func scroll(by lines: Int) {
        let limit = max(0, layout.documentHeight - height)
        state.top = max(0, min(limit, state.top + lines))
    }

    /// Scrolls the strip of the row at `path` sideways by whole cells.
    public func scrollStrip(_ path: ElementPath, byCells cells: Int) {
        guard let row = navigator.locate(ElementPath(Array(path.indices.prefix(2))), in: state),
            row.kind == .row, row.row?.kind == .items
        else { return }
        let pitch = settings.itemWidth + settings.itemSpacing
        let offset = navigator.clampedOffset(
            state.offset(ofRow: row.key) + cells * pitch, count: row.row?.count ?? 0)
        state.offsets[row.key] = offset == 0 ? nil : offset
    }

    /// Forgets cached answers of a lazy source (`sb.reload()`, `r`).
    public func reload() {
        (plugin.source as? LuaSource)?.reload()
        measured = nil
        navigator.ensureFocus(in: &state)
    }
}

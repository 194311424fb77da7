import SwatchbookCore

/// A catalogue being looked at: its view state and what a user does to it.
///
/// Headless render (`--tap`, `--keys`, `--expand`, `--focus`, `--filter`)
/// and the interactive browse loop drive the same session, so a tap or a
/// key does exactly the same thing in both. What a tap does is answered
/// here (see ``tap(_:mouse:)``); the script behind the catalogue is asked
/// only through ``SessionScript``.
public final class Session {
    public let script: any SessionScript
    public internal(set) var state: ViewState
    /// How the catalogue is laid out; a script may change it (`sb.layout`).
    public var settings: LayoutSettings {
        didSet { measured = nil }
    }
    /// The screen's size; its top is ``state``'s.
    public private(set) var screen: Screen {
        didSet { if screen.width != oldValue.width { measured = nil } }
    }
    let measure: @Sendable (String) -> Int
    /// What the catalogue shows: the script's source, or its filtered copy.
    public internal(set) var source: any CatalogueSource {
        didSet { measured = nil }
    }
    /// The last measured layout (see ``layout``).
    var measured: CatalogueLayout?
    /// The whole catalogue, as the script has changed it (``updateCatalogue(_:)``);
    /// nil for a lazy source.
    public internal(set) var catalogue: Catalogue? {
        didSet { searchIndex = nil }
    }
    /// The filter's index of `catalogue`: its names folded once, on the
    /// first filter, and kept until the catalogue changes. It keeps the
    /// last filter's matches, which a query typed on from it narrows.
    var searchIndex: SearchIndex?
    /// How many elements the last filter matched themselves.
    public var lastFilterMatchCount: Int { searchIndex?.lastSearch?.matches.entries.count ?? 0 }
    /// Whether the filter finds items and nodes by their fields' values
    /// too (`--filter-fields`).
    public var filtersFields = false {
        didSet { searchIndex = nil }
    }
    /// What the filter says of its result: "no match for …", or why this
    /// catalogue cannot be filtered; nil when it shows matches.
    public internal(set) var filterMessage: String?
    /// The script's latest status text (`sb.status`), sanitised.
    public var status: String? {
        didSet { status = status.map(Sanitizer.clean) }
    }
    /// What the script's `status(ctx)` answered after the last event.
    public internal(set) var scriptStatus: String?
    /// The pick result: what `on_tap` returned or the script emitted,
    /// sanitised as `print` is (line breaks and tabs kept, other controls
    /// U+FFFD), since `$(swatchbook pick)` is often echoed to a terminal.
    public internal(set) var pickResult: String?
    /// What a pick prints for a tapped colour (`--print`).
    public var pickFormat = PickFormat.hex
    /// Whether the session is a `pick`, which picks one item: the focus goes
    /// to the lines of a details table, not to the table as a whole.
    public var picksItems = false

    public init(
        script: any SessionScript, settings: LayoutSettings, screen: Screen, state: ViewState?,
        measure: @escaping @Sendable (String) -> Int
    ) {
        self.script = script
        self.settings = settings
        self.screen = screen
        self.measure = measure
        self.source = script.source
        self.catalogue = script.source as? Catalogue
        self.state = state ?? ViewState()
        if state == nil, let catalogue {
            self.state.selected = Self.initialSelection(of: catalogue)
        }
        script.attach(to: self)
    }

    /// Nodes the data marks `selected = true` start selected.
    static func initialSelection(of catalogue: Catalogue) -> Set<String> {
        var selected: Set<String> = []
        catalogue.forEachNode(where: \.selected) { key, _ in selected.insert(key) }
        return selected
    }

    /// Moves focus and finds elements over the measured layout, measuring
    /// it first if nothing has yet: a navigator left to measure alone would
    /// measure the whole document again on every key and tap.
    public var navigator: Navigator {
        var navigator = Navigator(
            source: source, settings: settings, width: screen.width, height: screen.height, measure: measure,
            measured: layout)
        navigator.focusesTableLines = picksItems
        return navigator
    }

    /// The layout for the current state; the measured document is kept
    /// until the source, settings, width or open nodes change.
    public var layout: CatalogueLayout {
        if let reused = measured?.reused(for: state) { return reused }
        let fresh = CatalogueLayout(
            source: source, settings: settings, width: screen.width, state: state, measure: measure)
        measured = fresh
        return fresh
    }

    /// The window on screen: what browse draws, `render --height` draws,
    /// `sb.visible()` lists and events place `x` and `y` in.
    public var viewport: Viewport {
        Viewport(height: screen.height, top: state.top, stickyHeaders: screen.stickyHeaders)
    }

    /// The laid-out ``viewport``.
    public func visibleLayout() -> Layout {
        layout.layout(viewport)
    }

    /// Runs the script's `on_load(ctx)`, then puts the focus on the first
    /// item or node unless it is somewhere. `on_load` runs first, before
    /// anything asks a lazy source for a row, so the source sees what
    /// `on_load` set up from the options.
    public func start() throws(Diagnostic) {
        try script.load(on: screen)
        navigator.ensureFocus(in: &state)
    }

    /// Asks the script's `status(ctx)` for its status-line text, as browse
    /// does after every event.
    public func refreshStatus() throws(Diagnostic) {
        scriptStatus = try script.status(on: screen).map(Sanitizer.clean)
    }

    /// Sets the pick result (`sb.emit`).
    public func emit(_ text: String) {
        pickResult = Sanitizer.cleanLines(text)
    }

    // MARK: Moving and scrolling

    /// Moves the focus as a key does.
    public func move(_ move: Navigator.Move) {
        navigator.move(move, in: &state)
    }

    /// Puts the focus on `target`, scrolling it into view.
    public func focus(_ target: FocusTarget) {
        navigator.focus(target, in: &state)
    }

    /// Puts the focus on the item or visible node at `path`, a path in the
    /// whole catalogue.
    public func focus(_ path: ElementPath) throws(Diagnostic) {
        guard let target = navigator.target(at: try shownPath(of: path), in: state) else {
            throw Diagnostic(.usage, "\(path) is not an item or a node on screen")
        }
        navigator.focus(target, in: &state)
    }

    /// Scrolls `target` into view without moving the focus.
    public func scrollIntoView(_ target: FocusTarget) {
        navigator.scrollIntoView(target, in: &state)
    }

    /// A new screen size: the focus stays in view.
    public func resize(width: Int, height: Int) {
        screen.width = max(1, width)
        screen.height = max(1, height)
        navigator.ensureFocus(in: &state)
        if let target = navigator.currentTarget(in: state) { navigator.scrollIntoView(target, in: &state) }
    }

    /// Scrolls the page by `lines` without moving the focus (the wheel).
    public func scroll(by lines: Int) {
        let limit = max(0, layout.documentHeight - screen.height)
        state.top = max(0, min(limit, state.top + lines))
    }

    /// Scrolls the strip of the row at `path` sideways by whole cells.
    public func scrollStrip(_ path: ElementPath, byCells cells: Int) {
        guard let row = navigator.locate(ElementPath(Array(path.indices.prefix(2))), in: state),
            row.kind == .row, row.row?.kind == .items
        else { return }
        let pitch = settings.itemWidth + settings.itemSpacing
        let count = row.row?.count ?? 0
        setOffset(
            navigator.clampedOffset(state.offset(ofRow: row.key) + cells * pitch, count: count), of: row)
    }

    /// The strip offset of `row`, a row of items, in columns, as drawn:
    /// clamped to the strip.
    public func offset(of row: LocatedElement) -> Int {
        navigator.clampedOffset(state.offset(ofRow: row.key), count: row.row?.count ?? 0)
    }

    /// Sets the strip offset of `row`, a row of items, in columns; drawing
    /// clamps it to the strip.
    public func setOffset(_ columns: Int, of row: LocatedElement) {
        state.offsets[row.key] = columns <= 0 ? nil : columns
    }

    /// Forgets cached answers of a lazy source (`sb.reload()`, `r`).
    public func reload() {
        script.reload()
        measured = nil
        navigator.ensureFocus(in: &state)
    }
}

import SwatchbookCore

/// What a session asks of the script behind its catalogue: its callbacks,
/// its `on_load` and `status`, and a reload. The Lua module implements it;
/// the session never knows what language answers.
///
/// A script calls back into the session it is attached to (`sb.select`,
/// `sb.focus`, …) while one of these runs, so every method may change the
/// session's state before it returns.
public protocol SessionScript: AnyObject {
    /// The script's file as the user named it; messages about it use it.
    var file: String { get }
    /// The name the status line shows.
    var name: String { get }
    /// The catalogue: built whole, or a lazy source.
    var source: any CatalogueSource { get }
    /// Binds the script to the session showing it. The script keeps it
    /// weakly: the session owns the script.
    func attach(to session: Session)
    /// Whether the script has `callback`; the session builds no event
    /// (which may lay the screen out) for a callback nobody answers.
    func answers(_ callback: ScriptCallback) -> Bool
    /// Runs `callback` with `event`, under the script's limits; the session
    /// calls it only for a callback the script ``answers(_:)``.
    func call(_ callback: ScriptCallback, with event: ScriptEvent) throws(Diagnostic) -> ScriptAnswer
    /// Runs the script's `on_load(ctx)` once the session is open.
    func load(on screen: Screen) throws(Diagnostic)
    /// The script's `status(ctx)` text; nil when it has none or answers nil.
    func status(on screen: Screen) throws(Diagnostic) -> String?
    /// Forgets what a lazy source answered, so it is asked again (`r`, `sb.reload()`).
    func reload()
    /// The paths a lazy source's own search answers for `query` (items as
    /// `s.r.i`, whole rows as `s.r`), or nil when it has no search.
    func search(_ query: String) throws(Diagnostic) -> [ElementPath]?
}

extension SessionScript {
    public func search(_ query: String) throws(Diagnostic) -> [ElementPath]? { nil }
}

/// The callbacks a tap can run, in the order a tap may run them.
public enum ScriptCallback: String, Sendable, CaseIterable {
    case onTap = "on_tap"
    case shouldSelect = "should_select"
    case onSelect = "on_select"
    case onDeselect = "on_deselect"
    case onExpand = "on_expand"
    case onCollapse = "on_collapse"
}

/// What happened to which element: the `ev` a callback gets.
public struct ScriptEvent: Sendable {
    public var element: LocatedElement
    /// Whether the mouse did it, not a key or a `--tap`.
    public var mouse: Bool
    /// Where the element is on screen, when it is on screen.
    public var frame: Rect?
    /// The view state as the event happens: a node's children say whether
    /// each is open and selected.
    public var state: ViewState
}

/// What a callback answered.
public enum ScriptAnswer: Equatable, Sendable {
    /// No callback, or it returned nothing.
    case nothing
    /// `false`: the default action is cancelled.
    case no
    /// A string: `on_tap`'s pick result.
    case text(String)
    /// Anything else.
    case other
}

/// The screen a session shows: its size and whether a section scrolled
/// into keeps its header on the first line. Its top is the view state's.
public struct Screen: Hashable, Sendable {
    /// Columns when none are given and no terminal says.
    public static let defaultWidth = 80

    public var width: Int
    /// Lines of the window focus and paging work with.
    public var height: Int
    public var stickyHeaders: Bool

    public init(width: Int = Screen.defaultWidth, height: Int, stickyHeaders: Bool = true) {
        self.width = max(1, width)
        self.height = max(1, height)
        self.stickyHeaders = stickyHeaders
    }
}

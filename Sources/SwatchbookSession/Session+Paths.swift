import SwatchbookCore

/// Paths as users and scripts see them. Under a filter the catalogue shown
/// is part of the whole, and its elements sit at other places; every path
/// given out (a pick, an event, the inspector, the state file, a report)
/// names the element in the whole catalogue, and every path taken in
/// (`--tap`, `--focus`, `--expand`, `--inspect`, `sb.*`) is read so.
extension Session {
    /// The whole catalogue, as the script has changed it: what ``source``
    /// shows when no filter is on.
    public var wholeSource: any CatalogueSource { catalogue ?? script.source }

    /// Finds elements by their paths in the whole catalogue, filtered or not.
    var wholeNavigator: Navigator {
        state.filter == nil
            ? navigator
            : {
                var whole = Navigator(
                    source: wholeSource, settings: settings, width: screen.width, height: screen.height)
                whole.focusesTableLines = picksItems
                return whole
            }()
    }

    /// Where the element shown at `path` is in the whole catalogue.
    public func wholePath(of path: ElementPath) -> ElementPath {
        source.wholePath(of: path)
    }

    /// Where the element at `whole`, a path in the whole catalogue, is
    /// shown; a usage error when nothing is there or the filter hides it.
    public func shownPath(of whole: ElementPath) throws(Diagnostic) -> ElementPath {
        if let shown = source.shownPath(of: whole), navigator.locate(shown, in: state) != nil { return shown }
        if let filter = state.filter, wholeNavigator.locate(whole, in: state) != nil {
            throw Diagnostic(.usage, "\(whole) is hidden by the filter \(Self.quoted(filter))")
        }
        throw Diagnostic(.usage, "\(whole) names no element of the catalogue")
    }

    /// The view state as the state file keeps it: the focus's path, like
    /// the selection's, in the whole catalogue.
    public var stateToSave: ViewState {
        var saved = state
        saved.focusPath = state.focusPath.map { wholePath(of: $0) }
        // Every node opened is saved as its key, as a state file has always held it.
        if saved.expandsAll {
            saved.expanded = openKeys(expanded: saved.expanded, closed: saved.closed)
            (saved.expandsAll, saved.closed) = (false, [])
        }
        if var before = saved.beforeFilter, before.expandsAll {
            before.expanded = openKeys(expanded: before.expanded, closed: before.closed)
            (before.expandsAll, before.closed) = (false, [])
            saved.beforeFilter = before
        }
        return saved
    }
}

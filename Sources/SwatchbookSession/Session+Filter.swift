import SwatchbookCore

extension Session {
    /// Applies the browse filter (empty text clears it and restores what was open).
    public func setFilter(_ text: String) throws(Diagnostic) {
        guard let catalogue else {
            throw Diagnostic(
                .usage, file: script.file, "a lazy source cannot be filtered: it is never read whole")
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

    /// Changes the whole catalogue (`sb.update`) and shows the change,
    /// through the filter if one is on.
    public func updateCatalogue(_ change: (inout Catalogue) throws(Diagnostic) -> Void) throws(Diagnostic) {
        guard var changed = catalogue else {
            throw Diagnostic(
                .usage, file: script.file, "a lazy source is changed by its own functions and sb.reload()")
        }
        try change(&changed)
        catalogue = changed
        try setFilter(state.filter ?? "")
    }
}

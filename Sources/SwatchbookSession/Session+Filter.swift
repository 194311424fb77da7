import SwatchbookCore

extension Session {
    /// Applies the browse filter (see ``FilterQuery``). Text with no term
    /// clears it and restores the view as it was before: what was open, the
    /// focus, the offsets and the scroll. Otherwise the best match takes the
    /// focus, and ``filterMessage`` says when nothing matches.
    public func setFilter(_ text: String) throws(Diagnostic) {
        guard let catalogue else {
            throw Diagnostic(
                .usage, file: script.file, "a lazy source cannot be filtered: it is never read whole")
        }
        let query = FilterQuery(text)
        guard !query.isEmpty else {
            source = catalogue
            state.beforeFilter?.restore(into: &state)
            state.beforeFilter = nil
            state.filter = nil
            filterMessage = nil
            lastFilter = nil
            navigator.ensureFocus(in: &state)
            return
        }
        let index = searchIndex ?? SearchIndex(catalogue)
        searchIndex = index
        let matches: FilterMatches
        if let last = lastFilter, query.refines(last.query) {
            matches = last.query == query ? last.matches : index.matches(query, among: last.matches.entries)
        } else {
            matches = index.matches(query)
        }
        lastFilter = (query, matches)
        let result = CatalogueFilter(query).apply(to: catalogue, index: index, matches: matches)
        if state.beforeFilter == nil { state.beforeFilter = ViewState.SavedView(of: state) }
        state.expanded = (state.beforeFilter?.expanded ?? []).union(result.opened)
        // Every match shows: no outline section or row stays closed over one.
        state.collapsed = []
        source = result.catalogue
        state.filter = text
        filterMessage = result.matchCount == 0 ? "no match for \(Self.quoted(text))" : nil
        let navigator = navigator
        if let best = result.best, let target = navigator.target(at: best, in: state) {
            navigator.focus(target, in: &state)
        } else {
            navigator.ensureFocus(in: &state)
        }
    }

    /// `text` in double quotes, sanitised, as messages show a value.
    static func quoted(_ text: String) -> String {
        "\"" + Sanitizer.clean(text) + "\""
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

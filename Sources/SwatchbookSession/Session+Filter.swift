import SwatchbookCore

extension Session {
    /// Applies the browse filter (see ``FilterQuery``). Text with no term
    /// clears it and restores the view as it was before: what was open, the
    /// focus, the offsets and the scroll. Otherwise the best match takes the
    /// focus, and ``filterMessage`` says when nothing matches.
    ///
    /// - Parameter keepingFocus: the filter is put back over a catalogue
    ///   opened again (a hot reload, a saved state): the focused element
    ///   keeps the focus, found by its key, when the filter still shows it;
    ///   the best match takes it only when it has gone.
    public func setFilter(_ text: String, keepingFocus: Bool = false) throws(Diagnostic) {
        let query = FilterQuery(text)
        guard let catalogue else { return try setLazyFilter(text, query, keepingFocus: keepingFocus) }
        guard !query.isEmpty else { return clearFilter(showing: catalogue) }
        var index = searchIndex ?? SearchIndex(catalogue, fields: filtersFields)
        let matches = index.search(query)
        searchIndex = index
        let result = CatalogueFilter(query).apply(to: catalogue, index: index, matches: matches)
        show(
            result.catalogue, for: text, opening: result.opened, matched: result.matchCount > 0,
            best: result.best, keepingFocus: keepingFocus)
    }

    /// A lazy source is never read whole: it filters itself, if it has a
    /// `search(query)`, and the catalogue shown is what that answers, in
    /// catalogue order, the first path answered taking the focus.
    private func setLazyFilter(_ text: String, _ query: FilterQuery, keepingFocus: Bool) throws(Diagnostic) {
        guard !query.isEmpty else { return clearFilter(showing: script.source) }
        guard let paths = try script.search(text) else {
            throw Diagnostic(
                .usage, file: script.file,
                "this catalogue cannot be filtered: its lazy source has no search(query) function")
        }
        let found = try SearchResults(paths, answering: text, in: script.source, file: script.file)
        show(
            found, for: text, opening: [], matched: !paths.isEmpty, best: found.first,
            keepingFocus: keepingFocus)
    }

    /// Shows `filtered`, what `text` keeps, with `opened` nodes opened over
    /// what was open before the filter, and focuses `best`, unless
    /// `keepingFocus` and the focused element is among what it shows.
    private func show(
        _ filtered: any CatalogueSource, for text: String, opening opened: Set<String>, matched: Bool,
        best: ElementPath?, keepingFocus: Bool
    ) {
        if state.beforeFilter == nil { state.beforeFilter = ViewState.SavedView(of: state) }
        let before = state.beforeFilter ?? ViewState.SavedView(of: state)
        state.expanded = before.expanded.union(opened)
        state.expandsAll = before.expandsAll
        state.closed = before.closed.subtracting(opened)
        // Every match shows: no outline section or row stays closed over one.
        state.collapsed = []
        source = filtered
        state.filter = text
        filterMessage = matched ? nil : "no match for \(Self.quoted(text))"
        let navigator = navigator
        if keepingFocus, let kept = navigator.currentTarget(in: state) {
            navigator.focus(kept, in: &state)
        } else if let best, let target = navigator.target(at: best, in: state) {
            navigator.focus(target, in: &state)
        } else {
            navigator.ensureFocus(in: &state)
        }
    }

    /// Takes the filter away: `original` is shown again, and the view as it
    /// was before the filter.
    private func clearFilter(showing original: any CatalogueSource) {
        source = original
        state.beforeFilter?.restore(into: &state)
        state.beforeFilter = nil
        state.filter = nil
        filterMessage = nil
        searchIndex?.forgetSearch()
        navigator.ensureFocus(in: &state)
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

/// The catalogue of what a lazy source's search found: its sections, rows
/// and items at those paths, asked of the source, in catalogue order, and
/// where each is in the source.
struct SearchResults: CatalogueSource {
    /// The most items a row found whole may hold: a lazy row is asked for
    /// each of them.
    static let wholeRowLimit = 100_000

    var catalogue: Catalogue
    /// What of the source `catalogue` holds, by the source's indices.
    var kept: KeptElements
    /// Where the first path answered is in `catalogue`.
    var first: ElementPath?

    /// - Parameter query: what the search was asked, which messages name
    ///   the call by, as they name a bad answer's shape.
    init(_ paths: [ElementPath], answering query: String, in source: any CatalogueSource, file: String)
        throws(Diagnostic)
    {
        let call = "source.search(\"\(Sanitizer.clean(query))\")"
        // Rows in order, each with its items in order, or nil for the whole row.
        var rows: [RowPosition: [Int]?] = [:]
        for (n, path) in paths.enumerated() {
            let p = path.indices.map { $0 - 1 }
            func bad(_ why: String) -> Diagnostic {
                Diagnostic(.data, file: file, dataPath: call + "[\(n + 1)]", "\(path) \(why)")
            }
            guard p[0] < source.sectionCount else { throw bad("names no section") }
            guard p[1] < source.rowCount(p[0]) else { throw bad("names no row") }
            let position = RowPosition(section: p[0], row: p[1])
            if p.count == 2 {
                rows[position] = .some(nil)
                continue
            }
            let summary = source.rowSummary(p[0], p[1])
            guard summary.kind == .items, p[2] < summary.count else { throw bad("names no item") }
            if case .some(.some(var items)) = rows[position] {
                items.append(p[2])
                rows[position] = items
            } else if rows[position] == nil {
                rows[position] = [p[2]]
            }
        }
        var sections: [Section] = []
        var keptSections: [KeptElements.Section] = []
        var lastSection: Int?
        // Where each path lands in the catalogue built.
        var landed: [ElementPath: ElementPath] = [:]
        for position in rows.keys.sorted(by: { ($0.section, $0.row) < ($1.section, $1.row) }) {
            let (s, r) = (position.section, position.row)
            if lastSection != s {
                let summary = source.sectionSummary(s)
                sections.append(Section(name: summary.name, id: summary.id, rows: []))
                keptSections.append(KeptElements.Section(section: s, rows: []))
                lastSection = s
            }
            let summary = source.rowSummary(s, r)
            let place = [sections.count, sections[sections.count - 1].rows.count + 1]
            landed[ElementPath([s + 1, r + 1])] = ElementPath(place)
            let content: RowContent
            var keptContent = KeptElements.Content.whole
            switch (summary.kind, rows[position]!) {
            case (.items, let chosen?):
                let indices = Array(Set(chosen)).sorted()
                for (i, index) in indices.enumerated() {
                    landed[ElementPath([s + 1, r + 1, index + 1])] = ElementPath(place + [i + 1])
                }
                content = .items(indices.map { source.item(s, r, $0) })
                keptContent = .items(indices.map { Int32($0) })
            case (.items, nil):
                guard summary.count <= Self.wholeRowLimit else {
                    throw Diagnostic(
                        .data, file: file, dataPath: call,
                        "row \(s + 1).\(r + 1) holds \(summary.count) items, more than a whole row found may"
                            + " (\(Self.wholeRowLimit)); answer its items' paths instead")
                }
                content = .items(source.items(s, r, 0..<summary.count))
            case (.fields, _): content = .fields(source.fields(s, r))
            case (.children, _): content = .children(source.nodes(s, r))
            }
            sections[sections.count - 1].rows.append(
                Row(name: summary.name, id: summary.id, content: content))
            keptSections[keptSections.count - 1].rows?.append(KeptElements.Row(row: r, content: keptContent))
        }
        catalogue = Catalogue(sections: sections)
        kept = KeptElements(sections: keptSections)
        first = paths.first.flatMap { landed[$0] }
    }
}

extension SearchResults {
    var isEager: Bool { true }
    var sectionCount: Int { catalogue.sectionCount }
    func sectionSummary(_ section: Int) -> SectionSummary { catalogue.sectionSummary(section) }
    func rowCount(_ section: Int) -> Int { catalogue.rowCount(section) }
    func rowSummary(_ section: Int, _ row: Int) -> RowSummary { catalogue.rowSummary(section, row) }
    func item(_ section: Int, _ row: Int, _ index: Int) -> Item { catalogue.item(section, row, index) }
    func items(_ section: Int, _ row: Int, _ indices: Range<Int>) -> [Item] {
        catalogue.items(section, row, indices)
    }
    func fields(_ section: Int, _ row: Int) -> [Field] { catalogue.fields(section, row) }
    func nodes(_ section: Int, _ row: Int) -> [Node] { catalogue.nodes(section, row) }
    func wholePath(of path: ElementPath) -> ElementPath { kept.wholePath(of: path) }
    func shownPath(of whole: ElementPath) -> ElementPath? { kept.shownPath(of: whole) }
}

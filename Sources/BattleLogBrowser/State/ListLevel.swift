/// One list of a source, as the engine holds it: what it lists, the loaded window of its rows and
/// the selection, its order and the keys found for it, and (on a path of lists) where to come
/// back to. The Core Data browser's lists are a path of them (`StackedLists`); the records pane
/// is one (`RecordListState`).
struct ListLevel<Source: ListSource> {
    var query: Source.Query
    /// The loaded rows around the selection.
    var window = KeyedWindow<Source.Row>()
    /// What was followed to reach it from the previous level's row (nil for the first level).
    let via: String?
    /// The order (nil: by key) and the keys found so far in it (a sort's; a filter's matches).
    var sort: Source.Sort?
    var sorted: FoundKeys?
    /// The row to select again once the sort (or a filter's search started again) finds it, and
    /// the screen row to show it at (nil: the row the selection is on then).
    var reselect: (key: Int64, row: Int?)?
    /// How long the list is as far as known, for a list read by key (a Human's records, as
    /// long as their tally); nil when only its source knows (its count).
    var length: Int?
    /// The pane that had the focus when this level was opened (back returns to it).
    var returnFocus: BrowserModel.Pane = .records
    /// The detail's line, scroll and folds when something was followed from this level.
    var detailCursor = ListCursor()
    var toggled: Set<String> = []

    init(_ query: Source.Query, via: String? = nil) {
        self.query = query
        self.via = via
    }

    /// Whether its sort is still finding keys.
    var isSorting: Bool { sorted.map { !$0.isDone } ?? false }

    /// How its pages are read from `source`: by key, or by place among the keys found.
    func pages(_ source: Source) -> WindowPages<Source.Row> {
        if let sorted { return source.pages(query, found: sorted) }
        var pages = source.pages(query)
        // A damaged tally may be negative: the list's end is never before its start.
        if let length { pages.end = { max(0, length) } }
        return pages
    }
}

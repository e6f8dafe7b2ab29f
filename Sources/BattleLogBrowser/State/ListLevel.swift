/// One list on the path: what it lists, the loaded window of its rows and the selection, its
/// order, and where to come back to.
struct ListLevel<Source: ListSource> {
    var query: Source.Query
    /// The loaded rows around the selection.
    var window = KeyedWindow<Source.Row>()
    /// What was followed to reach it from the previous level's row (nil for the first level).
    let via: String?
    /// The order (nil: by key) and, for a sort, the keys found so far.
    var sort: Source.Sort?
    var sorted: FoundKeys?
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
}

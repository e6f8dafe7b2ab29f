/// What the engine's `StackedLists` read: a source of lists, each named by a query (an entity's
/// objects, a relationship's targets, a history), read in keyed pages or in a background sort's
/// order, and the detail of a row. The Core Data browser's store is one.
protocol ListSource: AnyObject {
    associatedtype Row: Sendable
    associatedtype Query
    associatedtype Sort
    /// What Enter on a line of a row's detail does.
    associatedtype Action: Equatable

    /// `query`'s pages in its keys' order.
    func pages(_ query: Query) -> WindowPages<Row>
    /// `query`'s rows with these keys, in their order (a page of a sort).
    func rows(_ query: Query, keys: [Int64]) throws -> [Row]
    /// Starts finding `query`'s keys in `sort`'s order, in the background.
    func sorted(_ query: Query, by sort: Sort) -> SortedKeys
    /// `row`'s detail, the nodes of its values' trees in `toggled` folded against their default.
    func detail(_ row: Row, in query: Query, toggled: Set<String>, width: Int) -> DetailPage<Action>
}

/// A row's detail: its title and its lines.
struct DetailPage<Action: Equatable> {
    var title: String
    var lines: [DetailLine<Action>]
}

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
    var sorted: SortedKeys?
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

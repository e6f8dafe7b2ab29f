/// A source of lists, as the engine reads them: a list named by a query (a Human's records, an
/// entity's objects, a relationship's targets, a history), read in keyed pages or by place among
/// keys found in the background (a sort's, a filter's), and laid out in columns. The battle
/// log's records are one (`RecordSource`), a Core Data store another (`StoreSource`).
protocol ListSource: AnyObject {
    associatedtype Row: Sendable
    associatedtype Query
    associatedtype Sort
    /// What Enter on a line of a row's detail page does (`Never`: the source has no detail page).
    associatedtype DetailAction: Equatable = Never

    /// `query`'s pages in its keys' order.
    func pages(_ query: Query) -> WindowPages<Row>
    /// `query`'s rows with these keys, in their order (a page of a sort).
    func rows(_ query: Query, keys: [Int64]) throws -> [Row]
    /// Starts finding `query`'s keys in `sort`'s order, in the background.
    func sorted(_ query: Query, by sort: Sort) -> FoundKeys
    /// The row's key, as its list is paged by.
    func key(_ row: Row) -> Int64
    /// `query`'s columns for a pane `width` wide (`rows`: the loaded ones), and what their
    /// layout is kept under.
    func columns(_ query: Query, width: Int, rows: [Row]) -> [TableColumn<Row>]
    func columnsKey(_ query: Query) -> String
    /// The most rows one of its lists keeps loaded (constant memory at any size; 640 unless
    /// the source says).
    static var maxWindow: Int { get }

    /// `row`'s detail page, the nodes of its values' trees in `toggled` folded against their
    /// default; nil for a source whose browser draws a row's detail itself (the records').
    func detail(_ row: Row, in query: Query, toggled: Set<String>, width: Int) -> DetailPage<DetailAction>?
}

extension ListSource {
    static var maxWindow: Int { 640 }
}

extension ListSource where DetailAction == Never {
    func detail(_ row: Row, in query: Query, toggled: Set<String>, width: Int) -> DetailPage<Never>? { nil }
}

extension ListSource {
    /// `query`'s pages by place among the keys `found` found so far.
    func pages(_ query: Query, found: FoundKeys) -> WindowPages<Row> {
        .byPlace(count: { found.count }, isDone: { found.isDone }, keys: found.keys, position: found.position(of:),
                 rows: { try self.rows(query, keys: $0) })
    }
}

/// What the engine's browser on its lists (`StackedListsHost`) asks of a source beyond its
/// lists and their detail: what a person sees of the lists and asks of them,
/// in the source's words. The Core Data browser's store is one.
protocol StackedListSource: ListSource {
    /// What the engine says of the lists, in the source's words.
    var words: ListWords { get }
    /// `Person 3`: a row as titles, the breadcrumb, messages and copies name it.
    func name(_ row: Row) -> String
    /// What a list is, as its pane's title says.
    func title(_ query: Query) -> String
    /// What a list's rows are (`Car`), for the breadcrumb of an empty list; nil to say nothing.
    func rowsName(_ query: Query) -> String?
    /// What a key is called (`pk`), in the go-to prompt and the status line.
    func keyName(_ query: Query) -> String
    /// The label key of what an empty list says (nil: no list at all).
    func emptyText(_ query: Query?) -> String
    /// `query`'s count, nil until known, and the label keys that say it, one and many (`{0}`).
    func count(_ query: Query) -> Int?
    func countWords(_ query: Query) -> (one: String, many: String)
    /// Why `action` does nothing on `query`'s list (nil: it acts).
    func refuses(_ action: Action, in query: Query) -> String?
    /// `query`'s filter as typed; nil when it has none.
    func filterText(_ query: Query) -> String?
    /// `query` filtered by `text` instead (empty: not filtered).
    func filtered(_ query: Query, by text: String) throws(ListInputError) -> Query
    /// What Tab completes in the filter prompt.
    func filterVocabulary(_ query: Query) -> FilterCompletion.Vocabulary?
    /// The fields `query` sorts by, a sort as typed, and a sort's text.
    func sortFields(_ query: Query) -> [String]
    func sort(_ text: String, in query: Query) throws(ListInputError) -> Sort
    func sortText(_ sort: Sort) -> String
    /// What `:` says when `query` has no row with `key` (nil: it has one).
    func missing(_ key: Int64, in query: Query) -> String?
    /// The row in its JSON form, read whole (nil: it is gone), and the file `P`/`E` name it.
    func json(_ row: Row, in query: Query) -> String?
    func fileName(_ row: Row, in query: Query) -> String
    /// `e`: the file name offered, and the export of `query`'s rows in `sort`'s order (nil: by
    /// key) to `path` (nil: cannot read).
    func exportName(_ query: Query) -> String
    func export(_ query: Query, sort: Sort?, to path: String) -> BackgroundExport?
}

/// The label keys of what the engine says of a source's lists.
struct ListWords {
    /// A row that is gone (`{0}`: its name).
    var gone: String
    /// Back in key order, after a sort is cleared or given up.
    var keyOrder: String
    var sortCancelled: String
    /// A sort's progress (`{0}`: keys found).
    var sortingFound: String
    /// `:` given no whole number (`{0}`: what a key is called).
    var goToNeedsKey: String
}

/// A filter or a sort as typed that the source refused: what is wrong, in words, and where
/// (a column from 1) when it knows.
struct ListInputError: Error {
    var text: String
    var column: Int?
}

/// A row's detail: its title and its lines.
struct DetailPage<Action: Equatable> {
    var title: String
    var lines: [DetailLine<Action>]
}

import BattleLogKit

/// The records pane's list: the engine's lists (`StackedLists`) of the records, one list long:
/// what is listed (a Human's records, or a filter's matches), the loaded window around the
/// selection (places are the list's own), the sort, and the ids found in the background for a
/// filter or a sort. Beside it, what only a list of millions has: the record's place counted in
/// the background, the pages read ahead, the matches counted, and the marks. The filter itself
/// (its text, which re-lays the panes when it comes and goes) stays with
/// `BrowserModel.filterSearch`.
public struct RecordListState {
    var lists: StackedLists<RecordSource>
    /// The list: its query, window, sort and found ids (nil: read page by page by (date, id)).
    var level: ListLevel<RecordSource> {
        get { lists.current }
        _modify { yield &lists.current }
    }
    /// The loaded records, from place `windowStart` in the list.
    public var window: [Record] { level.window.rows }
    public var windowStart: Int { level.window.firstPosition }
    /// The selected place in the list, and the first one shown.
    public var selected: Int { level.window.firstPosition + level.window.selected }
    public var scroll: Int { level.window.firstPosition + level.window.scroll }
    /// The list's length as far as known.
    public internal(set) var total: Int {
        get { level.length ?? 0 }
        set { level.length = newValue }
    }
    /// The pages last asked of the prefetcher (asked again only when the loaded records' ends move).
    var lastPrefetch: PagePrefetcher.Request?
    /// The count whose position the selection waits for (its place is estimated meanwhile).
    var pendingPositionCount: (serial: Int, cursor: RecordCursor)?
    /// Lists longer than this count a selection's position in the background (a test lowers it).
    var positionCountInBackgroundAbove = 20_000
    /// The count asked for the filter being found (its serial), and the exact count once known.
    var pendingMatchCount: Int?
    public internal(set) var exactMatchCount: Int?
    /// The marked records (`m`, `M`, `A`; `u` clears), by id, whichever list they were marked in.
    public internal(set) var marked: Set<Int64> = []
    /// The record `m` last marked and its place in the list: `M` marks from it to the selection.
    var markAnchor: (record: Record, position: Int)?
    /// The Human's record selected when a filter began, and its screen row: leaving the filter
    /// comes back to it.
    var beforeFilter: (id: Int64, row: Int)?

    init(source: RecordSource) {
        lists = StackedLists(source: source, listing: RecordQuery())
        total = 0
    }
}

import BattleLogKit

/// The records pane's list: a window of loaded records around the selection (places are the
/// list's own), the list's order, the ids a sort found in the background, the record to select
/// again once found, the counts under way, and the marks. The filter's matches, which re-lay the
/// panes when they come and go, stay with `BrowserModel.filterSearch`.
public struct RecordListState {
    /// The loaded records around the selection, paged as the engine's lists are.
    public internal(set) var list = KeyedWindow<Record>()
    /// The loaded records, from place `windowStart` in the list.
    public var window: [Record] { list.rows }
    public var windowStart: Int { list.firstPosition }
    /// The selected place in the list, and the first one shown.
    public var selected: Int { list.firstPosition + list.selected }
    public var scroll: Int { list.firstPosition + list.scroll }
    /// The list's length as far as known.
    public internal(set) var total = 0
    /// The list's order when it is not the newest first (`S`): the filter's matches and each
    /// Human's records follow it.
    var sort: RecordSort?
    /// The selected Human's list in a sort (no filter): its ids found in the background in the
    /// sort's order, as a filter's are, so that no sort waits on the keys.
    var sortedList: FilterSearch?
    /// After live refresh restarted the filter (or Backspace went up a drill-down): the record
    /// to select again once it is found, and the screen row to show it at (nil: the row the
    /// selection is on).
    var reselectID: Int64?
    var reselectRow: Int?
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
}

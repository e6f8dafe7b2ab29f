import BattleLogKit

/// The records pane's list, held as the engine holds its lists (`ListLevel`): what is listed (a
/// Human's records, or a filter's matches), the loaded window around the selection (places are the
/// list's own), the sort, and the ids found in the background for a filter or a sort. Around it,
/// what only a list of millions has: its length as far as known, the record to select again once
/// found, the counts under way, the pages read ahead, and the marks. The filter itself (its text,
/// which re-lays the panes when it comes and goes) stays with `BrowserModel.filterSearch`.
public struct RecordListState {
    /// The list: its query, window, sort and found ids (nil: read page by page by (date, id)).
    var level = ListLevel<RecordSource>(RecordQuery())
    /// The loaded records, from place `windowStart` in the list.
    public var window: [Record] { level.window.rows }
    public var windowStart: Int { level.window.firstPosition }
    /// The selected place in the list, and the first one shown.
    public var selected: Int { level.window.firstPosition + level.window.selected }
    public var scroll: Int { level.window.firstPosition + level.window.scroll }
    /// The list's length as far as known.
    public internal(set) var total = 0
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

import BattleLogKit
import Foundation

/// Filter mode: every record matching an expression, found on a background connection.
extension BrowserModel {
    /// Leaves filter mode (choosing a Human shows that Human's records again).
    func clearFilter() {
        filterSearch?.cancel()
        filterSearch = nil
        liveRefresh.pending = false
        recordList.beforeFilter = nil
    }

    /// Starts filtering every record by `text`, or clears the filter when it is empty. A text
    /// that does not compile throws (`ListInputError`) before anything changes: the previous filter, its matches
    /// and the selection stay exactly as they were.
    /// `remembering`: `U` can come back to the view before (false when `U` itself restores one).
    func setFilter(_ text: String, remembering: Bool = true) throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let compiled = trimmed.isEmpty ? nil : try source.filter(trimmed, humans: roster.humans)
        // Enter on the filter already shown, in the sort it was found in, changes nothing: the
        // selection stays where it is. (`U` restoring another sort finds the matches again.)
        if compiled != nil && trimmed == filterText && filterSearch?.query.sort == recordList.level.sort {
            chrome.focus = .records
            return
        }
        if remembering && trimmed != (filterText ?? "") { rememberView() }
        // From a Human's list into a filter: where leaving it comes back to.
        let leaving = filterSearch != nil ? recordList.beforeFilter : nil
        if filterSearch == nil, compiled != nil { recordList.beforeFilter = selectedRecord.map { ($0.id, recordList.level.window.selectionRow) } }
        filterSearch?.cancel()
        filterSearch = nil
        liveRefresh.pending = false
        guard let compiled else {
            // The Human's list as it was left: read once, around that record.
            try selectHuman(at: roster.cursor.index, loading: leaving == nil)
            if let leaving { try reselect(leaving.id, atRow: leaving.row) }
            return
        }
        filterSearch = startSearch(trimmed, compiled)
        recordList.level.reselect = nil
        emptyRecordWindow()
        chrome.focus = .records
    }

    /// The filter prompt's Enter (`ListPromptHost`).
    func applyFilter(_ text: String) throws { try setFilter(text) }

    func startSearch(_ text: String, _ filter: CompiledFilter) -> FilterSearch {
        let search = source.search(RecordQuery(filter: filter, sort: recordList.level.sort), text: text)
        // Counted beside the search, exactly and at once: the status says how many there are.
        recordList.exactMatchCount = nil
        recordList.pendingMatchCount = readers.matchCounter.submit(RecordQuery(filter: filter))
        return search
    }
}

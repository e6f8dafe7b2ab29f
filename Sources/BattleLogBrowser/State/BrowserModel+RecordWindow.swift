import BattleLogKit
import BattleLogPresentation
import Foundation

/// Moving through the selected Human's records, or a filter's: a window of loaded pages
/// around the selection, so that nothing loads the whole table.
extension BrowserModel {
    /// The ids the list moves over, found in the background: the filter's matches, or the
    /// sorted Human's list (nil: the Human's list newest first, read page by page).
    var listFound: FoundKeys? { recordList.level.sorted }

    /// How the records pane's pages are read: the ids a filter or a sort found, by place; or
    /// the selected Human's records newest first, by (date, id), as long as their tally.
    var recordPages: WindowPages<Record> { recordList.level.pages(source) }

    /// Reads the records pane from `start` (the selection centred), its places and length
    /// made to agree with what was read.
    func loadRecords(_ start: WindowStart) throws {
        cancelPositionCount()
        syncSortedList()
        if listFound == nil { recordList.total = roster.tallies[selectedHuman?.id ?? -1]?.total ?? 0 }
        try recordList.lists.reload(start)
        recordsRead()
    }

    func jumpToFirst() throws { try loadRecords(.first) }
    func jumpToLast() throws { try loadRecords(.last) }

    /// After a read of the Human's records: the first record is the newest (place 0), and the
    /// list is as long as the records read say; the pages past both ends are read ahead.
    private func recordsRead() {
        if let found = listFound {
            recordList.total = found.count
            return
        }
        let w = recordList.level.window
        if w.atStart || w.firstPosition < 0 { recordList.level.window.firstPosition = 0 }
        let end = recordList.windowStart + recordList.window.count
        recordList.total = w.atEnd ? end : max(recordList.total, end)
        prefetchPastWindow()
    }

    /// Reads the loaded records again, so that rows another program changed (a Human renamed,
    /// a value rewritten) show what is stored now. A record that went away reloads the list
    /// from its start.
    func reloadLoadedRecords() throws {
        guard !recordList.window.isEmpty else { return }
        let fresh = try store.records(ids: recordList.window.map(\.id))
        if fresh.count == recordList.window.count {
            recordList.level.window.rows = fresh
        } else if listFound == nil {
            try jumpToFirst()
        }
    }

    /// Moves the selection to place `position`, reading pages as needed; stops at both ends.
    func moveSelection(to position: Int) throws {
        let delta = position - recordList.selected
        // Places must be known before the window moves on from them.
        settlePositionCount(waiting: true)
        defer { recordsRead() }
        try recordList.lists.move(by: delta)
    }

    /// Asks the prefetcher for the pages past both ends of the loaded records, when those ends
    /// moved (a page was loaded), so that the next page key reads from memory. Not for a filter's
    /// matches (read by id, as the scan finds them).
    func prefetchPastWindow() {
        guard listFound == nil, let first = recordList.window.first, let last = recordList.window.last else { return }
        let request = PagePrefetcher.Request(query: query, oldest: RecordCursor(last), newest: RecordCursor(first), limit: Self.pageFetch)
        guard request != recordList.lastPrefetch else { return }
        recordList.lastPrefetch = request
        readers.pagePrefetcher.submit(request)
    }

    /// Shows the other side of the selected record's fight: the opponent's record of it,
    /// selected in the opponent's own list (leaving a filter).
    func showOtherSide() throws {
        guard let record = selectedRecord else { return }
        guard let fight = record.fight, let other = try store.records(ofFight: fight).first(where: { $0.id != record.id }),
              let index = roster.humans.firstIndex(where: { $0.id == other.owner.id }) else {
            chrome.status = labels["noOtherSide"]
            return
        }
        try selectHuman(at: index, loading: false)
        try select(other)
        chrome.status = "\(labels["otherSide"]): \(labels["fight"]) \(other.fightText(labels))"
    }

    /// Selects `record` in the selected Human's list wherever it is: two small pages around it,
    /// not a walk from the top. Its position is counted at once in a short list; in a long one
    /// the count runs in the background (`PositionCounter`), the position estimated from the
    /// record's date until it arrives, and the title shows "…" for it meanwhile.
    func select(_ record: Record) throws {
        cancelPositionCount()
        syncSortedList()
        if let found = listFound {
            // In a filter's or a sorted list: its place among the ids found, or once the scan finds it.
            if let place = found.position(of: record.id) {
                // As `.around(id)` would read it (a failed read leaves no rows), without finding
                // the place a second time.
                do { try recordList.level.window.fill(aroundPlace: place, recordPages, limit: Self.pageFetch) }
                catch { recordList.level.window = KeyedWindow(); throw error }
                recordList.level.window.center(visible: layout.recordRows)
            } else {
                recordList.level.reselect = (record.id, nil)
                try recordList.lists.reload(.first)
            }
            recordsRead()
            return
        }
        let cursor = RecordCursor(record)
        let half = Self.pageFetch / 2
        let newer = try store.page(query, from: cursor, direction: .newer, limit: half)
        let older = try store.page(query, from: cursor, direction: .older, limit: half)
        // The tally is the list's length (no filter here).
        let listTotal = roster.tallies[selectedHuman?.id ?? -1]?.total
        let position: Int
        if newer.count < half {
            position = newer.count
        } else if let listTotal, older.count < half {
            position = max(newer.count, listTotal - 1 - older.count)
        } else if let listTotal, let owner = selectedHuman?.id, listTotal > recordList.positionCountInBackgroundAbove {
            position = try estimatedPosition(of: cursor, listTotal: listTotal, between: newer.count...(listTotal - 1 - older.count))
            let request = PositionCounter.Request(ownerID: owner, sort: recordList.level.sort, cursor: cursor, estimate: position)
            recordList.pendingPositionCount = (readers.positionCounter.submit(request), cursor)
        } else {
            position = try store.position(of: cursor, in: query, total: listTotal)
        }
        recordList.level.window = KeyedWindow(rows: newer + [record] + older, selected: newer.count,
                                              firstPosition: position - newer.count, atStart: newer.count < half, atEnd: older.count < half)
        recordList.level.window.center(visible: layout.recordRows)
        recordList.total = max(recordList.total, recordList.windowStart + recordList.window.count)
        prefetchPastWindow()
    }

    /// Selects the record `id` again at screen row `row`: in a filter's or a sorted list once
    /// its search finds it (`tick`), else in its Human's list at once.
    func reselect(_ id: Int64, atRow row: Int) throws {
        if filterSearch != nil {
            recordList.level.reselect = (id, row)
            return
        }
        guard let record = try? store.record(id: id), record.owner.id == selectedHuman?.id else { return try jumpToFirst() }
        try select(record)
        if recordList.level.reselect?.key == id { recordList.level.reselect?.row = row }
        else { recordList.level.window.show(selectionAt: row, visible: layout.recordRows) }
    }

    /// Where `cursor` would be if the list's dates were even between its newest and oldest
    /// record, kept within `bounds` (the pages loaded around it fit the list).
    private func estimatedPosition(of cursor: RecordCursor, listTotal: Int, between bounds: ClosedRange<Int>) throws -> Int {
        guard let newest = try store.page(query, limit: 1).first.map(RecordCursor.init),
              let oldest = try store.page(query, direction: .newer, limit: 1).first.map(RecordCursor.init),
              newest.date > oldest.date else { return min(max(listTotal / 2, bounds.lowerBound), bounds.upperBound) }
        let fraction = Double(newest.date - cursor.date) / Double(newest.date - oldest.date)
        let guess = Int((fraction * Double(listTotal - 1)).rounded())
        return min(max(guess, bounds.lowerBound), bounds.upperBound)
    }

    /// The background count of the selection's position arrived (or, with `waiting`, waits for
    /// it): the selection, the window and the scroll move to the counted place together. A count
    /// that failed or took too long is made again here, on the browser's own connection.
    func settlePositionCount(waiting: Bool = false) {
        guard let pending = recordList.pendingPositionCount else { return }
        let outcome = waiting ? readers.positionCounter.wait(for: pending.serial, timeout: 1) : readers.positionCounter.take(pending.serial)
        guard waiting || outcome != nil else { return }
        recordList.pendingPositionCount = nil
        let exact: Int
        if let counted = outcome ?? nil {
            // Records another program added since the count's snapshot are newer: above this one.
            exact = max(0, counted.position + (recordList.total - counted.listTotal))
        } else {
            readers.positionCounter.cancel()
            guard let position = try? store.position(of: pending.cursor, in: query, total: recordList.total, estimate: recordList.selected) else { return }
            exact = position
        }
        recordList.level.window.firstPosition += exact - recordList.selected
        recordList.total = max(recordList.total, recordList.windowStart + recordList.window.count)
    }

    /// Something placed the selection anew: a count still running is of no use.
    func cancelPositionCount() {
        guard recordList.pendingPositionCount != nil else { return }
        recordList.pendingPositionCount = nil
        readers.positionCounterStorage?.cancel()
    }

    /// A filter's matches or a sorted list found more: the rows join the window; `total`
    /// follows the count.
    func takeFoundRecords() throws {
        guard let found = listFound else { return }
        recordList.total = found.count
        try recordList.lists.takeArrivals()
    }

    /// The filter's or the sorted list's search started again found the record to select again
    /// (or ended without it): the window is read around it (or around the selection's place),
    /// at screen row `row` (nil: the row the selection was on).
    func reselectFound(at position: Int?, row: Int?) throws {
        let screenRow = row ?? recordList.level.window.selectionRow
        let place = position ?? min(recordList.selected, max(0, recordList.total - 1))
        var w = KeyedWindow<Record>()
        try w.fill(aroundPlace: place, recordPages, limit: Self.pageFetch)
        w.show(selectionAt: screenRow, visible: layout.recordRows)
        recordList.level.window = w
        recordsRead()
    }

    /// The records pane's height given to its list: the selection stays in view, scrolled as
    /// little as needed.
    func fitRecordsToPane() { recordList.lists.resize(listRows: layout.recordRows, detailRows: 1, detailWidth: 1) }

    /// Lists the selected Human's records, in the sort: a list in a sort is found in the
    /// background (the first page at once where an index serves the sort), never read page by
    /// page on the keys' thread; one newest first is read by (date, id). The list found before
    /// is kept while it is still this one. Not while a filter lists its matches. `keepingScreen`:
    /// the rows stay as they are until the new list finds the selected record (live refresh).
    func syncSortedList(keepingScreen: Bool = false) {
        guard filterSearch == nil else { return }
        let listed = query
        let level = recordList.level
        guard let sort = level.sort, listed.ownerID != nil else {
            level.sorted?.cancel()
            recordList.level.sorted = nil
            recordList.level.query = listed
            return
        }
        if let found = level.sorted, level.query == listed, !found.isCancelled { return }
        level.sorted?.cancel()
        recordList.level.query = listed
        recordList.level.sorted = source.sorted(listed, by: sort)
        if !keepingScreen {
            emptyRecordWindow()
            // A record waited for in the list before is not in this one.
            recordList.level.reselect = nil
        }
    }

    /// No rows loaded and none selected: a list about to be found anew.
    func emptyRecordWindow() {
        recordList.level.window = KeyedWindow()
        recordList.total = 0
    }

    /// Esc while a sorted list is still being found: the sort is given up, the Human's records
    /// (or the filter's matches, found again) newest first. A sort given up is no view to come
    /// back to: `U` goes to the one before it.
    func cancelSort() throws {
        recordList.level.sort = nil
        if let search = filterSearch, let filter = search.query.filter {
            search.cancel()
            filterSearch = startSearch(search.text, filter)
            emptyRecordWindow()
        } else {
            try jumpToFirst()
        }
        chrome.status = labels["sortCancelled"]
    }
}

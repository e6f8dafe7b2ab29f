import BattleLogKit
import BattleLogPresentation
import Foundation

/// Moving through the selected Human's records, or a filter's: a window of loaded pages
/// around the selection, so that nothing loads the whole table.
extension BrowserModel {
    func jumpToFirst() throws {
        cancelPositionCount()
        syncSortedList()
        if listSearch != nil { try moveFiltered(to: 0); return }
        recordList.total = roster.tallies[selectedHuman?.id ?? -1]?.total ?? 0
        recordList.window = try store.page(query, limit: Self.pageFetch)
        recordList.windowStart = 0
        recordList.selected = 0
        recordList.scroll = 0
        if recordList.window.count < Self.pageFetch { recordList.total = recordList.window.count }
        prefetchPastWindow()
    }

    func jumpToLast() throws {
        cancelPositionCount()
        syncSortedList()
        if let f = listSearch { try moveFiltered(to: f.progress.count - 1); return }
        recordList.window = try store.page(query, from: nil, direction: .newer, limit: Self.pageFetch)
        if recordList.window.count < Self.pageFetch { recordList.total = recordList.window.count }
        recordList.windowStart = max(0, recordList.total - recordList.window.count)
        recordList.selected = max(0, recordList.windowStart + recordList.window.count - 1)
        recordList.scroll = max(0, recordList.selected - layout.recordRows + 1)
        prefetchPastWindow()
    }

    /// Reads the loaded records again, so that rows another program changed (a Human renamed,
    /// a value rewritten) show what is stored now. A record that went away reloads the list
    /// from its start.
    func reloadLoadedRecords() throws {
        guard !recordList.window.isEmpty else { return }
        let fresh = try store.records(ids: recordList.window.map(\.id))
        if fresh.count == recordList.window.count {
            recordList.window = fresh
        } else if listSearch == nil {
            try jumpToFirst()
        }
    }

    /// Moves the selection to `position`, loading pages as needed; clamps at both ends.
    func moveSelection(to position: Int) throws {
        if listSearch != nil { try moveFiltered(to: position); return }
        // A move is relative to where the selection is: its position must be known.
        let before = recordList.selected
        settlePositionCount(waiting: true)
        var target = max(0, position + (recordList.selected - before))
        while target >= recordList.windowStart + recordList.window.count {
            guard let last = recordList.window.last else { target = 0; break }
            let older = try store.page(query, from: RecordCursor(last), direction: .older, limit: Self.pageFetch)
            if older.isEmpty {
                target = recordList.windowStart + recordList.window.count - 1
                recordList.total = recordList.windowStart + recordList.window.count
                break
            }
            recordList.window += older
        }
        while target < recordList.windowStart {
            guard let first = recordList.window.first else { break }
            let newer = try store.page(query, from: RecordCursor(first), direction: .newer, limit: Self.pageFetch)
            if newer.isEmpty {
                // The first loaded record is the newest: it is position 0.
                let shift = recordList.windowStart
                recordList.windowStart = 0
                target = max(0, target - shift)
                recordList.selected -= shift
                recordList.scroll = max(0, recordList.scroll - shift)
                break
            }
            recordList.window = newer + recordList.window
            recordList.windowStart -= newer.count
            if recordList.windowStart < 0 {
                let shift = -recordList.windowStart
                recordList.windowStart = 0
                target += shift
                recordList.selected += shift
                recordList.scroll += shift
            }
        }
        if recordList.window.isEmpty { recordList.selected = 0; return }
        recordList.selected = max(recordList.windowStart, min(target, recordList.windowStart + recordList.window.count - 1))
        trimWindow()
        scrollSelectionIntoView()
        if recordList.total < recordList.windowStart + recordList.window.count { recordList.total = recordList.windowStart + recordList.window.count }
        prefetchPastWindow()
    }

    /// Asks the prefetcher for the pages past both ends of the loaded records, when those ends
    /// moved (a page was loaded), so that the next page key reads from memory. Not for a filter's
    /// matches (read by id, as the scan finds them).
    func prefetchPastWindow() {
        guard listSearch == nil, let first = recordList.window.first, let last = recordList.window.last else { return }
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
        if let list = recordList.sortedList {
            // In a sorted list: its place among the ids found, or once the scan finds it.
            recordList.window = []
            if let position = list.position(of: record.id) {
                let visible = layout.recordRows
                recordList.scroll = max(0, position - visible / 2)
                try moveFiltered(to: position)
            } else {
                recordList.reselectID = record.id
                try moveFiltered(to: 0)
            }
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
            let request = PositionCounter.Request(ownerID: owner, sort: recordList.sort, cursor: cursor, estimate: position)
            recordList.pendingPositionCount = (readers.positionCounter.submit(request), cursor)
        } else {
            position = try store.position(of: cursor, in: query, total: listTotal)
        }
        recordList.window = newer + [record] + older
        recordList.windowStart = position - newer.count
        recordList.selected = position
        recordList.total = max(recordList.total, recordList.windowStart + recordList.window.count)
        let visible = layout.recordRows
        recordList.scroll = max(0, min(recordList.selected - visible / 2, recordList.total - visible))
        prefetchPastWindow()
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
        let shift = exact - recordList.selected
        recordList.windowStart += shift
        recordList.selected += shift
        recordList.scroll += shift
        recordList.total = max(recordList.total, recordList.windowStart + recordList.window.count)
        scrollSelectionIntoView()
    }

    /// Something placed the selection anew: a count still running is of no use.
    func cancelPositionCount() {
        guard recordList.pendingPositionCount != nil else { return }
        recordList.pendingPositionCount = nil
        readers.positionCounterStorage?.cancel()
    }

    /// A filter's matches or a sorted list: the selection moves over the ids found so far; the
    /// rows around it are loaded by id.
    func moveFiltered(to position: Int) throws {
        guard let search = listSearch else { return }
        recordList.total = search.progress.count
        guard recordList.total > 0 else { emptyRecordWindow(); return }
        recordList.selected = max(0, min(recordList.total - 1, position))
        scrollSelectionIntoView()
        let needed = recordList.scroll..<min(recordList.total, recordList.scroll + layout.recordRows)
        if needed.lowerBound < recordList.windowStart || needed.upperBound > recordList.windowStart + recordList.window.count {
            let start = max(0, recordList.scroll - Self.pageFetch / 2)
            recordList.window = try store.records(ids: search.ids(start..<(start + layout.recordRows + Self.pageFetch)))
            recordList.windowStart = start
        }
    }

    /// Keeps at most `maxWindow` records loaded, dropping the side far from the selection.
    func trimWindow() {
        guard recordList.window.count > Self.maxWindow else { return }
        let i = recordList.selected - recordList.windowStart
        let keepFrom = max(0, min(i - Self.maxWindow / 2, recordList.window.count - Self.maxWindow))
        recordList.window = Array(recordList.window[keepFrom..<(keepFrom + Self.maxWindow)])
        recordList.windowStart += keepFrom
    }

    func move(by delta: Int) throws {
        switch chrome.focus {
        case .roster:
            let target = max(0, min(roster.humans.count - 1, roster.cursor.index + delta))
            if target != roster.cursor.index { try selectHuman(at: target) }
        case .records, .detail:
            try moveSelection(to: recordList.selected + delta)
        }
    }

    /// Scrolls the records pane as little as needed for the selection to be on screen.
    func scrollSelectionIntoView() {
        let visible = layout.recordRows
        if recordList.selected < recordList.scroll { recordList.scroll = recordList.selected }
        if recordList.selected >= recordList.scroll + visible { recordList.scroll = recordList.selected - visible + 1 }
        // A pane that grew (a zoom undone, a larger window) shows a full page, not blank rows.
        recordList.scroll = max(0, min(recordList.scroll, recordList.total - visible))
    }

    /// Starts, keeps or ends the sorted Human's list to match the sort and the selected Human:
    /// a list in a sort is found in the background (the first page at once where an index
    /// serves the sort), never read page by page on the keys' thread. `keepingScreen`: the rows
    /// stay as they are until the new list finds the selected record (live refresh).
    func syncSortedList(keepingScreen: Bool = false) {
        guard filterSearch == nil, let sort = recordList.sort, let owner = selectedHuman?.id else {
            if let list = recordList.sortedList { list.cancel(); recordList.sortedList = nil }
            return
        }
        if let list = recordList.sortedList, list.query.ownerID == owner, list.query.sort == sort, !list.isCancelled { return }
        recordList.sortedList?.cancel()
        let list = FilterSearch(query: RecordQuery(ownerID: owner, sort: sort))
        readers.scanner.submit(list)
        recordList.sortedList = list
        if !keepingScreen { emptyRecordWindow() }
    }

    /// No rows loaded and none selected: a list about to be found anew.
    func emptyRecordWindow() {
        recordList.window = []
        recordList.windowStart = 0
        recordList.total = 0
        recordList.selected = 0
        recordList.scroll = 0
    }

    /// Esc while a sorted list is still being found: the sort is given up, the Human's records
    /// newest first again.
    func cancelSort() throws {
        rememberView()
        recordList.sort = nil
        try jumpToFirst()
        chrome.status = labels["sortCancelled"]
    }
}

import BattleLogKit
import BattleLogPresentation
import Foundation

/// Time passing: records written by another process, a background simulation finishing.
extension BrowserModel {
    /// Called when no key came for a while: follows the background simulation and other
    /// processes' commits (live refresh), keeping the selection on the same record.
    public func tick(now: Date = Date()) {
        tickReplay()
        tickAnalysis()
        settlePositionCount()
        if let serial = recordList.pendingMatchCount, let counted = readers.matchCounterStorage?.take(serial) {
            recordList.pendingMatchCount = nil
            recordList.exactMatchCount = counted
        }
        if let found = listFound {
            let p = found.progress
            if let (id, waitedRow) = recordList.level.reselect {
                // Live refresh restarted the search: wait until it finds the selected record.
                let position = found.position(of: id)
                if position != nil || p.done {
                    recordList.level.reselect = nil
                    let row = position != nil ? waitedRow : nil
                    recordList.total = p.count
                    try? reselectFound(at: position, row: row)
                } else if recordList.window.isEmpty && p.count > 0 {
                    // A new sort: its first rows show until it reaches the record (live refresh
                    // keeps the rows it had on screen instead).
                    try? takeFoundRecords()
                }
            } else if p.count != recordList.total || (p.done && !recordList.level.window.atEnd) {
                // New rows, or the end of a scan that found them all before: the window learns
                // that it holds the list's end (a search then looks at the whole list).
                try? takeFoundRecords()
            }
            if let e = p.failure { chrome.status = "\(labels["error"]): \(e)" }
            if liveRefresh.pending && p.done && recordList.level.reselect == nil {
                liveRefresh.pending = false
                do { try refreshAfterExternalChange() } catch { chrome.status = "\(labels["error"]): \(error)" }
            }
        }
        if let sim = simulation, !sim.isRunning {
            chrome.status = sim.summary
            simulation = nil
        }
        do { try takeRecordSearchOutcome() } catch { chrome.status = "\(labels["error"]): \(error)" }
        tickExport()
        guard liveRefresh.isOn || isSimulating, now.timeIntervalSince(liveRefresh.lastPoll) >= liveRefresh.interval else { return }
        liveRefresh.lastPoll = now
        do {
            let version = try store.dataVersion()
            guard version != liveRefresh.dataVersion else { return }
            liveRefresh.dataVersion = version
            try refreshAfterExternalChange()
        } catch {
            chrome.status = "\(labels["error"]): \(error)"
        }
    }

    /// Reloads the roster and tallies; new records of the selected Human appear above, and the
    /// selection stays on the record it was on.
    func refreshAfterExternalChange() throws {
        try refreshReplay()
        if let found = listFound {
            // The roster and the title follow at once; a scan still running finishes first and
            // the new data is scanned right after it.
            try reloadRoster()
            if !found.isDone || recordList.level.reselect != nil {
                liveRefresh.pending = true
                return
            }
            // Run the filter (or find the sorted list) again over the new data, keeping the
            // screen as it is until the new scan finds the selected record again.
            recordList.level.reselect = selectedRecord.map { ($0.id, nil) }
            found.cancel()
            if let search = filterSearch {
                filterSearch = startSearch(search.text, try source.filter(search.text, humans: roster.humans))
            } else {
                syncSortedList(keepingScreen: true)
            }
            return
        }
        let current = selectedHuman
        try reloadRoster()
        if let current, let index = roster.humans.firstIndex(where: { $0.id == current.id }) {
            roster.cursor.index = index
            let newTotal = roster.tallies[current.id]?.total ?? recordList.total
            if recordList.window.isEmpty {
                try jumpToFirst()
            } else {
                if newTotal > recordList.total {
                    // Newer records are above the loaded ones now.
                    recordList.level.window.firstPosition += newTotal - recordList.total
                    recordList.level.window.atStart = false
                    recordList.total = newTotal
                }
                // Rows already loaded may have changed too (a renamed Human, a rewritten value).
                try reloadLoadedRecords()
            }
        } else {
            try selectHuman(at: 0)
        }
        if overlay == .stats {
            try readStats()
            // The field's groups too, the ones on screen staying until the new ones arrive.
            if overlays.analysis?.field != nil && !readers.analysisCounter.isCounting { requestGroups(keepingShown: true) }
        }
    }
}

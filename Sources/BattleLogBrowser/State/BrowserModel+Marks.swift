import BattleLogKit
import BattleLogPresentation

/// Marks (`m` one, `M` a range, `A` the whole list, `u` none) and what acts on them: `e` exports
/// the marked records, `y` copies them, `c` compares two side by side. Marks are record ids:
/// they stay through filters, sorts and other Humans' lists until cleared.
extension BrowserModel {
    /// The most records `M` and `A` mark at once (about 8 MB of ids).
    static let markLimit = 1_000_000

    /// `m`: marks the selected record, or unmarks it, and goes down a row.
    func toggleMark() throws {
        guard let r = selectedRecord else { chrome.status = labels["copy.nothing"]; return }
        if recordList.marked.remove(r.id) == nil { recordList.marked.insert(r.id) }
        recordList.markAnchor = (r, recordList.selected)
        sayMarks()
        try moveSelection(to: recordList.selected + 1)
    }

    /// `M`: marks every record from the one `m` last marked to the selection, in the list's order.
    func markRange() throws {
        guard let anchor = recordList.markAnchor, let here = selectedRecord else { chrome.status = labels["marks.noAnchor"]; return }
        let count = abs(recordList.selected - anchor.position)
        guard count < Self.markLimit else { chrome.status = labels.fill("marks.tooMany", GroupedNumber.text(Self.markLimit)); return }
        var ids = [anchor.record.id, here.id]
        if let found = listFound {
            ids += found.keys(min(anchor.position, recordList.selected)..<(max(anchor.position, recordList.selected) + 1))
        } else if count > 1 {
            ids += try store.page(query, from: RecordCursor(anchor.record), direction: recordList.selected > anchor.position ? .older : .newer, limit: count - 1).map(\.id)
        }
        recordList.marked.formUnion(ids)
        recordList.markAnchor = (here, recordList.selected)
        sayMarks()
    }

    /// `A`: marks every record of the list: the filter's matches found so far, or the Human's.
    func markAll() throws {
        var ids: [Int64] = []
        if let found = listFound {
            ids = found.keys(0..<min(found.count, Self.markLimit + 1))
        } else if selectedHuman != nil {
            try store.streamIDs(query, chunk: 4096) { chunk in
                ids += chunk
                return ids.count <= Self.markLimit
            }
        }
        guard ids.count <= Self.markLimit else { chrome.status = labels.fill("marks.tooMany", GroupedNumber.text(Self.markLimit)); return }
        recordList.marked.formUnion(ids)
        sayMarks()
    }

    /// `u`: no record is marked.
    func unmarkAll() {
        recordList.marked = []
        recordList.markAnchor = nil
        chrome.status = labels["marks.cleared"]
    }

    /// `c`: the two marked records side by side (the first in the list's order on the left).
    func compareMarked() throws {
        guard recordList.marked.count == 2 else { chrome.status = labels.fill("marks.needTwo", String(recordList.marked.count)); return }
        let records = try markedRecords()
        guard records.count == 2 else { chrome.status = labels.fill("marks.needTwo", String(records.count)); return }
        overlays.compared = (records[0], records[1])
        chrome.overlayScroll = 0
        overlay = .compare
    }

    /// The marked records that still exist, in the order of the list on screen.
    func markedRecords() throws(StoreError) -> [Record] { try store.records(markedQuery) }

    /// The marked records, wherever they were marked, in the order of the list on screen.
    var markedQuery: RecordQuery { .records(ids: recordList.marked, sort: currentListQuery?.sort) }

    private func sayMarks() {
        chrome.status = labels.counted("marks.count", count: recordList.marked.count, GroupedNumber.text(recordList.marked.count))
    }
}

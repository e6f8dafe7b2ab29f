import BattleLogFoundation
import BattleLogPresentation
import CoreDataKit

/// Sorting an object list by a field (`S`): `year`, `year:desc`, `pk`; objects without the
/// value last. The keys are found by `ObjectSorter` in the background: an indexed column's
/// first page at once, any other's when SQLite has sorted it, paging through the keys found
/// meanwhile; Esc gives the sort up. An empty text goes back to pk order.
extension StoreBrowserModel {
    /// Sorts the current list by `text`, or back to pk order when it is empty; a text that
    /// names no field throws before anything changes.
    func applySort(_ text: String) throws(ObjectSortError) {
        guard var l = levels.popLast() else { return }
        defer { levels.append(l); refreshDetail(resetLine: true) }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let sort = trimmed.isEmpty ? nil : try ObjectSort.parse(trimmed, fields: store.sortFields(l.list.entity))
        l.sorted?.cancel()
        l.sort = sort
        l.sorted = sort.map { sorter.sort(l.list, by: $0) }
        // A sort's progress and its field are on the status line already.
        status = sort == nil ? labels["cd.pkOrder"] : nil
        load(&l, .first)
    }

    /// Esc while a sort runs: gives it up, back to pk order.
    func cancelSort() {
        guard var l = levels.popLast() else { return }
        defer { levels.append(l); refreshDetail(resetLine: true) }
        l.sorted?.cancel()
        l.sort = nil
        l.sorted = nil
        status = labels["cd.sortCancelled"]
        load(&l, .first)
    }

    /// Whether the current list's sort is still finding its keys.
    public var isSorting: Bool { level?.sorted.map { !$0.isDone } ?? false }

    /// Up to `limit` rows after the window's last (from the list's start when it is empty).
    func rowsAfter(_ l: ObjectLevel, limit: Int) throws -> [ListedObject] {
        guard let sorted = l.sorted else { return try store.page(l.list, from: l.rows.last?.ref.pk, limit: limit) }
        let start = l.firstPosition + l.rows.count
        return try store.rows(l.list, keys: sorted.keys(start..<start + limit))
    }

    /// Up to `limit` rows before the window's first.
    func rowsBefore(_ l: ObjectLevel, limit: Int) throws -> [ListedObject] {
        guard let sorted = l.sorted else { return try store.page(l.list, from: l.rows.first?.ref.pk, backward: true, limit: limit) }
        return try store.rows(l.list, keys: sorted.keys(max(0, l.firstPosition - limit)..<l.firstPosition))
    }

    /// Whether the window holds the list's last row (`fetched`: how many the last read gave).
    func reachedEnd(_ l: ObjectLevel, fetched: Int) -> Bool {
        guard let sorted = l.sorted else { return fetched < Self.pageFetch }
        return sorted.isDone && l.firstPosition + l.rows.count >= sorted.count
    }

    /// Fills a sorted list's window from its first row, its last found, or around a key.
    func loadSorted(_ l: inout ObjectLevel, _ where_: Load) throws {
        guard let sorted = l.sorted else { return }
        var selected = 0
        switch where_ {
        case .first:
            l.firstPosition = 0
        case .last:
            l.firstPosition = max(0, sorted.count - Self.pageFetch)
            selected = Int.max
        case .around(let key):
            let position = sorted.position(of: key) ?? 0
            l.firstPosition = max(0, position - Self.pageFetch / 2)
            selected = position - l.firstPosition
        }
        l.rows = []
        l.rows = try rowsAfter(l, limit: where_ == .first ? Self.pageFetch : Self.pageFetch + Self.pageFetch / 2)
        l.atStart = l.firstPosition == 0
        l.atEnd = reachedEnd(l, fetched: l.rows.count)
        l.selected = max(0, min(selected, l.rows.count - 1))
    }

    /// Each tick while a sort finds its keys: the window takes in what arrived, and an ended
    /// sort says how it ended.
    func tickSort() {
        guard var l = levels.last, let sorted = l.sorted, !l.atEnd else { return }
        let wasEmpty = l.rows.isEmpty
        do {
            // Enough to fill the pane and a page beyond; paging reads the rest.
            if l.rows.count < l.scroll + layout.recordRows + Self.pageFetch {
                let more = try rowsAfter(l, limit: Self.pageFetch)
                l.rows += more
            }
            l.atEnd = reachedEnd(l, fetched: 0)
        } catch {
            status = labels["error"] + ": " + SafeText.escape(String(describing: error))
        }
        if let failure = sorted.failure {
            status = labels["error"] + ": " + SafeText.escape(failure)
            l.sort = nil
            l.sorted = nil
            levels[levels.count - 1] = l
            var reset = l
            load(&reset, .first)
            levels[levels.count - 1] = reset
            refreshDetail(resetLine: true)
            return
        }
        levels[levels.count - 1] = l
        if wasEmpty && !l.rows.isEmpty { refreshDetail(resetLine: true) }
    }

    /// Tab in the sort prompt: the list's fields that begin with what is typed.
    func completeSort(_ p: inout Prompt) {
        guard let l = level else { return }
        SortCompletion.complete(&p, names: store.sortFields(l.list.entity))
    }
}

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
        chrome.status = sort == nil ? labels["cd.pkOrder"] : nil
        load(&l, .first)
    }

    /// Esc while a sort runs: gives it up, back to pk order.
    func cancelSort() {
        guard var l = levels.popLast() else { return }
        defer { levels.append(l); refreshDetail(resetLine: true) }
        l.sorted?.cancel()
        l.sort = nil
        l.sorted = nil
        chrome.status = labels["cd.sortCancelled"]
        load(&l, .first)
    }

    /// Whether the current list's sort is still finding its keys.
    public var isSorting: Bool { level?.sorted.map { !$0.isDone } ?? false }

    /// Each tick while a sort finds its keys: the window takes in what arrived, and an ended
    /// sort says how it ended.
    func tickSort() {
        guard var l = levels.last, let sorted = l.sorted, !l.window.atEnd else { return }
        let wasEmpty = l.window.rows.isEmpty
        let pages = pages(of: l)
        do {
            // Enough to fill the pane and a page beyond; paging reads the rest.
            if l.window.rows.count < l.window.scroll + layout.recordRows + Self.pageFetch {
                l.window.rows += try pages.after(l.window, Self.pageFetch)
            }
            l.window.atEnd = pages.reachedEnd(l.window, 0, Self.pageFetch)
        } catch {
            chrome.say(error, labels: labels)
        }
        if let failure = sorted.failure {
            chrome.status = labels["error"] + ": " + SafeText.escape(failure)
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
        if wasEmpty && !l.window.rows.isEmpty { refreshDetail(resetLine: true) }
    }

    /// Tab in the sort prompt: the list's fields that begin with what is typed.
    func completeSort(_ p: inout Prompt) {
        guard let l = level else { return }
        SortCompletion.complete(&p, names: store.sortFields(l.list.entity))
    }
}

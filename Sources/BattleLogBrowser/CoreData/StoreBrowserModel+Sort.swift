import BattleLogFoundation
import BattleLogPresentation
import CoreDataKit

/// Sorting an object list by a field (`S`): `year`, `year:desc`, `pk`; objects without the
/// value last. The keys are found in the background (`StoreSource.sorter`): an indexed column's
/// first page at once, any other's when SQLite has sorted it, paging through the keys found
/// meanwhile; Esc gives the sort up. An empty text goes back to pk order.
extension StoreBrowserModel {
    /// Sorts the current list by `text`, or back to pk order when it is empty; a text that
    /// names no field throws before anything changes.
    func applySort(_ text: String) throws(ObjectSortError) {
        guard let list = level?.list else { return }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let sort = trimmed.isEmpty ? nil : try ObjectSort.parse(trimmed, fields: store.sortFields(list.entity))
        // A sort's progress and its field are on the status line already.
        chrome.status = sort == nil ? labels["cd.pkOrder"] : nil
        attempt { try lists.sort(by: sort) }
    }

    /// Esc while a sort runs: gives it up, back to pk order.
    func cancelSort() {
        chrome.status = labels["cd.sortCancelled"]
        attempt { try lists.sort(by: nil) }
    }

    /// Tab in the sort prompt: the list's fields that begin with what is typed.
    func completeSort(_ p: inout Prompt) {
        guard let list = level?.list else { return }
        SortCompletion.complete(&p, names: store.sortFields(list.entity))
    }
}

import BattleLogKit
import BattleLogPresentation

/// Sorting the list by a field (`S`): the filter's matches, or the selected Human's records,
/// in the field's order, records without the value last. An empty text goes back to the
/// newest first. The selected record stays selected.
extension BrowserModel {
    /// Sorts by `text` (`power:desc`), or clears the sort when it is empty. A text that names no
    /// field throws before anything changes.
    func applySort(_ text: String) throws {
        let sort = (text.isEmpty ? nil : try source.sort(text)).flatMap { $0.isNewestFirst ? nil : $0 }
        // Enter on the sort already in force changes nothing: the selection stays where it is.
        if sort == recordList.level.sort {
            chrome.status = sort.map { labels.fill("sortedBy", $0.text) } ?? labels["sortCleared"]
            return
        }
        rememberView()
        // The selected record stays selected, at its row on screen, wherever the new order puts it.
        let kept = selectedRecord?.id, row = recordList.level.window.selectionRow
        recordList.level.sort = sort
        chrome.status = recordList.level.sort.map { labels.fill("sortedBy", $0.text) } ?? labels["sortCleared"]
        do {
            if let search = filterSearch {
                // The matches are found again in the new order.
                search.cancel()
                filterSearch = startSearch(search.text, search.query.filter!)
                emptyRecordWindow()
            } else if kept == nil {
                try jumpToFirst()
            }
            if let kept { try reselect(kept, atRow: row) }
        } catch {
            chrome.status = labels.fill("sortedBy", recordList.level.sort?.text ?? "") + ": " + String(describing: error)
        }
    }

    /// Tab in the sort prompt: the record fields that begin with what is typed.
    func completeSort(_ p: inout Prompt) { SortCompletion.complete(&p, names: store.sortableNames) }
}

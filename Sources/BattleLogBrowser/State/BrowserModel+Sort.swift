import BattleLogKit
import BattleLogPresentation

/// Sorting the list by a field (`S`): the filter's matches, or the selected Human's records,
/// in the field's order, records without the value last. An empty text goes back to the
/// newest first.
extension BrowserModel {
    /// Sorts by `text` (`power:desc`), or clears the sort when it is empty. A text that names no
    /// field throws before anything changes.
    func applySort(_ text: String) throws(SortFieldError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let sort = trimmed.isEmpty ? nil : try store.sort(trimmed)
        rememberView()
        listSort = sort.flatMap { $0.isNewestFirst ? nil : $0 }
        status = listSort.map { labels.fill("sortedBy", $0.text) } ?? labels["sortCleared"]
        do {
            if let search = filterSearch {
                // The matches are found again in the new order.
                search.cancel()
                filterSearch = startSearch(search.text, search.query.filter!)
                emptyRecordWindow()
            } else {
                try jumpToFirst()
            }
        } catch {
            status = labels.fill("sortedBy", listSort?.text ?? "") + ": " + String(describing: error)
        }
    }

    /// Tab in the sort prompt: the field names that begin with what is typed (the common part
    /// of several, listed above the prompt); on a whole name, its directions (`power:`, then
    /// `power:asc` and `power:desc` listed); after a `:`, the direction that begins so.
    func completeSort(_ p: inout Prompt) {
        let typed = p.text.lowercased()
        if let colon = p.text.firstIndex(of: ":") {
            let field = String(p.text[..<colon])
            let options = ["asc", "desc"].map { field + ":" + $0 }.filter { $0.lowercased().hasPrefix(typed) }
            if options.count == 1 { p.line = InputLine(options[0]); p.candidates = [] } else { p.candidates = options }
            return
        }
        let matches = store.sortableNames.filter { $0.lowercased().hasPrefix(typed) }
        guard let first = matches.first else { return }
        if let whole = matches.first(where: { $0.lowercased() == typed }), matches.count == 1 || p.line.text == whole {
            p.line = InputLine(whole + ":")
            p.candidates = [whole + ":asc", whole + ":desc"]
            return
        }
        if matches.count == 1 { p.line = InputLine(first); p.candidates = []; return }
        var common = first
        for m in matches.dropFirst() { while !m.lowercased().hasPrefix(common.lowercased()) { common.removeLast() } }
        if common.count > p.text.count { p.line = InputLine(common) }
        p.candidates = matches
    }
}

import BattleLogKit
import BattleLogPresentation

/// What a view is: the filter, the sort and the column layouts, as `U` restores them.
struct ViewState {
    let filter: String?
    let sort: RecordSort?
    /// Each view's column layout, by `ColumnView`'s name.
    let columnLayouts: [String: ColumnLayout]
}

/// Saved views (`V` saves the filter, the sort and the columns under a name, `'` recalls one)
/// and undo of the last view change (`U`).
extension BrowserModel {
    /// The most view changes `U` goes back through.
    static let undoLimit = 50

    var currentViewState: ViewState { ViewState(filter: filterText, sort: recordList.level.sort, columnLayouts: lists.columnLayouts) }

    /// Called before a change of the filter, the sort or the columns: `U` comes back here.
    func rememberView() {
        views.undo.append(currentViewState)
        if views.undo.count > Self.undoLimit { views.undo.removeFirst(views.undo.count - Self.undoLimit) }
    }

    /// `V`: keeps the view under `name` (replacing one of that name), across runs.
    func saveView(named name: String) {
        let replaces = views.saved.entries.contains { $0.name == name }
        views.saved.save(SavedView(name: name, filter: filterText, sort: recordList.level.sort?.text, columns: lists.columnLayouts))
        chrome.status = labels.fill(replaces ? "views.replaced" : "views.saved", SafeText.escape(name))
    }

    /// `'`: the view saved under `name`; nil when it applied, else why not (nothing changed).
    func recallView(named name: String) throws -> String? {
        guard let view = views.saved.named(name) else {
            let names = views.saved.entries.map { SafeText.escape($0.name) }.joined(separator: ", ")
            return labels.fill("views.noSuch", SafeText.escape(name), names)
        }
        // Both are checked before anything changes: a Human renamed since, a field gone.
        var sort: RecordSort?
        do throws(ListInputError) {
            if let text = view.sort { sort = try source.sort(text) }
            if let text = view.filter { _ = try source.filter(text, humans: roster.humans) }
        } catch {
            return labels.fill("views.broken", SafeText.escape(view.name), error.text)
        }
        rememberView()
        let layouts = view.columns.filter { ColumnView(rawValue: $0.key) != nil }
        try apply(ViewState(filter: view.filter, sort: sort, columnLayouts: layouts))
        chrome.status = labels.fill("views.recalled", SafeText.escape(view.name))
        return nil
    }

    /// `U`: the view before the last change of the filter, the sort or the columns.
    func undoView() throws {
        guard let previous = views.undo.popLast() else { chrome.status = labels["views.nothingToUndo"]; return }
        try apply(previous)
        chrome.status = labels["views.undone"]
    }

    /// Shows `state`: its sort and columns, then its filter's matches (or the Human's records).
    /// Under the same filter the selected record stays selected, as through a new sort.
    private func apply(_ state: ViewState) throws {
        let kept = selectedRecord?.id, row = recordList.level.window.selectionRow
        let sameList = (state.filter ?? "") == (filterText ?? "")
        recordList.level.sort = state.sort
        lists.columnLayouts = state.columnLayouts
        // A Human's list in another order: read once, around the kept record (not from its
        // first page, then again around it).
        if sameList, state.filter == nil, let kept { return try reselect(kept, atRow: row) }
        try setFilter(state.filter ?? "", remembering: false)
        if sameList, let kept { try reselect(kept, atRow: row) }
    }

    /// Tab in the view prompt: the saved names that begin with what is typed.
    func completeViewName(_ p: inout Prompt) {
        let matches = views.saved.entries.map(\.name).filter { $0.lowercased().hasPrefix(p.text.lowercased()) }
        guard let first = matches.first else { return }
        if matches.count == 1 { p.line = InputLine(first); p.candidates = []; return }
        p.candidates = matches.map(SafeText.escape)
    }
}

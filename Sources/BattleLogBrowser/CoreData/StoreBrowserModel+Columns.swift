import BattleLogPresentation
import CoreDataKit

/// The objects pane's columns, as the records pane's (`TableView`, `ColumnLayout.apply`): each
/// entity's list, and the history, keeps its own layout for the session.
extension StoreBrowserModel {
    /// What the current list's column layout is kept for: its entity, or the history.
    var columnsKey: String? { level.map { $0.list.map { "entity:" + $0.entity.name } ?? "history" } }

    /// The current list's column layout.
    public var columnLayout: ColumnLayout {
        get { columnsKey.flatMap { columnLayouts[$0] } ?? ColumnLayout() }
        set { if let key = columnsKey { columnLayouts[key] = newValue } }
    }

    /// The current list's columns for a pane `width` columns wide, as its layout arranges them.
    func columns(width: Int) -> [TableColumn<StoreRow>] {
        guard let l = level else { return [] }
        return TableView.laidOut(source.columns(l.query, width: width, rows: l.window.rows), columnLayout)
    }

    func changeColumns(_ action: Action) {
        guard columnsKey != nil else { chrome.status = labels["cd.noObjects"]; return }
        chrome.focus = .records
        var arranged = columnLayout
        let change = arranged.apply(action, columns: columns(width: layout.records.width - 2))
        columnLayout = arranged
        if let message = ColumnLayout.message(change, labels: labels) { chrome.status = message }
    }
}

import BattleLogPresentation
import CoreDataKit

/// The objects pane's columns, as the records pane's (`TableView`, `ColumnLayout.apply`): each
/// entity's list, and the history, keeps its own layout for the session.
extension StoreBrowserModel {
    /// What a column layout is kept for: an entity's lists, or the history.
    enum ColumnsKey: Hashable { case entity(String), history }

    /// The list's column layout (its entity's, or the history's).
    public var columnLayout: ColumnLayout {
        get { columnsKey.flatMap { columnLayouts[$0] } ?? ColumnLayout() }
        set { if let key = columnsKey { columnLayouts[key] = newValue } }
    }

    var columnsKey: ColumnsKey? { shownHistory != nil ? .history : level.map { .entity($0.list.entity.name) } }

    /// The current list's columns for a pane `width` columns wide, as its layout arranges them.
    func objectColumns(width: Int) -> [TableColumn<ListedObject>] {
        guard let l = level else { return [] }
        let all = ObjectColumns(entity: l.list.entity, model: store.model, width: width).table(labels: labels)
        return TableView.laidOut(all, columnLayout)
    }

    func changeColumns(_ action: Action) {
        guard columnsKey != nil else { chrome.status = labels["cd.noObjects"]; return }
        chrome.focus = .records
        var arranged = columnLayout
        let width = layout.records.width - 2
        let change = shownHistory != nil ? arranged.apply(action, columns: historyColumns(width: width))
            : arranged.apply(action, columns: objectColumns(width: width))
        columnLayout = arranged
        if let message = ColumnLayout.message(change, labels: labels) { chrome.status = message }
    }
}

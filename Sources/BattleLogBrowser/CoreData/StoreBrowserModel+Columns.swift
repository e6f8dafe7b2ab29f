import BattleLogPresentation
import CoreDataKit

/// The objects pane's columns, as the records pane's (`TableView`, `ColumnLayout.apply`): each
/// entity's list keeps its own layout for the session.
extension StoreBrowserModel {
    /// The current list's column layout (its entity's).
    public var columnLayout: ColumnLayout {
        get { level.flatMap { columnLayouts[$0.list.entity.name] } ?? ColumnLayout() }
        set { if let l = level { columnLayouts[l.list.entity.name] = newValue } }
    }

    /// The current list's columns for a pane `width` columns wide, as its layout arranges them.
    func objectColumns(width: Int) -> [TableColumn<ListedObject>] {
        guard let l = level else { return [] }
        let all = ObjectColumns(entity: l.list.entity, model: store.model, width: width).table(labels: labels)
        return TableView.laidOut(all, columnLayout)
    }

    func changeColumns(_ action: Action) {
        guard level != nil else { status = labels["cd.noObjects"]; return }
        focus = .records
        var arranged = columnLayout
        let change = arranged.apply(action, columns: objectColumns(width: layout.records.width - 2))
        columnLayout = arranged
        if let message = ColumnLayout.message(change, labels: labels) { status = message }
    }
}

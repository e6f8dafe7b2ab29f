import BattleLogPresentation

/// The records pane's columns (`TableView`'s keys, `ColumnLayout.apply`). Each view keeps its
/// own layout for the session.
extension BrowserModel {
    /// The view the records pane shows now.
    var columnView: ColumnView { ColumnView(rawValue: source.columnsKey(currentListQuery ?? query)) ?? .human }

    /// The current view's column layout.
    public var columnLayout: ColumnLayout {
        get { views.columnLayouts[columnView] ?? ColumnLayout() }
        set { views.columnLayouts[columnView] = newValue }
    }

    func changeColumns(_ action: Action) {
        var layout = columnLayout
        let change = layout.apply(action, columns: RecordsView.columns(self), chrome: &chrome, labels: labels)
        // Moving the current column is not a change `U` undoes; hiding, widths and `=` are.
        if change.changesTheView, layout != columnLayout { rememberView() }
        columnLayout = layout
    }
}

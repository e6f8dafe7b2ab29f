import BattleLogPresentation

/// The records pane's columns: `[` and `]` move the current column (the list scrolls sideways
/// past the pane's width), `{` and `}` narrow and widen it, `H` hides it, `=` brings every
/// column back at its own width. Each view keeps its own layout for the session.
extension BrowserModel {
    /// The view the records pane shows now.
    var columnView: ColumnView { filterSearch != nil ? .filter : .human }

    /// The current view's column layout.
    public var columnLayout: ColumnLayout {
        get { columnLayouts[columnView] ?? ColumnLayout() }
        set { columnLayouts[columnView] = newValue }
    }

    /// The most a column widens: the pane's width.
    static let widestColumn = 400

    func changeColumns(_ action: Action) {
        focus = .records
        var layout = columnLayout
        let columns = RecordsView.columns(self)
        layout.current = min(layout.current, columns.count - 1)
        let column = columns[layout.current]
        switch action {
        case .columnLeft: layout.current = max(0, layout.current - 1)
        case .columnRight: layout.current = min(columns.count - 1, layout.current + 1)
        case .narrowColumn, .widenColumn:
            let step = action == .widenColumn ? 2 : -2
            let change = (layout.widthChanges[column.id] ?? 0) + step
            // Never under 3 columns, never over the widest.
            if column.width + step >= 3 && column.width + step <= Self.widestColumn { layout.widthChanges[column.id] = change }
        case .hideColumn:
            guard columns.count > 1 else { status = labels["columns.lastOne"]; return }
            layout.hidden.insert(column.id)
            layout.current = min(layout.current, columns.count - 2)
            status = labels.fill("columns.hidden", column.title)
        case .resetColumns:
            if columnLayout != ColumnLayout() { rememberView() }
            status = labels["columns.reset"]
            columnLayout = ColumnLayout()
            return
        default: return
        }
        layout.isChanged = true
        // Moving the current column is not a change `U` undoes; hiding and widths are.
        if layout.hidden != columnLayout.hidden || layout.widthChanges != columnLayout.widthChanges { rememberView() }
        columnLayout = layout
    }
}

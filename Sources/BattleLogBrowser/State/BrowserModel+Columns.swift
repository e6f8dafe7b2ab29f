/// The records pane's columns: each view (a Human's records, a filter's matches) keeps its own
/// layout for the session, in the engine's lists.
extension BrowserModel {
    /// The current view's column layout.
    public var columnLayout: ColumnLayout { lists.columnLayout }

    /// A change of the columns `U` can undo (hiding, widths, `=`; not moving the current one).
    func columnsWillChange() { rememberView() }
}

/// The record browser's views: each view's column layout (`[`, `]`, `{`, `}`, `H`, `=`), the
/// views saved under a name (`V`, recalled with `'`), and the views before each change of the
/// filter, the sort or the columns, newest last (`U` undoes).
public struct ViewsState {
    var columnLayouts: [ColumnView: ColumnLayout] = [:]
    public var saved = SavedViews(path: nil)
    var undo: [ViewState] = []
}

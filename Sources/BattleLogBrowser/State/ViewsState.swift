/// The record browser's views: the views saved under a name (`V`, recalled with `'`), and the
/// views before each change of the filter, the sort or the columns, newest last (`U` undoes).
/// Each view's column layout is the lists' (`StackedLists.columnLayouts`).
public struct ViewsState {
    public var saved = SavedViews(path: nil)
    var undo: [ViewState] = []
}

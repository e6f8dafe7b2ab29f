import BattleLogFoundation
import BattleLogPresentation

/// The engine's lists drawn: the current list as a table in its pane (its title saying the
/// filter and the sort), and the selected row's detail in its own.
enum StackedListsView {
    /// The list pane under `title` (no list: an empty box).
    static func list<Source>(_ s: Screen, in r: Rect, _ lists: StackedLists<Source>, title: String, focused: Bool, rows: Int,
                             highlight: SearchPattern?, labels: Labels) {
        guard r.height >= 4, r.width >= 8 else { return }
        guard let l = lists.level else {
            Drawing.box(s, r, title: title, focused: focused)
            return
        }
        let source = lists.source
        var title = title
        if let f = source.filterText(l.query) { title += "  f: " + SafeText.escape(f) }
        if let sort = l.sort { title += "  S: " + SafeText.escape(source.sortText(sort)) }
        Drawing.box(s, r, title: title, focused: focused)
        let w = l.window
        let content = TableView.Content(columns: lists.columns(width: r.width - 2), layout: lists.columnLayout, focused: focused,
                                        scroll: w.scroll, row: w.row(at:), selected: w.selected, highlight: focused ? highlight : nil)
        TableView.draw(s, in: r, rows: w.rows.isEmpty ? 0 : rows, content)
        guard !w.rows.isEmpty else {
            let why = l.isSorting ? "sorting" : source.filterText(l.query) != nil ? "noMatch" : source.emptyText(l.query)
            s.put(r.top + 2, r.left + 2, labels[why], style: .dim)
            return
        }
        Drawing.moreMarks(s, r, w, visible: rows)
    }

    /// The detail pane: `title` and the selected row's, its lines with the cursor.
    static func detail<Source>(_ s: Screen, in r: Rect, _ lists: StackedLists<Source>, title: String, focused: Bool, highlight: SearchPattern?) {
        guard r.height >= 3, r.width >= 8 else { return }
        Drawing.box(s, r, title: title + (lists.detail.map { " — " + $0.title } ?? ""), focused: focused)
        guard let d = lists.detail else { return }
        DetailLinesView.draw(s, in: r, lines: d.lines, cursor: lists.detailCursor, focused: focused, highlight: highlight)
    }
}

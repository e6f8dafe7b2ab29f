import BattleLogFoundation
import BattleLogPresentation

/// A pane's list held whole, drawn once for both browsers (the roster of Humans, the entity
/// tree): a row per item with an optional mark, its name and a figure on the right (dim unless
/// selected), the cursor's row selected, the search's match highlighted, `↑`/`↓` where rows are
/// hidden. What each row says is the browser's.
enum ListPaneView {
    struct Row {
        /// Drawn first, in its own style (a Human's `H` or `V`), in a column `markWidth` wide.
        var mark: (text: String, style: Style)?
        var name: String
        /// The name's style when the row is not selected.
        var nameStyle: Style = .normal
        var figure: String
    }

    static func draw(_ s: Screen, in r: Rect, count: Int, cursor: ListCursor, focused: Bool, highlight: SearchPattern?,
                     markWidth: Int = 0, row: (Int) -> Row) {
        let inner = r.width - 2, visible = max(1, r.height - 2)
        let nameX = r.left + 1 + (markWidth > 0 ? markWidth + 1 : 0)
        for i in 0..<visible {
            let index = cursor.scroll + i
            guard index < count else { break }
            let item = row(index)
            let y = r.top + 1 + i
            let selected = index == cursor.index
            let style: Style = selected ? (focused ? .selected : .selectedDim) : .normal
            s.fill(y, r.left + 1, width: inner, style: style)
            if let mark = item.mark { s.put(y, r.left + 1, mark.text, style: selected ? style : mark.style) }
            let figureWidth = DisplayWidth.of(item.figure)
            let shown = DisplayWidth.pad(item.name, to: max(1, r.right - 2 - figureWidth - nameX))
            s.put(y, nameX, shown, style: selected ? style : item.nameStyle)
            Drawing.highlight(s, y, nameX, shown: SafeText.escape(shown), pattern: highlight)
            s.put(y, r.right - 1 - figureWidth, item.figure, style: selected ? style : .dim)
        }
        Drawing.moreMarks(s, r, above: cursor.scroll > 0, below: cursor.scroll + visible < count)
    }
}

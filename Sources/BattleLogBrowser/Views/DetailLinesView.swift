import BattleLogFoundation
import BattleLogPresentation

/// Draws a detail pane of `DetailLine`s inside its box: headings, labels in a column as wide as
/// the widest label (at most half the pane, or what the values leave), values after them in one column, fold marks, a box's
/// lines by role; the cursor's line selected and the search's matches highlighted.
enum DetailLinesView {
    static func draw<Action>(_ s: Screen, in r: Rect, lines: [DetailLine<Action>], cursor: ListCursor, focused: Bool,
                             highlight: SearchPattern?) {
        let inner = r.width - 2, visible = max(1, r.height - 2)
        func lead(_ line: DetailLine<Action>) -> String {
            String(repeating: "  ", count: line.depth) + (line.folds ? (line.isOpen ? "▾ " : "▸ ") : "  ")
        }
        func left(_ line: DetailLine<Action>) -> String { lead(line) + line.label }
        // As wide as the widest label with a value, nested keys' with their indent (a nested
        // key was cut to one letter beside a short top-level label): at most half the pane, or
        // what the widest value leaves (keys `com.apple.Dataclass.…` beside `true`).
        let valued = lines.filter { !$0.isHeading && $0.box == nil && !$0.value.isEmpty }
        let widest = valued.map { DisplayWidth.of(left($0)) }.max() ?? 10
        let widestValue = valued.map { DisplayWidth.of($0.value) }.max() ?? 0
        let labelWidth = min(max(8, inner / 2, inner - 2 - widestValue), widest)
        for (i, line) in lines.dropFirst(cursor.scroll).prefix(visible).enumerated() {
            let y = r.top + 1 + i
            let selected = cursor.scroll + i == cursor.index
            let base: Style = selected ? (focused ? .selected : .selectedDim) : .normal
            if let box = line.box {
                var x = r.left + 2
                for segment in box {
                    let text = DisplayWidth.truncate(segment.text, to: max(0, r.right - 1 - x))
                    s.put(y, x, text, style: DetailView.style(for: segment.role))
                    x += DisplayWidth.of(text)
                }
                continue
            }
            if line.isHeading {
                s.put(y, r.left + 1, DisplayWidth.truncate(line.label, to: inner), style: line.style == .accent ? .accent : .bold)
                continue
            }
            s.fill(y, r.left + 1, width: inner, style: base)
            // Every value starts in the one column, nested keys' too: a label longer than its
            // column is cut in the middle (keys alike at their start differ at their end), one
            // space kept before the value. A label alone keeps the line.
            let leftWidth = line.value.isEmpty ? inner : min(inner, labelWidth + 2)
            let room = max(1, leftWidth - 1) - DisplayWidth.of(lead(line))
            let shown = room >= 8 ? lead(line) + DisplayWidth.truncateMiddle(line.label, to: room) : DisplayWidth.truncate(left(line), to: max(1, leftWidth - 1))
            s.put(y, r.left + 1, shown, style: selected ? base : (line.depth == 0 ? .bold : .normal))
            let valueX = r.left + 1 + leftWidth
            guard r.right - 1 - valueX > 0 else { continue }
            let value = DisplayWidth.truncate(line.value, to: r.right - 1 - valueX)
            s.put(y, valueX, value, style: selected ? base : line.style)
            Drawing.highlight(s, y, valueX, shown: value, pattern: focused ? highlight : nil)
        }
        Drawing.moreMarks(s, r, above: cursor.scroll > 0, below: cursor.scroll + visible < lines.count)
    }
}

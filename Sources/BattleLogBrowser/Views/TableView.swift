import BattleLogFoundation
import BattleLogPresentation

/// One column of a list drawn as a table: its id (what a `ColumnLayout` keeps), title, natural
/// width and cell. Both browsers' lists (a Human's records, a filter's matches, an entity's
/// objects) are tables of these.
struct TableColumn<Row> {
    let id: String
    let title: String
    var width: Int
    var alignRight = false
    /// Whether a search's match is highlighted in it.
    var highlights = true
    let cell: (Row) -> TableCell
}

/// What a cell shows: its text, whether it is damage, and a style of its own (a result's colour).
struct TableCell {
    var text: String
    var damaged = false
    var style: Style?
}

/// A list in columns, written once for both browsers: the column layout applied (hidden
/// columns left out, widths changed), the columns scrolled sideways to keep the current one in
/// sight (`‹` and `›` say more lie beyond), the current column's title standing out, the rows
/// with the selection, damage, marks and the search's matches.
enum TableView {
    /// The most a column widens.
    static let widestColumn = 400

    /// `all` as `layout` arranges them: the hidden ones left out (never every one), widths changed.
    static func laidOut<Row>(_ all: [TableColumn<Row>], _ layout: ColumnLayout) -> [TableColumn<Row>] {
        var shown = all.filter { !layout.hidden.contains($0.id) }
        if shown.isEmpty, let first = all.first { shown = [first] }
        for i in shown.indices { shown[i].width = max(3, shown[i].width + (layout.widthChanges[shown[i].id] ?? 0)) }
        return shown
    }

    /// The first column drawn: the current one in sight, as far left as that allows.
    static func firstShown<Row>(_ columns: [TableColumn<Row>], current: Int, inner: Int) -> Int {
        var first = 0
        while first < current, columns[first...current].reduce(-1, { $0 + $1.width + 1 }) > inner { first += 1 }
        return first
    }

    /// What one table needs to be drawn in a pane's box (drawn already): the columns laid out,
    /// the rows by position, the selection, the marks and the search.
    struct Content<Row> {
        let columns: [TableColumn<Row>]
        let layout: ColumnLayout
        let focused: Bool
        /// The position of the first row shown, and the row at a position (nil: not loaded).
        let scroll: Int
        let row: (Int) -> Row?
        let selected: Int
        var isMarked: (Row) -> Bool = { _ in false }
        let highlight: SearchPattern?
    }

    /// A list's pane, written once for both browsers: its box under `title`, the table of `c`
    /// in `rows` rows with the marks of more above and below `window`; a list with no rows
    /// says `empty` under the header instead.
    static func drawList<Row>(_ s: Screen, in r: Rect, title: String, _ c: Content<Row>, window: KeyedWindow<Row>, rows: Int,
                              empty: String?) {
        Drawing.box(s, r, title: title, focused: c.focused, markAbove: window.hasMoreAbove)
        guard let empty else {
            draw(s, in: r, rows: rows, c)
            Drawing.moreMarks(s, r, window, visible: rows)
            return
        }
        draw(s, in: r, rows: 0, c)
        s.put(r.top + 2, r.left + 2, empty, style: .dim)
    }

    /// Draws the header and `rows` rows of `c` inside `r`'s box.
    static func draw<Row>(_ s: Screen, in r: Rect, rows: Int, _ c: Content<Row>) {
        guard !c.columns.isEmpty else { return }
        let current = min(c.layout.current, c.columns.count - 1)
        let first = firstShown(c.columns, current: current, inner: r.width - 2)
        // The columns drawn, each at its x and cut at the pane's right edge.
        var placed: [(column: TableColumn<Row>, x: Int, width: Int)] = []
        var x = r.left + 1
        for column in c.columns[first...] where x < r.right - 1 {
            placed.append((column, x, min(column.width, r.right - 1 - x)))
            x += column.width + 1
        }
        // More to the right: a column not drawn, or one cut that `]` would bring into sight (the
        // current one, when cut, is wider than the pane: nothing more of it can show).
        let lastCut = x - 1 > r.right - 1 && first + placed.count - 1 != current
        let moreRight = lastCut || placed.count < c.columns.count - first
        // The current column's title stands out while the list has the focus (after a column
        // key, or always once the layout was changed).
        let marksCurrent = c.focused && c.layout.isChanged
        for (i, p) in placed.enumerated() {
            let style: Style = marksCurrent && first + i == current ? .selected : .bold
            Drawing.field(s, r.top + 1, p.x, DisplayWidth.truncate(p.column.title, to: p.width), width: p.width, style: style)
        }
        if first > 0 { s.put(r.top + 1, r.left, "‹", style: .accent) }
        if moreRight { s.put(r.top + 1, r.right - 1, "›", style: .accent) }
        for i in 0..<rows {
            let position = c.scroll + i
            guard let row = c.row(position) else { continue }
            let y = r.top + 2 + i
            let isSelected = position == c.selected
            let base: Style = isSelected ? (c.focused ? .selected : .selectedDim) : .normal
            s.fill(y, r.left + 1, width: r.width - 2, style: base)
            // A marked row: a star on the box's left edge.
            if c.isMarked(row) { s.put(y, r.left, "*", style: .accent) }
            for p in placed {
                let cell = p.column.cell(row)
                let style: Style = isSelected ? base : cell.damaged ? .damaged : (cell.style ?? base)
                if p.column.alignRight {
                    s.put(y, p.x, DisplayWidth.pad(DisplayWidth.truncate(cell.text, to: p.width), to: p.width, alignRight: true), style: style)
                } else {
                    Drawing.field(s, y, p.x, cell.text, width: p.width, style: style)
                }
                if p.column.highlights {
                    Drawing.highlight(s, y, p.x, shown: SafeText.escape(DisplayWidth.pad(cell.text, to: p.width)), pattern: c.highlight)
                }
            }
        }
    }
}

extension ColumnLayout {
    /// What a column key did, for the status line.
    enum Change: Equatable {
        /// The current column moved (not a change `U` undoes).
        case moved
        /// A width changed.
        case resized
        case hid(title: String)
        /// `H` on the last column shown: it stays.
        case keptLastOne
        case reset
        case none

        /// Whether the view changed (hidden columns, widths): a change `U` undoes.
        var changesTheView: Bool {
            switch self {
            case .resized, .hid, .reset: true
            case .moved, .keptLastOne, .none: false
            }
        }
    }

    /// Applies a column key (`[`, `]`, `{`, `}`, `H`, `=`) to the layout of `columns` (as laid
    /// out now): the current column moves, narrows (never under its title, at least 3 wide, nor
    /// under its own width), widens (never past the widest), hides (never the last) or every
    /// column comes back.
    mutating func apply<Row>(_ action: Action, columns: [TableColumn<Row>]) -> Change {
        guard !columns.isEmpty else { return .none }
        current = min(current, columns.count - 1)
        let column = columns[current]
        switch action {
        case .columnLeft: current = max(0, current - 1)
        case .columnRight: current = min(columns.count - 1, current + 1)
        case .narrowColumn, .widenColumn:
            let change = widthChanges[column.id] ?? 0
            let narrowest = min(column.width - change, max(3, DisplayWidth.of(column.title)))
            let width = action == .widenColumn ? min(TableView.widestColumn, column.width + 2) : max(narrowest, column.width - 2)
            guard width != column.width else { isChanged = true; return .moved }
            widthChanges[column.id] = change + width - column.width
            isChanged = true
            return .resized
        case .hideColumn:
            guard columns.count > 1 else { return .keptLastOne }
            hidden.insert(column.id)
            current = min(current, columns.count - 2)
            isChanged = true
            return .hid(title: column.title)
        case .resetColumns:
            self = ColumnLayout()
            return .reset
        default: return .none
        }
        isChanged = true
        return .moved
    }

    /// A column key on a list whose columns are `columns`, in both browsers: the list takes the
    /// focus, the layout changes, the status line says what was done; the change, for an undo.
    mutating func apply<Row>(_ action: Action, columns: [TableColumn<Row>], chrome: inout BrowserChrome, labels: Labels) -> Change {
        chrome.focus = .records
        let change = apply(action, columns: columns)
        if let message = Self.message(change, labels: labels) { chrome.status = message }
        return change
    }

    /// The status line's words for `change` (nil: nothing to say).
    static func message(_ change: Change, labels: Labels) -> String? {
        switch change {
        case .hid(let title): labels.fill("columns.hidden", title)
        case .keptLastOne: labels["columns.lastOne"]
        case .reset: labels["columns.reset"]
        case .moved, .resized, .none: nil
        }
    }
}

extension TableView {
    /// Columns fitted to a pane `width` wide, in their order at any width: `lead`, then
    /// `candidates` while they fit. A column is as wide as its title (up to 20) or its widest
    /// cell among the `sample` rows, whichever is wider, at most its own width (a number's, 20); the first that
    /// does not fit, when it `stretches` and eight or more columns are left, takes them. Room
    /// left over goes to the columns shown whose cells were cut, in turn, up to their widest.
    /// The rest lie past the right edge (`]` scrolls to them).
    static func fitted<Row>(lead: [TableColumn<Row>], _ candidates: [TableColumn<Row>], width: Int, sample: [Row],
                            stretches: (TableColumn<Row>) -> Bool) -> [TableColumn<Row>] {
        var columns = lead + candidates
        var used = lead.reduce(0) { $0 + $1.width + 1 }, shown = lead.count
        var widest = [Int](repeating: 0, count: columns.count)
        for i in lead.count..<columns.count {
            let title = min(20, DisplayWidth.of(columns[i].title))
            widest[i] = max(title, sample.map { DisplayWidth.of(columns[i].cell($0).text) }.max() ?? columns[i].width)
            // A number (aligned right) is never cut where 20 columns hold it.
            columns[i].width = max(title, min(columns[i].alignRight ? max(20, columns[i].width) : columns[i].width, widest[i]))
            guard used + columns[i].width > width else {
                used += columns[i].width + 1
                shown += 1
                continue
            }
            if stretches(columns[i]), width - used >= 8 {
                columns[i].width = width - used
                (used, shown) = (width, shown + 1)
            }
            break
        }
        for i in lead.count..<shown where used < width && widest[i] > columns[i].width {
            let more = min(width - used, widest[i] - columns[i].width)
            columns[i].width += more
            used += more
        }
        return columns
    }
}

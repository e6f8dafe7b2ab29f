/// A browser of three panes over the engine's lists, as both browsers are: a list held whole on
/// the left (the Humans, an entity tree), the `StackedLists` of a source in the middle (the
/// records, an entity's objects), and the selected row's detail on the right. Moving, going to
/// either end, clicking a row, and what `/` looks through and selects in each pane are written
/// here once. A source without a detail page (the records: their detail is drawn from the
/// record) leaves the detail pane to move and search its list.
protocol ListPanesHost: PaneHost, PaneTextSearch {
    associatedtype Source: ListSource
    var lists: StackedLists<Source> { get set }
    /// The left pane's list: its cursor, its rows' texts, and selecting one.
    var rosterCursor: ListCursor { get }
    var rosterTexts: [String] { get }
    func selectRosterRow(_ index: Int) throws
    /// The texts search looks through in one of the lists' rows.
    func searchTexts(_ row: Source.Row) -> [String]
    /// Moves the list's selection, or reads it again from `start` (by default the engine's
    /// own; the records count a record's place in a list of millions as they go).
    func moveList(by delta: Int) throws
    func reloadList(_ start: WindowStart) throws
    /// A change of the columns that alters the view is coming (the records' `U` comes back).
    func columnsWillChange()
}

extension ListPanesHost {
    func moveList(by delta: Int) throws { try lists.move(by: delta) }
    func reloadList(_ start: WindowStart) throws { try lists.reload(start) }
    func columnsWillChange() {}

    /// `[`, `]`, `{`, `}`, `H`, `=`: the list's columns, as its view's layout keeps them.
    func changeColumns(_ action: Action) {
        guard lists.level != nil else { return }
        var arranged = lists.columnLayout
        let change = arranged.apply(action, columns: lists.columns(width: layout.records.width - 2), chrome: &chrome, labels: labels)
        if change.changesTheView, arranged != lists.columnLayout { columnsWillChange() }
        lists.columnLayout = arranged
    }

    /// Whether the detail pane's keys act on the detail's lines (else on the list).
    private var detailHasLines: Bool { chrome.focus == .detail && Source.DetailAction.self != Never.self }

    var pageSize: Int {
        switch chrome.focus {
        case .roster: layout.rosterRows
        case .records, .detail: detailHasLines ? lists.detailRows : layout.recordRows
        }
    }

    func move(by delta: Int) throws {
        switch chrome.focus {
        case .roster:
            let target = max(0, min(rosterTexts.count - 1, rosterCursor.index + delta))
            if target != rosterCursor.index { try selectRosterRow(target) }
        case .records, .detail: if detailHasLines { lists.moveDetail(by: delta) } else { try moveList(by: delta) }
        }
    }

    func moveToEnd(last: Bool) throws {
        switch chrome.focus {
        case .roster: try selectRosterRow(last ? rosterTexts.count - 1 : 0)
        case .records, .detail:
            if detailHasLines { lists.moveDetail(by: last ? Int.max / 2 : Int.min / 2) } else { try reloadList(last ? .last : .first) }
        }
    }

    func selectShown(_ offset: Int, in pane: BrowserModel.Pane) throws {
        switch pane {
        case .roster:
            let index = rosterCursor.scroll + offset
            if rosterTexts.indices.contains(index), index != rosterCursor.index { try selectRosterRow(index) }
        case .records: try selectListRow((lists.level?.window.scroll ?? 0) + offset)
        case .detail: lists.selectDetail(lists.detailCursor.scroll + offset)
        }
    }

    /// Selects the list's loaded row at `index`.
    private func selectListRow(_ index: Int) throws {
        if let w = lists.level?.window, index != w.selected, w.rows.indices.contains(index) { try moveList(by: index - w.selected) }
    }

    // MARK: - Search (`PaneTextSearch`)

    var cursor: Int {
        switch chrome.focus {
        case .roster: rosterCursor.index
        case .records, .detail: detailHasLines ? lists.detailCursor.index : lists.level?.window.selected ?? 0
        }
    }

    /// Selects the focused pane's row at `index` (the detail pane of a source without detail
    /// pages: its list's; the focus stays).
    func select(_ index: Int) {
        attempt {
            switch chrome.focus {
            case .roster: if index != rosterCursor.index { try selectRosterRow(index) }
            case .records, .detail: if detailHasLines { lists.selectDetail(index) } else { try selectListRow(index) }
            }
        }
    }

    /// A long list: only the rows loaded around the selection; or a list still being found (a
    /// sort's, a filter's matches), whose rows are not all in yet.
    var searchesPart: Bool {
        guard chrome.focus != .roster, !detailHasLines, let l = lists.level else { return false }
        return !(l.window.atStart && l.window.atEnd) || l.isSorting
    }

    /// The left list's texts, the loaded rows' (as the browser says), the detail's labels and
    /// values; each row's apart (a regular expression's `^` and `$` anchor to one of them).
    var searchable: [[String]] {
        switch chrome.focus {
        case .roster: rosterTexts.map { [$0] }
        case .records, .detail:
            detailHasLines ? (lists.detail?.lines ?? []).map { $0.isSelectable ? [$0.label, $0.value] : [] }
                : (lists.level?.window.rows ?? []).map(searchTexts)
        }
    }
}

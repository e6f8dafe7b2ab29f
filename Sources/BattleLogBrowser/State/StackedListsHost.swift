import BattleLogFoundation
import BattleLogPresentation

/// A browser built on the engine's lists (the Core Data browser): a list held whole on the left
/// (an entity tree), the `StackedLists` of its source in the middle, the selected row's detail
/// on the right. Moving, clicking, opening and searching in the three panes and going back
/// along the path are written here once; the browser gives its left list, what a row's search
/// looks through, and what Enter on a detail line does.
protocol StackedListsHost: OverlayHost, PaneTextSearch, ListPromptHost {
    associatedtype Source: StackedListSource
    var lists: StackedLists<Source> { get set }
    /// The left pane's list: its cursor, its rows' texts, and selecting one.
    var rosterCursor: ListCursor { get }
    var rosterTexts: [String] { get }
    func selectRosterRow(_ index: Int)
    /// The texts search looks through in one of the lists' rows.
    func searchTexts(_ row: Source.Row) -> [String]
    /// Enter on a detail line whose step is the source's own.
    func follow(_ action: Source.DetailAction, from line: DetailLine<Source.DetailAction>) throws
}

extension StackedListsHost {
    /// A search belongs to the pane it was typed in: another pane forgets it.
    func changeFocus(_ pane: BrowserModel.Pane) {
        if pane != chrome.focus { chrome.search.text = nil }
        chrome.focus = pane
    }

    /// The loop's wait for a key: shorter while a sort finds its keys, so that they show as
    /// they come.
    var eventTimeout: Int32 { lists.isSorting ? 50 : 250 }

    var pageSize: Int {
        switch chrome.focus {
        case .roster: layout.rosterRows
        case .records: layout.recordRows
        case .detail: lists.detailRows
        }
    }

    func move(by delta: Int) throws {
        switch chrome.focus {
        case .roster:
            let target = max(0, min(rosterTexts.count - 1, rosterCursor.index + delta))
            if target != rosterCursor.index { selectRosterRow(target) }
        case .records: try lists.move(by: delta)
        case .detail: lists.moveDetail(by: delta)
        }
    }

    func moveToEnd(last: Bool) throws {
        switch chrome.focus {
        case .roster: selectRosterRow(last ? rosterTexts.count - 1 : 0)
        case .records: try lists.reload(last ? .last : .first)
        case .detail: lists.moveDetail(by: last ? Int.max / 2 : Int.min / 2)
        }
    }

    /// Enter and Space: into the list, into the detail, then the detail line's own action.
    func open() throws {
        switch chrome.focus {
        case .roster: if lists.level != nil { chrome.focus = .records }
        case .records: if lists.selectedRow != nil { chrome.focus = .detail }
        case .detail: try openDetailLine()
        }
    }

    /// Enter on the selected detail line: fold, read whole, say why not, or the source's own.
    func openDetailLine() throws {
        guard let line = lists.detailLine, let step = line.action else { return }
        switch step {
        case .fold(let path): lists.toggle(path)
        case .say(let why): chrome.status = why
        case .read:
            let text = line.json.flatMap { StackedListsView.whole($0, labels: labels) } ?? line.value
            open(OpenOverlay(opener: .open, title: line.label, text: .wrapped(text)))
        case .own(let action): try follow(action, from: line)
        }
    }

    /// Back one level along the path, to the pane that opened it; false at the first.
    func popLevel() -> Bool {
        guard let focus = lists.pop() else { return false }
        chrome.focus = focus
        return true
    }

    /// Opens `query`'s list over the current one (at the row with `key`), in the list pane.
    func push(_ query: Source.Query, via: String?, at key: Int64?) {
        var l = ListLevel<Source>(query, via: via)
        l.returnFocus = chrome.focus
        attempt { try lists.push(l, at: key) }
        chrome.focus = .records
    }

    func selectShown(_ offset: Int, in pane: BrowserModel.Pane) throws {
        switch pane {
        case .roster:
            let index = rosterCursor.scroll + offset
            if rosterTexts.indices.contains(index), index != rosterCursor.index { selectRosterRow(index) }
        case .records: try lists.select((lists.level?.window.scroll ?? 0) + offset)
        case .detail: lists.selectDetail(lists.detailCursor.scroll + offset)
        }
    }

    // MARK: - Search (`PaneTextSearch`)

    var cursor: Int {
        switch chrome.focus {
        case .roster: rosterCursor.index
        case .records: lists.level?.window.selected ?? 0
        case .detail: lists.detailCursor.index
        }
    }

    func select(_ index: Int) {
        switch chrome.focus {
        case .roster: if index != rosterCursor.index { selectRosterRow(index) }
        case .records: attempt { try lists.select(index) }
        case .detail: lists.selectDetail(index)
        }
    }

    /// A long list: only the rows loaded around the selection.
    var searchesPart: Bool {
        guard chrome.focus == .records, let w = lists.level?.window else { return false }
        return !(w.atStart && w.atEnd)
    }

    /// The left list's texts, the loaded rows' (as the source says), the detail's labels and
    /// values; each row's apart (a regular expression's `^` and `$` anchor to one of them).
    var searchable: [[String]] {
        switch chrome.focus {
        case .roster: rosterTexts.map { [$0] }
        case .records: (lists.level?.window.rows ?? []).map(searchTexts)
        case .detail: (lists.detail?.lines ?? []).map { $0.isSelectable ? [$0.label, $0.value] : [] }
        }
    }

    /// `n`, `N` and Enter in a long list: the rows past the loaded ones, read a page at a time
    /// (at most `StackedLists.searchBudget` for one key), the window moved to what was found.
    func searchBeyond(_ pattern: SearchPattern, forward: Bool) -> SearchBeyond? {
        guard chrome.focus == .records, let text = chrome.search.text else { return nil }
        let said = chrome.search.label + SafeText.escape(text) + ": "
        do {
            switch try lists.findBeyond(forward: forward, budget: StackedLists<Source>.searchBudget, { searchTexts($0).contains(where: pattern.matches) }) {
            case .found(let key, let wrapped):
                try lists.reload(.around(key))
                return .said(said + labels["searchBeyond"] + (wrapped ? " · " + labels["searchWrapped"] : ""))
            case .stopped(let key):
                try lists.reload(.around(key))
                return .said(said + labels.fill("searchStopped", GroupedNumber.text(StackedLists<Source>.searchBudget)))
            case .none: return .searchedAll
            }
        } catch {
            chrome.say(error, labels: labels)
            return .said(chrome.status ?? "")
        }
    }

    /// `Y` in the detail: the selected line's value (its JSON for a tree); false elsewhere.
    func copyDetailValue() -> Bool {
        guard chrome.focus == .detail, let line = lists.detailLine else { return false }
        chrome.copy(line.json.map(TaggedValueText.copied) ?? line.value, what: line.label, labels: labels)
        return true
    }
}

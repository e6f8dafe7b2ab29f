import BattleLogFoundation
import BattleLogPresentation

/// The Core Data browser's side of the engine: a path of lists over a source with detail pages
/// (`StackedListSource`). Opening and following rows, going back along the path, reading a
/// detail line whole and searching past the loaded rows are written here; the browser gives
/// what Enter on a detail line does.
protocol StackedListsHost: ListPanesHost, OverlayHost, ListPromptHost where Source: StackedListSource {
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

    /// `n`, `N` and Enter in a long list: the rows past the loaded ones, read a page at a time
    /// (at most `StackedLists.searchBudget` for one key), the window moved to what was found.
    func searchBeyond(_ pattern: SearchPattern, forward: Bool) -> SearchBeyond? {
        guard chrome.focus == .records, let text = chrome.search.text else { return nil }
        let said = chrome.search.shown(text) + ": "
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

import BattleLogFoundation
import BattleLogPresentation

/// `/` search in a browser's panes, written once for both browsers: as you type from where it
/// started, Ctrl-R up the list, Ctrl-T a regular expression, Esc back where it started, `n`/`N`
/// on with "3 of 7" and a note when it wraps. The browser says what each row of the focused
/// pane shows, how one is selected, and how its list is searched past the loaded rows.
protocol PaneTextSearch: PromptHost {
    /// Where a search started: the place Esc goes back to.
    associatedtype SearchOrigin
    var labels: Labels { get }
    /// Where the search started, while its prompt is open.
    var searchOrigin: SearchOrigin? { get set }
    /// Where the selection is now, and going back there.
    var searchHere: SearchOrigin { get }
    func returnTo(_ origin: SearchOrigin)
    /// The focused pane's selected row.
    var cursor: Int { get }
    func select(_ index: Int)
    /// The texts of each row of the focused pane, each row's apart (a regular expression's `^`
    /// and `$` anchor to one of them).
    var searchable: [[String]] { get }
    /// Whether the focused pane's texts are only part of its list (the rows loaded of a long
    /// list): what search says is then said of them.
    var searchesPart: Bool { get }
    /// Looks for `pattern` in the focused pane's list beyond its loaded rows, that way, and
    /// selects what it finds (nil: the pane has nothing beyond them).
    func searchBeyond(_ pattern: SearchPattern, forward: Bool) -> SearchBeyond?
    /// Whether typing searches past the loaded rows too (a search in the background, that no
    /// key waits on); else only Enter, `n` and `N` do.
    var searchesBeyondAsYouType: Bool { get }
}

/// What a search past a long list's loaded rows came to.
enum SearchBeyond {
    /// It moved, or stopped, and says so.
    case said(String)
    /// Nothing matches outside the loaded rows: they hold every match.
    case searchedAll
}

extension PaneTextSearch {
    /// `/`: a search down the focused pane (Ctrl-R turns it).
    func startSearch() {
        searchOrigin = searchHere
        chrome.search.begin()
        chrome.prompt = BrowserModel.Prompt(kind: .search, text: "")
    }

    /// Esc on the search: back where it started, the search before it kept for `n` and `N`.
    func cancelSearch() {
        if let origin = searchOrigin { returnTo(origin) }
        searchOrigin = nil
        chrome.search.cancel()
        chrome.status = nil
    }

    /// Ctrl-R and Ctrl-T in the search prompt: the other way, or the other kind; the search
    /// runs again from where it started. True when `key` was one of them.
    func toggleSearch(_ key: Key, _ p: BrowserModel.Prompt) -> Bool {
        guard p.kind == .search else { return false }
        switch key {
        case .control("r"): chrome.search.backward.toggle()
        case .control("t"): chrome.search.regex.toggle()
        default: return false
        }
        searchFromOrigin(p.text)
        return true
    }

    func searchTyped(_ text: String) { searchFromOrigin(text) }

    /// Search as you type: from where the search started, the first match that way. An
    /// expression that does not compile, or a text that matches nothing, is said beside the
    /// typing; nothing moves.
    func searchFromOrigin(_ text: String) {
        let typedOn = chrome.search.text.map { !chrome.search.regex && text.count > $0.count && text.hasPrefix($0) } ?? false
        chrome.search.text = text.isEmpty ? nil : text
        guard let origin = searchOrigin else { return }
        // Typed on: every match of the longer text matches the shorter, so the row its search
        // found, if it matches still, is the first match still (no jump back and forth).
        if typedOn, let pattern = chrome.search.pattern(text), matchesHere(pattern) {
            findMatch(forward: !chrome.search.backward, includeCurrent: true, beyond: false)
            return
        }
        returnTo(origin)
        chrome.status = nil
        guard !text.isEmpty else { return }
        if let why = chrome.search.patternError(text, labels: labels) {
            chrome.status = why
            chrome.prompt?.error = why
            return
        }
        if !findMatch(forward: !chrome.search.backward, includeCurrent: true, beyond: searchesBeyondAsYouType) {
            let said = chrome.status
            chrome.prompt?.error = said
        }
    }

    /// Enter on the search: kept for `n` and `N`; an expression that does not compile keeps the
    /// prompt open, saying what is wrong.
    func submitSearch(_ p: BrowserModel.Prompt) {
        if let why = chrome.search.patternError(p.text, labels: labels) {
            chrome.prompt = BrowserModel.Prompt(kind: .search, text: p.text, error: why)
            return
        }
        searchOrigin = nil
        chrome.search.submit(p.text)
        // What typing found stands; else the rest of a long list is read.
        guard let pattern = highlightPattern, searchesPart, !searchesBeyondAsYouType else { return }
        if !matchesHere(pattern) { findMatch(forward: !chrome.search.backward, includeCurrent: true) }
    }

    /// Whether the focused pane's selected row matches `pattern`.
    private func matchesHere(_ pattern: SearchPattern) -> Bool {
        let texts = searchable
        return texts.indices.contains(cursor) && texts[cursor].contains(where: pattern.matches)
    }

    /// What to highlight: the search (nil: none, or an expression that does not compile).
    var highlightPattern: SearchPattern? { chrome.search.pattern(chrome.search.text) }

    /// Selects the next match that way in the focused pane (the current row first when
    /// `includeCurrent`), wrapping around with a note. In a long list (`beyond`) the rows past
    /// the loaded ones are searched before the search wraps.
    /// False when it found nothing and said so.
    @discardableResult
    func findMatch(forward: Bool, includeCurrent: Bool = false, beyond: Bool = true) -> Bool {
        guard let text = chrome.search.text else { chrome.status = labels["noSearch"]; return false }
        let pattern: SearchPattern
        do { pattern = try SearchPattern(text, regex: chrome.search.regex) } catch { chrome.status = error.text(labels); return false }
        let texts = searchable
        var part = searchesPart ? " · " + labels["searchLoaded"] : ""
        let found = SearchState.next(among: texts.count, from: cursor, forward: forward, includeCurrent: includeCurrent,
                                     matches: { texts[$0].contains(where: pattern.matches) })
        if searchesPart, beyond, found.map(\.wrapped) != false {
            switch searchBeyond(pattern, forward: forward) {
            case .said(let said)?:
                chrome.status = said
                return true
            case .searchedAll?: part = ""
            case nil: break
            }
        }
        guard let found else {
            chrome.status = chrome.search.noMatch(text, labels: labels) + part
            return false
        }
        select(found.index)
        // A match in a long list is the next one that way (the loaded rows lie around the
        // selection; past them the rest was read): it gives no count of the loaded rows alone,
        // and no note that would seem to say the rest was not read.
        chrome.status = chrome.search.said(found, text, counted: part.isEmpty, labels: labels)
        return true
    }
}

extension PaneTextSearch {
    func searchBeyond(_ pattern: SearchPattern, forward: Bool) -> SearchBeyond? { nil }
    var searchesBeyondAsYouType: Bool { false }
}

extension PaneTextSearch where SearchOrigin == Int {
    /// A pane's selected row is where its search starts and goes back to.
    var searchHere: Int { cursor }
    func returnTo(_ origin: Int) { select(origin) }
}

import BattleLogKit
import BattleLogPresentation

/// `/` search as you type, in the focused list: the roster (names), or the records (opponent,
/// magic); text, or a regular expression (Ctrl-T), down the list or up it (Ctrl-R). n/N go to
/// the next match that way or the other, wrapping around with a note.
extension BrowserModel {
    /// Where the selection was when `/` was pressed: typing searches from there, Esc goes back.
    struct SearchOrigin {
        let focus: Pane
        let rosterIndex: Int
        let record: Record?
    }

    /// `/`: a search down the list (Ctrl-R turns it); a regular expression if the last one was.
    func startSearch() {
        chrome.search.begin()
        searchOrigin = SearchOrigin(focus: chrome.focus, rosterIndex: roster.cursor.index, record: selectedRecord)
        chrome.prompt = Prompt(kind: .search, text: "")
    }

    /// The text, the way or the kind changed: go to the first match from where the search
    /// started. A regular expression that does not compile is said, and nothing moves.
    func searchAsYouType(_ text: String) throws {
        guard let origin = searchOrigin else { return }
        try returnTo(origin)
        guard !text.isEmpty else { return }
        chrome.search.text = text
        guard chrome.search.pattern(text) != nil else { chrome.status = currentPatternError; return }
        try findMatch(forward: !chrome.search.backward, includeCurrent: true)
    }

    /// Ctrl-R and Ctrl-T in the search prompt: the other way, or the other kind; the search runs
    /// again from where it started.
    func toggleSearch(backward: Bool = false, regex: Bool = false) throws {
        if backward { chrome.search.backward.toggle() }
        if regex { chrome.search.regex.toggle() }
        if let p = chrome.prompt, p.kind == .search { try searchAsYouType(p.text) }
    }

    /// Why the search's text is no regular expression (nil: it is one, or no regex is asked).
    var currentPatternError: String? { chrome.search.patternError(highlightSource, labels: labels) }

    /// Esc: back to where the search started.
    func cancelSearch() throws {
        readers.searchWorkerStorage?.cancel()
        if let origin = searchOrigin { try returnTo(origin) }
        searchOrigin = nil
        chrome.search.cancel()
        chrome.status = nil
    }

    private func returnTo(_ origin: SearchOrigin) throws {
        chrome.focus = origin.focus
        if origin.focus == .roster {
            if roster.cursor.index != origin.rosterIndex { try selectHuman(at: origin.rosterIndex) }
        } else if let r = origin.record, selectedRecord?.id != r.id {
            if listSearch != nil {
                if let i = recordList.window.firstIndex(where: { $0.id == r.id }) { try moveSelection(to: recordList.windowStart + i) }
            } else {
                try select(r)
            }
        }
    }

    /// Whether a record matches the search: its opponent's name (and its owner's, where the list
    /// shows it) or the searchable text of its values (a magic's gate, formula, collaborator),
    /// as each value type's presenter says.
    static func record(_ r: Record, matches search: SearchPattern, includingOwner: Bool = false) -> Bool {
        if search.matches(r.opponentName) { return true }
        if includingOwner, search.matches(r.owner.name) { return true }
        for i in r.schema.attributes.indices {
            let texts = ValuePresenters.presenter(of: r.schema, at: i).searchableText(r.transformables[i])
            if texts.contains(where: search.matches) { return true }
        }
        return false
    }

    /// A background search of the records came back: go to what it found.
    func takeRecordSearchOutcome() throws {
        guard let outcome = readers.searchWorkerStorage?.take(), let text = highlightSource ?? chrome.search.text else { return }
        switch outcome {
        case .noMatch:
            chrome.status = SearchState.noMatch(text, labels: labels)
        case .failed(let error):
            // A cancelled search (a newer one replaced it) is not reported; any other failure is.
            if case .interrupted = error { return }
            chrome.status = "\(labels["error"]): \(SafeText.escape(error.text(labels)))"
        case .found(let found, let wrapped):
            try select(found)
            chrome.focus = .records
            chrome.status = chrome.search.label + text + (wrapped ? " · " + labels["searchWrapped"] : "")
        }
    }

    /// Whether a search of the records is still running in the background.
    public var isSearchingRecords: Bool { readers.searchWorkerStorage?.isWorking ?? false }

    /// The text of the search being typed, or of the last one.
    var highlightSource: String? {
        if let p = chrome.prompt, p.kind == .search { return p.text.isEmpty ? nil : p.text }
        return chrome.search.text
    }

    /// What to highlight in the lists: the search being typed, or the last one (nil: none, or
    /// a regular expression that does not compile).
    public var highlightPattern: SearchPattern? { chrome.search.pattern(highlightSource) }

    /// Goes to the next (or previous) match in the focused list; wraps around with a note.
    func findMatch(forward: Bool, includeCurrent: Bool = false) throws {
        guard let text = chrome.search.text else { chrome.status = labels["noSearch"]; return }
        let pattern: SearchPattern
        do { pattern = try SearchPattern(text, regex: chrome.search.regex) } catch { chrome.status = error.text(labels); return }
        if chrome.focus == .roster || !layout.showsRoster && chrome.focus == .detail { try findHuman(pattern, forward: forward, includeCurrent: includeCurrent) }
        else { try findRecord(pattern, forward: forward, includeCurrent: includeCurrent) }
    }

    private func findHuman(_ pattern: SearchPattern, forward: Bool, includeCurrent: Bool) throws {
        guard let found = SearchState.next(among: roster.humans.count, from: roster.cursor.index, forward: forward, includeCurrent: includeCurrent,
                                           matches: { pattern.matches(roster.humans[$0].name) }) else {
            chrome.status = SearchState.noMatch(pattern.text, labels: labels)
            return
        }
        if found.index != roster.cursor.index { try selectHuman(at: found.index) }
        chrome.focus = .roster
        chrome.status = chrome.search.said(found, pattern.text, labels: labels)
    }

    private func findRecord(_ pattern: SearchPattern, forward: Bool, includeCurrent: Bool) throws {
        let text = pattern.text
        readers.searchWorkerStorage?.cancel()
        if includeCurrent, let r = selectedRecord, Self.record(r, matches: pattern) { chrome.status = chrome.search.label + text; return }
        // The records loaded around the selection first: most matches are near, and found at once.
        // In a filter's list they are all the search looks at, so it wraps around within them.
        let inFilter = filterSearch != nil || selectedHuman == nil
        let here = recordList.selected - recordList.windowStart
        var order = forward ? recordList.window.indices.filter { $0 > here } : recordList.window.indices.filter { $0 < here }.reversed()
        let ahead = order.count
        if inFilter { order += forward ? recordList.window.indices.filter { $0 <= here } : recordList.window.indices.filter { $0 >= here }.reversed() }
        if let k = order.firstIndex(where: { Self.record(recordList.window[$0], matches: pattern, includingOwner: inFilter) }) {
            try moveSelection(to: recordList.windowStart + order[k])
            chrome.focus = .records
            chrome.status = chrome.search.label + text + (k >= ahead ? " · " + labels["searchWrapped"] : "")
            return
        }
        guard !inFilter, let human = selectedHuman else {
            chrome.status = SearchState.noMatch(text, labels: labels)
            return
        }
        // Beyond them, the Human's records are searched in the background: a text with no match
        // reads them all, and typing must not wait for that.
        let request: RecordSearch.Request
        if pattern.isRegex {
            // A regular expression is tested on each record as the window's are (no SQL reads one).
            request = RecordSearch.Request(query: RecordQuery(ownerID: human.id, sort: recordList.sort), regex: text,
                                           cursor: selectedRecord.map(RecordCursor.init), forward: forward)
        } else {
            let quoted = FilterCompletion.quote(text)
            let filter = try FilterCompiler.compile(
                "opponent ~ \(quoted) or gate ~ \(quoted) or formula ~ \(quoted) or collaborator ~ \(quoted)", roster: roster.humans)
            request = RecordSearch.Request(query: RecordQuery(ownerID: human.id, filter: filter, sort: recordList.sort),
                                           cursor: selectedRecord.map(RecordCursor.init), forward: forward)
        }
        readers.searchWorker.submit(request)
        chrome.status = chrome.search.label + text + ": " + labels["searching"] + "…"
    }
}

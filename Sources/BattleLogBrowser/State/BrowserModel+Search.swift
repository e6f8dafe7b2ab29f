import BattleLogKit
import BattleLogPresentation

/// `/` search in the record browser (the engine's `PaneTextSearch`): the roster's names, or the
/// records' opponents and magic. A Human's list is searched past the loaded records in the
/// background, as you type too, so that no key waits on a scan of a long list.
extension BrowserModel: PaneTextSearch {
    /// Where the selection was when `/` was pressed: typing searches from there, Esc goes back.
    struct SearchOrigin {
        let focus: Pane
        let rosterIndex: Int
        let record: Record?
        /// The record's row on screen.
        let row: Int
    }

    var searchHere: SearchOrigin {
        SearchOrigin(focus: chrome.focus, rosterIndex: roster.cursor.index, record: selectedRecord, row: recordList.level.window.selectionRow)
    }

    /// Back to where the search started: its pane, its Human, its record (a search still
    /// running in the background is stopped).
    func returnTo(_ origin: SearchOrigin) {
        readers.searchWorkerStorage?.cancel()
        chrome.focus = origin.focus
        attempt {
            if origin.focus == .roster {
                if roster.cursor.index != origin.rosterIndex { try selectHuman(at: origin.rosterIndex) }
            } else if let r = origin.record, selectedRecord?.id != r.id {
                if let i = recordList.window.firstIndex(where: { $0.id == r.id }) { try moveSelection(to: recordList.windowStart + i) }
                else {
                    // Past the loaded records (a search that read on): read around it again, in
                    // any list, sorted or a filter's, at the row it was on.
                    try select(r)
                    recordList.level.window.show(selectionAt: origin.row, visible: layout.recordRows)
                }
            }
        }
    }

    /// The roster searches the names; the records pane and the detail search the records.
    private var searchesRoster: Bool { chrome.focus == .roster }

    /// A filter's records are searched in their owners' names too (its list shows them).
    var listsOwners: Bool { filterSearch != nil || selectedHuman == nil }

    var searchesBeyondAsYouType: Bool { true }

    /// What search looks through in a record: its opponent's name (and its owner's, where the
    /// list shows it) and the searchable text of its values (a magic's gate, formula,
    /// collaborator), as each value type's presenter says.
    static func searchTexts(_ r: Record, includingOwner: Bool = false) -> [String] {
        var texts = [r.opponentName] + (includingOwner ? [r.owner.name] : [])
        for i in r.schema.attributes.indices {
            texts += ValuePresenters.presenter(of: r.schema, at: i).searchableText(r.transformables[i])
        }
        return texts
    }

    /// The search for `text` past the loaded records, as a filter: the fields that hold what
    /// `searchTexts` looks at, each containing it.
    func searchFilterText(_ text: String, includingOwner: Bool) -> String {
        let quoted = FilterCompletion.quote(text)
        let schema = store.schema
        let values = schema.attributes.indices.flatMap { ValuePresenters.presenter(of: schema, at: $0).searchPaths(schema.attributes[$0].name) }
        let fields = ["opponent"] + (includingOwner ? ["owner"] : []) + values
        return fields.map { "\($0) ~ \(quoted)" }.joined(separator: " or ")
    }

    /// Whether a record matches the search, in the texts `searchTexts` gives.
    static func record(_ r: Record, matches search: SearchPattern, includingOwner: Bool = false) -> Bool {
        searchTexts(r, includingOwner: includingOwner).contains(where: search.matches)
    }

    /// Past the loaded records of the list (a Human's, a sorted one's, a filter's matches): a
    /// search in the background, from the selected record in the list's order, that wraps once.
    func searchBeyond(_ pattern: SearchPattern, forward: Bool) -> SearchBeyond? {
        guard !searchesRoster else { return nil }
        let list: RecordQuery
        if let filter = filterSearch { list = filter.query }
        else if let human = selectedHuman { list = RecordQuery(ownerID: human.id, sort: recordList.level.sort) }
        else { return nil }
        let text = pattern.text, owners = listsOwners, cursor = selectedRecord.map(RecordCursor.init)
        let request: RecordSearch.Request
        if pattern.isRegex {
            // A regular expression is tested on each record as the loaded ones are (no SQL reads one).
            request = RecordSearch.Request(query: list, regex: text, includingOwner: owners, cursor: cursor, forward: forward)
        } else {
            let matches = searchFilterText(text, includingOwner: owners)
            do {
                // Within a filter: its expression and the search's, as one filter.
                let filter = try FilterCompiler.compile(filterSearch.map { "(\($0.text)) and (\(matches))" } ?? matches,
                                                        roster: roster.humans, columns: store.queryColumns)
                request = RecordSearch.Request(query: RecordQuery(ownerID: list.ownerID, filter: filter, sort: list.sort),
                                               cursor: cursor, forward: forward)
            } catch {
                chrome.say(error, labels: labels)
                return .said(chrome.status ?? "")
            }
        }
        readers.searchWorker.submit(request)
        return .said(chrome.search.shown(text) + ": " + labels["searching"] + "…")
    }

    /// A background search of the records came back: go to what it found.
    func takeRecordSearchOutcome() throws {
        guard let outcome = readers.searchWorkerStorage?.take(), let text = chrome.search.text else { return }
        switch outcome {
        case .noMatch:
            let said = chrome.search.noMatch(text, labels: labels)
            chrome.status = said
            // Typed at the prompt: said beside the typing.
            if chrome.prompt?.kind == .search { chrome.prompt?.error = said }
        case .failed(let error):
            // A cancelled search (a newer one replaced it) is not reported; any other failure is.
            if case .interrupted = error { return }
            chrome.status = "\(labels["error"]): \(SafeText.escape(error.text(labels)))"
        case .found(let found, let wrapped):
            try select(found)
            chrome.status = chrome.search.shown(text) + (wrapped ? " · " + labels["searchWrapped"] : "")
        }
    }

    /// Whether a search of the records is still running in the background.
    public var isSearchingRecords: Bool { readers.searchWorkerStorage?.isWorking ?? false }
}

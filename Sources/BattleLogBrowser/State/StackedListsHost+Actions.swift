import BattleLogFoundation
import BattleLogPresentation

/// What a person asks of the lists, written once for any source: filter, sort, go to a key,
/// export, copy a row or view it in the pager or the editor, the columns, search, and back;
/// their prompts (submitted, completed, cancelled); and each tick's sort and export news. The
/// source says what its lists hold and refuse, in its own words.
extension StackedListsHost {
    var source: Source { lists.source }

    /// Runs `action` when the engine takes it (an open overlay's keys, the panes', the lists');
    /// false when it is the browser's own. The status line is cleared for it.
    func performEngineAction(_ action: Action) throws -> Bool {
        if handleOverlay(action) { return true }
        chrome.status = nil
        return try performShared(action) || performListAction(action)
    }

    /// Runs `action` when it is one of the lists'; false when it is not.
    func performListAction(_ action: Action) throws -> Bool {
        if let l = lists.level, let why = source.refuses(action, in: l.query) {
            chrome.status = why
            return true
        }
        switch action {
        case .open: try open()
        case .back: back()
        case .search: startSearch()
        case .searchNext: findMatch(forward: !chrome.search.backward)
        case .searchPrevious: findMatch(forward: chrome.search.backward)
        case .sort, .filter, .goTo, .export: openListPrompt(action)
        case .columnLeft, .columnRight, .narrowColumn, .widenColumn, .hideColumn, .resetColumns:
            if lists.level == nil { chrome.status = labels[source.emptyText(nil)] } else { changeColumns(action) }
        case .copyRecord: if let (json, name, _) = selectedJSON() { chrome.copy(json, what: name, labels: labels) }
        case .pager, .editor: viewSelected(in: action == .pager ? .pager : .editor)
        case .copyValue:
            guard !copyDetailValue() else { break }
            guard let row = lists.selectedRow else { chrome.status = labels[source.emptyText(lists.level?.query)]; break }
            chrome.copy(source.name(row), what: source.name(row), labels: labels)
        case .help: open(OpenOverlay(opener: .help))
        case .redraw: chrome.wantsFullRedraw = true
        default: return false
        }
        return true
    }

    private func openListPrompt(_ action: Action) {
        guard let l = lists.level else {
            chrome.status = labels[source.emptyText(nil)]
            return
        }
        switch action {
        case .sort: chrome.prompt = BrowserModel.Prompt(kind: .sort, text: l.sort.map(source.sortText) ?? "")
        case .filter: chrome.prompt = BrowserModel.Prompt(kind: .filter, text: source.filterText(l.query) ?? "")
        case .goTo: chrome.prompt = BrowserModel.Prompt(kind: .goTo, text: "")
        default: promptExport(offering: BrowserModel.fileSafe(source.exportName(l.query)))
        }
    }

    /// Back: out of a sort still running, else along the path, else out of the filter, else a
    /// pane left.
    func back() {
        if lists.isSorting {
            chrome.status = labels[source.words.sortCancelled]
            attempt { try lists.sort(by: nil) }
            return
        }
        if popLevel() { return }
        if let l = lists.level, source.filterText(l.query) != nil, chrome.focus != .roster {
            attempt { try lists.replace(with: source.filtered(l.query, by: "")) }
            return
        }
        chrome.focus = pane(-1, wrapping: false)
    }

    /// The selected row's JSON, its name and its file's; nil (and the status says why) when
    /// there is none.
    func selectedJSON() -> (json: String, name: String, file: String)? {
        guard let l = lists.level, let row = lists.selectedRow else {
            chrome.status = labels[source.emptyText(lists.level?.query)]
            return nil
        }
        guard let json = source.json(row, in: l.query) else {
            chrome.status = labels.fill(source.words.gone, source.name(row))
            return nil
        }
        return (json, source.name(row), source.fileName(row, in: l.query))
    }

    // MARK: - Prompts (`PromptHost`)

    func cancelPrompt(_ p: BrowserModel.Prompt) { if p.kind == .search { cancelSearch() } }

    func ownPromptKey(_ key: Key, _ p: BrowserModel.Prompt) -> Bool { toggleSearch(key, p) }

    /// Tab: a filter's fields and keywords, a sort's fields.
    func complete(_ p: inout BrowserModel.Prompt) -> Bool {
        guard p.kind == .filter || p.kind == .sort else { return false }
        guard let l = lists.level else { return true }
        if p.kind == .sort {
            SortCompletion.complete(&p, names: source.sortFields(l.query))
        } else if let vocabulary = source.filterVocabulary(l.query), let result = FilterCompletion.complete(p.line, vocabulary) {
            p.line = result.line
            p.candidates = result.candidates
        }
        return true
    }

    func submit(_ p: BrowserModel.Prompt) throws {
        if try submitListPrompt(p) { return }
        switch p.kind {
        case .search: submitSearch(p)
        case .helpFilter:
            chrome.helpFilter = p.text.isEmpty ? nil : p.text
            open(OpenOverlay(opener: .help))
        // The record browser's own prompts; a browser on the lists opens none of them.
        default: break
        }
    }

    // MARK: - The list prompts (`ListPromptHost`)

    func applyFilter(_ text: String) throws {
        guard let l = lists.level else { return }
        let query = try source.filtered(l.query, by: text)
        attempt { try lists.replace(with: query) }
        if chrome.focus == .roster { chrome.focus = .records }
    }

    func applySort(_ text: String) throws {
        guard let l = lists.level else { return }
        let sort = text.isEmpty ? nil : try source.sort(text, in: l.query)
        // A sort's progress and its field are on the status line already.
        chrome.status = sort == nil ? labels[source.words.keyOrder] : nil
        attempt { try lists.sort(by: sort) }
    }

    func goTo(_ text: String) throws {
        guard let l = lists.level else { return }
        guard let key = Int64(text) else {
            throw ListInputError(text: GoToNumber.isTooLarge(text) ? GoToNumber.tooLarge(labels)
                                     : labels.fill(source.words.goToNeedsKey, source.keyName(l.query)))
        }
        if let why = source.missing(key, in: l.query) {
            chrome.status = why
            return
        }
        attempt { try lists.reload(.around(key)) }
        chrome.focus = .records
    }

    func exportJob(to path: String) -> BackgroundExport? {
        guard let l = lists.level else { return nil }
        guard let job = source.export(l.query, sort: l.sort, to: path) else {
            chrome.status = labels.fill("exportFailed", SafeText.escape(path), "cannot read the store")
            return nil
        }
        return job
    }

    // MARK: - Life

    /// Each tick: sorted keys that arrived join the list (a failed sort says why), and an
    /// export that ended says so.
    func tickLists() {
        attempt {
            if let failure = try lists.tickSort() { chrome.status = labels["error"] + ": " + SafeText.escape(failure) }
        }
        tickExport()
    }

    /// The status line's account of the current list: a sort's progress, the selected row's
    /// key with the count, the filter and the sort.
    var listStatusParts: [String] {
        guard let l = lists.level else { return [] }
        var parts: [String] = []
        // A sort's progress first: at 80 columns it is what must not be cut.
        if let sorted = l.sorted, !sorted.isDone { parts.append(labels.fill(source.words.sortingFound, GroupedNumber.text(sorted.count))) }
        let words = source.countWords(l.query)
        let count = source.count(l.query).map { labels.fill($0 == 1 ? words.one : words.many, GroupedNumber.text($0)) }
            ?? labels["counting"]
        parts.append(lists.selectedRow.map { source.keyName(l.query) + " \(source.key($0)) · " + count } ?? count)
        if let f = source.filterText(l.query) { parts.append("f: " + SafeText.escape(f)) }
        if let sort = l.sort { parts.append(labels.fill("sortedBy", SafeText.escape(source.sortText(sort)))) }
        return parts
    }
}

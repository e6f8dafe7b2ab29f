import BattleLogPresentation

/// The list prompts (filter, sort, go to, export) and a row in the pager or the editor, written
/// once for both browsers: the text trimmed; a text the list refuses back in its prompt with
/// what is wrong (a filter's cursor at the column it names); a filter applied kept in the
/// history; an export started in the background, and said when it ends or is stopped at quit.
/// What each does to the list is the browser's.
protocol ListPromptHost: PromptHost {
    var labels: Labels { get }
    var filterHistory: FilterHistory { get set }
    /// The export running or just ended.
    var export: BackgroundExport? { get set }

    /// The current list filtered by `text` instead (empty: not filtered); a text the list
    /// cannot take throws `ListInputError`, and nothing changes.
    func applyFilter(_ text: String) throws
    /// The current list sorted by `text` (empty: its own order); throws `ListInputError` as
    /// `applyFilter` does.
    func applySort(_ text: String) throws
    /// Selects what `text` names (a key); throws `ListInputError` for a text that names nothing
    /// a key could be, and says so on the status line when there is no such row.
    func goTo(_ text: String) throws
    /// The export of the current list to `path`, not started (nil: the status says why not).
    func exportJob(to path: String) -> BackgroundExport?
    /// The selected row's JSON, its name and its file's (nil: the status says why not).
    func selectedJSON() -> (json: String, name: String, file: String)?
}

extension ListPromptHost {
    /// Enter on a filter, sort, go-to or export prompt; false for another kind.
    func submitListPrompt(_ p: BrowserModel.Prompt) throws -> Bool {
        let text = p.text.trimmingCharacters(in: .whitespaces)
        do {
            switch p.kind {
            case .filter:
                try applyFilter(text)
                if !text.isEmpty { filterHistory.add(text) }
            case .sort: try applySort(text)
            case .goTo: try goTo(text)
            case .export: startExport(p)
            default: return false
            }
        } catch let error as ListInputError {
            // The prompt again with what is wrong, the text as typed (a trailing space kept for
            // the value still to come), the cursor where the problem is: the column counts in
            // the trimmed text, so it moves past the leading spaces; at its end, the line's end.
            let column = p.kind == .filter ? error.column : nil
            let leading = p.text.prefix { $0.isWhitespace }.count
            let cursor = column.map { $0 - 1 >= text.count ? p.text.count : leading + $0 - 1 }
            chrome.prompt = BrowserModel.Prompt(kind: p.kind, text: p.text, cursor: cursor, error: error.text,
                                                errorColumn: column.map { $0 + leading }, placeholder: p.placeholder)
        }
        return true
    }

    /// `e`: the export prompt, offering `name`.jsonl; while an export runs, it says so instead.
    func promptExport(offering name: String) {
        guard export?.isRunning != true else { chrome.status = labels["exporting"] + "…"; return }
        chrome.prompt = BrowserModel.Prompt(kind: .export, text: "", placeholder: name + ".jsonl")
    }

    /// A path that cannot be written is said at once, the prompt still open to fix it.
    private func startExport(_ p: BrowserModel.Prompt) {
        guard let path = chrome.exportPath(p, labels: labels), let job = exportJob(to: path) else { return }
        export = job
        job.start()
        chrome.status = nil
    }

    /// `P`, `E`: the selected row's JSON, laid out, in the pager or the editor.
    func viewSelected(in kind: ExternalViewer.Kind) {
        if let (json, _, file) = selectedJSON() { chrome.show(json: json, in: kind, fileName: file) }
    }

    /// Each tick: an export that ended says so.
    func tickExport() {
        guard let e = export, !e.isRunning else { return }
        if let summary = e.summary { chrome.status = summary }
        export = nil
    }

    /// At quit: a running export stopped (its file is not left half written); what it says.
    func stopExport() -> String? {
        guard let export, export.isRunning else { return nil }
        export.stop()
        export.wait()
        return export.summary.map { labels["stoppedOnQuit"] + ": " + $0 }
    }
}

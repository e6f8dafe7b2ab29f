import BattleLogKit
import BattleLogPresentation
import Foundation

/// `t`'s analysis (Tab through the fields, Enter drills into a group, Backspace goes back up,
/// `m` changes the chart's measure) and `v`'s head to head.
extension BrowserModel {
    func openAnalysis() {
        let fields = AnalysisSession.fields(extraPaths: store.queryColumns.extraPaths, kinds: store.queryColumns.extraPathKinds)
        if overlays.analysis == nil || overlays.analysis?.fields.count != fields.count { overlays.analysis = AnalysisSession(fields: fields) }
        // Opened again: where it was, counted again over the filter on screen now.
        if overlays.analysis?.field != nil { requestGroups() }
    }

    /// Keys while the statistics view is open; true when the analysis took the key.
    func handleAnalysis(_ action: Action) throws -> Bool {
        guard var a = overlays.analysis else { return false }
        switch action {
        case .nextPane, .previousPane:
            clearMeasureHint()
            a.tab = (a.tab + (action == .nextPane ? 1 : -1) + a.fields.count + 1) % (a.fields.count + 1)
            a.selected = 0
            a.scroll = 0
            a.groups = nil
            overlays.analysis = a
            chrome.overlayScroll = 0
            requestGroups()
            return true
        case .measure:
            guard let field = a.field?.field, case .date = field else {
                chrome.status = labels["analysis.measureDates"]
                return true
            }
            let all = AnalysisSession.Measure.allCases
            a.measure = all[(all.firstIndex(of: a.measure)! + 1) % all.count]
            overlays.analysis = a
            return true
        case .drillDown:
            guard a.field != nil else { return true }
            try drillDown()
            return true
        case .drillUp:
            // Up a drill-down, on a field's page; at the top, or on the summary, it closes the view.
            guard a.field != nil, let previous = a.drills.popLast() else { return try handleAnalysis(.closeStats) }
            a.tab = previous.tab
            a.selected = previous.selected
            a.scroll = previous.scroll
            overlays.analysis = a
            try setFilter(previous.filter ?? "")
            if let id = previous.recordID { try reselect(id, atRow: previous.recordRow) }
            // The roster has no pane while a filter is on: the records keep the focus then.
            chrome.focus = previous.focus == .roster && filterSearch != nil ? .records : previous.focus
            requestGroups()
            return true
        case .closeStats:
            overlay = .none
            return true
        case .moveDown, .moveUp, .pageDown, .pageUp, .halfPageDown, .halfPageUp, .first, .last:
            guard a.field != nil, let groups = a.groups, !groups.isEmpty else { return a.field != nil }
            let rows = AnalysisView.tableRows(self)
            let step = action.listStep(page: max(1, rows - 1), end: groups.count) ?? 0
            a.selected = max(0, min(groups.count - 1, a.selected + step))
            if a.selected < a.scroll { a.scroll = a.selected }
            if a.selected >= a.scroll + rows { a.scroll = a.selected - rows + 1 }
            overlays.analysis = a
            return true
        default:
            return false
        }
    }

    /// The analysis view's fields, the one on screen (nil on the summary) and its groups (nil
    /// while counted): what a benchmark or a test reads.
    public var analysisFieldNames: [String] { overlays.analysis?.fields.map(\.name) ?? [] }
    public var analysisFieldName: String? { overlays.analysis?.field?.name }
    public var analysisGroups: [GroupCount]? { overlays.analysis?.groups }

    /// Asks for the groups of the field on screen over the filter on screen (`keepingShown`: the
    /// groups on screen stay until the new ones arrive, as when the log grows).
    func requestGroups(keepingShown: Bool = false) {
        guard var a = overlays.analysis, let (_, field) = a.field else { return }
        if !keepingShown { a.groups = nil }
        a.failure = nil
        a.countedFilter = filterText
        overlays.analysis = a
        readers.analysisCounter.submit(AnalysisCounter.Request(tab: a.tab, field: field, filter: filterText))
    }

    /// Takes the counter's answer when it is the one the screen waits for.
    func tickAnalysis() {
        guard overlay == .stats, var a = overlays.analysis, let (request, result) = readers.analysisCounter.take() else { return }
        guard request.tab == a.tab, request.filter == a.countedFilter, let (_, field) = a.field else { return }
        switch result {
        case .success(let groups):
            if case .number(let path, nil) = field, let width = AnalysisSession.buckets(for: groups) {
                // Too many exact values to read: the same field in buckets, counted again.
                a.fields[a.tab - 1] = (path + ":" + GroupTable.jsonNumber(width), .number(path: path, width: width))
                overlays.analysis = a
                requestGroups()
                return
            }
            a.groups = AnalysisSession.order(field).sorted(groups)
            a.selected = min(a.selected, max(0, groups.count - 1))
        case .failure(let error):
            a.failure = SafeText.escape(String(describing: error))
            a.groups = []
        }
        overlays.analysis = a
    }

    /// The hint that `m` is for a date's chart is about the field it was pressed on: it goes
    /// when another field or a drill-down takes the screen.
    func clearMeasureHint() {
        if chrome.status == labels["analysis.measureDates"] { chrome.status = nil }
    }

    /// Enter on a group: its records become the filter (with the filter already there), and the
    /// analysis counts again over them.
    func drillDown() throws {
        guard var a = overlays.analysis, let (_, field) = a.field, let groups = a.groups, groups.indices.contains(a.selected) else { return }
        clearMeasureHint()
        let group = groups[a.selected]
        guard let clause = field.filterClause(group.key) else {
            chrome.status = labels.fill("analysis.cannotDrill", GroupTable.label(group.key, field: field, labels: labels))
            return
        }
        let before = filterText
        // A filter of ands (a drill-down's) takes one more without parentheses.
        let text = before.map { b in b.range(of: #"\bor\b"#, options: [.regularExpression, .caseInsensitive]) == nil ? b + " and " + clause : "(\(b)) and \(clause)" } ?? clause
        let drill = AnalysisSession.Drill(filter: before, tab: a.tab, selected: a.selected, scroll: a.scroll, focus: chrome.focus,
                                          recordID: selectedRecord?.id, recordRow: recordList.level.window.selectionRow)
        try setFilter(text)
        a.drills.append(drill)
        a.selected = 0
        a.scroll = 0
        overlays.analysis = a
        requestGroups()
    }

    // MARK: - Head to head

    /// `v`: the selected Human is the first side; `v` on another is the second, and their
    /// fights against each other open.
    func chooseHeadToHead() throws {
        guard let human = chrome.focus == .records ? selectedRecord?.owner : selectedHuman else { return }
        guard let first = overlays.versusFirst else {
            overlays.versusFirst = human
            chrome.status = labels.fill("h2h.pickSecond", SafeText.escape(human.name))
            return
        }
        guard first.id != human.id else {
            chrome.status = labels.fill("h2h.pickAnother", SafeText.escape(human.name))
            return
        }
        overlays.headToHead = try store.headToHead(first, human, recent: 200)
        overlays.headToHeadIndex = 0
        overlays.versusFirst = nil
        overlay = .headToHead
    }

    /// Keys in the head-to-head view: the fights move, Enter opens one.
    func handleHeadToHead(_ action: Action) throws -> Bool {
        guard let h = overlays.headToHead else { return false }
        switch action {
        case .moveDown, .moveUp, .pageDown, .pageUp, .first, .last:
            let step = action.listStep(page: max(1, HeadToHeadView.listRows(self) - 1), end: h.recent.count) ?? 0
            overlays.headToHeadIndex = max(0, min(max(0, h.recent.count - 1), overlays.headToHeadIndex + step))
            return true
        case .open:
            guard h.recent.indices.contains(overlays.headToHeadIndex) else { return true }
            let record = h.recent[overlays.headToHeadIndex]
            overlay = .none
            try show(record)
            return true
        default:
            return false
        }
    }
}

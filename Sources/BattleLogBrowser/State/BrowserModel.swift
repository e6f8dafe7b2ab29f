import BattleLogKit
import BattleLogPresentation
import Foundation

/// The browser's state and key handling: plain Swift over the store, no ncurses. Views read it;
/// `handle(_:)` changes it.
public final class BrowserModel {
    public enum Pane: Int, CaseIterable, Sendable { case roster, records, detail }

    public enum PromptKind: Sendable { case search, filter, sort, saveView, recallView, simulate, helpFilter, goTo, export, seek }

    /// A one-line input at the bottom of the screen.
    public struct Prompt: Sendable, Equatable {
        public let kind: PromptKind
        /// The text and its cursor.
        public var line: InputLine
        public var error: String?
        /// For a filter that does not parse: the column of the problem.
        public var errorColumn: Int?
        /// Shown dimmed while the text is empty, and taken when Enter is pressed on it.
        public var placeholder: String?
        /// The filter prompt's help panel (F1, or ? at an empty prompt) is open.
        public var showsHelp = false
        /// Tab found several completions: they are listed above the prompt.
        public var candidates: [String] = []
        /// Walking the history: the entry shown (0 = newest), and the text typed before.
        var historyIndex: Int?
        var draft = ""

        public var text: String { line.text }

        /// A prompt holding `text`, the cursor at `cursor` (at the end when nil).
        public init(kind: PromptKind, text: String, cursor: Int? = nil, error: String? = nil, errorColumn: Int? = nil,
                    placeholder: String? = nil) {
            self.kind = kind
            self.line = InputLine(text, cursor: cursor)
            self.error = error
            self.errorColumn = errorColumn
            self.placeholder = placeholder
        }
    }

    public enum Overlay: Sendable, Equatable {
        case none
        case help
        case inspect
        case stats
        case headToHead
        /// Two marked records side by side (`c`).
        case compare
    }

    /// The records as lists: their pages, what is typed for them, their columns and exports.
    let source: RecordSource
    var store: BattleStore { source.store }
    public let labels: Labels
    /// The database's name as the title bar shows it.
    public let databasePath: String
    public internal(set) var layout: Layout

    // MARK: Roster
    public internal(set) var roster = RosterState()

    // MARK: Records of the selected Human (a window of loaded pages around the selection)
    public internal(set) var recordList: RecordListState

    // MARK: Interaction
    /// The focus, the prompt, the status line, the search and the loop's requests, as both
    /// browsers keep them.
    public internal(set) var chrome = BrowserChrome()
    /// What the overlays show while open (statistics, analysis, inspect, head to head, compare).
    public internal(set) var overlays = OverlayContents()
    /// Live refresh: on or off, how often, what it saw last.
    public internal(set) var liveRefresh = LiveRefreshState()
    /// Column layouts, the saved views and the undo of view changes.
    public internal(set) var views = ViewsState()
    public internal(set) var overlay: Overlay = .none {
        didSet { if overlay != oldValue { chrome.overlayScroll = 0 } }
    }
    /// Where a search started (while its prompt is open).
    var searchOrigin: SearchOrigin?
    /// `q` was pressed while work runs, and asked whether to stop it: a second `q` quits.
    var quitAsked = false
    /// The key being handled answers a quit's question.
    var confirmingQuit = false
    /// The replay drawn over the panes (`r`), while one is open.
    var replay: ReplaySession?
    /// The speed a replay starts at, a power of two (`replay_speed`).
    public var replaySpeedExponent = 0
    /// The function-key bar at the bottom (`key_bar = true` in the config).
    public var showsKeyBar = false {
        didSet { relayout(rows: layout.rows, columns: layout.columns) }
    }
    /// The monotonic clock a replay plays by, in nanoseconds (a test sets its own).
    var monotonicNow: () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }


    /// The active filter: every record matching it, found in the background. While there is
    /// one the roster pane steps aside, and the records pane lists its matches.
    var filterSearch: FilterSearch? {
        didSet {
            cancelPositionCount()
            if let search = filterSearch {
                // A filter's matches come in the sort themselves: a sorted Human's list is done with.
                if oldValue == nil { recordList.level.sorted?.cancel() }
                recordList.level.query = search.query
                recordList.level.sorted = search.found
            } else if oldValue != nil {
                recordList.level.query = query
                recordList.level.sorted = nil
            }
            if (oldValue == nil) != (filterSearch == nil) { relayout(rows: layout.rows, columns: layout.columns) }
        }
    }
    /// The background readers (filter scans, Human pages, searches, counts, the next pages),
    /// each made on first use: the source's.
    var readers: BrowserReaders { source.readers }
    /// Whether the selection's position is still being counted (the title shows "…" for it).
    public var isCountingPosition: Bool { recordList.pendingPositionCount != nil }

    /// The selected Human's page, when it has been read (asked for otherwise). A Human with few
    /// records is read at once (a millisecond); a large one in the background.
    public var selectedProfile: HumanProfile? {
        guard let h = selectedHuman else { return nil }
        if let p = readers.profiles.loaded(h) { return p }
        if (roster.tallies[h.id]?.total ?? 0) <= Self.profileReadAtOnce, let p = try? store.humanProfile(id: h.id, kind: h.kind) {
            readers.profiles.keep(p)
            return p
        }
        return readers.profiles.profile(of: h)
    }
    static let profileReadAtOnce = 5_000
    /// The active filter's text.
    public var filterText: String? { filterSearch?.text }
    /// Matches found so far and whether the search is over (nil without a filter).
    public var filterProgress: (count: Int, finished: Bool)? {
        filterSearch.map { let p = $0.progress; return (p.count, p.finished) }
    }
    /// The sorted Human's list found so far and whether it is whole (nil when not sorted).
    public var sortProgress: (count: Int, finished: Bool)? {
        guard filterSearch == nil, let found = recordList.level.sorted else { return nil }
        let p = found.progress
        return (p.count, p.done)
    }
    /// Whether a sorted Human's list is still being found.
    public var isSorting: Bool { sortProgress.map { !$0.finished } ?? false }
    /// Whether a list is still being found in a sort: a Human's, or a filter's matches.
    public var isFindingASort: Bool { isSorting || (filterSearch?.query.sort != nil && filterProgress?.finished == false) }

    var simulation: BackgroundSimulation?
    var export: BackgroundExport?

    /// Records fetched per page load, as the engine reads its lists.
    static var pageFetch: Int { StackedLists<RecordSource>.pageFetch }

    deinit {
        readers.shutDown(timeout: 0)
    }

    /// The filters applied, kept across runs when the app gives it a file.
    public internal(set) var filterHistory: FilterHistory

    public init(store: BattleStore, labels: Labels, databasePath: String, rows: Int, columns: Int, status: String? = nil,
                history: FilterHistory = FilterHistory(path: nil)) throws {
        self.source = RecordSource(store: store, labels: labels)
        self.recordList = RecordListState(source: source)
        self.filterHistory = history
        self.labels = labels
        self.databasePath = databasePath
        self.layout = Layout(rows: rows, columns: columns, rosterMark: RosterView.markWidth(labels))
        self.chrome.status = status
        fitRecordsToPane()
        try reloadRoster()
        liveRefresh.dataVersion = (try? store.dataVersion()) ?? 0
        try selectHuman(at: 0)
    }

    // MARK: - Derived

    public var selectedHuman: Human? { roster.humans.indices.contains(roster.cursor.index) ? roster.humans[roster.cursor.index] : nil }

    public var selectedRecord: Record? {
        let i = recordList.selected - recordList.windowStart
        return recordList.window.indices.contains(i) ? recordList.window[i] : nil
    }

    /// The loaded record at absolute position `position`, if loaded.
    public func record(at position: Int) -> Record? {
        let i = position - recordList.windowStart
        return recordList.window.indices.contains(i) ? recordList.window[i] : nil
    }

    public var isSimulating: Bool { simulation?.isRunning ?? false }
    public var simulationProgress: SimulationProgress? { simulation?.progress }

    // MARK: - Loading

    func reloadRoster() throws {
        try store.reloadHumans()
        roster.humans = store.humans
        roster.tallies = try store.tallies()
        roster.oneSidedRecords = try store.oneSidedRecordCount()
        readers.profilesStorage?.invalidate()
    }

    /// Selects the Human at `index` and (unless the caller selects a record of theirs next)
    /// loads their newest records.
    func selectHuman(at index: Int, loading: Bool = true) throws {
        clearFilter()
        guard !roster.humans.isEmpty else { emptyRecordWindow(); return }
        roster.cursor.index = max(0, min(roster.humans.count - 1, index))
        roster.cursor.keepInView(count: roster.humans.count, visible: layout.rosterRows)
        if loading { try jumpToFirst() } else { recordList.total = roster.tallies[selectedHuman?.id ?? -1]?.total ?? 0; recordList.level.window = KeyedWindow() }
    }

    var query: RecordQuery { RecordQuery(ownerID: selectedHuman?.id, sort: recordList.level.sort) }

    // MARK: - Keys

    /// Handles one key or mouse event.
    public func handle(_ key: Key) {
        // A quit asked while work runs waits for a second q; any other key forgets it.
        confirmingQuit = quitAsked
        quitAsked = false
        dispatch(key)
    }

    var keyContext: KeyContext { overlay == .stats ? .analysis : .browser }

    func interceptKey(_ key: Key) throws -> Bool {
        guard replay != nil && overlay == .none else { return false }
        try handleReplayKey(key)
        return true
    }


    func admit(_ action: Action) -> Bool {
        guard action == .quit && overlay == .none && !confirmingQuit, let question = quitQuestion else { return true }
        quitAsked = true
        chrome.status = question
        return false
    }

    /// Runs one action, as a key would.
    public func perform(_ action: Action) throws {
        if overlay != .none, try handleOverlay(action) { return }
        chrome.status = nil
        if try performShared(action) { return }
        switch action {
        case .moveUp, .moveDown, .pageUp, .pageDown, .halfPageUp, .halfPageDown, .first, .last, .zoom, .nextPane, .previousPane,
             .paneLeft, .paneRight, .toggleMouse, .suspend, .quit, .forceQuit:
            break   // taken by `performShared` above
        case .growPane: resizePane(by: 1)
        case .shrinkPane: resizePane(by: -1)
        case .open: chrome.focus = pane(1, wrapping: false)
        case .back:
            // A sort still being found is given up first (a filter's matches too); back from a
            // filter's records then leaves the filter: the roster and its Human return.
            if isFindingASort { try cancelSort() }
            else if chrome.focus == .records && filterSearch != nil { try setFilter(""); chrome.focus = .roster }
            else { chrome.focus = pane(-1, wrapping: false) }
        case .search: startSearch()
        case .filter: chrome.prompt = Prompt(kind: .filter, text: filterText ?? "")
        case .sort: chrome.prompt = Prompt(kind: .sort, text: recordList.level.sort?.text ?? "")   // empty clears: no placeholder to take
        case .saveView: chrome.prompt = Prompt(kind: .saveView, text: "")
        case .recallView:
            guard !views.saved.entries.isEmpty else { chrome.status = labels["views.none"]; return }
            chrome.prompt = Prompt(kind: .recallView, text: "", placeholder: views.saved.entries.last?.name)
        case .undoView: try undoView()
        case .otherSide: try showOtherSide()
        case .goTo: chrome.prompt = Prompt(kind: .goTo, text: "")
        case .export: promptExport(offering: exportName)
        case .searchNext: findMatch(forward: !chrome.search.backward)
        case .searchPrevious: findMatch(forward: chrome.search.backward)
        case .help: overlay = .help
        case .inspect:
            if let r = selectedRecord { overlays.inspection = StoredValueInspection.inspect(r); overlay = .inspect }
        case .stats:
            try readStats()
            openAnalysis()
            overlay = .stats
        case .headToHead: try chooseHeadToHead()
        case .simulate:
            if store.isReadOnly { chrome.status = "\(labels["readOnly"]): \(databasePath)"; return }
            if isSimulating { chrome.status = labels["simulating"] + "…"; return }
            chrome.prompt = Prompt(kind: .simulate, text: "", placeholder: "1000")
        case .toggleLive: liveRefresh.isOn.toggle()
        case .copyRecord: copyRecord()
        case .columnLeft, .columnRight, .narrowColumn, .widenColumn, .hideColumn, .resetColumns: changeColumns(action)
        case .mark: try toggleMark()
        case .markRange: try markRange()
        case .markAll: try markAll()
        case .unmarkAll: unmarkAll()
        case .compare: try compareMarked()
        case .pager: viewSelected(in: .pager)
        case .editor: viewSelected(in: .editor)
        case .copyValue: copyFocusedValue()
        case .redraw:
            // Ctrl-L also reads what is stored now (the roster, the shown rows), whatever live
            // refresh is doing.
            chrome.wantsFullRedraw = true
            try refreshAfterExternalChange()
        case .replay: try openReplay()
        case .playPause, .previousAction, .nextAction, .slower, .faster, .replayStart, .replayEnd, .seek, .closeReplay, .showModel,
             .drillDown, .drillUp, .measure, .closeStats:
            // The replay's, the statistics view's and the Core Data browser's own keys, bound
            // only in their contexts.
            break
        }
    }

    /// Reads the figures the stats view shows.
    func readStats() throws {
        overlays.stats = try BattleStats.fromSummaries(store, fights: .none)
        overlays.diceUniformity = try overlays.stats.flatMap { s throws(StoreError) in try store.diceUniformity(recordDice: s.dice, records: s.records) }
    }

    /// Keys while an overlay is open. Returns true when the overlay took the key.
    func handleOverlay(_ action: Action) throws -> Bool {
        if overlay == .stats, try handleAnalysis(action) { return true }
        if overlay == .headToHead, try handleHeadToHead(action) { return true }
        switch action {
        case .closeReplay:
            overlay = .none
            return true
        case .forceQuit, .redraw, .suspend:
            return false
        case .back, .quit:
            // Help opened from the statistics view (or head to head) goes back to it.
            overlay = overlay == .help ? (overlays.underHelp ?? .none) : .none
            overlays.underHelp = nil
            chrome.helpFilter = nil
            return true
        case .help:
            if overlay == .help {
                overlay = overlays.underHelp ?? .none
                overlays.underHelp = nil
            } else {
                overlays.underHelp = overlay == .stats || overlay == .headToHead ? overlay : nil
                overlay = .help
            }
            return true
        case .search:
            if case .help = overlay { chrome.prompt = Prompt(kind: .helpFilter, text: chrome.helpFilter ?? "") }
            return true
        case .stats, .inspect, .headToHead, .compare:
            let same = (action == .stats && overlay == .stats) || (action == .inspect && overlay == .inspect)
                || (action == .headToHead && overlay == .headToHead) || (action == .compare && overlay == .compare)
            overlay = .none
            return same
        // Every overlay scrolls with the keys of the lists.
        case .moveDown, .moveUp, .pageDown, .pageUp, .halfPageDown, .halfPageUp, .first, .last:
            return scrollOverlay(action)
        default:
            return true
        }
    }

    /// The lines the open overlay scrolls through and how many it shows (as its view lays it out).
    var overlayLines: (total: Int, visible: Int) {
        switch overlay {
        case .none: (0, 0)
        case .help: HelpView.scrollExtent(self)
        case .inspect: InspectView.scrollExtent(self)
        case .stats: StatsView.scrollExtent(self)
        case .headToHead: (0, 0)
        case .compare: CompareView.scrollExtent(self)
        }
    }
    /// The furthest the open overlay scrolls: its last line at the bottom.
    var overlayScrollLimit: Int { max(0, overlayLines.total - overlayLines.visible) }

    var overlayIsOpen: Bool { overlay != .none }
    func closeOverlay() { overlay = .none }

    // MARK: - Layout

    /// The terminal changed size.
    public func resize(rows: Int, columns: Int) {
        relayout(rows: rows, columns: columns)
    }

    func relayout(rows: Int, columns: Int) {
        let laidOut = { Layout(rows: rows, columns: columns, showsRoster: self.filterSearch == nil, sizes: self.chrome.paneSizes,
                               keyBar: self.showsKeyBar, rosterMark: RosterView.markWidth(self.labels)) }
        layout = laidOut()
        if let z = chrome.paneSizes.zoomed, z != chrome.focus { chrome.paneSizes.zoomed = nil; layout = laidOut() }
        if !layout.showsRoster && chrome.focus == .roster { chrome.focus = .records }
        fitRecordsToPane()
        // The roster's scroll fits the new height: no rows hidden above while there is room
        // below (a window that grew), and the selection in sight.
        roster.cursor.keepInView(count: roster.humans.count, visible: layout.rosterRows)
    }

    /// `+`/`-`: the focused pane grows or shrinks by `step` (the records take from the detail).
    func resizePane(by step: Int) {
        switch chrome.focus {
        case .roster: chrome.paneSizes.roster += step * 2
        case .records: chrome.paneSizes.records += step * (layout.isWide ? 4 : 2)
        case .detail: chrome.paneSizes.records -= step * (layout.isWide ? 4 : 2)
        }
        let before = layout
        relayout(rows: layout.rows, columns: layout.columns)
        // At its limit the nudge is undone, so the next key in the other direction acts at once.
        if layout.roster == before.roster && layout.records == before.records {
            switch chrome.focus {
            case .roster: chrome.paneSizes.roster -= step * 2
            case .records: chrome.paneSizes.records -= step * (layout.isWide ? 4 : 2)
            case .detail: chrome.paneSizes.records += step * (layout.isWide ? 4 : 2)
            }
        }
    }

    /// What `q` asks while a simulation or an export runs (quitting stops it), or nil.
    var quitQuestion: String? {
        if isSimulating {
            let p = simulationProgress
            return labels.fill("quitWhileSimulating", GroupedNumber.text(p?.saved ?? 0), p.map { GroupedNumber.text($0.total) } ?? "?")
        }
        return isExporting ? labels["quitWhileExporting"] : nil
    }

    /// Stops the background work; returns what the user must be told once the terminal is
    /// theirs again (a simulation or an export that quitting stopped, and what it had saved).
    @discardableResult
    public func stopBackgroundWork() -> String? {
        readers.shutDown(timeout: 1)
        var farewell: [String] = []
        if let simulation, simulation.isRunning {
            simulation.stop()
            simulation.wait()
            if let summary = simulation.summary { farewell.append(labels["stoppedOnQuit"] + ": " + summary) }
        }
        if let stopped = stopExport() { farewell.append(stopped) }
        return farewell.isEmpty ? nil : farewell.joined(separator: "\n")
    }
}

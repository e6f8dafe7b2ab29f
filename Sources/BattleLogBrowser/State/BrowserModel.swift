import BattleLogKit
import Foundation

/// The browser's state and key handling: plain Swift over the store, no ncurses. Views read it;
/// `handle(_:)` changes it.
public final class BrowserModel {
    public enum Pane: Int, CaseIterable, Sendable { case roster, records, detail }

    public enum PromptKind: Sendable { case search, filter, simulate, helpFilter }

    /// A one-line input at the bottom of the screen.
    public struct Prompt: Sendable, Equatable {
        public let kind: PromptKind
        public var text: String
        public var error: String?
        /// For a filter that does not parse: the column of the problem.
        public var errorColumn: Int?
        /// Shown dimmed while the text is empty, and taken when Enter is pressed on it.
        public var placeholder: String? = nil
    }

    public enum Overlay: Sendable, Equatable {
        case none
        case help(scroll: Int)
        case inspect
        case stats
    }

    let store: BattleStore
    public let labels: Labels
    /// The database's name as the title bar shows it.
    public let databasePath: String
    public private(set) var layout: Layout

    // MARK: Roster
    public private(set) var roster: [Human] = []
    public private(set) var tallies: [Int64: BattleStore.Tally] = [:]
    public private(set) var rosterIndex = 0
    public private(set) var rosterScroll = 0

    // MARK: Records of the selected Human (a window of loaded pages around the selection)
    public private(set) var window: [Record] = []
    public private(set) var windowStart = 0
    public private(set) var selected = 0
    public private(set) var recordsScroll = 0
    public private(set) var total = 0

    // MARK: Interaction
    public private(set) var focus: Pane = .roster
    public private(set) var overlay: Overlay = .none
    public private(set) var prompt: Prompt?
    public private(set) var status: String?
    public private(set) var searchText: String?
    /// Text that narrows the help overlay's list of keys (`/` inside help).
    public private(set) var helpFilter: String?
    public private(set) var live = true
    public private(set) var shouldQuit = false
    /// Set when the screen must be repainted from scratch (Ctrl-L).
    public var wantsFullRedraw = false
    /// Set when the user asked to suspend to the shell (Ctrl-Z); the app does it and clears it.
    public var wantsSuspend = false
    public private(set) var stats: BattleStats?
    public private(set) var inspection: [StoredValueInspection] = []

    /// The active filter: every record matching it, found in the background. While there is
    /// one the roster pane steps aside.
    var filterSearch: FilterSearch? {
        didSet { if (oldValue == nil) != (filterSearch == nil) { relayout(rows: layout.rows, columns: layout.columns) } }
    }
    /// After live refresh restarted the filter: the record to select again once it is found.
    private var reselectID: Int64?
    /// The active filter's text.
    public var filterText: String? { filterSearch?.text }
    /// Matches found so far and whether the search is over (nil without a filter).
    public var filterProgress: (count: Int, finished: Bool)? {
        filterSearch.map { let p = $0.progress; return (p.count, p.finished) }
    }

    private var dataVersion: Int64 = 0
    private var lastPoll = Date.distantPast
    var simulation: BackgroundSimulation?

    /// Records fetched per page load: a screenful and a half, so that a page key costs one small query.
    static let pageFetch = 64
    static let maxWindow = 1200

    public init(store: BattleStore, labels: Labels, databasePath: String, rows: Int, columns: Int, status: String? = nil) throws {
        self.store = store
        self.labels = labels
        self.databasePath = databasePath
        self.layout = Layout(rows: rows, columns: columns)
        self.status = status
        try reloadRoster()
        dataVersion = (try? store.dataVersion()) ?? 0
        try selectHuman(at: 0)
    }

    // MARK: - Derived

    public var selectedHuman: Human? { roster.indices.contains(rosterIndex) ? roster[rosterIndex] : nil }

    public var selectedRecord: Record? {
        let i = selected - windowStart
        return window.indices.contains(i) ? window[i] : nil
    }

    /// The loaded record at absolute position `position`, if loaded.
    public func record(at position: Int) -> Record? {
        let i = position - windowStart
        return window.indices.contains(i) ? window[i] : nil
    }

    public var isSimulating: Bool { simulation?.isRunning ?? false }
    public var simulationProgress: SimulationProgress? { simulation?.progress }

    // MARK: - Loading

    func reloadRoster() throws {
        try store.reloadHumans()
        roster = store.humans
        tallies = try store.tallies()
    }

    /// Leaves filter mode (choosing a Human shows that Human's records again).
    private func clearFilter() {
        filterSearch?.cancel()
        filterSearch = nil
    }

    func selectHuman(at index: Int) throws {
        clearFilter()
        guard !roster.isEmpty else { window = []; total = 0; return }
        rosterIndex = max(0, min(roster.count - 1, index))
        if rosterIndex < rosterScroll { rosterScroll = rosterIndex }
        if rosterIndex >= rosterScroll + layout.rosterRows { rosterScroll = rosterIndex - layout.rosterRows + 1 }
        try jumpToFirst()
    }

    private var query: RecordQuery { RecordQuery(ownerID: selectedHuman?.id) }

    private func jumpToFirst() throws {
        if filterSearch != nil { try moveFiltered(to: 0); return }
        total = tallies[selectedHuman?.id ?? -1]?.total ?? 0
        window = try store.page(query, limit: Self.pageFetch)
        windowStart = 0
        selected = 0
        recordsScroll = 0
        if window.count < Self.pageFetch { total = window.count }
    }

    private func jumpToLast() throws {
        if let f = filterSearch { try moveFiltered(to: f.progress.count - 1); return }
        window = try store.page(query, from: nil, direction: .newer, limit: Self.pageFetch)
        if window.count < Self.pageFetch { total = window.count }
        windowStart = max(0, total - window.count)
        selected = max(0, windowStart + window.count - 1)
        recordsScroll = max(0, selected - layout.recordRows + 1)
    }

    /// Moves the selection to `position`, loading pages as needed; clamps at both ends.
    private func moveSelection(to position: Int) throws {
        if filterSearch != nil { try moveFiltered(to: position); return }
        var target = max(0, position)
        while target >= windowStart + window.count {
            guard let last = window.last else { target = 0; break }
            let older = try store.page(query, from: RecordCursor(last), direction: .older, limit: Self.pageFetch)
            if older.isEmpty {
                target = windowStart + window.count - 1
                total = windowStart + window.count
                break
            }
            window += older
        }
        while target < windowStart {
            guard let first = window.first else { break }
            let newer = try store.page(query, from: RecordCursor(first), direction: .newer, limit: Self.pageFetch)
            if newer.isEmpty {
                // The first loaded record is the newest: it is position 0.
                let shift = windowStart
                windowStart = 0
                target = max(0, target - shift)
                selected -= shift
                recordsScroll = max(0, recordsScroll - shift)
                break
            }
            window = newer + window
            windowStart -= newer.count
            if windowStart < 0 {
                let shift = -windowStart
                windowStart = 0
                target += shift
                selected += shift
                recordsScroll += shift
            }
        }
        if window.isEmpty { selected = 0; return }
        selected = max(windowStart, min(target, windowStart + window.count - 1))
        trimWindow()
        let visible = layout.recordRows
        if selected < recordsScroll { recordsScroll = selected }
        if selected >= recordsScroll + visible { recordsScroll = selected - visible + 1 }
        if total < windowStart + window.count { total = windowStart + window.count }
    }

    /// Shows the other side of the selected record's fight: the opponent's record of it,
    /// selected in the opponent's own list (leaving a filter).
    private func showOtherSide() throws {
        guard let record = selectedRecord else { return }
        guard let other = try store.records(ofFight: record.fight).first(where: { $0.id != record.id }),
              let index = roster.firstIndex(where: { $0.id == other.owner.id }) else {
            status = labels["noOtherSide"]
            return
        }
        try selectHuman(at: index)
        try select(other)
        status = "\(labels["otherSide"]): \(labels["fight"]) \(other.fight)"
    }

    /// Selects `record` in the selected Human's list wherever it is: one count and two small
    /// pages around it, not a walk from the top.
    private func select(_ record: Record) throws {
        let cursor = RecordCursor(record)
        let position = try store.position(of: cursor, in: query)
        let half = Self.pageFetch / 2
        let newer = try store.page(query, from: cursor, direction: .newer, limit: half)
        let older = try store.page(query, from: cursor, direction: .older, limit: half)
        window = newer + [record] + older
        windowStart = position - newer.count
        selected = position
        total = max(total, windowStart + window.count)
        let visible = layout.recordRows
        recordsScroll = max(0, min(selected - visible / 2, total - visible))
    }

    /// Filter mode: the selection moves over the ids found so far; the rows around it are loaded by id.
    private func moveFiltered(to position: Int) throws {
        guard let search = filterSearch else { return }
        total = search.progress.count
        guard total > 0 else { window = []; windowStart = 0; selected = 0; recordsScroll = 0; return }
        selected = max(0, min(total - 1, position))
        let visible = layout.recordRows
        if selected < recordsScroll { recordsScroll = selected }
        if selected >= recordsScroll + visible { recordsScroll = selected - visible + 1 }
        let needed = recordsScroll..<min(total, recordsScroll + visible)
        if needed.lowerBound < windowStart || needed.upperBound > windowStart + window.count {
            let start = max(0, recordsScroll - Self.pageFetch / 2)
            window = try store.records(ids: search.ids(start..<(start + visible + Self.pageFetch)))
            windowStart = start
        }
    }

    /// Starts filtering every record by `text`, or clears the filter when it is empty.
    func applyFilter(_ text: String) throws {
        filterSearch?.cancel()
        filterSearch = nil
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty {
            try selectHuman(at: rosterIndex)
            return
        }
        filterSearch = try startSearch(trimmed)
        reselectID = nil
        window = []
        windowStart = 0
        total = 0
        selected = 0
        recordsScroll = 0
        focus = .records
    }

    private func startSearch(_ text: String) throws -> FilterSearch {
        let search = FilterSearch(text: text, filter: try FilterCompiler.compile(text, roster: roster), path: store.path)
        search.start()
        return search
    }

    /// Keeps at most `maxWindow` records loaded, dropping the side far from the selection.
    private func trimWindow() {
        guard window.count > Self.maxWindow else { return }
        let i = selected - windowStart
        let keepFrom = max(0, min(i - Self.maxWindow / 2, window.count - Self.maxWindow))
        window = Array(window[keepFrom..<(keepFrom + Self.maxWindow)])
        windowStart += keepFrom
    }

    // MARK: - Keys

    /// Handles one key or mouse event.
    public func handle(_ key: Key) {
        do {
            if prompt != nil { try handlePromptKey(key); return }
            if case .resize = key { return }
            switch key {
            case .click(let r, let c): try click(row: r, column: c); return
            case .wheelUp(let r, let c): try scroll(by: -3, row: r, column: c); return
            case .wheelDown(let r, let c): try scroll(by: 3, row: r, column: c); return
            default: break
            }
            guard let action = KeyTable.action(for: key) else { return }
            try perform(action)
        } catch {
            status = "\(labels["error"]): \(error)"
        }
    }

    /// Runs one action, as a key would.
    public func perform(_ action: Action) throws {
        if overlay != .none, try handleOverlay(action) { return }
        status = nil
        switch action {
        case .moveUp: try move(by: -1)
        case .moveDown: try move(by: 1)
        case .pageUp: try move(by: -pageSize)
        case .pageDown: try move(by: pageSize)
        case .halfPageUp: try move(by: -max(1, pageSize / 2))
        case .halfPageDown: try move(by: max(1, pageSize / 2))
        case .first: focus == .roster ? try selectHuman(at: 0) : try jumpToFirst()
        case .last: focus == .roster ? try selectHuman(at: roster.count - 1) : try jumpToLast()
        case .nextPane: focus = pane(1, wrapping: true)
        case .previousPane: focus = pane(-1, wrapping: true)
        case .paneLeft: focus = pane(-1, wrapping: false)
        case .paneRight, .open: focus = pane(1, wrapping: false)
        case .back:
            // Back from a filter's records leaves the filter: the roster and its Human return.
            if focus == .records && filterSearch != nil { try applyFilter(""); focus = .roster }
            else { focus = pane(-1, wrapping: false) }
        case .search: prompt = Prompt(kind: .search, text: "")
        case .filter: prompt = Prompt(kind: .filter, text: filterText ?? "")
        case .otherSide: try showOtherSide()
        case .searchNext: try findMatch(forward: true)
        case .searchPrevious: try findMatch(forward: false)
        case .help: overlay = .help(scroll: 0)
        case .inspect:
            if let r = selectedRecord { inspection = try StoredValueInspection.inspect(r, store: store); overlay = .inspect }
        case .stats:
            stats = try BattleStats.fromSummaries(store, countFights: false)
            overlay = .stats
        case .simulate:
            if store.isReadOnly { status = "\(labels["readOnly"]): \(databasePath)"; return }
            if isSimulating { status = labels["simulating"] + "…"; return }
            prompt = Prompt(kind: .simulate, text: "", placeholder: "1000")
        case .toggleLive: live.toggle()
        case .redraw: wantsFullRedraw = true
        case .suspend: wantsSuspend = true
        case .quit: shouldQuit = true
        case .forceQuit: shouldQuit = true
        }
    }

    /// Keys while an overlay is open. Returns true when the overlay took the key.
    private func handleOverlay(_ action: Action) throws -> Bool {
        switch action {
        case .forceQuit, .redraw, .suspend:
            return false
        case .back, .quit:
            overlay = .none
            helpFilter = nil
            return true
        case .help:
            if case .help = overlay { overlay = .none } else { overlay = .help(scroll: 0) }
            return true
        case .search:
            if case .help = overlay { prompt = Prompt(kind: .helpFilter, text: helpFilter ?? "") }
            return true
        case .stats, .inspect:
            let same = (action == .stats && overlay == .stats) || (action == .inspect && overlay == .inspect)
            overlay = .none
            return same
        case .moveDown, .pageDown, .halfPageDown:
            if case .help(let s) = overlay { overlay = .help(scroll: min(KeyTable.bindings.count - 1, s + (action == .moveDown ? 1 : 10))) }
            return true
        case .moveUp, .pageUp, .halfPageUp:
            if case .help(let s) = overlay { overlay = .help(scroll: max(0, s - (action == .moveUp ? 1 : 10))) }
            return true
        default:
            return true
        }
    }

    private var pageSize: Int { focus == .roster ? layout.rosterRows : layout.recordRows }

    private func move(by delta: Int) throws {
        switch focus {
        case .roster:
            let target = max(0, min(roster.count - 1, rosterIndex + delta))
            if target != rosterIndex { try selectHuman(at: target) }
        case .records, .detail:
            try moveSelection(to: selected + delta)
        }
    }

    /// The wheel scrolls the list under the pointer (the roster or the records), which takes
    /// the focus; elsewhere it scrolls the focused list.
    private func scroll(by delta: Int, row: Int, column: Int) throws {
        if overlay == .none {
            if layout.showsRoster && layout.roster.contains(row: row, column: column) { focus = .roster }
            else if layout.records.contains(row: row, column: column) { focus = .records }
        }
        try move(by: delta)
    }

    private func click(row: Int, column: Int) throws {
        if overlay != .none { overlay = .none; return }
        if layout.roster.contains(row: row, column: column) {
            focus = .roster
            let index = rosterScroll + row - layout.roster.top - 1
            if index >= 0 && index < roster.count && index != rosterIndex { try selectHuman(at: index) }
        } else if layout.records.contains(row: row, column: column) {
            focus = .records
            let offset = row - layout.records.top - 2
            if offset >= 0 { try moveSelection(to: recordsScroll + offset) }
        } else if layout.detail.contains(row: row, column: column) {
            focus = .detail
        }
    }

    // MARK: - Search

    private func handlePromptKey(_ key: Key) throws {
        guard var p = prompt else { return }
        switch key {
        case .escape, .control("c"), .control("g"):
            prompt = nil
        case .enter:
            prompt = nil
            try submit(p)
        case .backspace:
            if !p.text.isEmpty { p.text.removeLast() }
            p.error = nil
            prompt = p
        case .character(let c):
            p.text.append(c)
            p.error = nil
            prompt = p
        case .control("u"):
            p.text = ""
            prompt = p
        default:
            break
        }
    }

    private func submit(_ p: Prompt) throws {
        switch p.kind {
        case .search:
            searchText = p.text.isEmpty ? nil : p.text
            if searchText != nil { try findMatch(forward: true, includeCurrent: true) } else { status = nil }
        case .helpFilter:
            helpFilter = p.text.isEmpty ? nil : p.text
            overlay = .help(scroll: 0)
        case .filter:
            do {
                try applyFilter(p.text)
            } catch let e as FilterError {
                prompt = Prompt(kind: .filter, text: p.text, error: e.description, errorColumn: e.column)
            }
        case .simulate:
            let typed = p.text.isEmpty ? (p.placeholder ?? "") : p.text
            let digits = typed.replacingOccurrences(of: ",", with: "").replacingOccurrences(of: "_", with: "")
            guard let n = Int(digits), n > 0, n <= 10_000_000 else {
                prompt = Prompt(kind: .simulate, text: p.text, error: labels["simulateRange"], placeholder: p.placeholder)
                return
            }
            simulation = BackgroundSimulation(path: store.path, fights: n)
            simulation?.start()
            status = nil  // the status bar shows the progress
        }
    }

    /// Selects the next (or previous) Human whose name contains the search text, case-insensitively.
    private func findMatch(forward: Bool, includeCurrent: Bool = false) throws {
        guard let text = searchText else { return }
        let matches = roster.indices.filter { FilterText.contains(roster[$0].name, text) }
        guard !matches.isEmpty else { status = "\(labels["noMatch"]): \(DisplayWidth.truncate(text, to: 40))"; return }
        let next: Int
        if forward {
            next = matches.first { includeCurrent ? $0 >= rosterIndex : $0 > rosterIndex } ?? matches[0]
        } else {
            next = matches.last { $0 < rosterIndex } ?? matches[matches.count - 1]
        }
        try selectHuman(at: next)
        focus = .roster
        status = "/\(text): \(matches.firstIndex(of: next)! + 1) \(labels["of"]) \(matches.count)"
    }

    /// The key bindings the help overlay lists: all, or those matching the help filter.
    public var helpBindings: [KeyBinding] {
        guard let f = helpFilter else { return KeyTable.bindings }
        return KeyTable.bindings.filter { b in
            FilterText.contains(b.help, f) || b.keys.contains { FilterText.contains($0.label, f) }
        }
    }

    // MARK: - Time passing

    /// Called when no key came for a while: follows the background simulation and other
    /// processes' commits (live refresh), keeping the selection on the same record.
    public func tick(now: Date = Date()) {
        if let search = filterSearch {
            let p = search.progress
            if let id = reselectID {
                // Live refresh restarted the search: wait until it finds the selected record.
                let position = search.position(of: id)
                if position != nil || p.finished {
                    reselectID = nil
                    let shift = (position ?? selected) - selected
                    window = []
                    recordsScroll = max(0, recordsScroll + shift)
                    try? moveFiltered(to: position ?? min(selected, max(0, p.count - 1)))
                }
            } else if p.count != total {
                try? moveFiltered(to: selected)
            }
            if let e = p.error { status = "\(labels["error"]): \(e)" }
        }
        if let sim = simulation, !sim.isRunning {
            status = sim.summary
            simulation = nil
        }
        guard live || isSimulating, now.timeIntervalSince(lastPoll) >= 0.4 else { return }
        lastPoll = now
        do {
            let version = try store.dataVersion()
            guard version != dataVersion else { return }
            dataVersion = version
            try refreshAfterExternalChange()
        } catch {
            status = "\(labels["error"]): \(error)"
        }
    }

    /// Reloads the roster and tallies; new records of the selected Human appear above, and the
    /// selection stays on the record it was on.
    func refreshAfterExternalChange() throws {
        if let search = filterSearch {
            // Run the filter again over the new data, keeping the screen as it is until the new
            // search finds the selected record again.
            try reloadRoster()
            reselectID = selectedRecord?.id
            search.cancel()
            filterSearch = try startSearch(search.text)
            return
        }
        let current = selectedHuman
        try reloadRoster()
        if let current, let index = roster.firstIndex(where: { $0.id == current.id }) {
            rosterIndex = index
            let newTotal = tallies[current.id]?.total ?? total
            if window.isEmpty {
                try jumpToFirst()
            } else if newTotal > total {
                let added = newTotal - total
                windowStart += added
                selected += added
                recordsScroll += added
                total = newTotal
            }
        } else {
            try selectHuman(at: 0)
        }
        if overlay == .stats { stats = try BattleStats.fromSummaries(store, countFights: false) }
    }

    /// The terminal changed size.
    public func resize(rows: Int, columns: Int) {
        relayout(rows: rows, columns: columns)
    }

    private func relayout(rows: Int, columns: Int) {
        layout = Layout(rows: rows, columns: columns, showsRoster: filterSearch == nil)
        if !layout.showsRoster && focus == .roster { focus = .records }
        if selected >= recordsScroll + layout.recordRows { recordsScroll = max(0, selected - layout.recordRows + 1) }
        if rosterIndex >= rosterScroll + layout.rosterRows { rosterScroll = max(0, rosterIndex - layout.rosterRows + 1) }
    }

    /// The panes that are on screen, left to right.
    private var panes: [Pane] { layout.showsRoster ? Pane.allCases : [.records, .detail] }

    /// The pane `step` places from the focused one, wrapping around or stopping at the ends.
    private func pane(_ step: Int, wrapping: Bool) -> Pane {
        let all = panes
        let here = all.firstIndex(of: focus) ?? 0
        let next = wrapping ? (here + step + all.count) % all.count : max(0, min(all.count - 1, here + step))
        return all[next]
    }

    /// Stops a running background simulation after its current batch.
    public func stopBackgroundWork() {
        filterSearch?.cancel()
        simulation?.stop()
        simulation?.wait()
    }
}

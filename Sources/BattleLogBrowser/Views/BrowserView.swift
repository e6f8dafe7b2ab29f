import BattleLogKit
import BattleLogPresentation

/// Draws the whole browser from the model onto a screen.
public enum BrowserView {
    public static func render(_ m: BrowserModel, on s: Screen) {
        s.clear()
        if Drawing.tooSmall(s, m.layout, labels: m.labels) {
            s.present()
            return
        }
        titleBar(m, s)
        if m.replay != nil {
            // The replay covers the body: the panes under it are not drawn at all.
            ReplayView.render(m, s)
        } else {
            RosterView.render(m, s)
            RecordsView.render(m, s)
            // On the roster, the detail pane is the Human's page; on the records, the record's.
            if m.chrome.focus == .roster && m.layout.showsRoster { HumanPageView.render(m, s) } else { DetailView.render(m, s) }
        }
        // Help opened from the statistics view or head to head is drawn over that view.
        for overlay in m.overlay == .help ? [m.overlays.underHelp ?? .none, .help] : [m.overlay] {
            switch overlay {
            case .none: break
            case .help: HelpView.render(m, s)
            case .inspect: InspectView.render(m, s)
            case .stats: if m.overlays.analysis?.field != nil { AnalysisView.render(m, s) } else { StatsView.render(m, s) }
            case .headToHead: HeadToHeadView.render(m, s)
            case .compare: CompareView.render(m, s)
            }
        }
        Drawing.keyBar(s, m.layout, keyMap: m.chrome.keyMap, context: .browser, labels: m.labels)
        statusBar(m, s)
        s.present()
    }

    static func titleBar(_ m: BrowserModel, _ s: Screen) {
        let l = m.layout
        // The size of the log: every record belongs to one Human's tally; a fight is two records,
        // or one without an opponent.
        let records = m.roster.tallies.values.map(\.total).saturatingSum()
        // Damaged tallies may hold anything: held at the ends of Int, never a trap.
        let fights = max(0, records.addingSaturating(-m.roster.oneSidedRecords)) / 2 + m.roster.oneSidedRecords
        let right = "\(GroupedNumber.text(records)) \(m.labels[records == 1 ? "recordCount" : "recordsCount"]) · "
            + "\(GroupedNumber.text(fights)) \(m.labels[fights == 1 ? "fightCount" : "fightsCount"]) "
        // A long path loses its middle, never its file name.
        let room = max(0, l.columns - DisplayWidth.of(right) - 1 - DisplayWidth.of(" battlelog — "))
        Drawing.titleBar(s, columns: l.columns, left: " battlelog — " + DisplayWidth.truncateMiddle(m.databasePath, to: room), right: right)
    }

    static func statusBar(_ m: BrowserModel, _ s: Screen) {
        var parts: [String] = []
        if m.replay != nil {
            // The replay's box says where it is: the bar keeps the messages and the keys.
        } else if let f = m.filterProgress {
            // Found in the list's order as they come; their number is counted apart, at once.
            let count = f.finished ? GroupedNumber.text(f.count)
                : m.recordList.exactMatchCount.map { "\(GroupedNumber.text($0)) (\(GroupedNumber.text(f.count)) \(m.labels["found"])…)" }
                ?? "\(GroupedNumber.text(f.count))+ " + m.labels["counting"]
            parts.append(f.count > 0 ? "\(m.labels["record"]) \(GroupedNumber.text(m.recordList.selected + 1)) \(m.labels["of"]) \(count)" : (f.finished ? m.labels["noMatch"] : m.labels["counting"]))
            parts.append("f: " + (m.filterText ?? ""))
        } else if m.chrome.focus == .roster && m.layout.showsRoster && !m.roster.humans.isEmpty {
            // The roster has the focus: where the selection is among the Humans.
            parts.append(m.labels.fill("humanOf", GroupedNumber.text(m.roster.cursor.index + 1), GroupedNumber.text(m.roster.humans.count)))
        } else if m.recordList.total > 0 {
            let position = m.isCountingPosition ? "…" : GroupedNumber.text(m.recordList.selected + 1)
            parts.append("\(m.labels["record"]) \(position) \(m.labels["of"]) \(GroupedNumber.text(m.recordList.total))" + (m.isSorting ? "+" : ""))
        } else if !m.isSorting {
            parts.append(m.labels["noRecords"])
        }
        // A sorted list still being found says so, and how to give it up, before the filter
        // (which the records' title shows too): at 80 columns it must not be cut.
        if m.isFindingASort { parts.insert(m.labels["sorting"], at: min(1, parts.count)) }
        if let h = m.selectedHuman, m.filterText == nil, m.replay == nil { parts.append(DisplayWidth.truncate(h.name, to: 30)) }
        var progress: [String] = []
        if let p = m.simulationProgress, m.isSimulating { progress.append(StatusBarView.progress(m.labels["simulating"], p.saved, of: p.total)) }
        progress += StatusBarView.progress(of: m.export, labels: m.labels)
        // The keys of the focused pane when they fit, else the short hint.
        let playing = m.replay?.isPlaying == true
        let paneHint = m.labels[m.replay != nil ? (playing ? "hintReplayPlaying" : "hintReplay")
                                : m.overlay == .stats ? "hintAnalysis"
                                : m.chrome.focus == .roster ? "hint" : m.chrome.focus == .records ? "hintRecords" : "hintDetail"] + " "
        let fallback = m.labels[m.replay == nil ? "shortHint" : playing ? "hintReplayPlayingShort" : "hintReplayShort"] + " "
        let content = StatusBarView.Content(
            parts: parts, progress: progress, trailing: [m.liveRefresh.isOn ? "● \(m.labels["live"])" : "○ \(m.labels["live"]) \(m.labels["off"])"],
            hint: paneHint, fallback: fallback) { kind in
                guard kind == .export, !m.recordList.marked.isEmpty else { return nil }
                return m.labels.fill("exportMarked", GroupedNumber.text(m.recordList.marked.count)) + ": "
            }
        if let top = StatusBarView.draw(s, m.layout, m.chrome, labels: m.labels, content) { FilterHelpView.render(m, s, above: top) }
    }
}

/// The roster pane: Heroes then Villains, each with wins-losses-draws.
enum RosterView {
    /// The width of the kind's mark, H or V (侠 or 魔): the kind shows without colour too.
    static func markWidth(_ labels: Labels) -> Int {
        max(DisplayWidth.of(labels.kindMark(.hero)), DisplayWidth.of(labels.kindMark(.villain)))
    }

    static func render(_ m: BrowserModel, _ s: Screen) {
        let r = m.layout.roster
        guard m.layout.showsRoster, r.height >= 3, r.width >= 8 else { return }
        let heroes = m.roster.humans.filter { $0.kind == .hero }.count
        Drawing.box(s, r, title: "\(m.labels["roster"]) \(heroes)+\(m.roster.humans.count - heroes)", focused: m.chrome.focus == .roster)
        let inner = r.width - 2
        let tallies = m.roster.humans.map { m.roster.tallies[$0.id] ?? .init() }
        let markWidth = markWidth(m.labels)
        let columns = TallyColumns(tallies, room: inner - markWidth - 1)
        ListPaneView.draw(s, in: r, count: m.roster.humans.count, cursor: m.roster.cursor, focused: m.chrome.focus == .roster,
                          highlight: m.highlightPattern, markWidth: markWidth) { index in
            let h = m.roster.humans[index]
            return ListPaneView.Row(mark: (m.labels.kindMark(h.kind), Drawing.style(for: h.kind)), name: h.name, figure: columns.text(tallies[index]))
        }
        if m.roster.humans.isEmpty {
            // An empty database: what to do, not an empty box.
            for (i, line) in DisplayWidth.wrap(m.labels["emptyRoster"], to: max(1, inner - 2), maxLines: max(1, r.height - 3)).enumerated() {
                s.put(r.top + 2 + i, r.left + 2, line, style: .dim)
            }
        }
    }
}

/// The roster's tally column: names come first, so a win rate with a one-cell bar (`48%▅`),
/// and the full wins-losses-draws, aligned across the roster, only where the names keep at
/// least 12 columns beside it.
struct TallyColumns {
    private let counts: Counts
    private let full: Bool

    /// Wins-losses-draws with each number right-aligned to the widest of the roster: `1284- 97-12`.
    struct Counts {
        private let wins: Int, losses: Int, draws: Int
        init(_ tallies: [BattleStore.Tally]) {
            func digits(_ f: (BattleStore.Tally) -> Int) -> Int { tallies.map { String(f($0)).count }.max() ?? 1 }
            wins = digits(\.wins); losses = digits(\.losses); draws = digits(\.draws)
        }
        var width: Int { wins + losses + draws + 2 }
        func text(_ t: BattleStore.Tally) -> String {
            func pad(_ v: Int, _ n: Int) -> String { String(repeating: " ", count: max(0, n - String(v).count)) + String(v) }
            return "\(pad(t.wins, wins))-\(pad(t.losses, losses))-\(pad(t.draws, draws))"
        }
    }

    init(_ tallies: [BattleStore.Tally], room: Int) {
        counts = Counts(tallies)
        full = room - (counts.width + 1 + Self.rateWidth) - 1 >= 12
    }

    static let rateWidth = 5   // "100%█"

    func text(_ t: BattleStore.Tally) -> String {
        let rate = Self.rate(t)
        return full ? counts.text(t) + " " + rate : rate
    }

    /// `48%▅`: the win rate in whole percent and as a block of eighths; `  –` with no records.
    static func rate(_ t: BattleStore.Tally) -> String {
        guard t.total > 0 else { return "   – " }
        let percent = Int((t.winRate * 100).rounded())
        let blocks: [String] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        let text = "\(percent)%"
        return String(repeating: " ", count: max(0, 4 - text.count)) + text + blocks[min(7, Int(t.winRate * 8))]
    }
}

/// The records pane: the selected Human's records, newest first (or sorted), as a table
/// (`TableView`): columns a person can move through (`[`, `]`), narrow and widen (`{`, `}`),
/// hide (`H`) and bring back (`=`).
enum RecordsView {
    typealias Column = TableColumn<Record>

    /// The columns the pane shows, in order, at their widths (the layout's hidden ones left out,
    /// its width changes made), before any sideways scroll.
    static func columns(_ m: BrowserModel) -> [Column] {
        m.lists.columns(width: m.layout.records.width - 2)
    }

    static func render(_ m: BrowserModel, _ s: Screen) {
        let r = m.layout.records
        guard r.height >= 4, r.width >= 8 else { return }
        let name = m.filterText.map { "f: " + $0 } ?? m.selectedHuman.map { DisplayWidth.truncate($0.name, to: r.width) }
        let sorted = m.recordList.level.sort.map { " — " + m.labels.fill("sortedBy", $0.text) } ?? ""
        let marks = m.recordList.marked.isEmpty ? "" : " · " + m.labels.counted("marks.count", count: m.recordList.marked.count, GroupedNumber.text(m.recordList.marked.count))
        let content = TableView.Content(columns: columns(m), layout: m.columnLayout, focused: m.chrome.focus == .records,
                                        scroll: m.recordList.scroll, row: m.record(at:), selected: m.recordList.selected,
                                        isMarked: { m.recordList.marked.contains($0.id) }, highlight: m.highlightPattern)
        // A list still being found is not an empty one: a sort says it sorts.
        let empty = m.filterProgress.map { $0.finished ? "noMatch" : "counting" } ?? (m.isSorting ? "sorting" : "noRecords")
        TableView.drawList(s, in: r, title: m.labels["records"] + (name.map { " — " + $0 } ?? "") + sorted + marks, content,
                           window: m.recordList.level.window, rows: m.layout.recordRows, empty: m.recordList.total == 0 ? m.labels[empty] : nil)
    }
}

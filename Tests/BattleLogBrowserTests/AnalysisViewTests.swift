import Foundation
import Testing
@testable import BattleLogBrowser
import BattleLogKit
import BattleLogPresentation

/// `t`'s analysis view and `v`'s head to head: golden screens at both sizes in both languages,
/// and the drill-down's round trip.
@Suite(.serialized) struct AnalysisViewTests {
    static let sizes = [(24, 80), (40, 120)]

    /// Opens the statistics view and Tabs to `field`; waits for its groups.
    static func show(_ m: BrowserModel, field: String) throws {
        if m.overlay != .stats { m.handle(.character("t")) }
        let index = try #require(m.overlays.analysis?.fields.firstIndex { $0.name == field })
        while m.overlays.analysis?.tab != index + 1 { m.handle(.tab) }
        settle(m)
    }

    /// Ticks until the counting thread's groups are on screen, and the filter's records behind.
    static func settle(_ m: BrowserModel) {
        let deadline = Date().addingTimeInterval(20)
        while true {
            m.tick()
            if m.overlays.analysis?.groups != nil && (m.filterProgress?.finished ?? true) { return }
            if Date() >= deadline { break }
            usleep(2_000)
        }
        Issue.record("the groups never came")
    }

    @Test(arguments: ["en", "zh"])
    func goldenAnalysisScreens(language: String) throws {
        let s = try SimulatedStore(fights: 300)
        for (rows, cols) in Self.sizes {
            let (m, grid) = try makeBrowser(s, rows: rows, columns: cols, language: language)
            try Self.show(m, field: "gate")
            BrowserView.render(m, on: grid)
            try expectGolden(grid, "analysis-gate-\(language)-\(cols)x\(rows)")
            // A line chart of the records by day; m changes the measure and back.
            try Self.show(m, field: "date")
            m.handle(.character("m"))
            #expect(m.overlays.analysis?.measure == .winRate)
            m.handle(.character("m"))
            m.handle(.character("m"))
            #expect(m.overlays.analysis?.measure == .count)
            BrowserView.render(m, on: grid)
            try expectGolden(grid, "analysis-chart-\(language)-\(cols)x\(rows)")
            #expect(grid.text.contains("┤") && grid.text.contains("└") && grid.text.contains("2026-01-0"))
            // Drill into the first result group.
            try Self.show(m, field: "result")
            let first = try #require(m.overlays.analysis?.groups?.first)
            m.handle(.enter)
            Self.settle(m)
            #expect(m.filterText == GroupField.result.filterClause(first.key))
            #expect(m.overlays.analysis?.groups?.map(\.count) == [first.count])
            BrowserView.render(m, on: grid)
            try expectGolden(grid, "analysis-drill-\(language)-\(cols)x\(rows)")
            m.handle(.backspace)
            Self.settle(m)
            #expect(m.filterText == nil && m.overlays.analysis?.drills.isEmpty == true && m.overlay == .stats)
            m.handle(.escape)
            #expect(m.overlay == .none)
        }
    }

    @Test(arguments: ["en", "zh"])
    func goldenHeadToHead(language: String) throws {
        let s = try SimulatedStore(fights: 300)
        for (rows, cols) in Self.sizes {
            let (m, grid) = try makeBrowser(s, rows: rows, columns: cols, language: language)
            let hero = try #require(m.roster.humans.first { $0.kind == .hero })
            let villain = try #require(m.roster.humans.first { $0.kind == .villain })
            m.select(human: hero.name)
            m.handle(.character("v"))
            #expect(m.overlay == .none && m.chrome.status?.contains(hero.name) == true)
            m.handle(.escape)
            m.select(human: villain.name)
            m.handle(.character("v"))
            #expect(m.overlay == .headToHead)
            let h = try #require(m.overlays.headToHead)
            #expect(h.first.id == hero.id && h.second.id == villain.id && h.tally.count > 0)
            BrowserView.render(m, on: grid)
            try expectGolden(grid, "headtohead-\(language)-\(cols)x\(rows)")
            // Enter opens the selected fight: its record is selected in the records pane.
            m.handle(.down)
            let record = h.recent[1]
            m.handle(.enter)
            #expect(m.overlay == .none && m.selectedRecord?.id == record.id)
        }
    }

    /// The statistics' win rates give a name the room it needs beside the figures and a bar
    /// (a trial saw `Jonah Wel…` at 80 columns beside an empty stretch of bar).
    @Test(arguments: ["en", "zh"]) func theWinRatesShowANameWholeWhenItFits(language: String) throws {
        let s = try SimulatedStore(fights: 300)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80, language: language)
        m.handle(.character("t"))
        #expect(m.overlay == .stats)
        BrowserView.render(m, on: grid)
        let short = m.roster.humans.filter { DisplayWidth.of($0.name) <= 12 }
        #expect(short.contains { DisplayWidth.of($0.name) >= 10 }, "a name that the old width cut")
        for h in short.prefix(8) where grid.text.contains(h.name.prefix(3)) {
            #expect(grid.text.contains(m.labels.kindMark(h.kind) + " " + h.name + " "), "\(h.name):\n\(grid.text)")
        }
    }

    /// With a filter on, the summary (the whole log's) says it is not the filter's; the pages
    /// by field count the filter's records (a trial took the summary for the filter's).
    @Test(arguments: ["en", "zh"]) func theSummarySaysItIsTheWholeLogsUnderAFilter(language: String) throws {
        let s = try SimulatedStore(fights: 100)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80, language: language)
        m.handle(.character("t"))
        BrowserView.render(m, on: grid)
        #expect(!grid.line(1).contains(m.labels["analysis.summaryAll"]))
        m.handle(.escape)
        try m.setFilter("result = win")
        m.handle(.character("t"))
        BrowserView.render(m, on: grid)
        #expect(m.overlay == .stats && grid.line(1).contains(m.labels["analysis.summaryAll"]), "\(grid.line(1))")
    }

    /// A long name gives way in head to head's lines, not the figures or the words after it
    /// (a trial saw `…: fights 2, wins 0, losses 2, dra…` at 120 columns, no figures at 80).
    @Test(arguments: ["en", "zh"]) func aLongNameGivesWayInHeadToHead(language: String) throws {
        let s = try SimulatedStore(fights: 300)
        let long = "Bartholomew Maximilian Fitzgerald-Worthington the Third of Avalon"
        try s.store.executeRaw("UPDATE human SET name = ? WHERE id = (SELECT min(id) FROM human WHERE kind = 'hero')", [long])
        for (rows, cols) in Self.sizes {
            let (m, grid) = try makeBrowser(s, rows: rows, columns: cols, language: language)
            let villain = try #require(m.roster.humans.first { $0.kind == .villain })
            m.select(human: long)
            m.handle(.character("v"))
            m.select(human: villain.name)
            m.handle(.character("v"))
            let t = try #require(m.overlays.headToHead?.tally)
            BrowserView.render(m, on: grid)
            let rate = String(format: "%.1f", t.winRate * 100) + "%"
            let tally = (0..<rows).map(grid.line).first { $0.contains(rate) && $0.contains("Barth") }
            #expect(tally != nil, "\(cols)x\(rows):\n\(grid.text)")
            // More fights than rows: the border says so, and the list fills its rows.
            let rows = HeadToHeadView.listRows(m), list = HeadToHeadView.listRect(m)
            if (m.overlays.headToHead?.recent.count ?? 0) > rows {
                #expect(grid.line(list.top + list.height).contains("↓"), "\(grid.text)")
                #expect(rows == list.height)
            }
            // The title keeps the second name whole beside the long first one.
            #expect(grid.line(1).contains(villain.name), "\(grid.line(1))")
            for key in ["h2h.rateByMonth", "h2h.magicOf"] {
                let words = m.labels.fill(key, "").trimmingCharacters(in: .whitespaces)
                #expect(grid.text.contains(words), "\(key) at \(cols)x\(rows):\n\(grid.text)")
            }
        }
    }

    /// `m` on a field without a chart says what it is for; the hint goes with that field.
    @Test func theMeasureHintGoesWithTheFieldItWasAbout() throws {
        let s = try SimulatedStore(fights: 100)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80)
        let hint = m.labels["analysis.measureDates"]
        try Self.show(m, field: "gate")
        m.handle(.character("m"))
        #expect(m.chrome.status == hint)
        m.handle(.tab)
        #expect(m.chrome.status != hint)
        try Self.show(m, field: "kind")
        m.handle(.character("m"))
        #expect(m.chrome.status == hint)
        m.handle(.enter)
        Self.settle(m)
        #expect(m.filterText?.hasPrefix("kind = ") == true && m.chrome.status != hint)
    }

    @Test func escClosesAtOnceWhereBackspaceGoesUpFirst() throws {
        let s = try SimulatedStore(fights: 100)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80)
        try Self.show(m, field: "kind")
        m.handle(.enter)
        Self.settle(m)
        #expect(m.filterText?.hasPrefix("kind = ") == true)
        m.handle(.escape)
        #expect(m.overlay == .none)
        #expect(m.filterText?.hasPrefix("kind = ") == true, "the drill-down's filter stays for the records behind")
    }

    /// Backspace goes back to where the browser was before each drill-down: the filter, the
    /// record selected behind the view (at the same row), and the group selected in the table.
    @Test func backspaceReturnsToTheRecordAndTheGroupSelectedBefore() throws {
        let s = try SimulatedStore(fights: 300)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80)
        m.handle(.tab)
        for _ in 0..<9 { m.handle(.down) }
        let unfiltered = try #require(m.selectedRecord)
        let unfilteredRow = m.recordList.selected - m.recordList.scroll
        #expect(m.recordList.selected == 9 && m.filterText == nil)
        try Self.show(m, field: "gate")
        m.handle(.down)
        m.handle(.down)
        #expect(m.overlays.analysis?.selected == 2)
        m.handle(.enter)
        Self.settle(m)
        let drilled = try #require(m.filterText)
        // Behind the view, a record further down the drilled list; then a second drill-down.
        m.handle(.escape)
        for _ in 0..<4 { m.handle(.down) }
        let filtered = try #require(m.selectedRecord)
        m.handle(.character("t"))
        try Self.show(m, field: "result")
        m.handle(.down)
        m.handle(.enter)
        Self.settle(m)
        #expect(m.filterText != drilled && m.overlays.analysis?.drills.count == 2)
        // Up once: the first drill-down's list, on the record selected in it.
        m.handle(.backspace)
        Self.settle(m)
        let deadline = Date().addingTimeInterval(20)
        while m.selectedRecord?.id != filtered.id && Date() < deadline { m.tick(); usleep(2_000) }
        #expect(m.filterText == drilled && m.selectedRecord?.id == filtered.id)
        #expect(m.overlays.analysis?.field?.name == "result" && m.overlays.analysis?.selected == 1, "the result drilled into is selected again")
        #expect(m.recordList.selected - m.recordList.scroll == 4)
        // Up again: no filter, the Human's list on the record first selected, at its row.
        m.handle(.backspace)
        Self.settle(m)
        #expect(m.filterText == nil && m.selectedRecord?.id == unfiltered.id)
        #expect(m.recordList.selected - m.recordList.scroll == unfilteredRow)
        #expect(m.overlays.analysis?.field?.name == "gate" && m.overlays.analysis?.selected == 2, "the gate drilled into is selected again")
        m.handle(.escape)
        #expect(m.overlay == .none && m.selectedRecord?.id == unfiltered.id && m.chrome.focus == .records)
        // From the roster: back up, the roster has the focus again.
        m.handle(.tab)
        m.handle(.tab)
        #expect(m.chrome.focus == .roster)
        try Self.show(m, field: "kind")
        m.handle(.enter)
        Self.settle(m)
        m.handle(.backspace)
        Self.settle(m)
        m.handle(.escape)
        #expect(m.filterText == nil && m.chrome.focus == .roster, "\(m.chrome.focus)")
    }

    @Test func theGroupsOnScreenFollowTheLogAsItGrows() throws {
        let s = try SimulatedStore(fights: 100)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80)
        try Self.show(m, field: "result")
        #expect(m.analysisGroups?.map(\.count).reduce(0, +) == 200)
        // Another process writes 50 more fights.
        let writer = try BattleStore(path: s.path)
        try SimulationRun(fights: 50, seed: 9, heroes: 5, villains: 5, batchSize: 50).run(on: writer)
        try m.refreshAfterExternalChange()
        // The groups on screen stay until the new ones come, then the new ones show.
        #expect(m.analysisGroups != nil)
        let deadline = Date().addingTimeInterval(20)
        while m.analysisGroups?.map(\.count).reduce(0, +) != 300 && Date() < deadline { m.tick(); usleep(2_000) }
        #expect(m.analysisGroups?.map(\.count).reduce(0, +) == 300)
        BrowserView.render(m, on: grid)
        #expect(grid.text.contains("150"), "\(grid.text)")
    }

    @Test func theViewsKeysAreItsOwnAndRemapLikeAnyOther() throws {
        let s = try SimulatedStore(fights: 100)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80)
        let (map, problems) = KeyMap.applying([KeyMap.Override(action: "drillUp", keys: ["u"], line: 1),
                                               KeyMap.Override(action: "measure", keys: ["M"], line: 2)])
        #expect(problems.isEmpty)
        m.chrome.keyMap = map
        try Self.show(m, field: "kind")
        m.handle(.enter)
        Self.settle(m)
        #expect(m.filterText?.hasPrefix("kind = ") == true)
        // `u` goes up now; Backspace, no longer the view's, is the browser's back: it closes.
        m.handle(.character("u"))
        Self.settle(m)
        #expect(m.overlay == .stats && m.filterText == nil)
        // Outside the view, `m` and `u` are the browser's marks (nothing is marked here); inside,
        // `M` changes the measure.
        m.handle(.backspace)
        #expect(m.overlay == .none)
        m.handle(.character("u"))
        #expect(m.overlay == .none && m.filterText == nil)
        #expect(KeyTable.action(for: .character("m"), in: .browser) == .mark)
        #expect(m.recordList.marked.isEmpty)
        #expect(KeyTable.action(for: .character("m"), in: .analysis) == .measure)
        #expect(KeyTable.action(for: .character("/"), in: .analysis) == .search, "the browser's other keys work in the view")
    }

    @Test func helpFromTheViewReturnsToItAndBackspaceOnTheSummaryKeepsTheDrillDown() throws {
        let s = try SimulatedStore(fights: 100)
        let (m, grid) = try makeBrowser(s, rows: 40, columns: 120)
        try Self.show(m, field: "result")
        m.handle(.enter)
        Self.settle(m)
        let drilled = try #require(m.filterText)
        m.handle(.character("?"))
        #expect(m.overlay == .help)
        BrowserView.render(m, on: grid)
        #expect(grid.text.contains("drill into the group (it joins the filter)"))
        // Drawn over the view it was opened from (its field strip beside the help's box).
        #expect(grid.text.contains("summary") && !grid.text.contains("Roster"), "\(grid.text)")
        m.handle(.escape)
        #expect(m.overlay == .stats && m.overlays.analysis?.field?.name == "result", "back where it was")
        // On the summary, Backspace closes; the drill-down's filter stays.
        while m.overlays.analysis?.tab != 0 { m.handle(.tab) }
        m.handle(.backspace)
        #expect(m.overlay == .none && m.filterText == drilled)
        // t opens where it was.
        m.handle(.character("t"))
        #expect(m.overlays.analysis?.tab == 0 && m.overlay == .stats)
    }

    @Test func aNumberWithTooManyValuesIsBucketedAndVOnTheSameHumanSaysSo() throws {
        let s = try SimulatedStore(fights: 400)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80)
        try Self.show(m, field: "timeline.firstHit")
        Self.settle(m)
        let groups = try #require(m.overlays.analysis?.groups)
        #expect(groups.count <= AnalysisSession.readableGroups, "\(groups.count) groups")
        #expect(m.overlays.analysis?.field?.name.hasPrefix("timeline.firstHit:") == true)
        #expect(groups.contains { if case .bucket = $0.key { true } else { false } })
        m.handle(.escape)
        let hero = try #require(m.roster.humans.first)
        m.handle(.character("v"))
        m.handle(.character("v"))
        #expect(m.overlay == .none && m.chrome.status?.contains("another Human") == true, "\(m.chrome.status ?? "")")
        _ = hero
    }

    @Test func aChartOfOnePointLabelsItUnderThePoint() {
        let lines = Chart.line([5], xLabels: ["2026-01-01"], width: 40, height: 3, scale: { String(Int($0)) })
        let label = try? #require(lines.last)
        let axis = lines[lines.count - 2]
        #expect(label.map { $0.firstIndex(of: "2") != nil } == true)
        // The label's middle is within a few columns of the plot's middle.
        if let label, let start = label.firstIndex(of: "2") {
            let middle = label.distance(from: label.startIndex, to: start) + 5
            let plotMiddle = (axis.count + (axis.firstIndex(of: "└").map { axis.distance(from: axis.startIndex, to: $0) } ?? 0)) / 2
            #expect(abs(middle - plotMiddle) <= 3, "\(middle) vs \(plotMiddle)")
        }
    }
}

import Foundation
import Testing
@testable import BattleLogBrowser
import BattleLogKit
import BattleLogPresentation

/// `S`: the list sorted by a field (issue 43), for a Human's records and a filter's matches,
/// paged as the store pages it; a field that is no field says so in the prompt.
@Suite(.serialized) struct SortKeyTests {
    static func settle(_ m: BrowserModel) {
        let deadline = Date().addingTimeInterval(20)
        while true {
            m.tick()
            if (m.filterProgress?.finished ?? true) && (m.sortProgress?.finished ?? true) {
                // What the last keys found is taken in (a record to select again).
                m.tick()
                return
            }
            if Date() >= deadline { break }
            usleep(2_000)
        }
        Issue.record("the filter or the sorted list never finished")
    }

    /// Selects the first Villain and moves to their records; returns them.
    static func showVillainsRecords(_ m: BrowserModel) throws -> Human {
        let villain = try #require(m.roster.humans.first { $0.kind == .villain })
        m.select(human: villain.name)
        m.handle(.tab)
        return villain
    }

    /// The records the browser shows from the top, one `j` at a time.
    static func walk(_ m: BrowserModel, count: Int) -> [Int64] {
        var ids: [Int64] = []
        for _ in 0..<count {
            if let r = m.selectedRecord { ids.append(r.id) }
            m.handle(.character("j"))
        }
        return ids
    }

    /// `query`'s list (a filter's `text`) found on a thread of its own and held after its first
    /// page, as a long scan would be; signalling `release` lets it go on.
    static func heldSearch(_ query: RecordQuery, text: String = "", path: String) -> (search: FilterSearch, release: DispatchSemaphore) {
        let search = FilterSearch(text: text, query: query)
        let held = DispatchSemaphore(value: 0), reached = DispatchSemaphore(value: 0)
        search.streamStarting = { reached.signal(); held.wait() }
        Thread { if let store = try? BattleStore(path: path, readOnly: true) { search.run(on: store) } }.start()
        #expect(reached.wait(timeout: .now() + 10) == .success)
        return (search, held)
    }

    @Test(arguments: ["en", "zh"])
    func aHumansRecordsAndAFiltersMatchesFollowTheSort(language: String) throws {
        let s = try SimulatedStore(fights: 900, heroes: 2, villains: 2)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80, language: language)
        let villain = try Self.showVillainsRecords(m)
        // Typed one scalar a key, as a person types it.
        m.handle(.character("S"))
        m.type("power:desc")
        m.handle(.enter)
        Self.settle(m)
        let sort = try s.store.sort("power:desc")
        let expected = try s.store.page(RecordQuery(ownerID: villain.id, sort: sort), limit: 10_000).map(\.id)
        #expect(expected.count > 300)
        m.handle(.character("g"))
        #expect(Self.walk(m, count: 300) == Array(expected.prefix(300)))
        m.handle(.character("G"))
        #expect(m.selectedRecord?.id == expected.last)
        BrowserView.render(m, on: grid)
        #expect(grid.text.contains(m.labels.fill("sortedBy", "power:desc")), "\(grid.text)")

        // A filter's matches in the same order.
        m.handle(.character("f"))
        m.type("result != draw")
        m.handle(.enter)
        Self.settle(m)
        let filter = try FilterCompiler.compile("result != draw", roster: s.store.humans, columns: s.store.queryColumns)
        let matches = try s.store.page(RecordQuery(filter: filter, sort: sort), limit: 10_000).map(\.id)
        #expect(m.filterProgress?.count == matches.count)
        #expect(Self.walk(m, count: 200) == Array(matches.prefix(200)))

        // Empty goes back to the newest first.
        m.handle(.character("S"))
        for _ in 0..<12 { m.handle(.backspace) }
        m.handle(.enter)
        Self.settle(m)
        m.handle(.character("g"))
        let newest = try s.store.page(RecordQuery(filter: filter), limit: 50).map(\.id)
        #expect(Self.walk(m, count: 50) == newest)
        #expect(m.recordList.level.sort == nil)
    }

    /// A Human's list in a sort is found in the background, as a filter's matches are: the
    /// first page shows while the rest is found, the status says it is sorting and how to give
    /// it up, and Esc gives it up (the records newest first again) without waiting for it.
    @Test(arguments: ["en", "zh"])
    func aSortStillBeingFoundShowsItsFirstPageAndEscGivesItUp(language: String) throws {
        let s = try SimulatedStore(fights: 600, heroes: 2, villains: 2)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80, language: language)
        let villain = try Self.showVillainsRecords(m)
        let newest = m.selectedRecord?.id
        let sort = try s.store.sort("duration:desc")
        let query = RecordQuery(ownerID: villain.id, sort: sort)
        let (list, held) = Self.heldSearch(query, path: s.path)
        defer { held.signal() }
        // As `syncSortedList` starts one: the sort, the list, and no rows loaded yet.
        m.recordList.level.sort = sort
        m.recordList.level.query = query
        m.recordList.level.sorted = list.found
        m.recordList.level.window = KeyedWindow()
        m.handle(.character("g"))
        let expected = try s.store.page(query, limit: FilterSearch.headCount).map(\.id)
        #expect(m.recordList.level.sorted === list.found && m.selectedRecord?.id == expected.first)
        BrowserView.render(m, on: grid)
        let status = grid.line(23)
        #expect(status.contains("\(FilterSearch.headCount)+") && status.contains(m.labels["sorting"]), "\(status)")
        m.handle(.escape)
        #expect(m.recordList.level.sort == nil && m.recordList.level.sorted == nil && list.isCancelled)
        #expect(m.selectedRecord?.id == newest && m.chrome.status == m.labels["sortCancelled"])
        // Once the sort is whole, Esc is the pane to the left again.
        m.handle(.character("S")); m.type("duration:desc"); m.handle(.enter)
        Self.settle(m)
        #expect(m.sortProgress?.finished == true && m.selectedRecord?.id == newest)
        m.handle(.escape)
        #expect(m.recordList.level.sort == sort && m.chrome.focus == .roster)
    }

    /// Esc while a filter's matches are still being found in a sort gives the sort up, as in a
    /// Human's list: the filter stays, its matches newest first (a trial's Esc left the filter);
    /// a second Esc leaves the filter.
    @Test func escWhileAFiltersMatchesAreSortedGivesTheSortUp() throws {
        let s = try SimulatedStore(fights: 300, heroes: 2, villains: 2)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80)
        m.handle(.character("f")); m.type("result != draw"); m.handle(.enter)
        Self.settle(m)
        let sort = try s.store.sort("duration:desc")
        let filter = try FilterCompiler.compile("result != draw", roster: s.store.humans, columns: s.store.queryColumns)
        let (search, held) = Self.heldSearch(RecordQuery(filter: filter, sort: sort), text: "result != draw", path: s.path)
        defer { held.signal() }
        m.recordList.level.sort = sort
        m.filterSearch = search
        m.chrome.focus = .records
        let grid = CellGrid(rows: 24, columns: 80)
        BrowserView.render(m, on: grid)
        #expect(grid.line(23).contains(m.labels["sorting"]), "\(grid.line(23))")
        m.handle(.escape)
        #expect(m.filterText == "result != draw" && m.recordList.level.sort == nil && search.isCancelled)
        #expect(m.filterSearch?.query.sort == nil && m.chrome.status == m.labels["sortCancelled"])
        Self.settle(m)
        m.handle(.character("g"))
        #expect(Self.walk(m, count: 20) == (try s.store.page(RecordQuery(filter: filter), limit: 20).map(\.id)))
        m.handle(.escape)
        #expect(m.filterText == nil)
    }

    /// Enter on the filter or the sort already in force changes nothing: the selection stays
    /// (it jumped back to the first record).
    @Test func enterOnTheSameFilterOrSortKeepsTheSelection() throws {
        let s = try SimulatedStore(fights: 200, heroes: 2, villains: 2)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80)
        m.handle(.character("f")); m.type("result = win"); m.handle(.enter)
        Self.settle(m)
        m.handle(.character("S")); m.type("duration:desc"); m.handle(.enter)
        Self.settle(m)
        for _ in 0..<5 { m.handle(.character("j")) }
        let chosen = try #require(m.selectedRecord?.id)
        m.handle(.character("f")); m.handle(.enter)
        #expect(m.filterText == "result = win" && m.selectedRecord?.id == chosen)
        m.handle(.character("S")); m.handle(.enter)
        #expect(m.recordList.level.sort?.text == "duration:desc" && m.selectedRecord?.id == chosen)
        #expect(m.chrome.status == m.labels.fill("sortedBy", "duration:desc"))
    }

    /// A new sort keeps the selected record selected, on its row of the screen, wherever the
    /// order puts it, as VisiData's does: in a Human's list, back in the newest first, and in a
    /// filter's matches (a tester's sort sent them to the first record).
    @Test func aNewSortKeepsTheSelectedRecord() throws {
        let s = try SimulatedStore(fights: 400, heroes: 2, villains: 2)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80)
        let villain = try Self.showVillainsRecords(m)
        for _ in 0..<7 { m.handle(.character("j")) }
        let kept = try #require(m.selectedRecord?.id)
        m.handle(.character("S")); m.type("power:desc"); m.handle(.enter)
        Self.settle(m)
        let sorted = try s.store.page(RecordQuery(ownerID: villain.id, sort: try s.store.sort("power:desc")), limit: 10_000).map(\.id)
        #expect(m.selectedRecord?.id == kept && m.recordList.selected == sorted.firstIndex(of: kept))
        #expect(m.recordList.selected - m.recordList.scroll == 7)
        m.handle(.character("S")); for _ in 0..<10 { m.handle(.backspace) }; m.handle(.enter)
        Self.settle(m)
        let newest = try s.store.page(RecordQuery(ownerID: villain.id), limit: 10_000).map(\.id)
        #expect(m.recordList.level.sort == nil && m.selectedRecord?.id == kept && m.recordList.selected == newest.firstIndex(of: kept))
        m.handle(.character("f")); m.type("result = win"); m.handle(.enter)
        Self.settle(m)
        for _ in 0..<9 { m.handle(.character("j")) }
        let match = try #require(m.selectedRecord?.id)
        m.handle(.character("S")); m.type("duration"); m.handle(.enter)
        Self.settle(m)
        let filter = try FilterCompiler.compile("result = win", roster: s.store.humans, columns: s.store.queryColumns)
        let matches = try s.store.page(RecordQuery(filter: filter, sort: try s.store.sort("duration")), limit: 10_000).map(\.id)
        #expect(m.selectedRecord?.id == match && m.recordList.selected == matches.firstIndex(of: match))
    }

    /// While a new sort has not yet found the record to keep selected, its first rows show (a
    /// trial saw the pane say only "counting…" meanwhile); once found, it is selected.
    @Test func aSortWaitingForTheSelectedRecordShowsItsFirstRows() throws {
        let s = try SimulatedStore(fights: 600, heroes: 2, villains: 2)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80)
        let villain = try Self.showVillainsRecords(m)
        let sort = try s.store.sort("duration:desc")
        let query = RecordQuery(ownerID: villain.id, sort: sort)
        let expected = try s.store.page(query, limit: 10_000).map(\.id)
        let (list, held) = Self.heldSearch(query, path: s.path)
        // As `applySort` leaves it: the sort, the list, no rows, and the record to select again.
        let kept = try #require(expected.last)
        m.recordList.level.sort = sort
        m.recordList.level.query = query
        m.recordList.level.sorted = list.found
        m.emptyRecordWindow()
        m.recordList.level.reselect = (kept, 5)
        m.tick()
        #expect(m.selectedRecord?.id == expected.first && m.recordList.window.count > 0)
        held.signal()
        Self.settle(m)
        #expect(m.selectedRecord?.id == kept && m.recordList.selected == expected.count - 1)
    }

    /// Before its first page is read, a sorted list says it is sorting, never "No records".
    @Test(arguments: ["en", "zh"])
    func aSortWithNothingFoundYetSaysItSorts(language: String) throws {
        let s = try SimulatedStore(fights: 40, heroes: 2, villains: 2)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80, language: language)
        m.handle(.tab)
        let sort = try s.store.sort("power:desc")
        // A list that has not begun (its scan not yet run).
        m.recordList.level.sort = sort
        m.recordList.level.query = RecordQuery(ownerID: try #require(m.selectedHuman).id, sort: sort)
        m.recordList.level.sorted = FoundKeys()
        m.recordList.level.window = KeyedWindow()
        m.recordList.total = 0
        BrowserView.render(m, on: grid)
        let pane = (0..<20).map(grid.line).joined(separator: "\n")
        #expect(pane.contains(m.labels["sorting"]) && !pane.contains(m.labels["noRecords"]), "\(grid.text)")
    }

    /// Another program writes fights while a Human's list is sorted: the list is found again
    /// over them, in the sort, and the selection stays on its record.
    @Test func aSortedListFollowsAnotherProgramsWritesAndKeepsTheSelection() throws {
        let s = try SimulatedStore(fights: 300, heroes: 2, villains: 2)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80)
        let villain = try Self.showVillainsRecords(m)
        m.handle(.character("S")); m.type("duration"); m.handle(.enter)
        Self.settle(m)
        for _ in 0..<20 { m.handle(.character("j")) }
        let kept = try #require(m.selectedRecord?.id)
        m.liveRefresh.interval = 0
        let writer = try BattleStore(path: s.path)
        try SimulationRun(fights: 300, seed: 7, heroes: 2, villains: 2, batchSize: 50).run(on: writer)
        let sorted = try writer.page(RecordQuery(ownerID: villain.id, sort: try s.store.sort("duration")), limit: 10_000).map(\.id)
        m.tick(now: Date().addingTimeInterval(1))
        Self.settle(m)
        for _ in 0..<200 where m.selectedRecord?.id != kept || m.recordList.total != sorted.count { usleep(2_000); m.tick() }
        #expect(m.recordList.total == sorted.count && m.selectedRecord?.id == kept && m.recordList.selected == sorted.firstIndex(of: kept))
        m.handle(.character("g"))
        #expect(Self.walk(m, count: 40) == Array(sorted.prefix(40)))
    }

    @Test(arguments: ["en", "zh"])
    func aFieldThatIsNoFieldIsSaidInThePromptAndTheListStays(language: String) throws {
        let s = try SimulatedStore(fights: 50, heroes: 2, villains: 2)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80, language: language)
        m.handle(.tab)
        let before = m.selectedRecord?.id
        m.handle(.character("S"))
        m.type("powr")
        m.handle(.enter)
        #expect(m.chrome.prompt?.kind == .sort)
        // In the browser's language, with the field it most likely meant, on one line.
        let said = m.labels.fill("sortError.didYouMean", "powr", "power")
        #expect(m.chrome.prompt?.error == said)
        BrowserView.render(m, on: grid)
        #expect(grid.text.contains(said), "\(grid.text)")
        m.handle(.escape)
        m.handle(.character("S")); m.type("zzzzzz"); m.handle(.enter)
        #expect(m.chrome.prompt?.error?.hasPrefix(m.labels.fill("sortError.unknownField", "zzzzzz", "date").prefix(8)) == true)
        m.handle(.escape)
        #expect(m.recordList.level.sort == nil && m.selectedRecord?.id == before)
        // Tab completes a field's name.
        m.handle(.character("S"))
        m.type("weapon.ra")
        m.handle(.tab)
        #expect(m.chrome.prompt?.text == "weapon.rarity")
        // Then its directions, listed above the prompt; a letter and Tab picks one.
        m.handle(.tab)
        #expect(m.chrome.prompt?.text == "weapon.rarity:")
        BrowserView.render(m, on: grid)
        #expect(grid.text.contains("weapon.rarity:asc") && grid.text.contains("weapon.rarity:desc"), "\(grid.text)")
        m.type("d"); m.handle(.tab)
        #expect(m.chrome.prompt?.text == "weapon.rarity:desc")
        // Several fields: the common part, and all of them listed.
        m.handle(.escape)
        m.handle(.character("S")); m.type("rolls."); m.handle(.tab)
        BrowserView.render(m, on: grid)
        #expect(["rolls.max", "rolls.min", "rolls.sum", "rolls.count"].allSatisfy(grid.text.contains), "\(grid.text)")
    }

    /// `e` writes the list in the order it is shown: a Human's records and a filter's matches,
    /// sorted.
    @Test func anExportOfASortedListIsInItsOrder() throws {
        let s = try SimulatedStore(fights: 300, heroes: 2, villains: 2)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80)
        let villain = try #require(m.roster.humans.first { $0.kind == .villain })
        m.select(human: villain.name)
        m.handle(.character("S")); m.type("duration:desc"); m.handle(.enter)
        Self.settle(m)
        let sort = try s.store.sort("duration:desc")
        for (file, query) in [("human.jsonl", RecordQuery(ownerID: villain.id, sort: sort))] {
            let path = s.folder + "/" + file
            m.handle(.character("e")); m.type(path); m.handle(.enter)
            for _ in 0..<500 where m.isExporting || m.export != nil { usleep(10_000); m.tick() }
            let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
            let expected = try s.store.page(query, limit: 10_000).map { RecordJSON.encode($0) }
            #expect(lines.count == expected.count && lines == expected)
        }
        m.handle(.character("f")); m.type("result = win"); m.handle(.enter)
        Self.settle(m)
        let path = s.folder + "/wins.jsonl"
        m.handle(.character("e")); m.type(path); m.handle(.enter)
        for _ in 0..<500 where m.isExporting || m.export != nil { usleep(10_000); m.tick() }
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        let filter = try FilterCompiler.compile("result = win", roster: s.store.humans, columns: s.store.queryColumns)
        let expected = try s.store.page(RecordQuery(filter: filter, sort: sort), limit: 10_000).map { RecordJSON.encode($0) }
        #expect(lines.count > 100 && lines == expected)
    }
}

import Foundation
import Testing
@testable import BattleLogBrowser
import BattleLogKit

/// A filter's list in the browser: its first page read as a page is (at once, however SQLite
/// reads the whole list), then the rest streamed, all in one snapshot.
@Suite struct FilterSearchTests {
    @Test func theFirstPageComesBeforeTheRestAndTheListIsTheWholeSortedOne() throws {
        let s = try SimulatedStore(fights: 400)
        // An `or` of indexed clauses (SQLite sorts all its matches to stream them), an
        // equality, an `or` with a derived index, one with no match, one with a few.
        for text in ["magic = hero or power >= 5", "power = 10", "rolls.max > 98 or result = draw", "rolls.max > 100",
                     "rolls.max > 97"] {
            let filter = try FilterCompiler.compile(text, roster: s.store.humans, columns: s.store.queryColumns)
            let whole = try s.store.page(RecordQuery(filter: filter), limit: 100_000).map(\.id)
            let search = FilterSearch(text: text, query: RecordQuery(filter: filter))
            let before = Locked<Int?>(nil)
            let writer = try BattleStore(path: s.path)
            search.streamStarting = {
                before.withLock { $0 = search.progress.count }
                // A writer removes the oldest records now: the list is of the snapshot it began in.
                do { try writer.executeRaw("DELETE FROM record WHERE fight IN (SELECT fight FROM record ORDER BY date LIMIT 4)") }
                catch { Issue.record("the writer's delete: \(error)") }
            }
            let recordsBefore = try s.store.count(RecordQuery())
            search.run(on: try BattleStore(path: s.path))
            #expect(search.progress.finished && search.progress.error == nil, "\(text)")
            #expect(search.ids(0..<Int.max) == whole, "\(text)")
            let seen = before.withLock { $0 }
            if whole.count > FilterSearch.headCount {
                #expect(seen == FilterSearch.headCount, "\(text): the first page was there before the stream began")
                #expect(try s.store.count(RecordQuery()) < recordsBefore, "\(text): the writer's delete was committed")
            } else {
                #expect(seen == nil, "\(text): a list that fits in the first page needs no stream")
            }
        }
    }

    /// Leaving a filter (Esc, or `f` emptied) brings the Human's list back where it was when the
    /// filter began, the record selected on its row, as VisiData's parent sheet keeps its
    /// cursor (it came back at the first record).
    @Test func leavingAFilterComesBackToTheRecordItLeft() throws {
        let s = try SimulatedStore(fights: 400, heroes: 2, villains: 2)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80)
        m.handle(.tab)
        for _ in 0..<27 { m.handle(.down) }
        let kept = try #require(m.selectedRecord)
        let row = m.recordList.level.window.selectionRow, place = m.recordList.selected
        _ = try m.filterAndSettle("result = win", s)
        m.handle(.down); m.handle(.down)
        m.handle(.escape)
        #expect(m.filterText == nil && m.chrome.focus == .roster)
        #expect(m.selectedRecord?.id == kept.id && m.recordList.selected == place && m.recordList.level.window.selectionRow == row)
        // `f` emptied leaves it the same way.
        _ = try m.filterAndSettle("result = loss", s)
        m.handle(.character("f")); m.handle(.control("u")); m.handle(.enter)
        #expect(m.filterText == nil && m.selectedRecord?.id == kept.id)
    }
}

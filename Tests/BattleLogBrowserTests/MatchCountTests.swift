import Foundation
import Testing
@testable import BattleLogBrowser
import BattleLogKit
import BattleLogFoundation
import BattleLogPresentation

/// The browser's match count (issue 43): counted exactly beside the search, shown before the
/// matches are all found.
@Suite(.serialized) struct MatchCountTests {
    @Test func theExactCountArrivesAndIsShownWhileTheMatchesAreFound() throws {
        let s = try SimulatedStore(fights: 400, heroes: 2, villains: 2)
        let (m, grid) = try makeBrowser(s, rows: 24, columns: 80)
        let text = "result != draw"
        m.handle(.character("f")); m.type(text); m.handle(.enter)
        let filter = try FilterCompiler.compile(text, roster: s.store.humans, columns: s.store.queryColumns)
        let exact = try s.store.matchCount(RecordQuery(filter: filter))
        for _ in 0..<2000 where m.recordList.exactMatchCount == nil { usleep(2_000); m.tick() }
        #expect(m.recordList.exactMatchCount == exact)

        // A search held after its first page: the status says the exact number already.
        let search = FilterSearch(text: text, query: RecordQuery(filter: filter))
        let held = DispatchSemaphore(value: 0), reached = DispatchSemaphore(value: 0)
        search.streamStarting = { reached.signal(); held.wait() }
        let path = s.path
        // The store is opened on the thread that uses it.
        let runner = Thread { if let store = try? BattleStore(path: path, readOnly: true) { search.run(on: store) } }
        runner.start()
        #expect(reached.wait(timeout: .now() + 10) == .success)
        m.filterSearch = search
        m.recordList.exactMatchCount = exact
        BrowserView.render(m, on: grid)
        let status = grid.line(23)
        #expect(status.contains("\(GroupedNumber.text(exact)) (\(FilterSearch.headCount) found…)"), "\(status)")
        held.signal()
        for _ in 0..<2000 where !search.progress.finished { usleep(2_000) }
        BrowserView.render(m, on: grid)
        #expect(grid.line(23).contains("of \(GroupedNumber.text(exact))") && !grid.line(23).contains("found…"))
    }
}

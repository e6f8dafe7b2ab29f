import Foundation
import Testing
@testable import BattleLogBrowser
@testable import BattleLogKit

/// The pages past the loaded records are read ahead in the background: asked for each time a
/// page is loaded (not on a move inside the loaded ones), for the very pages the next page keys
/// load.
@Suite struct PagePrefetchTests {
    /// The prefetcher's outcome for the newest request (waits at most 10 s).
    func prefetched(_ m: BrowserModel) -> Int? {
        let deadline = Date().addingTimeInterval(10)
        while true {
            if let n = m.readers.pagePrefetcher.take() { return n }
            if Date() >= deadline { return nil }
            Thread.sleep(forTimeInterval: 0.002)
        }
    }

    @Test func thePagesPastTheLoadedRecordsAreReadAheadAsTheyMove() throws {
        let s = try SimulatedStore(fights: 600, heroes: 2, villains: 2)
        let (m, _) = try makeBrowser(s, rows: 24, columns: 80)
        m.chrome.focus = .records
        let list = try s.store.page(m.query, limit: 10_000)
        #expect(list.count > 4 * BrowserModel.pageFetch)
        // The first page: the one after it is read ahead (none is newer than the newest).
        var asked = try #require(m.recordList.lastPrefetch)
        var (first, last) = (try #require(m.recordList.window.first), try #require(m.recordList.window.last))
        #expect(asked.oldest == RecordCursor(last) && asked.newest == RecordCursor(first))
        #expect(prefetched(m) == BrowserModel.pageFetch)
        // Moves inside the loaded records ask nothing more.
        m.handle(.down); m.handle(.down)
        #expect(m.recordList.lastPrefetch == asked)
        #expect(m.readers.pagePrefetcher.take() == nil && !m.readers.pagePrefetcher.isWorking)
        // Paging down loads the page read ahead, and asks for the one after it.
        let oldestBefore = try #require(m.recordList.window.last)
        while m.recordList.window.last?.id == oldestBefore.id { m.handle(.pageDown) }
        let after = list.firstIndex { $0.id == oldestBefore.id }! + 1
        #expect(Array(m.recordList.window.map(\.id).drop { $0 != list[after].id }.prefix(BrowserModel.pageFetch))
                == list[after..<(after + BrowserModel.pageFetch)].map(\.id))
        asked = try #require(m.recordList.lastPrefetch)
        last = try #require(m.recordList.window.last)
        #expect(asked.oldest == RecordCursor(last))
        #expect(prefetched(m) == BrowserModel.pageFetch)
        // From the end, the page before the loaded ones is read ahead.
        m.handle(.character("G"))
        asked = try #require(m.recordList.lastPrefetch)
        first = try #require(m.recordList.window.first)
        #expect(asked.newest == RecordCursor(first) && asked.oldest == RecordCursor(list.last!))
        #expect(prefetched(m) == BrowserModel.pageFetch)
    }
}

import BattleLogFoundation
import BattleLogKit
import Foundation

/// One filter's matches, found by the `FilterScanner` newest first and handed over as they are
/// found: a filter that no index serves never blocks the keys. The ids are kept as the engine's
/// sorts keep theirs (`FoundKeys`).
final class FilterSearch: Sendable {
    /// A test's hook: it runs on the thread that runs the scan (the test's own).
    private let hook = Locked<(() -> Void)?>(nil)
    /// The matches' ids found so far, in the list's order.
    let found = FoundKeys()

    let text: String
    let query: RecordQuery

    /// The records of `query`, its filter typed as `text` (none: one Human's list in a sort).
    init(text: String = "", query: RecordQuery) {
        self.text = text
        self.query = query
    }

    /// Asks the scan to stop: the scanner's progress handler sees it within a millisecond.
    func cancel() { found.cancel() }

    var isCancelled: Bool { found.isCancelled }

    /// How many matches are read first, as one page is (`BattleStore.page`: at once, however the
    /// filter reads), before the rest is streamed in SQLite's fastest order for the whole list.
    /// A stream that sorts every match first (an `or` of indexed clauses) kept the list empty
    /// for 0.15–0.33 s at 10,000,000 records, about a second on a busy machine.
    static let headCount = 64
    /// Called between the first page and the stream (for tests).
    var streamStarting: (() -> Void)? {
        get { hook.withLock { $0 } }
        set { hook.withLock { $0 = newValue } }
    }

    /// Runs the scan on `store` (the scanner's thread and connection): the first page, then the
    /// rest, in one snapshot.
    func run(on store: BattleStore) {
        do {
            try store.readSnapshot {
                let head = try store.page(query, limit: Self.headCount)
                found.append(head.map(\.id))
                guard !found.isCancelled, head.count == Self.headCount, let last = head.last else { return }
                streamStarting?()
                try store.streamIDs(query, after: RecordCursor(last)) { chunk in
                    found.append(chunk)
                    return !found.isCancelled
                }
            }
            found.finish(failure: nil)
        } catch {
            found.finish(failure: found.isCancelled ? nil : "\(error)")
        }
    }

    /// Ends the search with `message` (its connection could not be opened).
    func fail(_ message: String) { found.finish(failure: message) }

    /// Marks a search that never ran (replaced before its turn, or the scanner is gone) as over.
    func abandon() {
        found.cancel()
        found.finish(failure: nil)
    }

    /// Matches found so far, and whether the search is over.
    var progress: (count: Int, finished: Bool, error: String?) {
        let p = found.progress
        return (p.count, p.done, p.failure)
    }

    /// The ids at `range` of the matches found so far (clamped).
    func ids(_ range: Range<Int>) -> [Int64] { found.keys(range) }

    /// The position of record `id` among the matches found so far.
    func position(of id: Int64) -> Int? { found.position(of: id) }

    /// Waits (for tests and the benchmark) until the search is over or `timeout` passed.
    func wait(timeout: Double) {
        let deadline = Date().addingTimeInterval(timeout)
        while !progress.finished && Date() < deadline { Thread.sleep(forTimeInterval: 0.002) }
    }
}

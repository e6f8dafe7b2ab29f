import BattleLogFoundation
import BattleLogKit
import Foundation

/// One filter's matches, found by the `FilterScanner` newest first and handed over as they are
/// found: a filter that no index serves never blocks the keys.
final class FilterSearch: Sendable {
    private struct State {
        var ids: [Int64] = []
        var finished = false
        var cancelled = false
        var error: String?
        /// A test's hook: it runs on the thread that runs the scan (the test's own).
        var streamStarting: (() -> Void)?
    }

    let text: String
    let query: RecordQuery
    private let state = Locked(State())

    init(text: String, filter: CompiledFilter, sort: RecordSort? = nil) {
        self.text = text
        self.query = RecordQuery(filter: filter, sort: sort)
    }

    /// The records of `query` with no filter text: one Human's list in a sort.
    init(query: RecordQuery) {
        self.text = ""
        self.query = query
    }

    /// Asks the scan to stop: the scanner's progress handler sees it within a millisecond.
    func cancel() { state.withLock { $0.cancelled = true } }

    var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// How many matches are read first, as one page is (`BattleStore.page`: at once, however the
    /// filter reads), before the rest is streamed in SQLite's fastest order for the whole list.
    /// A stream that sorts every match first (an `or` of indexed clauses) kept the list empty
    /// for 0.15–0.33 s at 10,000,000 records, about a second on a busy machine.
    static let headCount = 64
    /// Called between the first page and the stream (for tests).
    var streamStarting: (() -> Void)? {
        get { state.withLock { $0.streamStarting } }
        set { state.withLock { $0.streamStarting = newValue } }
    }

    /// Runs the scan on `store` (the scanner's thread and connection): the first page, then the
    /// rest, in one snapshot.
    func run(on store: BattleStore) {
        do {
            try store.readSnapshot {
                let head = try store.page(query, limit: Self.headCount)
                let goOn = state.withLock { s in
                    s.ids.append(contentsOf: head.map(\.id))
                    return !s.cancelled
                }
                guard goOn, head.count == Self.headCount, let last = head.last else { return }
                streamStarting?()
                try store.streamIDs(query, after: RecordCursor(last)) { chunk in
                    state.withLock { s in
                        s.ids.append(contentsOf: chunk)
                        return !s.cancelled
                    }
                }
            }
            state.withLock { $0.finished = true }
        } catch {
            state.withLock { s in
                if !s.cancelled { s.error = "\(error)" }
                s.finished = true
            }
        }
    }

    /// Ends the search with `message` (its connection could not be opened).
    func fail(_ message: String) { state.withLock { $0.error = message; $0.finished = true } }

    /// Marks a search that never ran (replaced before its turn, or the scanner is gone) as over.
    func abandon() { state.withLock { $0.cancelled = true; $0.finished = true } }

    /// Matches found so far, and whether the search is over.
    var progress: (count: Int, finished: Bool, error: String?) {
        state.withLock { ($0.ids.count, $0.finished, $0.error) }
    }

    /// The ids at `range` of the matches found so far (clamped).
    func ids(_ range: Range<Int>) -> [Int64] {
        state.withLock { s in
            let lo = max(0, min(range.lowerBound, s.ids.count)), hi = max(lo, min(range.upperBound, s.ids.count))
            return Array(s.ids[lo..<hi])
        }
    }

    /// The position of record `id` among the matches found so far.
    func position(of id: Int64) -> Int? {
        state.withLock { $0.ids.firstIndex(of: id) }
    }

    /// Waits (for tests and the benchmark) until the search is over or `timeout` passed.
    func wait(timeout: Double) {
        let deadline = Date().addingTimeInterval(timeout)
        while !progress.finished && Date() < deadline { Thread.sleep(forTimeInterval: 0.002) }
    }
}

import BattleLogKit
import Foundation

/// Finds the records matching a filter on its own thread and connection, newest first, and
/// hands over their ids as it finds them: a filter that no index serves never blocks the keys.
final class FilterSearch: @unchecked Sendable {
    private struct State {
        var ids: [Int64] = []
        var finished = false
        var cancelled = false
        var error: String?
    }

    let text: String
    private let path: String
    private let query: RecordQuery
    private let state = Locked(State())

    init(text: String, filter: CompiledFilter, path: String) {
        self.text = text
        self.path = path
        self.query = RecordQuery(filter: filter)
    }

    func start() {
        Thread { [self] in
            do {
                let store = try BattleStore(path: path, readOnly: true)
                try store.streamIDs(query) { chunk in
                    state.withLock { s in
                        s.ids.append(contentsOf: chunk)
                        return !s.cancelled
                    }
                }
                state.withLock { $0.finished = true }
            } catch {
                state.withLock { $0.error = "\(error)"; $0.finished = true }
            }
        }.start()
    }

    func cancel() { state.withLock { $0.cancelled = true } }

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

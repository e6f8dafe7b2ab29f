import BattleLogFoundation
import CoreDataKit
import Foundation

/// The keys of one sorted object list, as a background sort finds them: the browser pages
/// through those found while the rest arrive, and Esc cancels.
final class SortedKeys: Sendable {
    private struct State {
        var keys: [Int64] = []
        var done = false
        var cancelled = false
        var failure: String?
    }

    private let state = Locked(State())

    var keys: [Int64] { state.withLock { $0.keys } }
    var count: Int { state.withLock { $0.keys.count } }
    var isDone: Bool { state.withLock { $0.done } }
    var isCancelled: Bool { state.withLock { $0.cancelled } }
    var failure: String? { state.withLock { $0.failure } }

    /// The keys at `range` (clamped to those found).
    func keys(_ range: Range<Int>) -> [Int64] {
        state.withLock { s in
            let r = max(0, range.lowerBound)..<min(s.keys.count, max(0, range.upperBound))
            return r.isEmpty ? [] : Array(s.keys[r])
        }
    }

    /// Where `key` is in the order, if found yet.
    func position(of key: Int64) -> Int? { state.withLock { $0.keys.firstIndex(of: key) } }

    func append(_ more: [Int64]) { state.withLock { $0.keys += more } }
    func finish(failure: String?) { state.withLock { $0.done = true; $0.failure = failure } }
    func cancel() { state.withLock { $0.cancelled = true } }
}

/// Sorts the Core Data browser's lists in the background (a `NewestRequestWorker` over the
/// store's second connection: SQLite sorts a million objects by an unindexed column in about a
/// second); one sort at a time, a new one cancelling the last.
final class ObjectSorter: Sendable {
    private struct Job: Sendable {
        var list: ObjectList
        var sort: ObjectSort
        var keys: SortedKeys
    }

    private let worker: NewestRequestWorker<CoreDataStore, any Error, Job, Void>
    /// The keys of the newest sort, cancelled by the next one.
    private let newest = Locked<SortedKeys?>(nil)

    init(store: CoreDataStore) {
        // The second connection: made here, then touched only on the worker's thread.
        let connection = Result { try store.secondConnection() }.map(ConnectionBox.init)
        worker = NewestRequestWorker(name: "battlelog sort", open: { connection.map(\.store) }) { job, opened, _ in
            guard let store = try? opened.get() else { job.keys.finish(failure: "cannot read the store"); return }
            let stop: @Sendable () -> Bool = { job.keys.isCancelled }
            do {
                try store.forEachSortedKey(job.list, by: job.sort, shouldStop: stop) { batch in
                    job.keys.append(batch)
                    return !stop()
                }
                job.keys.finish(failure: nil)
            } catch {
                job.keys.finish(failure: job.keys.isCancelled ? nil : String(describing: error))
            }
        }
    }

    /// Starts sorting `list` by `sort`; the keys arrive in what it returns.
    func sort(_ list: ObjectList, by sort: ObjectSort) -> SortedKeys {
        let keys = SortedKeys()
        newest.withLock { old in
            old?.cancel()
            old = keys
        }
        worker.submit(Job(list: list, sort: sort, keys: keys))
        return keys
    }

    func shutDown(timeout: Double = 1) {
        newest.withLock { $0?.cancel() }
        worker.shutDown(timeout: timeout)
    }
}

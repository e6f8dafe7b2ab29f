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

/// Sorts the Core Data browser's lists on a thread and a connection of its own (SQLite sorts a
/// million objects by an unindexed column in about a second); one sort at a time, a new one
/// cancelling the last.
final class ObjectSorter: Sendable {
    private struct Job: Sendable {
        var list: ObjectList
        var sort: ObjectSort
        var keys: SortedKeys
    }

    private let next = Locked<Job?>(nil)
    private let worker: WorkerThread

    init(store: CoreDataStore) {
        let connection = (try? store.secondConnection()).map(ConnectionBox.init)
        worker = WorkerThread(name: "battlelog sort") { [next] thread in
            while thread.waitForWork() {
                while let job = next.withLock({ j -> Job? in defer { j = nil }; return j }) {
                    guard let store = connection?.store else { job.keys.finish(failure: "cannot read the store"); continue }
                    let stop: @Sendable () -> Bool = { job.keys.isCancelled || thread.isShutDown }
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
        }
    }

    /// Starts sorting `list` by `sort`; the keys arrive in what it returns.
    func sort(_ list: ObjectList, by sort: ObjectSort) -> SortedKeys {
        let keys = SortedKeys()
        next.withLock { old in
            old?.keys.cancel()
            old = Job(list: list, sort: sort, keys: keys)
        }
        worker.wake()
        return keys
    }

    func shutDown(timeout: Double = 1) { worker.shutDown(timeout: timeout) }
}

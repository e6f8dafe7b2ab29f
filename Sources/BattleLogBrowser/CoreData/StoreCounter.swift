import BattleLogFoundation
import CoreDataKit
import Foundation

/// Counts the Core Data browser's lists on a thread and a connection of its own, so that a store
/// of a million objects opens at once and no key waits for a count: the entity tree and the
/// objects pane show each count when it arrives.
final class StoreCounter: Sendable {
    /// What to count: an object list, or a table's rows.
    enum Job: Sendable {
        case list(ObjectList)
        case table(String)
    }

    private struct State {
        var queue: [(key: String, job: Job)] = []
        var counts: [String: Int] = [:]
        var asked: Set<String> = []
    }

    private let state = Locked(State())
    private let worker: WorkerThread

    init(store: CoreDataStore) {
        // The second connection: only the worker's thread touches it.
        let connection = (try? store.secondConnection()).map(ConnectionBox.init)
        // The thread holds what it uses, never the counter (which holds the thread).
        worker = WorkerThread(name: "battlelog counts") { [state] thread in
            while thread.waitForWork() {
                while let next = state.withLock({ s in s.queue.isEmpty ? nil : s.queue.removeFirst() }) {
                    if thread.isShutDown { return }
                    let count: Int?
                    switch next.job {
                    case .list(let list): count = try? connection?.store.count(list)
                    case .table(let table): count = try? connection?.store.rowCount(table: table)
                    }
                    if let count { state.withLock { $0.counts[next.key] = count } }
                }
            }
        }
    }

    /// The count under `key`, asking for it (once) when it is not known yet.
    func count(_ key: String, _ job: @autoclosure () -> Job) -> Int? {
        let (known, ask) = state.withLock { s -> (Int?, Bool) in
            if let c = s.counts[key] { return (c, false) }
            if s.asked.contains(key) { return (nil, false) }
            s.asked.insert(key)
            return (nil, true)
        }
        if ask {
            let j = job()
            state.withLock { $0.queue.append((key, j)) }
            worker.wake()
        }
        return known
    }

    func shutDown(timeout: Double = 1) { worker.shutDown(timeout: timeout) }
}

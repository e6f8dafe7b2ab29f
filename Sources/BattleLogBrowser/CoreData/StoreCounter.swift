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
    /// Each request drains the queue; a newer one takes over from the count after the one running.
    private let worker: NewestRequestWorker<CoreDataStore, any Error, Int, Void>

    init(store: CoreDataStore) {
        // The second connection: made here, then touched only on the worker's thread.
        let connection = Result { try store.secondConnection() }.map(ConnectionBox.init)
        // The worker holds what it uses, never the counter (which holds the worker).
        worker = NewestRequestWorker(name: "battlelog counts", open: { connection.map(\.store) }) { [state] _, opened, stillWanted in
            guard let store = try? opened.get() else { return }
            while stillWanted(), let next = state.withLock({ s in s.queue.isEmpty ? nil : s.queue.removeFirst() }) {
                let count: Int?
                switch next.job {
                case .list(let list): count = try? store.count(list)
                case .table(let table): count = try? store.rowCount(table: table)
                }
                if let count { state.withLock { $0.counts[next.key] = count } }
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
            worker.submit(0)
        }
        return known
    }

    func shutDown(timeout: Double = 1) { worker.shutDown(timeout: timeout) }
}

import BattleLogFoundation
import BattleLogKit
import Foundation

/// Runs filter searches in the background (a `StoreRequestWorker`): one thread and one
/// connection, whatever the number of filters typed or outside commits. A new search replaces
/// the one waiting (which is marked over without running) and cancels the one running (its
/// statement ends within a millisecond through SQLite's progress handler), so at most one scan
/// runs and one waits.
final class FilterScanner: Sendable {
    private let worker: StoreRequestWorker<FilterSearch, Void>
    /// The newest search submitted, replaced (and abandoned) by the next.
    private let newest = Locked<FilterSearch?>(nil)

    init(path: String) {
        worker = StoreRequestWorker(name: "battlelog scan", path: path, isCancelled: { $0.isCancelled }) { search, store, _ in
            switch store {
            case .success(let store): search.run(on: store)
            case .failure(let error): search.fail("\(error)")
            }
        }
    }

    /// Queues `search`, replacing a search that has not started and cancelling the running one.
    func submit(_ search: FilterSearch) {
        guard !worker.isShutDown else { search.abandon(); return }
        newest.withLock { old in
            old?.abandon()
            old = search
        }
        worker.submit(search)
    }

    /// Cancels everything and waits (at most `timeout` seconds) for the thread to close its connection.
    func shutDown(timeout: Double = 1) {
        newest.withLock { $0?.abandon() }
        worker.shutDown(timeout: timeout)
    }

    /// Whether the scanner's thread is alive (for tests: one at most, none after `shutDown`).
    var threadIsRunning: Bool { worker.threadIsRunning }
}

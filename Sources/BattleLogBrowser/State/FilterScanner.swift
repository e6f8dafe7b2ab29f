import BattleLogFoundation
import BattleLogKit
import Foundation

/// The browser's one background reader: one thread and one connection, whatever the number of
/// filters typed or outside commits. A new search replaces the one waiting and cancels the one
/// running (its statement ends within a millisecond through SQLite's progress handler), so at
/// most one scan runs and one waits.
final class FilterScanner: Sendable {
    private struct State {
        var pending: FilterSearch?
        var running: FilterSearch?
        var shutDown = false
    }

    private let state = Locked(State())
    private let thread: WorkerThread

    init(path: String) {
        thread = WorkerThread(name: "battlelog scan") { [state] worker in
            // The connection lives as long as the thread: closed when it returns.
            var store: BattleStore?
            while worker.waitForWork() {
                guard let search = state.withLock({ s -> FilterSearch? in
                    s.running = s.pending
                    s.pending = nil
                    return s.running
                }) else { continue }
                if store == nil {
                    do {
                        let opened = try BattleStore(path: path, readOnly: true)
                        opened.setProgressHandler { state.withLock { $0.shutDown || ($0.running?.isCancelled ?? false) } }
                        store = opened
                    } catch {
                        search.fail("\(error)")
                    }
                }
                if let store { search.run(on: store) }
                state.withLock { $0.running = nil }
            }
        }
    }

    /// Queues `search`, replacing a search that has not started and cancelling the running one.
    func submit(_ search: FilterSearch) {
        let accepted = state.withLock { s -> Bool in
            if s.shutDown { search.abandon(); return false }
            s.pending?.abandon()
            s.pending = search
            s.running?.cancel()
            return true
        }
        if accepted { thread.wake() }
    }

    /// Cancels everything and waits (at most `timeout` seconds) for the thread to close its connection.
    func shutDown(timeout: Double = 1) {
        state.withLock { s in
            s.shutDown = true
            s.pending?.abandon()
            s.pending = nil
            s.running?.cancel()
        }
        thread.shutDown(timeout: timeout)
    }

    /// Whether the scanner's thread is alive (for tests: one at most, none after `shutDown`).
    var threadIsRunning: Bool { thread.isRunning }
}

import BattleLogKit
import Foundation

/// The browser's one background reader: one thread and one connection, whatever the number of
/// filters typed or outside commits. A new search replaces the one waiting and cancels the one
/// running (its statement ends within a millisecond through SQLite's progress handler), so at
/// most one scan runs and one waits.
final class FilterScanner: @unchecked Sendable {
    private struct State {
        var pending: FilterSearch?
        var running: FilterSearch?
        var started = false
        var shutDown = false
        var threadEnded = false
    }

    private let path: String
    private let state = Locked(State())
    private let wake = DispatchSemaphore(value: 0)
    private let stopped = DispatchSemaphore(value: 0)

    init(path: String) { self.path = path }

    /// Queues `search`, replacing a search that has not started and cancelling the running one.
    func submit(_ search: FilterSearch) {
        let startThread = state.withLock { s -> Bool in
            if s.shutDown { search.abandon(); return false }
            s.pending?.abandon()
            s.pending = search
            s.running?.cancel()
            defer { s.started = true }
            return !s.started
        }
        if startThread {
            Thread { [self] in
                Thread.current.name = "battlelog scan"   // seen in top -H, gdb, /proc
                work()
            }.start()
        }
        wake.signal()
    }

    /// Cancels everything and waits (at most `timeout` seconds) for the thread to close its connection.
    func shutDown(timeout: Double = 1) {
        let wasStarted = state.withLock { s -> Bool in
            s.shutDown = true
            s.pending?.abandon()
            s.pending = nil
            s.running?.cancel()
            return s.started
        }
        guard wasStarted else { return }
        wake.signal()
        _ = stopped.wait(timeout: .now() + timeout)
    }

    /// Whether the scanner's thread is alive (for tests: one at most, none after `shutDown`).
    var threadIsRunning: Bool { state.withLock { $0.started && !$0.threadEnded } }

    private func work() {
        scanUntilShutDown()   // returns with its connection closed
        state.withLock { $0.threadEnded = true }
        stopped.signal()
    }

    private func scanUntilShutDown() {
        var store: BattleStore?
        while true {
            wake.wait()
            guard let search = state.withLock({ s -> FilterSearch? in
                if s.shutDown { return nil }
                s.running = s.pending
                s.pending = nil
                return s.running
            }) else {
                if state.withLock({ $0.shutDown }) { return }
                continue
            }
            if store == nil {
                do {
                    let opened = try BattleStore(path: path, readOnly: true)
                    opened.setProgressHandler { [weak self] in self?.runningIsCancelled ?? true }
                    store = opened
                } catch {
                    search.fail("\(error)")
                }
            }
            if let store { search.run(on: store) }
            state.withLock { $0.running = nil }
        }
    }

    private var runningIsCancelled: Bool {
        state.withLock { $0.shutDown || ($0.running?.isCancelled ?? false) }
    }
}

import BattleLogFoundation
import Foundation

/// The browser's one way to run a job that writes (a simulation into the log, an export to a
/// file) beside the keys: one run of `body` on a `WorkerThread` of its own, which it stops when
/// asked (`stop`, at quit) and which ends in a summary line. Reading in the background is the
/// other way, `NewestRequestWorker`.
final class BackgroundJob: Sendable {
    private struct State {
        var running = false
        var stop = false
        /// The outcome: nil while running.
        var summary: String?
    }

    private let state = Locked(State())
    private let done = DispatchSemaphore(value: 0)
    private let thread: WorkerThread

    /// `body` runs once on the thread when `start` is called; it asks `shouldStop` as it goes and
    /// returns the summary.
    init(name: String, body: @escaping @Sendable (_ shouldStop: @escaping @Sendable () -> Bool) -> String) {
        let state = self.state, done = self.done
        thread = WorkerThread(name: name) { worker in
            guard worker.waitForWork() else { return }
            let summary = body { state.withLock { $0.stop } }
            state.withLock { $0.summary = summary; $0.running = false }
            done.signal()
        }
    }

    var isRunning: Bool { state.withLock { $0.running } }
    var summary: String? { state.withLock { $0.summary } }

    func start() {
        state.withLock { $0.running = true }
        thread.wake()
    }

    func stop() { state.withLock { $0.stop = true } }

    /// Waits for the job to end (after `stop`, at quit).
    func wait() { if isRunning { done.wait() } }
}

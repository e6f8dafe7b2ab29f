import BattleLogFoundation
import Foundation

/// A browser's background reader (filter scans, Human pages, searches, counts): it owns a
/// `WorkerThread`, and is stopped with the browser.
protocol BackgroundReader: AnyObject {
    /// Stops the reader's thread and waits (at most `timeout` seconds) for it to end.
    func shutDown(timeout: Double)
}

extension FilterScanner: BackgroundReader {}
extension HumanProfileLoader: BackgroundReader {}
extension AnalysisCounter: BackgroundReader {}
extension NewestRequestWorker: BackgroundReader {}

/// One background thread for a browser reader (filter scans, Human pages, records searches): started on the
/// first `wake`, it runs `body`, which loops on `waitForWork()` until `shutDown`.
final class WorkerThread: Sendable {
    private struct Flags { var thread: BackgroundThread<Void>?; var shutDown = false }
    private let name: String
    private let flags = Locked(Flags())
    private let work = DispatchSemaphore(value: 0)
    private let body: @Sendable (WorkerThread) -> Void

    /// `body` runs on the thread; it returns when `waitForWork()` says false.
    init(name: String, body: @escaping @Sendable (WorkerThread) -> Void) {
        self.name = name
        self.body = body
    }

    /// There is work: starts the thread if needed (not after `shutDown`) and wakes it.
    func wake() {
        flags.withLock { f in
            guard f.thread == nil && !f.shutDown else { return }
            f.thread = BackgroundThread(name: name) { [self] in
                Self.yieldToKeys()
                body(self)
            }
        }
        work.signal()
    }

    /// Lowers the calling thread's priority (nice +10, this thread only): on a machine with
    /// fewer free cores than busy threads, a key's work on the browser's thread runs before a
    /// background scan's, instead of waiting for its time slice.
    static func yieldToKeys() {
        #if os(Linux)
        // Who 0 is the calling thread: on Linux the nice value belongs to each thread.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        #endif
    }

    /// Waits for `wake`; false once the worker is shut down.
    func waitForWork() -> Bool {
        work.wait()
        return !isShutDown
    }

    var isShutDown: Bool { flags.withLock { $0.shutDown } }

    /// Whether the thread has started and not yet ended.
    var isRunning: Bool { flags.withLock { $0.thread }.map { !$0.ended(waitingAtMost: 0) } ?? false }

    /// Stops the thread and waits (at most `timeout` seconds) for it to end.
    func shutDown(timeout: Double = 1) {
        guard let thread = flags.withLock({ f -> BackgroundThread<Void>? in f.shutDown = true; return f.thread }) else { return }
        work.signal()
        _ = thread.ended(waitingAtMost: timeout)
    }
}

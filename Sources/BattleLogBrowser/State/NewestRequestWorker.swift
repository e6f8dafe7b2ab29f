import BattleLogFoundation
import BattleLogKit
import Foundation

/// The browser's one way to work in the background: a thread and a connection of its own that
/// answer the newest request of one kind. A request replaces the one waiting and cancels the one
/// running (through the connection's interrupt, and `stillWanted` for work between queries).
/// The records search, the count of a selection's position, the match count, the page read
/// ahead, a Human's page and the analysis' groups each have one over a read-only `BattleStore`;
/// the Core Data browser's sort has one over its second connection.
final class NewestRequestWorker<Connection, Failure: Error, Request: Sendable, Outcome: Sendable>: Sendable {
    private struct State {
        var wanted: (serial: Int, request: Request)?
        var runningSerial: Int?
        var latestSerial = 0
        var outcome: (serial: Int, value: Outcome)?
        var shutDown = false
        /// The request being answered.
        var running: Request?
    }

    private let state = Locked(State())
    private let finished = DispatchSemaphore(value: 0)
    private let thread: WorkerThread

    /// `answer` runs on the thread with a request, the connection (or why it could not be
    /// opened) and whether the request is still wanted. `open` makes the connection on the
    /// thread, when the first request comes (again with the next request after a failure);
    /// `interrupt` gives it the question that stops a query running for a request no longer
    /// wanted: replaced by a newer one, the worker shut down, or `isCancelled` (a request that
    /// can be called off on its own, as a filter's search when the filter is cleared).
    init(name: String, open: @escaping @Sendable () -> Result<Connection, Failure>,
         interrupt: @escaping @Sendable (Connection, @escaping @Sendable () -> Bool) -> Void = { _, _ in },
         isCancelled: @escaping @Sendable (Request) -> Bool = { _ in false },
         answer: @escaping @Sendable (Request, Result<Connection, Failure>, _ stillWanted: () -> Bool) -> Outcome) {
        thread = WorkerThread(name: name) { [state, finished] worker in
            var connection: Result<Connection, Failure>?
            /// Whether the running request is no longer wanted (asked under the lock).
            @Sendable func unwanted(_ s: State) -> Bool {
                s.shutDown || s.runningSerial != s.latestSerial || (s.running.map(isCancelled) ?? false)
            }
            while worker.waitForWork() {
                guard let (serial, request) = state.withLock({ s -> (Int, Request)? in
                    defer { s.runningSerial = s.wanted?.serial; s.running = s.wanted?.request; s.wanted = nil }
                    return s.wanted
                }) else { continue }
                if (try? connection?.get()) == nil {
                    connection = open()
                    if let opened = try? connection?.get() { interrupt(opened) { state.withLock { unwanted($0) } } }
                }
                let outcome = answer(request, connection!, { !state.withLock { unwanted($0) } })
                state.withLock { s in
                    s.runningSerial = nil
                    s.running = nil
                    // A request cancelled by a newer one is not reported.
                    if s.latestSerial == serial { s.outcome = (serial, outcome) }
                }
                finished.signal()
            }
        }
    }

    /// Asks for `request`; it replaces the one waiting and cancels the one running. Returns its serial.
    @discardableResult
    func submit(_ request: Request) -> Int {
        let serial = state.withLock { s -> Int in
            s.latestSerial += 1
            s.wanted = (s.latestSerial, request)
            s.outcome = nil
            return s.latestSerial
        }
        thread.wake()
        return serial
    }

    /// Forgets the pending request.
    func cancel() { state.withLock { $0.latestSerial += 1; $0.wanted = nil; $0.outcome = nil } }

    /// The outcome of request `serial` (the newest when nil), once, if it is there.
    func take(_ serial: Int? = nil) -> Outcome? {
        state.withLock { s in
            guard let o = s.outcome, o.serial == (serial ?? s.latestSerial) else { return nil }
            s.outcome = nil
            return o.value
        }
    }

    /// Whether the newest request is still being answered.
    var isWorking: Bool {
        state.withLock { $0.wanted != nil || ($0.runningSerial == $0.latestSerial && $0.runningSerial != nil) }
    }

    /// Waits (at most `timeout` seconds) for request `serial`'s outcome; nil when it was
    /// replaced, or took longer.
    func wait(for serial: Int, timeout: Double) -> Outcome? {
        let deadline = DispatchTime.now() + timeout
        while true {
            if let o = take(serial) { return o }
            let pending = state.withLock { s in s.latestSerial == serial && !s.shutDown && (s.wanted != nil || s.runningSerial == serial) }
            guard pending, finished.wait(timeout: deadline) == .success else { return take(serial) }
        }
    }

    /// Whether an outcome waits to be taken.
    var hasOutcome: Bool { state.withLock { $0.outcome != nil } }

    /// Whether the worker's thread is alive (for tests).
    var threadIsRunning: Bool { thread.isRunning }

    /// Whether the worker has been shut down (it takes no more requests).
    var isShutDown: Bool { state.withLock { $0.shutDown } }

    func shutDown(timeout: Double = 1) {
        state.withLock { $0.shutDown = true; $0.wanted = nil }
        thread.shutDown(timeout: timeout)
    }
}

extension NewestRequestWorker where Request: Equatable {
    /// Asks for `request` unless it is the newest and still waiting or running: what a view
    /// asks at every frame, which must not cancel its own answer.
    func submitIfNew(_ request: Request) {
        let newest = state.withLock { s in s.wanted?.request ?? (s.runningSerial == s.latestSerial ? s.running : nil) }
        guard !isShutDown, newest != request else { return }
        submit(request)
    }
}

/// A worker over a read-only connection of its own to the battle log at `path`.
typealias StoreRequestWorker<Request: Sendable, Outcome: Sendable> = NewestRequestWorker<BattleStore, StoreError, Request, Outcome>

extension NewestRequestWorker where Connection == BattleStore, Failure == StoreError {
    /// A worker that opens the battle log at `path` read-only, interrupted through its progress handler.
    convenience init(name: String, path: String, isCancelled: @escaping @Sendable (Request) -> Bool = { _ in false },
                     answer: @escaping @Sendable (Request, Result<BattleStore, StoreError>, _ stillWanted: () -> Bool) -> Outcome) {
        self.init(name: name, open: { Result { () throws(StoreError) in try BattleStore(path: path, readOnly: true) } },
                  interrupt: { store, stop in store.setProgressHandler(stop) }, isCancelled: isCancelled, answer: answer)
    }
}

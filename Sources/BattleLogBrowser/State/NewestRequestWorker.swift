import BattleLogFoundation
import BattleLogKit
import Foundation

/// One background thread and read-only connection that answers the newest request of one kind:
/// a request replaces the one waiting and cancels the one running, through SQLite's progress
/// handler. The records search (`/` beyond the loaded rows) and the count of a selection's
/// position in a long list each have one.
final class NewestRequestWorker<Request: Sendable, Outcome: Sendable>: Sendable {
    private struct State {
        var wanted: (serial: Int, request: Request)?
        var runningSerial: Int?
        var latestSerial = 0
        var outcome: (serial: Int, value: Outcome)?
        var shutDown = false
    }

    private let state = Locked(State())
    private let finished = DispatchSemaphore(value: 0)
    private let thread: WorkerThread

    /// `answer` runs on the thread with a request, the connection (or why the database could
    /// not be opened) and whether the request is still the newest.
    init(name: String, path: String,
         answer: @escaping @Sendable (Request, Result<BattleStore, StoreError>, _ stillWanted: () -> Bool) -> Outcome) {
        thread = WorkerThread(name: name) { [state, finished] worker in
            var store: Result<BattleStore, StoreError>?
            while worker.waitForWork() {
                guard let (serial, request) = state.withLock({ s -> (Int, Request)? in
                    defer { s.runningSerial = s.wanted?.serial; s.wanted = nil }
                    return s.wanted
                }) else { continue }
                // Opened once; a failed open is tried again with the next request.
                if (try? store?.get()) == nil {
                    store = Result { () throws(StoreError) in try BattleStore(path: path, readOnly: true) }
                    (try? store?.get())?.setProgressHandler { state.withLock { s in s.shutDown || s.runningSerial != s.latestSerial } }
                }
                let outcome = answer(request, store!, { state.withLock { $0.latestSerial == serial } })
                state.withLock { s in
                    s.runningSerial = nil
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

    func shutDown(timeout: Double = 1) {
        state.withLock { $0.shutDown = true; $0.wanted = nil }
        thread.shutDown(timeout: timeout)
    }
}

import BattleLogKit
import Foundation

/// Counts where a record sits in a long list, on one background thread and connection, so that
/// going to a record draws it at once and its position follows: on a Human with 400,000
/// records the count reads up to 200,000 index entries (tens of milliseconds). The newest
/// request wins; the one running is cancelled through SQLite's progress handler.
final class PositionCounter: @unchecked Sendable {
    /// One count: the position of `cursor` in the newest-first list of `ownerID`, `estimate`
    /// saying which side of it is shorter.
    struct Request: Sendable {
        let serial: Int
        let ownerID: Int64
        let cursor: RecordCursor
        let estimate: Int
    }

    /// What a count found, with the list's length in the snapshot it read (records another
    /// program added since arrive at the list's top, and the model adds their number); nil when
    /// the count failed (the model then counts on its own connection).
    struct Outcome: Sendable, Equatable {
        let serial: Int
        let counted: Counted?
    }

    struct Counted: Sendable, Equatable {
        let position: Int
        let listTotal: Int
    }

    private struct State {
        var wanted: Request?
        var runningSerial: Int?
        var latestSerial = 0
        var outcome: Outcome?
        var shutDown = false
    }

    private let state = Locked(State())
    private let finished = DispatchSemaphore(value: 0)
    private var thread: WorkerThread!

    init(path: String) {
        thread = WorkerThread(name: "battlelog position") { [state, finished] worker in
            var store: BattleStore?
            while worker.waitForWork() {
                guard let request = state.withLock({ s -> Request? in
                    defer { s.runningSerial = s.wanted?.serial; s.wanted = nil }
                    return s.wanted
                }) else { continue }
                if store == nil {
                    store = try? BattleStore(path: path, readOnly: true)
                    store?.setProgressHandler { state.withLock { s in s.shutDown || s.runningSerial != s.latestSerial } }
                }
                let counted = store.flatMap { try? Self.count(request, on: $0) }
                // A count cancelled by a newer request is not reported (nor retried).
                let outcome = Outcome(serial: request.serial, counted: counted)
                state.withLock { s in
                    s.runningSerial = nil
                    if s.latestSerial == request.serial { s.outcome = outcome }
                }
                finished.signal()
            }
        }
    }

    /// The list's length and the record's position in it, read in one snapshot.
    private static func count(_ request: Request, on store: BattleStore) throws -> Counted {
        try store.readSnapshot {
            let total = try store.tallies()[request.ownerID]?.total ?? 0
            let position = try store.position(of: request.cursor, in: RecordQuery(ownerID: request.ownerID), total: total,
                                              estimate: request.estimate)
            return Counted(position: position, listTotal: total)
        }
    }

    /// Asks for a count; it replaces the one waiting and cancels the one running. Returns its serial.
    func submit(ownerID: Int64, cursor: RecordCursor, estimate: Int) -> Int {
        let serial = state.withLock { s -> Int in
            s.latestSerial += 1
            s.wanted = Request(serial: s.latestSerial, ownerID: ownerID, cursor: cursor, estimate: estimate)
            s.outcome = nil
            return s.latestSerial
        }
        thread.wake()
        return serial
    }

    /// Forgets the pending count.
    func cancel() { state.withLock { $0.latestSerial += 1; $0.wanted = nil; $0.outcome = nil } }

    /// The outcome of count `serial`, once, if it is there.
    func take(_ serial: Int) -> Outcome? {
        state.withLock { s in
            guard let o = s.outcome, o.serial == serial else { return nil }
            s.outcome = nil
            return o
        }
    }

    /// Waits (at most `timeout` seconds) for count `serial`; nil when it failed, was replaced or
    /// took longer.
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

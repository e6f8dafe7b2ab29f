import BattleLogKit
import Foundation

/// Searches a Human's records (opponent, magic) on one background thread and connection, so that
/// typing never waits on a scan: a search with no match reads every record of the Human. The
/// newest request wins; the one running is cancelled through SQLite's progress handler.
final class RecordSearchWorker: @unchecked Sendable {
    /// One search: from `cursor` (nil: from the end) in `direction`; wraps around once.
    struct Request: Sendable {
        let serial: Int
        let query: RecordQuery
        let cursor: RecordCursor?
        let forward: Bool
    }

    /// What a search found (nil: no match anywhere).
    struct Outcome: Sendable {
        let serial: Int
        let record: Record?
        let wrapped: Bool
    }

    private struct State {
        var wanted: Request?
        var runningSerial: Int?
        var latestSerial = 0
        var outcome: Outcome?
        var shutDown = false
    }

    private let state = Locked(State())
    private var thread: WorkerThread!

    init(path: String) {
        thread = WorkerThread(name: "battlelog search") { [state] worker in
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
                guard let store else { continue }
                let outcome = Self.search(request, on: store, stillWanted: { state.withLock { $0.latestSerial == request.serial } })
                state.withLock { s in
                    s.runningSerial = nil
                    if s.latestSerial == request.serial { s.outcome = outcome }
                }
            }
        }
    }

    /// Runs one search: from the cursor, then (when nothing is found and it is still wanted) from the start.
    private static func search(_ request: Request, on store: BattleStore, stillWanted: () -> Bool) -> Outcome {
        let direction: PageDirection = request.forward ? .older : .newer
        var found = try? store.page(request.query, from: request.cursor, direction: direction, limit: 1).first
        var wrapped = false
        if found == nil, request.cursor != nil, stillWanted() {
            found = try? store.page(request.query, direction: direction, limit: 1).first
            wrapped = found != nil
        }
        return Outcome(serial: request.serial, record: found, wrapped: wrapped)
    }

    /// Asks for a search; it replaces the one waiting and cancels the one running.
    func submit(query: RecordQuery, cursor: RecordCursor?, forward: Bool) {
        state.withLock { s in
            s.latestSerial += 1
            s.wanted = Request(serial: s.latestSerial, query: query, cursor: cursor, forward: forward)
            s.outcome = nil
        }
        thread.wake()
    }

    /// Forgets the pending search (Esc, Enter on an empty text).
    func cancel() { state.withLock { $0.latestSerial += 1; $0.wanted = nil; $0.outcome = nil } }

    /// The outcome of the newest search, once, when it has one.
    func takeOutcome() -> Outcome? {
        state.withLock { s in
            guard let o = s.outcome, o.serial == s.latestSerial else { return nil }
            s.outcome = nil
            return o
        }
    }

    /// Whether the newest search is still looking.
    var isSearching: Bool { state.withLock { $0.wanted != nil || ($0.runningSerial == $0.latestSerial && $0.runningSerial != nil) } }

    func shutDown(timeout: Double = 1) {
        state.withLock { $0.shutDown = true; $0.wanted = nil }
        thread.shutDown(timeout: timeout)
    }
}

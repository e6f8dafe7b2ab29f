import BattleLogKit
import Foundation

/// Searches a Human's records (opponent, magic) on one background thread and connection, so that
/// typing never waits on a scan: a search with no match reads every record of the Human. The
/// newest request wins; the one running is cancelled through SQLite's progress handler.
final class RecordSearchWorker: @unchecked Sendable {
    /// One search: from `cursor` (nil: from the end) in `direction`; wraps around once.
    struct Request: Sendable {
        let serial: Int
        let text: String
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
        var started = false
        var shutDown = false
    }

    private let path: String
    private let state = Locked(State())
    private let wake = DispatchSemaphore(value: 0)
    private let stopped = DispatchSemaphore(value: 0)

    init(path: String) { self.path = path }

    /// Asks for a search; returns its serial number.
    @discardableResult
    func submit(text: String, query: RecordQuery, cursor: RecordCursor?, forward: Bool) -> Int {
        let (serial, startThread) = state.withLock { s -> (Int, Bool) in
            s.latestSerial += 1
            s.wanted = Request(serial: s.latestSerial, text: text, query: query, cursor: cursor, forward: forward)
            s.outcome = nil
            defer { s.started = true }
            return (s.latestSerial, !s.started && !s.shutDown)
        }
        if startThread {
            Thread { [self] in
                Thread.current.name = "battlelog search"
                work()
                stopped.signal()
            }.start()
        }
        wake.signal()
        return serial
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
        let started = state.withLock { s -> Bool in s.shutDown = true; s.wanted = nil; return s.started }
        guard started else { return }
        wake.signal()
        _ = stopped.wait(timeout: .now() + timeout)
    }

    private func work() {
        var store: BattleStore?
        while true {
            wake.wait()
            guard let next = state.withLock({ s -> Request?? in
                if s.shutDown { return .none }
                defer { s.runningSerial = s.wanted?.serial; s.wanted = nil }
                return .some(s.wanted)
            }) else { return }
            guard let request = next else { continue }
            if store == nil {
                store = try? BattleStore(path: path, readOnly: true)
                store?.setProgressHandler { [weak self] in
                    guard let self else { return true }
                    return self.state.withLock { s in s.shutDown || s.runningSerial != s.latestSerial }
                }
            }
            guard let store else { continue }
            let direction: PageDirection = request.forward ? .older : .newer
            var found = try? store.page(request.query, from: request.cursor, direction: direction, limit: 1).first
            var wrapped = false
            if found == nil, request.cursor != nil, state.withLock({ $0.latestSerial == request.serial }) {
                found = try? store.page(request.query, direction: direction, limit: 1).first
                wrapped = found != nil
            }
            state.withLock { s in
                s.runningSerial = nil
                if s.latestSerial == request.serial { s.outcome = Outcome(serial: request.serial, record: found, wrapped: wrapped) }
            }
        }
    }
}

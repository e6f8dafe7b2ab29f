import BattleLogKit
import Foundation

/// Loads Human pages on one background thread and connection: the roster moves at key speed
/// while the page of the Human the selection rests on is read. The newest request wins; pages
/// are kept until the data changes.
final class HumanProfileLoader: @unchecked Sendable {
    private struct State {
        var wanted: (id: Int64, kind: HumanKind?)?
        var profiles: [Int64: HumanProfile] = [:]
        var started = false
        var shutDown = false
    }

    private let path: String
    private let state = Locked(State())
    private let wake = DispatchSemaphore(value: 0)
    private let stopped = DispatchSemaphore(value: 0)

    init(path: String) { self.path = path }

    /// Keeps a page read elsewhere (a small one, read at once on the browser's own connection).
    func keep(_ profile: HumanProfile) { state.withLock { $0.profiles[profile.humanID] = profile } }

    /// The page of `human` if loaded, without asking for it.
    func loaded(_ human: Human) -> HumanProfile? { state.withLock { $0.profiles[human.id] } }

    /// The page of `human`, if loaded; otherwise asks for it (and returns nil until it is).
    func profile(of human: Human) -> HumanProfile? {
        let (found, startThread) = state.withLock { s -> (HumanProfile?, Bool) in
            if let p = s.profiles[human.id] { return (p, false) }
            guard !s.shutDown else { return (nil, false) }
            s.wanted = (human.id, human.kind)
            defer { s.started = true }
            return (nil, !s.started)
        }
        if found != nil { return found }
        if startThread {
            Thread { [self] in
                Thread.current.name = "battlelog pages"
                work()
                stopped.signal()
            }.start()
        }
        wake.signal()
        return nil
    }

    /// The data changed: every page is read again when next shown.
    func invalidate() { state.withLock { $0.profiles = [:] } }

    func shutDown(timeout: Double = 1) {
        let started = state.withLock { s -> Bool in s.shutDown = true; return s.started }
        guard started else { return }
        wake.signal()
        _ = stopped.wait(timeout: .now() + timeout)
    }

    private func work() {
        var store: BattleStore?
        while true {
            wake.wait()
            guard let job = state.withLock({ s -> (id: Int64, kind: HumanKind?)?? in
                if s.shutDown { return .none }
                defer { s.wanted = nil }
                return .some(s.wanted)
            }) else { return }
            guard let (id, kind) = job else { continue }
            if store == nil { store = try? BattleStore(path: path, readOnly: true) }
            guard let store, let profile = try? store.humanProfile(id: id, kind: kind) else { continue }
            state.withLock { $0.profiles[id] = profile }
        }
    }
}

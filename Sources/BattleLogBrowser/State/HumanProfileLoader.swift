import BattleLogFoundation
import BattleLogKit
import Foundation

/// Loads Human pages on one background thread and connection: the roster moves at key speed
/// while the page of the Human the selection rests on is read. The newest request wins; pages
/// are kept until the data changes.
final class HumanProfileLoader: Sendable {
    private struct State {
        var wanted: (id: Int64, kind: HumanKind?)?
        var profiles: [Int64: HumanProfile] = [:]
    }

    private let state = Locked(State())
    private let thread: WorkerThread

    init(path: String) {
        thread = WorkerThread(name: "battlelog pages") { [state] worker in
            var store: BattleStore?
            while worker.waitForWork() {
                guard let (id, kind) = state.withLock({ s -> (Int64, HumanKind?)? in defer { s.wanted = nil }; return s.wanted }) else { continue }
                if store == nil { store = try? BattleStore(path: path, readOnly: true) }
                guard let store, let profile = try? store.humanProfile(id: id, kind: kind) else { continue }
                state.withLock { $0.profiles[id] = profile }
            }
        }
    }

    /// Keeps a page read elsewhere (a small one, read at once on the browser's own connection).
    func keep(_ profile: HumanProfile) { state.withLock { $0.profiles[profile.humanID] = profile } }

    /// The page of `human` if loaded, without asking for it.
    func loaded(_ human: Human) -> HumanProfile? { state.withLock { $0.profiles[human.id] } }

    /// The page of `human`, if loaded; otherwise asks for it (and returns nil until it is).
    func profile(of human: Human) -> HumanProfile? {
        if let p = loaded(human) { return p }
        guard !thread.isShutDown else { return nil }
        state.withLock { $0.wanted = (human.id, human.kind) }
        thread.wake()
        return nil
    }

    /// The data changed: every page is read again when next shown.
    func invalidate() { state.withLock { $0.profiles = [:] } }

    func shutDown(timeout: Double = 1) { thread.shutDown(timeout: timeout) }
}

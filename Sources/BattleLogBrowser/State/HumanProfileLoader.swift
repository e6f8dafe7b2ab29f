import BattleLogFoundation
import BattleLogKit
import Foundation

/// Loads Human pages in the background (a `StoreRequestWorker`): the roster moves at key speed
/// while the page of the Human the selection rests on is read. The newest request wins (moving
/// on cancels a page being read); pages are kept until the data changes.
final class HumanProfileLoader: Sendable {
    private let profiles = Locked<[Int64: HumanProfile]>([:])
    private let worker: StoreRequestWorker<Human, Void>

    init(path: String) {
        worker = StoreRequestWorker(name: "battlelog pages", path: path) { [profiles] human, store, _ in
            guard let store = try? store.get(), let profile = try? store.humanProfile(id: human.id, kind: human.kind) else { return }
            profiles.withLock { $0[human.id] = profile }
        }
    }

    /// Keeps a page read elsewhere (a small one, read at once on the browser's own connection).
    func keep(_ profile: HumanProfile) { profiles.withLock { $0[profile.humanID] = profile } }

    /// The page of `human` if loaded, without asking for it.
    func loaded(_ human: Human) -> HumanProfile? { profiles.withLock { $0[human.id] } }

    /// The page of `human`, if loaded; otherwise asks for it (and returns nil until it is).
    func profile(of human: Human) -> HumanProfile? {
        if let p = loaded(human) { return p }
        worker.submitIfNew(human)
        return nil
    }

    /// The data changed: every page is read again when next shown.
    func invalidate() { profiles.withLock { $0 = [:] } }

    func shutDown(timeout: Double = 1) { worker.shutDown(timeout: timeout) }
}

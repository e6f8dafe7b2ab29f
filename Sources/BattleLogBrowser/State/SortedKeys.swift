import BattleLogFoundation

/// The keys of one sorted list, as a background sort finds them: the browser pages through
/// those found while the rest arrive, and Esc cancels.
final class SortedKeys: Sendable {
    private struct State {
        var keys: [Int64] = []
        var done = false
        var cancelled = false
        var failure: String?
    }

    private let state = Locked(State())

    var keys: [Int64] { state.withLock { $0.keys } }
    var count: Int { state.withLock { $0.keys.count } }
    var isDone: Bool { state.withLock { $0.done } }
    var isCancelled: Bool { state.withLock { $0.cancelled } }
    var failure: String? { state.withLock { $0.failure } }

    /// The keys at `range` (clamped to those found).
    func keys(_ range: Range<Int>) -> [Int64] {
        state.withLock { s in
            let r = max(0, range.lowerBound)..<min(s.keys.count, max(0, range.upperBound))
            return r.isEmpty ? [] : Array(s.keys[r])
        }
    }

    /// Where `key` is in the order, if found yet.
    func position(of key: Int64) -> Int? { state.withLock { $0.keys.firstIndex(of: key) } }

    func append(_ more: [Int64]) { state.withLock { $0.keys += more } }
    func finish(failure: String?) { state.withLock { $0.done = true; $0.failure = failure } }
    func cancel() { state.withLock { $0.cancelled = true } }
}

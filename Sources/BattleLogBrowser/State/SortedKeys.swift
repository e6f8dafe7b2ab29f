import BattleLogFoundation

/// The keys of one sorted list, as a background sort finds them: the browser pages through
/// those found while the rest arrive, and Esc cancels. They are kept in the batches they came
/// in: a million keys take their 8 MB once, never an array regrown and copied as they arrive.
final class SortedKeys: Sendable {
    private struct State {
        var batches: [[Int64]] = []
        var count = 0
        var done = false
        var cancelled = false
        var failure: String?
    }

    private let state = Locked(State())

    var count: Int { state.withLock { $0.count } }
    var isDone: Bool { state.withLock { $0.done } }
    var isCancelled: Bool { state.withLock { $0.cancelled } }
    var failure: String? { state.withLock { $0.failure } }

    /// The keys at `range` (clamped to those found).
    func keys(_ range: Range<Int>) -> [Int64] {
        state.withLock { s in
            let lower = min(max(0, range.lowerBound), s.count), r = lower..<max(lower, min(s.count, range.upperBound))
            var out: [Int64] = [], start = 0
            for batch in s.batches where !r.isEmpty {
                let end = start + batch.count
                if end > r.lowerBound { out += batch[max(r.lowerBound, start) - start..<min(r.upperBound, end) - start] }
                if end >= r.upperBound { break }
                start = end
            }
            return out
        }
    }

    /// Where `key` is in the order, if found yet.
    func position(of key: Int64) -> Int? {
        state.withLock { s in
            var start = 0
            for batch in s.batches {
                if let i = batch.firstIndex(of: key) { return start + i }
                start += batch.count
            }
            return nil
        }
    }

    func append(_ more: [Int64]) {
        guard !more.isEmpty else { return }
        state.withLock { $0.batches.append(more); $0.count += more.count }
    }

    func finish(failure: String?) { state.withLock { $0.done = true; $0.failure = failure } }
    func cancel() { state.withLock { $0.cancelled = true } }
}

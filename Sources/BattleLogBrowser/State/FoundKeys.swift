import BattleLogFoundation

/// The keys of a list in its order, as a search in the background finds them: a sort's (the
/// engine's lists), a filter's matches and a sorted Human's records (the record browser). The
/// browser pages through those found while the rest arrive, and Esc cancels. They are kept in
/// batches of at most `batchSize`: ten million keys take their 80 MB once, never an array
/// regrown and copied as they arrive.
final class FoundKeys: Sendable {
    private struct State {
        var batches: [[Int64]] = []
        var count = 0
        var done = false
        var cancelled = false
        var failure: String?
    }

    private let state = Locked(State())
    /// Keys arriving in small chunks fill batches of this many, each made its size at once.
    let batchSize: Int

    init(batchSize: Int = 65_536) { self.batchSize = batchSize }

    var count: Int { state.withLock { $0.count } }
    var isDone: Bool { state.withLock { $0.done } }
    var isCancelled: Bool { state.withLock { $0.cancelled } }
    var failure: String? { state.withLock { $0.failure } }
    /// The count, whether all are found and why the search failed, read together.
    var progress: (count: Int, done: Bool, failure: String?) { state.withLock { ($0.count, $0.done, $0.failure) } }
    /// How many batches hold the keys.
    var batchCount: Int { state.withLock { $0.batches.count } }

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
        state.withLock { s in
            if let last = s.batches.indices.last, s.batches[last].capacity - s.batches[last].count >= more.count {
                // Room in the last batch: no array is regrown.
                s.batches[last].append(contentsOf: more)
            } else if more.count < batchSize / 16 {
                // Small chunks (a filter's 256) fill a batch made its whole size at once.
                var batch: [Int64] = []
                batch.reserveCapacity(batchSize)
                batch.append(contentsOf: more)
                s.batches.append(batch)
            } else {
                s.batches.append(more)
            }
            s.count += more.count
        }
    }

    func finish(failure: String?) { state.withLock { $0.done = true; $0.failure = failure } }
    func cancel() { state.withLock { $0.cancelled = true } }
}

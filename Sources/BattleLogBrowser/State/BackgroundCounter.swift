import BattleLogFoundation

/// Counts a source's lists on a thread and a connection of its own, so that a large store opens
/// at once and no key waits for a count: the panes show each count when it arrives. Each count
/// is asked for once, under a key that names what it counts.
final class BackgroundCounter<Connection>: Sendable {
    /// What counts one thing on the counter's connection.
    typealias Counting = @Sendable (Connection) throws -> Int

    private struct State {
        var queue: [(key: String, counting: Counting)] = []
        var counts: [String: Int] = [:]
        var asked: Set<String> = []
    }

    private let state = Locked(State())
    /// Each request drains the queue; a newer one takes over from the count after the one running.
    private let worker: NewestRequestWorker<Connection, any Error, Int, Void>

    /// `open` gives the connection on the worker's thread (a failed count stays unknown).
    init(name: String, open: @escaping @Sendable () -> Result<Connection, any Error>) {
        // The worker holds what it uses, never the counter (which holds the worker).
        worker = NewestRequestWorker(name: name, open: open) { [state] _, opened, stillWanted in
            guard let connection = try? opened.get() else { return }
            while stillWanted(), let next = state.withLock({ s in s.queue.isEmpty ? nil : s.queue.removeFirst() }) {
                if let n = try? next.counting(connection) { state.withLock { $0.counts[next.key] = n } }
            }
        }
    }

    /// The count under `key`, asking for it (once) when it is not known yet.
    func count(_ key: String, _ counting: @escaping Counting) -> Int? {
        let (known, ask) = state.withLock { s -> (Int?, Bool) in
            if let c = s.counts[key] { return (c, false) }
            if s.asked.contains(key) { return (nil, false) }
            s.asked.insert(key)
            return (nil, true)
        }
        if ask {
            state.withLock { $0.queue.append((key, counting)) }
            worker.submit(0)
        }
        return known
    }

    func shutDown(timeout: Double = 1) { worker.shutDown(timeout: timeout) }
}

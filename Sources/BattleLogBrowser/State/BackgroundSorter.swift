import BattleLogFoundation

/// Sorts a source's lists in the background (a `NewestRequestWorker` over a connection of its
/// own: SQLite sorts a million rows by an unindexed column in about a second); one sort at a
/// time, a new one cancelling the last. The keys arrive in the `SortedKeys` that `sort` returns.
final class BackgroundSorter<Connection, Job: Sendable>: Sendable {
    private struct Request: Sendable {
        var job: Job
        var keys: SortedKeys
    }

    private let worker: NewestRequestWorker<Connection, any Error, Request, Void>
    /// The keys of the newest sort, cancelled by the next one.
    private let newest = Locked<SortedKeys?>(nil)

    /// `open` gives the connection on the worker's thread; `sortKeys` finds a job's keys and
    /// hands them on in batches (its closure says false when the sort is given up).
    init(name: String, open: @escaping @Sendable () -> Result<Connection, any Error>,
         sortKeys: @escaping @Sendable (Connection, Job, _ shouldStop: @escaping @Sendable () -> Bool,
                                        _ found: ([Int64]) -> Bool) throws -> Void) {
        worker = NewestRequestWorker(name: name, open: open) { request, opened, _ in
            let keys = request.keys
            guard let connection = try? opened.get() else { keys.finish(failure: "cannot read the store"); return }
            do {
                try sortKeys(connection, request.job, { keys.isCancelled }) { batch in
                    keys.append(batch)
                    return !keys.isCancelled
                }
                keys.finish(failure: nil)
            } catch {
                keys.finish(failure: keys.isCancelled ? nil : String(describing: error))
            }
        }
    }

    /// Starts a sort; its keys arrive in what it returns.
    func sort(_ job: Job) -> SortedKeys {
        let keys = SortedKeys()
        newest.withLock { old in
            old?.cancel()
            old = keys
        }
        worker.submit(Request(job: job, keys: keys))
        return keys
    }

    func shutDown(timeout: Double = 1) {
        newest.withLock { $0?.cancel() }
        worker.shutDown(timeout: timeout)
    }
}

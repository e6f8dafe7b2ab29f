import BattleLogFoundation

/// Sorts a source's lists in the background (a `NewestRequestWorker` over a connection of its
/// own: SQLite sorts a million rows by an unindexed column in about a second); one sort at a
/// time, a new one cancelling the last. The keys arrive in the `FoundKeys` that `sort` returns.
final class BackgroundSorter<Connection>: Sendable {
    /// What finds one sort's keys on the sorter's connection and hands them on in batches (its
    /// closure says false when the sort is given up).
    typealias Sorting = @Sendable (Connection, _ shouldStop: @escaping @Sendable () -> Bool, _ found: ([Int64]) -> Bool) throws -> Void

    private struct Request: Sendable {
        var sorting: Sorting
        var keys: FoundKeys
    }

    private let worker: NewestRequestWorker<Connection, any Error, Request, Void>
    /// The keys of the newest sort, cancelled by the next one.
    private let newest = Locked<FoundKeys?>(nil)

    /// `open` gives the connection on the worker's thread.
    init(name: String, open: @escaping @Sendable () -> Result<Connection, any Error>) {
        worker = NewestRequestWorker(name: name, open: open) { request, opened, _ in
            let keys = request.keys
            guard let connection = try? opened.get() else { keys.finish(failure: "cannot read the store"); return }
            do {
                try request.sorting(connection, { keys.isCancelled }) { batch in
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
    func sort(_ sorting: @escaping Sorting) -> FoundKeys {
        let keys = FoundKeys()
        newest.withLock { old in
            old?.cancel()
            old = keys
        }
        worker.submit(Request(sorting: sorting, keys: keys))
        return keys
    }

    func shutDown(timeout: Double = 1) {
        newest.withLock { $0?.cancel() }
        worker.shutDown(timeout: timeout)
    }
}

import BattleLogKit

/// Reads, in the background, the page past each end of the loaded records, so that the next
/// page key finds its rows in the system's page cache. On a cold cache of a large log, a page of
/// one Human's records is some 60 table pages spread over the whole file: read on the key, a
/// page down took 30 ms at 10,000,000 records; read ahead, it takes what a warm one does.
/// The pages read are not kept (the key reads them again, from memory).
enum PagePrefetcher {
    /// The pages past the loaded records of `query`: older than `oldest`, newer than `newest`.
    struct Request: Sendable, Equatable {
        let query: RecordQuery
        let oldest: RecordCursor
        let newest: RecordCursor
        let limit: Int
    }

    /// How many records were read (0 when the read failed or was replaced by a newer request).
    typealias Worker = StoreRequestWorker<Request, Int>

    static func worker(path: String) -> Worker {
        Worker(name: "battlelog prefetch", path: path) { request, store, stillWanted in
            guard let store = try? store.get() else { return 0 }
            var read = 0
            for (cursor, direction) in [(request.oldest, PageDirection.older), (request.newest, .newer)] where stillWanted() {
                read += (try? store.page(request.query, from: cursor, direction: direction, limit: request.limit).count) ?? 0
            }
            return read
        }
    }
}

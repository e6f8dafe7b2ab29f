import BattleLogKit

/// Searches a Human's records (opponent, magic) in the background, so that typing never waits
/// on a scan: a search with no match reads every record of the Human.
enum RecordSearch {
    /// One search: from `cursor` (nil: from the end) in `direction`; wraps around once.
    struct Request: Sendable {
        let query: RecordQuery
        let cursor: RecordCursor?
        let forward: Bool
    }

    /// What a search found: a record (`wrapped`: past the end, from the other one), no match
    /// anywhere, or why it could not look (the database would not open or read).
    enum Outcome: Sendable {
        case found(Record, wrapped: Bool)
        case noMatch
        case failed(StoreError)
    }

    typealias Worker = NewestRequestWorker<Request, Outcome>

    static func worker(path: String) -> Worker {
        Worker(name: "battlelog search", path: path) { request, store, stillWanted in
            do throws(StoreError) { return try search(request, on: store.get(), stillWanted: stillWanted) }
            catch { return .failed(error) }
        }
    }

    /// Runs one search: from the cursor, then (when nothing is found and it is still wanted) from the start.
    private static func search(_ request: Request, on store: BattleStore, stillWanted: () -> Bool) throws(StoreError) -> Outcome {
        let direction: PageDirection = request.forward ? .older : .newer
        if let found = try store.page(request.query, from: request.cursor, direction: direction, limit: 1).first {
            return .found(found, wrapped: false)
        }
        guard request.cursor != nil, stillWanted(),
              let found = try store.page(request.query, direction: direction, limit: 1).first else { return .noMatch }
        return .found(found, wrapped: true)
    }
}

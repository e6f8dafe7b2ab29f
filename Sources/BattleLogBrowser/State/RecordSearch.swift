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

    /// What a search found (nil: no match anywhere).
    struct Outcome: Sendable {
        let record: Record?
        let wrapped: Bool
    }

    typealias Worker = NewestRequestWorker<Request, Outcome>

    static func worker(path: String) -> Worker {
        Worker(name: "battlelog search", path: path) { request, store, stillWanted in
            guard let store else { return Outcome(record: nil, wrapped: false) }
            return search(request, on: store, stillWanted: stillWanted)
        }
    }

    /// Runs one search: from the cursor, then (when nothing is found and it is still wanted) from the start.
    private static func search(_ request: Request, on store: BattleStore, stillWanted: () -> Bool) -> Outcome {
        let direction: PageDirection = request.forward ? .older : .newer
        var found = try? store.page(request.query, from: request.cursor, direction: direction, limit: 1).first
        var wrapped = false
        if found == nil, request.cursor != nil, stillWanted() {
            found = try? store.page(request.query, direction: direction, limit: 1).first
            wrapped = found != nil
        }
        return Outcome(record: found, wrapped: wrapped)
    }
}

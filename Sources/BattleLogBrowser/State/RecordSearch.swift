import BattleLogKit

/// Searches a Human's records (opponent, magic) in the background, so that typing never waits
/// on a scan: a search with no match reads every record of the Human.
enum RecordSearch {
    /// One search: from `cursor` (nil: from the end) in `direction`; wraps around once.
    struct Request: Sendable {
        let query: RecordQuery
        /// A regular expression each record is tested with, as the loaded ones are (nil: the
        /// query's filter finds the matches).
        var regex: String? = nil
        /// The regular expression is tested on the records' owners too (a filter's list shows them).
        var includingOwner = false
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

    typealias Worker = StoreRequestWorker<Request, Outcome>

    static func worker(path: String) -> Worker {
        Worker(name: "battlelog search", path: path) { request, store, stillWanted in
            do throws(StoreError) { return try search(request, on: store.get(), stillWanted: stillWanted) }
            catch { return .failed(error) }
        }
    }

    /// Runs one search: from the cursor, then (when nothing is found and it is still wanted) from the start.
    private static func search(_ request: Request, on store: BattleStore, stillWanted: () -> Bool) throws(StoreError) -> Outcome {
        let direction: PageDirection = request.forward ? .older : .newer
        let pattern = request.regex.flatMap { try? SearchPattern($0, regex: true) }
        if request.regex != nil && pattern == nil { return .noMatch }
        // The first record past `cursor` that matches: the query's first, or the first a walk of
        // its pages finds that the regular expression matches (the list ends: nil).
        func first(from cursor: RecordCursor?) throws(StoreError) -> Record? {
            guard let pattern else { return try store.page(request.query, from: cursor, direction: direction, limit: 1).first }
            var from = cursor
            while stillWanted() {
                let page = try store.page(request.query, from: from, direction: direction, limit: 256)
                let walked = request.forward ? page : page.reversed()
                if let found = walked.first(where: { BrowserModel.record($0, matches: pattern, includingOwner: request.includingOwner) }) { return found }
                guard page.count == 256, let last = walked.last else { return nil }
                from = RecordCursor(last)
            }
            return nil
        }
        if let found = try first(from: request.cursor) { return .found(found, wrapped: false) }
        guard request.cursor != nil, stillWanted(), let found = try first(from: nil) else { return .noMatch }
        return .found(found, wrapped: true)
    }
}

import BattleLogKit

/// Counts a filter's matches exactly in the background (`BattleStore.matchCount`: about a
/// second at 10,000,000 records), so that the status bar says how many there are long before
/// the matches themselves are all found in the list's order.
enum MatchCounter {
    typealias Worker = StoreRequestWorker<RecordQuery, Int?>

    static func worker(path: String) -> Worker {
        Worker(name: "battlelog match count", path: path) { query, store, _ in
            guard let store = try? store.get() else { return nil }
            return try? store.matchCount(query)
        }
    }
}

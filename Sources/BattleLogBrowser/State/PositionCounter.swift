import BattleLogKit

/// Counts where a record sits in a long list, in the background, so that going to a record
/// draws it at once and its position follows: on a Human with 400,000 records the count reads up
/// to 200,000 index entries (tens of milliseconds).
enum PositionCounter {
    /// One count: the position of `cursor` in the newest-first list of `ownerID`, `estimate`
    /// saying which side of it is shorter.
    struct Request: Sendable {
        let ownerID: Int64
        let sort: RecordSort?
        let cursor: RecordCursor
        let estimate: Int
    }

    /// The position, with the list's length in the snapshot it was counted in (records another
    /// program added since arrive at the list's top, and the model adds their number).
    struct Counted: Sendable, Equatable {
        let position: Int
        let listTotal: Int
    }

    /// The worker; its outcome is nil when the count failed (the model then counts on its own
    /// connection).
    typealias Worker = StoreRequestWorker<Request, Counted?>

    static func worker(path: String) -> Worker {
        Worker(name: "battlelog position", path: path) { request, store, _ in
            guard let store = try? store.get() else { return nil }
            return try? store.readSnapshot {
                let total = try store.tallies()[request.ownerID]?.total ?? 0
                let position = try store.position(of: request.cursor, in: RecordQuery(ownerID: request.ownerID, sort: request.sort), total: total,
                                                  estimate: request.estimate)
                return Counted(position: position, listTotal: total)
            }
        }
    }
}

import BattleLogFoundation
import BattleLogPresentation
import CoreDataKit

/// A row of the Core Data browser's lists: an object, or a transaction of the history.
enum StoreRow: Sendable {
    case object(ListedObject)
    case transaction(HistoryTransaction)

    var key: Int64 {
        switch self {
        case .object(let o): o.ref.pk
        case .transaction(let t): t.id
        }
    }
    var listed: ListedObject? { if case .object(let o) = self { o } else { nil } }
    var transaction: HistoryTransaction? { if case .transaction(let t) = self { t } else { nil } }
}

/// What a Core Data list holds: objects (an entity's, a relationship's targets), or the history.
enum StoreQuery: Sendable {
    case objects(ObjectList)
    case history

    var list: ObjectList? { if case .objects(let l) = self { l } else { nil } }
}

/// A read-only Core Data store as the engine's list source: its objects and its persistent
/// history in keyed pages, sorted and counted in the background on second connections.
final class StoreSource: ListSource {
    struct SortJob: Sendable {
        var list: ObjectList
        var sort: ObjectSort
    }

    enum CountJob: Sendable {
        case list(ObjectList)
        case table(String)
    }

    let store: CoreDataStore
    let labels: Labels
    let counter: BackgroundCounter<CoreDataStore, CountJob>
    let sorter: BackgroundSorter<CoreDataStore, SortJob>

    init(store: CoreDataStore, labels: Labels) {
        self.store = store
        self.labels = labels
        // Second connections: made here, then each touched only on its worker's thread.
        let forCounts = Result { try store.secondConnection() }.map(HandedOver.init)
        let forSorts = Result { try store.secondConnection() }.map(HandedOver.init)
        counter = BackgroundCounter(name: "battlelog counts", open: { forCounts.map(\.value) }) { store, job in
            switch job {
            case .list(let list): try store.count(list)
            case .table(let table): try store.rowCount(table: table)
            }
        }
        sorter = BackgroundSorter(name: "battlelog sort", open: { forSorts.map(\.value) }) { store, job, stop, found in
            try store.forEachSortedKey(job.list, by: job.sort, shouldStop: stop, found)
        }
    }

    func shutDown(timeout: Double = 1) {
        counter.shutDown(timeout: timeout)
        sorter.shutDown(timeout: timeout)
    }

    // MARK: - ListSource

    func pages(_ query: StoreQuery) -> WindowPages<StoreRow> {
        let store = self.store
        guard let list = query.list else {
            return .byKey(\.key) { from, backward, n in try store.transactionPage(from: from, backward: backward, limit: n).map(StoreRow.transaction) }
        }
        return .byKey(\.key) { from, backward, n in try store.page(list, from: from, backward: backward, limit: n).map(StoreRow.object) }
    }

    func rows(_ query: StoreQuery, keys: [Int64]) throws -> [StoreRow] {
        try query.list.map { try store.rows($0, keys: keys).map(StoreRow.object) } ?? []
    }

    func sorted(_ query: StoreQuery, by sort: ObjectSort) -> SortedKeys {
        guard let list = query.list else { return SortedKeys() }
        return sorter.sort(SortJob(list: list, sort: sort))
    }

    func detail(_ row: StoreRow, in query: StoreQuery, toggled: Set<String>, width: Int) -> DetailPage<StoreAction> {
        switch row {
        case .transaction(let t):
            // A page holds a few changes of each transaction; the detail reads them all.
            return historyDetail(((try? store.transaction(id: t.id)) ?? nil) ?? t)
        case .object(let listed):
            // The list read what a row shows; the detail reads every value.
            let full = query.list.flatMap { (try? store.row($0, key: listed.ref.pk, reading: .single)) ?? nil }
            return objectDetail(full ?? listed, toggled: toggled, width: width)
        }
    }

    // MARK: - Counts

    /// An entity's objects (with its sub-entities'), counted in the background; nil until known.
    func count(of entity: Entity) -> Int? { counter.count("entity:" + entity.name, .list(store.list(entity))) }

    func count(ofTable table: String) -> Int? { counter.count("table:" + table, .table(table)) }

    /// A list's count, nil until known.
    func count(_ query: StoreQuery) -> Int? {
        guard let list = query.list else { return count(ofTable: "ATRANSACTION") }
        if case .entity(let name) = list.source, list.filter == nil, let e = store.model.entity(named: name) { return count(of: e) }
        let source: String = switch list.source {
        case .entity(let name): "entity:" + name
        case .related(let owner, let r): "related:\(owner.entity ?? "?"):\(owner.pk):\(r)"
        }
        return counter.count(source + "|" + (list.filter?.text ?? ""), .list(list))
    }

    // MARK: - Names and texts

    /// `Person 3`, `Transaction 12`: a row as titles, the breadcrumb and messages name it.
    func name(_ row: StoreRow) -> String {
        switch row {
        case .object(let o): Self.name(o.ref)
        case .transaction(let t): labels.fill("cd.transaction", String(t.id))
        }
    }

    static func name(_ ref: ObjectRef) -> String { SafeText.escape(ref.entity ?? "?") + " " + String(ref.pk) }

    /// What a list is: `Person`, `Person 1 › cars`, the history.
    func title(_ query: StoreQuery) -> String {
        guard let list = query.list else { return labels["cd.history"] }
        switch list.source {
        case .entity(let name): return SafeText.escape(name)
        case .related(let owner, let relationship): return Self.name(owner) + " › " + SafeText.escape(relationship)
        }
    }

    /// The columns of `query`'s list for a pane `width` wide (`rows`: the loaded ones).
    func columns(_ query: StoreQuery, width: Int, rows: [StoreRow]) -> [TableColumn<StoreRow>] {
        guard let list = query.list else { return historyColumns(width: width, rows: rows) }
        return objectColumns(list.entity, width: width)
    }

    /// The row in `coredata dump`'s (or `coredata history --json`'s) JSON form, read whole; nil
    /// when it is gone.
    func json(_ row: StoreRow, in query: StoreQuery) -> String? {
        switch row {
        case .transaction(let t): return ((try? store.transaction(id: t.id)) ?? nil).map { TaggedJSON.text($0.json) }
        case .object(let o):
            guard let list = query.list else { return nil }
            return ((try? store.row(list, key: o.ref.pk, reading: .full)) ?? nil)?.object?.json()
        }
    }
}

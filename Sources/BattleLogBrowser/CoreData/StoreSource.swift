import BattleLogFoundation
import BattleLogPresentation
import CoreDataKit

/// A row of the Core Data browser's lists: an object, or a transaction of the history.
enum StoreRow: Sendable {
    case object(ListedObject)
    case transaction(HistoryTransaction)

    var listed: ListedObject? { if case .object(let o) = self { o } else { nil } }
    var transaction: HistoryTransaction? { if case .transaction(let t) = self { t } else { nil } }
    /// The object's pk, the transaction's number.
    var key: Int64 { listed?.ref.pk ?? transaction?.id ?? 0 }
}

/// What a Core Data list holds: objects (an entity's, a relationship's targets), or the history.
enum StoreQuery: Sendable {
    case objects(ObjectList)
    case history

    var list: ObjectList? { if case .objects(let l) = self { l } else { nil } }
}

/// A read-only Core Data store as the engine's list source: its objects and its persistent
/// history in keyed pages, sorted and counted in the background on second connections.
final class StoreSource: StackedListSource {
    let store: CoreDataStore
    let labels: Labels
    let counter: BackgroundCounter<CoreDataStore>
    let sorter: BackgroundSorter<CoreDataStore>

    init(store: CoreDataStore, labels: Labels) {
        self.store = store
        self.labels = labels
        // Second connections: made here, then each touched only on its worker's thread.
        counter = BackgroundCounter(name: "battlelog counts", open: HandedOver.opener { try store.secondConnection() })
        sorter = BackgroundSorter(name: "battlelog sort", open: HandedOver.opener { try store.secondConnection() })
    }

    func shutDown(timeout: Double = 1) {
        counter.shutDown(timeout: timeout)
        sorter.shutDown(timeout: timeout)
    }

    // MARK: - StackedListSource

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

    func sorted(_ query: StoreQuery, by sort: ObjectSort) -> FoundKeys {
        guard let list = query.list else { return FoundKeys() }
        return sorter.sort { store, stop, found in try store.forEachSortedKey(list, by: sort, shouldStop: stop, found) }
    }

    func detail(_ row: StoreRow, in query: StoreQuery, toggled: Set<String>, width: Int) -> DetailPage<StoreAction>? {
        switch row {
        case .transaction(let t):
            // A page holds a few changes of each transaction; the detail reads them all.
            return historyDetail(whole(t) ?? t)
        case .object(let listed):
            // The list read what a row shows; the detail reads every value.
            let full = query.list.flatMap { (try? store.row($0, key: listed.ref.pk, reading: .single)) ?? nil }
            return objectDetail(full ?? listed, toggled: toggled, width: width)
        }
    }

    /// A transaction with every change (a page's has the first few); nil when it is gone.
    private func whole(_ t: HistoryTransaction) -> HistoryTransaction? { (try? store.transaction(id: t.id)) ?? nil }

    // MARK: - Counts

    /// An entity's objects (with its sub-entities'), counted in the background; nil until known.
    func count(of entity: Entity) -> Int? { count(.objects(store.list(entity))) }

    func count(ofTable table: String) -> Int? { counter.count("table:" + table) { try $0.rowCount(table: table) } }

    // MARK: - Names and texts

    /// `Person 3`, `Transaction 12`: a row as titles, the breadcrumb and messages name it.
    func name(_ row: StoreRow) -> String {
        switch row {
        case .object(let o): Self.name(o.ref)
        case .transaction(let t): labels.fill("cd.transaction", String(t.id))
        }
    }

    static func name(_ ref: ObjectRef) -> String { SafeText.escape(ref.entity ?? "?") + " " + String(ref.pk) }
}

/// What a person sees of the store's lists and asks of them (`StackedListSource`), in the Core Data
/// browser's words.
extension StoreSource {
    var words: ListWords {
        ListWords(gone: "cd.danglingFollow", keyOrder: "cd.pkOrder", sortCancelled: "cd.sortCancelled", sortingFound: "cd.sortingFound",
                  goToNeedsKey: "cd.goToNeedsKey")
    }

    func key(_ row: StoreRow) -> Int64 { row.key }

    /// `Objects — Person 1 › cars`; the history with its count of transactions.
    func title(_ query: StoreQuery) -> String {
        guard let list = query.list else {
            let count = count(query)
            return count == 1 ? labels["cd.historyTitleOne"] : labels.fill("cd.historyTitle", count.map(GroupedNumber.text) ?? "…")
        }
        switch list.source {
        case .entity(let name): return labels["cd.objects"] + " — " + SafeText.escape(name)
        case .related(let owner, let relationship): return labels["cd.objects"] + " — " + Self.name(owner) + " › " + SafeText.escape(relationship)
        }
    }

    func rowsName(_ query: StoreQuery) -> String? { query.list.map { SafeText.escape($0.entity.name) } }
    func keyName(_ query: StoreQuery) -> String { query.list == nil ? labels["cd.transactionKey"] : "pk" }
    func emptyText(_ query: StoreQuery?) -> String { query.map { $0.list == nil } == true ? "cd.noTransactions" : "cd.noObjects" }

    func columns(_ query: StoreQuery, width: Int, rows: [StoreRow]) -> [TableColumn<StoreRow>] {
        guard let list = query.list else { return historyColumns(width: width, rows: rows) }
        return objectColumns(list.entity, width: width, rows: rows)
    }

    func columnsKey(_ query: StoreQuery) -> String { query.list.map { "entity:" + $0.entity.name } ?? "history" }

    /// A list's count, nil until known (the tree's count of an entity is its list's).
    func count(_ query: StoreQuery) -> Int? {
        guard let list = query.list else { return count(ofTable: "ATRANSACTION") }
        return counter.count(list.identity) { try $0.count(list) }
    }

    func countWords(_ query: StoreQuery) -> (one: String, many: String) { query.list == nil ? ("cd.transactionCount", "cd.transactionsCount") : ("cd.objectCount", "cd.objectsCount") }
    /// The history is a list of transactions: the object lists' own keys say so.
    func refuses(_ action: Action, in query: StoreQuery) -> String? {
        query.list == nil && [.filter, .sort, .export, .inspect].contains(action) ? labels["cd.notInHistory"] : nil
    }

    func filterText(_ query: StoreQuery) -> String? { query.list?.filter?.text }

    /// The same objects matching `text` (`EntityFilter`) instead.
    func filtered(_ query: StoreQuery, by text: String) throws(ListInputError) -> StoreQuery {
        guard let list = query.list else { return query }
        let filter: EntityFilter?
        do { filter = text.isEmpty ? nil : try EntityFilter.compile(text, entity: store.model.merged(list.entity)) } catch {
            throw ListInputError(text: error.text(labels), column: error.column)
        }
        return store.list(list, filter: filter).map(StoreQuery.objects) ?? query
    }

    /// The entity's fields and the keywords, `true`/`false` after a boolean's `=`, `null` and
    /// `not` after `is`.
    func filterVocabulary(_ query: StoreQuery) -> FilterCompletion.Vocabulary? {
        guard let listed = query.list?.entity else { return nil }
        let entity = store.model.merged(listed)
        let booleans = Set(entity.attributes.filter { $0.type == .boolean }.map { $0.name.lowercased() })
        return FilterCompletion.Vocabulary(
            words: EntityFilter.fieldNames(entity) + FilterCompletion.keywords,
            values: { booleans.contains($0) ? ["true", "false"] : [] },
            following: { previous in
                if previous.last == "is" { return ["null", "not"] }
                return previous.suffix(2) == ["is", "not"] ? ["null"] : nil
            })
    }

    func sortFields(_ query: StoreQuery) -> [String] { query.list.map { store.sortFields($0.entity) } ?? [] }

    func sort(_ text: String, in query: StoreQuery) throws(ListInputError) -> ObjectSort {
        do { return try ObjectSort.parse(text, fields: sortFields(query)) } catch { throw ListInputError(text: error.text(labels)) }
    }

    func sortText(_ sort: ObjectSort) -> String { sort.text }

    func missing(_ key: Int64, in query: StoreQuery) -> String? {
        guard let list = query.list else {
            return (try? store.transaction(id: key)) ?? nil == nil ? labels.fill("cd.noSuchTransaction", String(key)) : nil
        }
        return (try? store.row(list, key: key)) ?? nil == nil ? labels.fill("cd.noSuchPk", SafeText.escape(list.entity.name), String(key)) : nil
    }

    /// `coredata dump`'s JSON form of an object (its to-many targets too), or `coredata history
    /// --json`'s of a transaction.
    func json(_ row: StoreRow, in query: StoreQuery) -> String? {
        switch row {
        case .transaction(let t): return whole(t).map { TaggedJSON.text($0.json) }
        case .object(let o):
            guard let list = query.list else { return nil }
            return ((try? store.row(list, key: o.ref.pk, reading: .full)) ?? nil)?.object?.json()
        }
    }

    func fileName(_ row: StoreRow, in query: StoreQuery) -> String {
        let entity = query.list.map { $0.entity.name.filter { $0.isLetter || $0.isNumber } } ?? "transaction"
        return "\(entity.isEmpty ? "object" : entity)-\(row.key).json"
    }

    func exportName(_ query: StoreQuery) -> String { query.list?.entity.name ?? "history" }

    /// The list's objects, in `sort`'s order or by pk, as JSON lines or CSV (`ObjectCSV`), on a
    /// connection of the export's own.
    func export(_ query: StoreQuery, sort: ObjectSort?, to path: String) -> BackgroundExport? {
        guard let list = query.list, let connection = try? store.secondConnection() else { return nil }
        let box = HandedOver(connection)
        let columns = ObjectCSV.columns(list.entity, model: store.model)
        return BackgroundExport(to: path, total: count(query) ?? 0, labels: labels, doneKeys: ("cd.exportedJSON", "cd.exportedCSV")) { format, sink in
            if format == .csv { try sink.header("\u{FEFF}" + ObjectCSV.header(columns)) }
            func write(_ o: CoreDataObject) throws { try sink.row(format == .csv ? ObjectCSV.line(o, columns: columns) : o.json()) }
            try sort.map { try box.value.forEachObject(in: list, sortedBy: $0, write) } ?? box.value.forEachObject(in: list, write)
        }
    }
}

import Foundation
import SQLiteDB

/// The battlelog store: Humans and their Records in one SQLite file, with Transformable
/// attributes stored through registered value transformers.
///
/// A store is one connection; use it from one thread at a time. Open another store on the same
/// path for another thread or process (WAL lets readers and a writer work together).
public final class BattleStore {
    /// The path the store was opened on.
    public let path: String
    public let model: StoreModel
    public let registry: TransformerRegistry
    let db: Database
    /// The Humans by id, loaded at open and reloaded when the roster changes.
    public internal(set) var humansByID: [Int64: Human] = [:]

    /// The model's transformable attributes with the transformers that serve them.
    public let schema: RecordSchema
    var resolvedAttributes: [ResolvedAttribute] { schema.resolved }
    /// The budget of a walk of the dates for a page, in thousands of SQLite instructions (about
    /// 10 ms on 2,000,000 records); past it, a filter reading a derived index is paged from that
    /// index (see `page`).
    package var walkBudget = 200
    /// The budget, in the same units, of reading a page from a filter's derived index before the
    /// walk is tried: enough to sort a few thousand candidates, and when there are none (a filter
    /// that matches nothing), the answer at once instead of a walk through its whole budget.
    package var indexTrialBudget = 20
    /// The budget, in the same units, of finding a count's first and last match (`matchCount`):
    /// past it the matches are few and far apart, and the count is not split by their dates.
    package var countEdgeBudget = 500
    /// The steps (thousands) a count of an `or` of indexed fields may take through their indexes
    /// before it is counted another way (about 0.1 s).
    package var countOrBudget = 40_000
    /// How the last filter reading a derived index was best paged.
    var pageRouteCache: (query: RecordQuery, route: PageRoute)?
    /// Where the filter language reads each derived query path (its column once filled).
    public internal(set) var queryColumns = QueryColumns([:], magicColumn: nil)
    /// The record columns every read selects: the plain ones, then each transformable attribute's.
    let recordColumns: String

    /// Whether the store cannot be written (a read-only file or a read-only open).
    public var isReadOnly: Bool { db.isReadOnly }

    /// The schema version this build writes and reads.
    public static var schemaVersion: Int { Schema.currentVersion }

    /// Whether the file could only be opened immutable (a WAL database in a read-only folder):
    /// what it shows is the file as it was opened; commits of other processes do not appear.
    public let isImmutable: Bool
    /// Told once when an operation waits for another process (an open, a full log).
    let waitingNote: ((String) -> Void)?
    /// The stop handler last set (`setProgressHandler`), asked by waits between tries too.
    private(set) var stopRequested: (@Sendable () -> Bool)?

    /// Opens (and, when missing and `create` allows, creates and migrates) the database at `path`;
    /// its folder must exist unless `createFolder` (the default database's folder is made).
    ///
    /// Refuses, leaving the file byte-for-byte untouched: a folder, an empty file (unless
    /// `replaceEmpty`: a creation killed in its first milliseconds leaves one), a file that is not
    /// SQLite, a SQLite file that is not battlelog's, a database from a newer schema (also when
    /// only its `-wal` says so), a truncated file, a model naming a transformer that `registry`
    /// lacks. A read-only file opens for reading. While another process holds the file (writing
    /// its log back as it closes), the open waits, telling `waiting` once after a second, and
    /// gives up only when nothing moves in the files for 5 s. See `StoreFile`.
    public init(path: String, registry: TransformerRegistry = .standard, model: StoreModel? = nil,
                readOnly: Bool = false, create: Bool = true, createFolder: Bool = false, replaceEmpty: Bool = false,
                derivedColumnProgress: ((_ done: Int, _ total: Int) -> Void)? = nil,
                waiting: ((String) -> Void)? = nil) throws(StoreError) {
        let model = if let model { model } else { try StoreModel.bundledForStore() }
        let schema = try RecordSchema(model: model, registry: registry)
        self.path = path
        self.model = model
        self.registry = registry
        self.schema = schema
        self.recordColumns = (["id", "fight", "owner_id", "opponent_id", "date", "result"] + schema.resolved.map(\.attribute.column))
            .map { "record." + $0 }.joined(separator: ", ")

        let opened = try StoreFile.open(path: path, readOnly: readOnly, create: create, createFolder: createFolder,
                                        replaceEmpty: replaceEmpty, waiting: waiting)
        self.db = opened.db
        self.isImmutable = opened.immutable
        self.waitingNote = waiting
        do { try FilterFunctions.register(on: db, attributes: schema.resolved) } catch { throw .sqlite(path: path, error) }

        do {
            try db.execute(script: "PRAGMA foreign_keys = ON")
            if !db.isReadOnly {
                try db.execute(script: "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA journal_size_limit = \(WALBound.keptBytes)")
                try Schema.migrate(db)
                try ModelColumns.ensure(resolvedAttributes, on: db)
                try GroupSummaries.ensure(on: db)
            } else if let first = try Schema.missingNames(db).first {
                // Reading it would need the migration a writable open runs: said as such.
                throw StoreError.needsMigration(path: path, missing: first, count: try Schema.missingNames(db).count)
            } else {
                try ModelColumns.checkPresent(resolvedAttributes, on: db, path: path)
            }
            try reloadHumans()
            if !db.isReadOnly {
                try fillDerivedColumns(progress: derivedColumnProgress)
                try ensureGroupingIndex(progress: derivedColumnProgress)
            }
            try refreshReadyQueryColumns()
            if !db.isReadOnly { try catchUpGroupSummaries(progress: derivedColumnProgress) }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(classifying: error, path: path, creating: false)
        }
    }

    /// Before the connection closes: a PASSIVE checkpoint, which blocks no one. If this is the
    /// last connection, SQLite checkpoints again as it closes, holding the file exclusively;
    /// with the WAL already copied back that takes milliseconds, not the seconds a large WAL
    /// (grown while a long reader such as doctor held its snapshot) would, during which any other
    /// process opening the database would wait and could time out.
    deinit {
        if !db.isReadOnly && !isImmutable { try? db.execute(script: "PRAGMA wal_checkpoint(PASSIVE)") }
    }

    /// Wraps SQLite failures of an operation as `StoreError`s naming the path.
    func run<T>(_ body: () throws -> T) throws(StoreError) -> T {
        do { return try body() } catch { throw StoreError(classifying: error, path: path, creating: false) }
    }

    /// Runs `body` inside one read transaction: every query in it sees the same snapshot, whatever
    /// other connections commit meanwhile (doctor's checks must agree with each other).
    public func readSnapshot<T>(_ body: () throws -> T) throws -> T {
        try db.readTransaction(body)
    }

    func ensureWritable() throws(StoreError) {
        if db.isReadOnly { throw .readOnly(path: path) }
    }

    /// The number of records, from the writer's tallies (no table scan).
    public func recordCount() throws(StoreError) -> Int {
        try tallies().values.map(\.total).saturatingSum()
    }

    /// `PRAGMA data_version`: changes when another connection commits.
    public func dataVersion() throws(StoreError) -> Int64 {
        try run { try db.dataVersion() }
    }

    /// Asks `shouldStop` every thousand SQLite steps of any statement on this store; when it
    /// says stop, the statement ends and the call throws `StoreError.interrupted`. For scans
    /// that another thread may cancel. Nil removes it.
    public func setProgressHandler(_ shouldStop: (@Sendable () -> Bool)?) {
        stopRequested = shouldStop
        db.setProgressHandler(shouldStop)
    }

    /// Runs `body` in one transaction on this store's connection.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try ensureWritable()
        return try db.transaction(body)
    }

    /// Runs an SQL script directly: for tests and tools that must build unusual databases.
    package func executeRaw(_ sql: String, _ arguments: [any SQLiteBindable] = []) throws {
        try db.execute(sql, arguments)
    }

    /// The query plan SQLite chooses for counting `query`'s matches (for tests).
    package func countPlan(_ query: RecordQuery) throws -> [String] {
        let (whereClause, arguments) = query.whereClause()
        return try db.prepare("EXPLAIN QUERY PLAN SELECT count(*) FROM record \(whereClause)").map(arguments) { $0.string(3) ?? "" }
    }

    /// The query plan SQLite chooses for `query` paged as the browser pages it (for tests).
    package func queryPlan(_ query: RecordQuery) throws -> [String] {
        let route = pageRouteCache.flatMap { $0.query == query ? $0.route : nil } ?? .planner
        let (sql, arguments) = pageSQL(query, from: RecordCursor(date: Int64.max, id: Int64.max), direction: .older, limit: 50,
                                       route: route)
        return try db.prepare("EXPLAIN QUERY PLAN " + sql).map(arguments) { $0.string(3) ?? "" }
    }

    /// SQLite's plan for counting the records `filter` matches (what a grouping reads), a step
    /// a line: for tests that a filter reads its indexes.
    package func countPlan(_ filter: CompiledFilter) throws -> [String] {
        try db.prepare("EXPLAIN QUERY PLAN SELECT count(*) FROM record WHERE " + filter.sql).map(filter.arguments) { $0.string(3) ?? "" }
    }
}

extension BattleStore {
    /// Removes the database at `path` with its `-wal`, `-shm` and `-journal` (a database a failed
    /// command created and must not leave behind). Close every store on it first.
    public static func removeDatabase(at path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }

    /// The SQLite library version in use.
    public static var sqliteLibraryVersion: String { Database.libraryVersion }
}

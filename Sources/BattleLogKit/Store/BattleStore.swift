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
    public private(set) var humansByID: [Int64: Human] = [:]

    /// The model's transformable attributes with the transformers that serve them.
    public let schema: RecordSchema
    var resolvedAttributes: [ResolvedAttribute] { schema.resolved }
    private var fewMatchesCache: (query: RecordQuery, few: Bool)?
    /// Where the filter language reads each derived query path (its column once filled).
    public internal(set) var queryColumns = QueryColumns([:])
    /// The record columns every read selects: the plain ones, then each transformable attribute's.
    let recordColumns: String

    /// Whether the store cannot be written (a read-only file or a read-only open).
    public var isReadOnly: Bool { db.isReadOnly }

    /// The schema version this build writes and reads.
    public static var schemaVersion: Int { Schema.currentVersion }

    /// Whether the file could only be opened immutable (a WAL database in a read-only folder):
    /// what it shows is the file as it was opened; commits of other processes do not appear.
    public let isImmutable: Bool

    /// Opens (and, when missing and `create` allows, creates and migrates) the database at `path`.
    ///
    /// Refuses, leaving the file byte-for-byte untouched: a folder, an empty file (unless
    /// `replaceEmpty`: a creation killed in its first milliseconds leaves one), a file that is not
    /// SQLite, a SQLite file that is not battlelog's, a database from a newer schema (also when
    /// only its `-wal` says so), a truncated file, a model naming a transformer that `registry`
    /// lacks. A read-only file opens for reading. See `StoreFile` for how files are opened.
    public init(path: String, registry: TransformerRegistry = .standard, model: StoreModel? = nil,
                readOnly: Bool = false, create: Bool = true, replaceEmpty: Bool = false,
                derivedColumnProgress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws(StoreError) {
        let model = if let model { model } else { try StoreModel.bundled() }
        let schema = try RecordSchema(model: model, registry: registry)
        self.path = path
        self.model = model
        self.registry = registry
        self.schema = schema
        self.recordColumns = (["id", "fight", "owner_id", "opponent_id", "date", "result"] + schema.resolved.map(\.attribute.column))
            .map { "record." + $0 }.joined(separator: ", ")

        let opened = try StoreFile.open(path: path, readOnly: readOnly, create: create, replaceEmpty: replaceEmpty)
        self.db = opened.db
        self.isImmutable = opened.immutable
        do { try Self.registerFunctions(on: db, attributes: schema.resolved) } catch { throw .sqlite(path: path, error) }

        do {
            let version = try db.userVersion()
            try db.execute(script: "PRAGMA foreign_keys = ON")
            if !db.isReadOnly {
                try db.execute(script: "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
                try Schema.migrate(db)
                try ModelColumns.ensure(resolvedAttributes, on: db)
            } else if version < Schema.currentVersion {
                throw StoreError.readOnly(path: path)
            } else {
                try ModelColumns.checkPresent(resolvedAttributes, on: db, path: path)
            }
            try reloadHumans()
            if !db.isReadOnly { try fillDerivedColumns(progress: derivedColumnProgress) }
            try refreshReadyQueryColumns()
        } catch let error as StoreError {
            throw error
        } catch {
            throw Self.classify(error, path: path, creating: false)
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

    /// The SQL functions the filter language compiles to: `bl_contains(text, needle)` (Unicode,
    /// case-insensitive), `bl_magic_status(using_magic)` (the decoder's verdict: a magic type,
    /// 'none' or 'damaged') and `bl_derived(path, stored)` (a query column's value computed from
    /// the stored form, while the column itself is still being filled).
    private static func registerFunctions(on db: Database, attributes: [ResolvedAttribute]) throws(SQLiteError) {
        var derivations: [String: (ResolvedAttribute, AnyValueTransformer.Derivation)] = [:]
        for a in attributes { for d in a.derived { derivations[d.column.path] = (a, d.derivation) } }
        try db.createFunction("bl_derived", argumentCount: 2) { [derivations] args in
            guard case .text(let path) = args[0], let (a, derivation) = derivations[path], case .text(let text) = args[1],
                  let value = try? a.transformer.value(fromStored: text, range: a.attribute.range) else { return .null }
            return derivation.value(of: value)
        }
        try db.createFunction("bl_contains", argumentCount: 2) { args in
            guard case .text(let haystack) = args[0], case .text(let needle) = args[1] else { return .null }
            return .integer(FilterText.contains(haystack, needle) ? 1 : 0)
        }
        let magic = MagicTransformer()
        try db.createFunction("bl_magic_status", argumentCount: 1) { args in
            switch args[0] {
            case .null: return .text("none")
            case .text(let text):
                do { return .text(try magic.value(fromStored: text)?.typeName ?? "none") }
                catch { return .text("damaged") }
            default: return .text("damaged")
            }
        }
    }

    static func classify(_ error: any Error, path: String, creating: Bool) -> StoreError {
        if let e = error as? StoreError { return e }
        if let e = error as? ImportConflict { return .conflict(e.message) }
        guard let e = error as? SQLiteError else { return .cannotCreate(path: path, reason: "\(error)") }
        if e.isInterrupt { return .interrupted }
        if e.isNotADatabase { return .notADatabase(path: path) }
        if e.isCorrupt { return .corrupt(path: path, message: e.message) }
        if e.isBusy { return .locked(path: path) }
        if e.isReadOnly { return .readOnly(path: path) }
        if creating { return .cannotCreate(path: path, reason: e.message) }
        return .sqlite(path: path, e)
    }

    /// Wraps SQLite failures of an operation as `StoreError`s naming the path.
    func run<T>(_ body: () throws -> T) throws(StoreError) -> T {
        do { return try body() } catch { throw Self.classify(error, path: path, creating: false) }
    }

    // MARK: - Humans

    /// Reloads the roster from the database.
    public func reloadHumans() throws(StoreError) {
        let rows = try run {
            try db.cachedStatement("SELECT id, name, kind FROM human").map { Self.decodeHuman($0) }
        }
        humansByID = Dictionary(rows.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// Every Human, heroes first, then by name.
    public var humans: [Human] {
        humansByID.values.sorted { ($0.kind == .hero ? 0 : 1, $0.name, $0.id) < ($1.kind == .hero ? 0 : 1, $1.name, $1.id) }
    }

    /// The Human called `name`: exactly, else ignoring case when only one name matches so.
    public func human(named name: String) -> Human? {
        if let exact = humansByID.values.first(where: { $0.name == name }) { return exact }
        let folded = humansByID.values.filter { FilterText.sameName($0.name, name) }
        return folded.count == 1 ? folded[0] : nil
    }

    /// Adds Humans (in one transaction) and returns them with their ids.
    @discardableResult
    public func insertHumans(_ humans: [Human]) throws(StoreError) -> [Human] {
        try ensureWritable()
        let inserted = try run {
            try db.transaction {
                let insert = try db.cachedStatement("INSERT INTO human(name, kind) VALUES (?, ?)")
                return try humans.map { human -> Human in
                    try insert.execute([human.name, human.kindText])
                    return Human(id: db.lastInsertRowID, name: human.name, kind: human.kind, damage: nil)
                }
            }
        }
        try reloadHumans()
        return inserted
    }

    /// Deletes a Human and, by cascade, every record it owns or fought in; the summaries are
    /// rebuilt in the same transaction.
    public func deleteHuman(id: Int64) throws(StoreError) {
        try ensureWritable()
        try run {
            try db.transaction {
                try db.execute("DELETE FROM human WHERE id = ?", [id])
                try rebuildSummariesInTransaction()
            }
        }
        try reloadHumans()
    }

    /// Wins, losses and draws of one Human, as the writer keeps them.
    public struct Tally: Sendable, Equatable {
        public var wins = 0, losses = 0, draws = 0
        public init(wins: Int = 0, losses: Int = 0, draws: Int = 0) {
            self.wins = wins; self.losses = losses; self.draws = draws
        }
        public var total: Int { [wins, losses, draws].saturatingSum() }
        /// Wins over all records, 0 when there are none.
        public var winRate: Double { total == 0 ? 0 : max(0, min(1, Double(wins) / Double(total))) }
        public mutating func add(_ result: FightResult) {
            switch result {
            case .win: wins += 1
            case .loss: losses += 1
            case .draw: draws += 1
            }
        }
    }

    /// Every Human's tally, kept by the writer (no scan of the records).
    public func tallies() throws(StoreError) -> [Int64: Tally] {
        try run {
            var result: [Int64: Tally] = [:]
            try db.cachedStatement("SELECT id, wins, losses, draws FROM human").forEachRow { row in
                result[row.int64(0)] = Tally(wins: row.int(1), losses: row.int(2), draws: row.int(3))
            }
            return result
        }
    }

    /// Recomputes the tallies, magic usage and dice counts from the records: a full scan, in one
    /// transaction (`doctor --repair`).
    public func rebuildSummaries() throws(StoreError) {
        try ensureWritable()
        try run { try db.transaction { try rebuildSummariesInTransaction() } }
    }

    /// The rebuild itself, inside the caller's transaction.
    func rebuildSummariesInTransaction() throws {
        try db.execute(script: """
            UPDATE human SET
              wins = (SELECT count(*) FROM record WHERE owner_id = human.id AND result = 'win'),
              losses = (SELECT count(*) FROM record WHERE owner_id = human.id AND result = 'loss'),
              draws = (SELECT count(*) FROM record WHERE owner_id = human.id AND result = 'draw');
            DELETE FROM magic_usage;
            DELETE FROM dice_count;
            """)
        var summary = SummaryDelta()
        try forEachRecord { record in
            if let magic = record.usingMagic.value ?? nil { summary.addMagic(magic) }
            if let dice = record.randomNumbers.value { summary.addDice(dice) }
        }
        try recomputeDerivedColumns()
        try summary.apply(to: db)
    }

    /// Runs `body` inside one read transaction: every query in it sees the same snapshot, whatever
    /// other connections commit meanwhile (doctor's checks must agree with each other).
    public func readSnapshot<T>(_ body: () throws -> T) throws -> T {
        try db.readTransaction(body)
    }

    func ensureWritable() throws(StoreError) {
        if db.isReadOnly { throw .readOnly(path: path) }
    }

    // MARK: - Writing records

    /// The next unused fight number (a hint: `insert` assigns the real ones).
    public func nextFightID() throws(StoreError) -> Int64 {
        try run { (try db.scalarInt("SELECT max(fight) FROM record") ?? 0) + 1 }
    }

    /// Writes `drafts` in one transaction, keeping the Humans' tallies and the summaries, and
    /// returns the new ids.
    ///
    /// The drafts' fight numbers only group them: inside the transaction, each group gets the
    /// next unused fight id, in order of first appearance, so any number of writers in any
    /// processes never share one.
    @discardableResult
    public func insert(_ drafts: [RecordDraft]) throws(StoreError) -> [Int64] {
        try ensureWritable()
        return try run {
            try db.transaction {
                let names = schema.names
                let writer = try RecordWriter(db: db, attributes: resolvedAttributes, withID: false)
                let firstFight = (try db.scalarInt("SELECT max(fight) FROM record") ?? 0) + 1
                var fights: [Int64: Int64] = [:]
                var tallies: [Int64: Tally] = [:]
                var summary = SummaryDelta()
                var ids: [Int64] = []
                ids.reserveCapacity(drafts.count)
                for draft in drafts {
                    let fight: Int64
                    if let known = fights[draft.fight] { fight = known } else {
                        fight = firstFight + Int64(fights.count)
                        fights[draft.fight] = fight
                    }
                    try writer.write(fight: fight, owner: draft.ownerID, opponent: draft.opponentID, date: .integer(draft.date),
                                     result: draft.result.rawValue) { i in
                        draft.values[names[i]].map(AttributeInput.value) ?? .absent
                    }
                    ids.append(db.lastInsertRowID)
                    tallies[draft.ownerID, default: Tally()].add(draft.result)
                    summary.add(draft.values)
                }
                try summary.apply(to: db)
                try Self.addTallies(tallies, on: db)
                return ids
            }
        }
    }

    /// Adds wins, losses and draws to the Humans' kept tallies (inside the caller's transaction).
    static func addTallies(_ tallies: [Int64: Tally], on db: Database) throws {
        let update = try db.cachedStatement(
            "UPDATE human SET wins = wins + ?, losses = losses + ?, draws = draws + ? WHERE id = ?")
        for (id, t) in tallies { try update.execute([t.wins, t.losses, t.draws, id]) }
    }

    // MARK: - Reading records

    /// The record with `id`.
    public func record(id: Int64) throws(StoreError) -> Record {
        let found = try run {
            try db.cachedStatement("SELECT \(recordColumns) FROM record WHERE id = ?").first([id]) { decodeRecord($0) }
        }
        guard let found else { throw .noSuchRecord(id) }
        return found
    }

    /// The records of the fight `fight` (normally two).
    public func records(ofFight fight: Int64) throws(StoreError) -> [Record] {
        try run {
            try db.cachedStatement("SELECT \(recordColumns) FROM record WHERE fight = ? ORDER BY id").map([fight]) { decodeRecord($0) }
        }
    }

    /// A page of records matching `query`, newest first, starting just past `cursor` in
    /// `direction` (from the newest or oldest end when `cursor` is nil). Keyset-paged: the cost
    /// does not grow with the table. The page is always in newest-first order.
    public func page(_ query: RecordQuery, from cursor: RecordCursor? = nil, direction: PageDirection = .older,
                     limit: Int) throws(StoreError) -> [Record] {
        let (sql, arguments) = pageSQL(query, from: cursor, direction: direction, limit: limit)
        let rows = try run { try db.cachedStatement(sql).map(arguments) { decodeRecord($0) } }
        return direction == .older ? rows : rows.reversed()
    }

    /// The SQL of `page(_:from:direction:limit:)` and its arguments (also explained by `queryPlan`).
    private func pageSQL(_ query: RecordQuery, from cursor: RecordCursor?, direction: PageDirection,
                         limit: Int) -> (sql: String, arguments: [SQLiteValue]) {
        // Walking the date index finds a page of a filter's matches at once when they are many;
        // when a derived index says they are few, reading them from it and sorting is faster.
        let date = matchesAreFew(query) ? "+record.date" : "record.date"
        let (whereClause, arguments) = query.whereClause(from: cursor, direction: direction, date: date)
        let order = direction == .older ? "DESC" : "ASC"
        let sql = "SELECT \(recordColumns) FROM record \(whereClause) ORDER BY \(date) \(order), record.id \(order) LIMIT ?"
        return (sql, arguments + [.integer(Int64(limit))])
    }

    /// Whether a filter reading a derived index has fewer than `fewMatches` matches: a count
    /// bounded by it (cheap either way), remembered for the last query asked.
    private func matchesAreFew(_ query: RecordQuery) -> Bool {
        guard query.filter?.readsDerivedIndex == true else { return false }
        if let known = fewMatchesCache, known.query == query { return known.few }
        let (whereClause, arguments) = query.whereClause()
        let n = (try? db.cachedStatement("SELECT count(*) FROM (SELECT 1 FROM record \(whereClause) LIMIT \(Self.fewMatches))")
            .first(arguments) { $0.int64(0) }) ?? nil
        let few = (n ?? Int64(Self.fewMatches)) < Int64(Self.fewMatches)
        fewMatchesCache = (query, few)
        return few
    }

    static let fewMatches = 2_000

    /// How many records match `query` (a count over an index; for one Human it is cheap).
    public func count(_ query: RecordQuery) throws(StoreError) -> Int {
        let (whereClause, arguments) = query.whereClause()
        return try run { Int(try db.cachedStatement("SELECT count(*) FROM record \(whereClause)").first(arguments) { $0.int64(0) } ?? 0) }
    }

    /// How many records precede `cursor` in newest-first order for `query` (its 0-based position).
    /// Given the list's `total`, it counts the shorter side: at most half the list is read.
    public func position(of cursor: RecordCursor, in query: RecordQuery, total: Int? = nil) throws(StoreError) -> Int {
        func count(_ direction: PageDirection, limit: Int?) throws(StoreError) -> Int {
            let parts = query.splitClauses(from: cursor, direction: direction)
            return try run {
                var n = 0
                for (i, part) in parts.enumerated() {
                    // The bound applies to the date range (the ties are few).
                    let sql = limit != nil && i == 0 ? "SELECT count(*) FROM (SELECT 1 FROM record \(part.sql) LIMIT ?)"
                                                     : "SELECT count(*) FROM record \(part.sql)"
                    let arguments = limit != nil && i == 0 ? part.arguments + [.integer(Int64(limit!))] : part.arguments
                    n += Int(try db.cachedStatement(sql).first(arguments) { $0.int64(0) } ?? 0)
                }
                return n
            }
        }
        guard let total, total > 64 else { return try count(.newer, limit: nil) }
        let half = total / 2
        let newer = try count(.newer, limit: half)
        if newer < half { return newer }
        return max(0, total - 1 - (try count(.older, limit: nil)))
    }

    /// Calls `body` with every record matching `query`, oldest first (by id), streaming.
    public func forEachRecord(_ query: RecordQuery = RecordQuery(), _ body: (Record) throws -> Void) throws {
        let (whereClause, arguments) = query.whereClause()
        let statement = try run { try db.prepare("SELECT \(recordColumns) FROM record \(whereClause) ORDER BY record.id") }
        try statement.forEachRow(arguments) { try body(decodeRecord($0)) }
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
        let (sql, arguments) = pageSQL(query, from: RecordCursor(date: Int64.max, id: Int64.max), direction: .older, limit: 50)
        return try db.prepare("EXPLAIN QUERY PLAN " + sql).map(arguments) { $0.string(3) ?? "" }
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

extension BattleStore {
    /// The records with `ids`, in the order given (missing ids are skipped).
    public func records(ids: [Int64]) throws(StoreError) -> [Record] {
        guard !ids.isEmpty else { return [] }
        var found: [Int64: Record] = [:]
        for chunk in stride(from: 0, to: ids.count, by: 500).map({ Array(ids[$0..<min(ids.count, $0 + 500)]) }) {
            let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
            let rows = try run {
                try db.prepare("SELECT \(recordColumns) FROM record WHERE id IN (\(marks))").map(chunk.map { $0 as any SQLiteBindable }) { decodeRecord($0) }
            }
            for r in rows { found[r.id] = r }
        }
        return ids.compactMap { found[$0] }
    }

    /// Streams the ids of the records matching `query`, newest first, to `body` in chunks;
    /// `body` returns false to stop. For searches that no index serves.
    public func streamIDs(_ query: RecordQuery, chunk: Int = 256, _ body: ([Int64]) -> Bool) throws(StoreError) {
        let (whereClause, arguments) = query.whereClause()
        try run {
            let statement = try db.prepare("SELECT record.id FROM record \(whereClause) ORDER BY record.date DESC, record.id DESC")
            var buffer: [Int64] = []
            buffer.reserveCapacity(chunk)
            var keepGoing = true
            try statement.bind(arguments)
            defer { statement.reset() }
            while keepGoing, try statement.step() {
                buffer.append(statement.row.int64(0))
                if buffer.count >= chunk {
                    keepGoing = body(buffer)
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            if keepGoing && !buffer.isEmpty { _ = body(buffer) }
        }
    }
}

import SQLiteDB

/// Reading records: by id, by fight, keyset pages, counts, positions, streams.
extension BattleStore {
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
        if let sort = query.activeSort { return try run { try sortedPage(query, sort, from: cursor, direction: direction, limit: limit) } }
        func rows(_ route: PageRoute) throws -> [Record] {
            let (sql, arguments) = pageSQL(query, from: cursor, direction: direction, limit: limit, route: route)
            return try db.cachedStatement(sql).map(arguments) { decodeRecord($0) }
        }
        // Walking the date index finds a page of a filter's matches at once when they are many;
        // when they are few and far apart, reading them from the filter's own derived index and
        // sorting them is faster. The index is tried first within a small budget (few
        // candidates, or none, answer at once); then a walk within a larger one; past both, the
        // index to the end.
        let found: [Record] = try run {
            guard query.filter?.readsDerivedIndex == true else { return try rows(.planner) }
            if let known = pageRouteCache, known.query == query { return try rows(known.route) }
            if indexTrialBudget > 0, let fromIndex = try db.withStepBudget(indexTrialBudget, { try rows(.filterIndex) }) {
                pageRouteCache = (query, .filterIndex)
                return fromIndex
            }
            // The planner's walk when it reads in date order (down the date index, or an
            // equality's index with the date after it); else the date index by name, as an `or`
            // of indexed clauses would be read from each index whole and sorted.
            let walk: PageRoute = try readsInOrder(pageSQL(query, from: cursor, direction: direction, limit: limit)) ? .planner : .dateWalk
            if let walked = try db.withStepBudget(walkBudget, { try rows(walk) }) {
                pageRouteCache = (query, walk)
                return walked
            }
            pageRouteCache = (query, .filterIndex)
            return try rows(.filterIndex)
        }
        return direction == .older ? found : found.reversed()
    }

    /// The SQL of `page(_:from:direction:limit:)` and its arguments (also explained by
    /// `queryPlan`), read the way `route` says.
    func pageSQL(_ query: RecordQuery, from cursor: RecordCursor?, direction: PageDirection,
                 limit: Int, route: PageRoute = .planner) -> (sql: String, arguments: [SQLiteValue]) {
        let date = route == .filterIndex ? "+record.date" : "record.date"
        let (whereClause, arguments) = query.whereClause(from: cursor, direction: direction, date: date)
        let order = direction == .older ? "DESC" : "ASC"
        let table = route == .dateWalk ? "record INDEXED BY \(query.ownerID == nil ? "record_date" : "record_owner_date")" : "record"
        let sql = "SELECT \(recordColumns) FROM \(table) \(whereClause) ORDER BY \(date) \(order), record.id \(order) LIMIT ?"
        return (sql, arguments + [.integer(Int64(limit))])
    }

    /// Whether SQLite reads the rows of `statement` in its order, not every row first and then
    /// a sort (a sort within the ties of the date, for the id, reads in order).
    private func readsInOrder(_ statement: (sql: String, arguments: [SQLiteValue])) throws -> Bool {
        try !db.prepare("EXPLAIN QUERY PLAN " + statement.sql).map(statement.arguments) { ($0.int64(1), $0.string(3) ?? "") }
            .contains { parent, detail in parent == 0 && detail == "USE TEMP B-TREE FOR ORDER BY" }
    }

    /// How many records match `query` (a count over an index; for one Human it is cheap).
    public func count(_ query: RecordQuery) throws(StoreError) -> Int {
        let (whereClause, arguments) = query.whereClause()
        return try run { Int(try db.cachedStatement("SELECT count(*) FROM record \(whereClause)").first(arguments) { $0.int64(0) } ?? 0) }
    }

    /// How many records precede `cursor` in newest-first order for `query` (its 0-based position).
    /// Given the list's `total`, it counts the shorter side: at most half the list is read. The
    /// side `estimate` (a guess at the position) says is shorter is counted first, so a good
    /// guess reads only the shorter side.
    public func position(of cursor: RecordCursor, in query: RecordQuery, total: Int? = nil,
                         estimate: Int? = nil) throws(StoreError) -> Int {
        if let sort = query.activeSort {
            // Sorted: the records before it, counted in one pass.
            return try run {
                let (base, arguments) = query.whereClause()
                let before = try sortedCondition(sort, from: cursor, direction: .newer)
                let sql = "SELECT count(*) FROM record " + (base.isEmpty ? "WHERE " : base + " AND ") + before.sql
                return Int(try db.prepare(sql).first(arguments + before.arguments) { $0.int64(0) } ?? 0)
            }
        }
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
        if let estimate, estimate >= half {
            let older = try count(.older, limit: total - half)
            if older < total - half { return max(0, total - 1 - older) }
            return try count(.newer, limit: nil)
        }
        let newer = try count(.newer, limit: half)
        if newer < half { return newer }
        return max(0, total - 1 - (try count(.older, limit: nil)))
    }

    /// Calls `body` with every record, oldest first (by id), streaming, and its row, in which
    /// `extraColumns` follow the record's own columns (from `recordColumnCount` on).
    func forEachRecord(extraColumns: [String], _ body: (Record, Row) throws -> Void) throws {
        let columns = ([recordColumns] + extraColumns.map { "record." + $0 }).joined(separator: ", ")
        let statement = try run { try db.prepare("SELECT \(columns) FROM record ORDER BY record.id") }
        try statement.forEachRow { try body(decodeRecord($0), $0) }
    }

    /// How many columns of a row `decodeRecord` reads.
    var recordColumnCount: Int { 6 + schema.resolved.count }

    /// Calls `body` with every record matching `query`, oldest first (by id), streaming; with
    /// `newestFirst`, in the list's order: newest first, or the query's sort.
    public func forEachRecord(_ query: RecordQuery = RecordQuery(), newestFirst: Bool = false,
                              _ body: (Record) throws -> Void) throws {
        if newestFirst, query.activeSort != nil {
            // The ids in the sort's order (sorted from the grouping index when no index gives
            // it), then their records a chunk at a time.
            var failure: (any Error)?
            try streamIDs(query, chunk: 500) { ids in
                do { for r in try records(ids: ids) { try body(r) } } catch { failure = error; return false }
                return true
            }
            if let failure { throw failure }
            return
        }
        let (whereClause, arguments) = query.whereClause()
        let order = newestFirst ? "record.date DESC, record.id DESC" : "record.id"
        let statement = try run { try db.prepare("SELECT \(recordColumns) FROM record \(whereClause) ORDER BY \(order)") }
        try statement.forEachRow(arguments) { try body(decodeRecord($0)) }
    }
}

extension BattleStore {
    /// Every record of `query` in the list's order (newest first, or its sort), in memory: for
    /// a few (`RecordQuery.records(ids:sort:)`), not a whole log.
    public func records(_ query: RecordQuery) throws(StoreError) -> [Record] {
        var records: [Record] = []
        do { try forEachRecord(query, newestFirst: true) { records.append($0) } }
        catch let e as StoreError { throw e }
        catch { throw StoreError(classifying: error, path: path, creating: false) }
        return records
    }

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

    /// Streams the ids of the records matching `query`, newest first (from just past `cursor`),
    /// to `body` in chunks; `body` returns false to stop. For searches that no index serves.
    public func streamIDs(_ query: RecordQuery, after cursor: RecordCursor? = nil, chunk: Int = 256,
                          _ body: ([Int64]) -> Bool) throws(StoreError) {
        try run {
            var (whereClause, arguments) = query.whereClause(from: query.activeSort == nil ? cursor : nil, direction: .older)
            var order = "record.date DESC, record.id DESC"
            if let sort = query.activeSort {
                order = Self.sortedOrder(sort)
                if let cursor {
                    let past = try sortedCondition(sort, from: cursor, direction: .older)
                    whereClause += (whereClause.isEmpty ? "WHERE " : " AND ") + past.sql
                    arguments += past.arguments
                }
            }
            var sql = "SELECT record.id FROM record \(whereClause) ORDER BY \(order)"
            // A sort no index serves sorts the grouping index's rows, not the table's.
            if query.activeSort != nil, try GroupingIndex.isCurrent(on: db, resolvedAttributes), try sortsOrScans(sql, arguments) {
                sql = "SELECT record.id FROM \(groupingSource) " + (whereClause.isEmpty ? "" : "AND " + whereClause.dropFirst("WHERE ".count)) + " ORDER BY \(order)"
            }
            let statement = try db.prepare(sql)
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

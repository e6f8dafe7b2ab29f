import SQLiteDB

/// The record columns the model declares: each transformable attribute's column and its derived
/// query columns (with their indexes). Added when a model names a column the file lacks; the
/// derived values of records written before are filled in batches by `fillDerivedColumns`.
enum ModelColumns {
    /// The columns of `record` as the file has them.
    static func present(on db: Database) throws -> Set<String> {
        Set(try db.prepare("SELECT name FROM pragma_table_xinfo('record')").map { $0.string(0) ?? "" })
    }

    static func indexes(on db: Database) throws -> Set<String> {
        Set(try db.prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'record'").map { $0.string(0) ?? "" })
    }

    static func indexName(_ column: StoreModel.QueryColumn) -> String { "record_" + column.column }

    /// The index of a derived column, as the model asks for it.
    static func createIndex(_ column: StoreModel.QueryColumn) -> String {
        "CREATE INDEX \(indexName(column)) ON record(\(column.index.key(column.column)), date)"
    }

    /// Adds what the model declares and the file lacks, in one transaction; a new derived column
    /// of a table with records is marked for filling. Asks first outside a transaction, so that
    /// an open with nothing to add takes no write lock.
    static func ensure(_ attributes: [ResolvedAttribute], on db: Database) throws {
        guard try !additions(attributes, on: db).isEmpty else { return }
        try db.transaction {
            // Asked again under the write lock: another process may have added them meanwhile.
            for (sql, arguments) in try additions(attributes, on: db) {
                if arguments.isEmpty { try db.execute(script: sql) } else { try db.execute(sql, arguments) }
            }
        }
    }

    /// The statements that add what the model declares and the file lacks, in order. A column
    /// still to be filled gets its index once filled (one sort of the filled column, where an
    /// index made first is updated record by record: at 2,000,000 records, far slower).
    private static func additions(_ attributes: [ResolvedAttribute], on db: Database) throws -> [(String, [any SQLiteBindable])] {
        let columns = try present(on: db), names = try indexes(on: db), pending = try pending(on: db)
        let hasRecords = try db.scalarInt("SELECT EXISTS (SELECT 1 FROM record)") == 1
        var statements: [(String, [any SQLiteBindable])] = []
        for a in attributes {
            if !columns.contains(a.attribute.column) {
                statements.append(("ALTER TABLE record ADD COLUMN \(a.attribute.column) TEXT", []))
            }
            for (column, derivation) in a.derived {
                if !columns.contains(column.column) {
                    statements.append(("ALTER TABLE record ADD COLUMN \(column.column) \(derivation.sqlType)", []))
                    statements.append(("""
                        INSERT INTO derived_fill(column_name, next_id, end_id)
                        SELECT ?, min(id), max(id) + 1 FROM record HAVING count(*) > 0
                        """, [column.column]))
                }
                let filling = pending.contains(column.column) || (!columns.contains(column.column) && hasRecords)
                if column.isIndexed && !names.contains(indexName(column)) && !filling {
                    statements.append((createIndex(column), []))
                }
            }
        }
        return statements
    }

    /// For a read-only open: the columns the model reads must exist (a file written under another
    /// model cannot be read by this one until a writable open adds them).
    static func checkPresent(_ attributes: [ResolvedAttribute], on db: Database, path: String) throws {
        let columns = try present(on: db)
        if let a = attributes.first(where: { !columns.contains($0.attribute.column) }) {
            throw StoreError.invalidModel("\(path) has no column \(a.attribute.column) for \(a.attribute.qualifiedName); open it once for writing to add it")
        }
    }

    /// The derived columns still being filled.
    static func pending(on db: Database) throws -> Set<String> {
        Set(try db.prepare("SELECT column_name FROM derived_fill").map { $0.string(0) ?? "" })
    }
}

extension BattleStore {
    /// Fills the derived query columns of records written before the columns existed, in
    /// batches of `batchSize` records, each its own transaction (other writers take turns; a fill
    /// killed halfway resumes from the last batch at the next writable open). `progress` gets
    /// the records done and the total after each batch. Runs at every writable open; returns at
    /// once when nothing is pending. `maxBatches` stops early (for tests).
    public func fillDerivedColumns(batchSize: Int = 20_000, maxBatches: Int? = nil,
                                   progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws(StoreError) {
        try ensureWritable()
        // A plain read first: the write lock is taken only when there is something to fill.
        guard !(try run { try ModelColumns.pending(on: db) }).isEmpty else { return }
        let total: Int = try run {
            Int(try db.scalarInt("""
                SELECT count(*) FROM record
                 WHERE id >= (SELECT min(next_id) FROM derived_fill) AND id < (SELECT max(end_id) FROM derived_fill)
                """) ?? 0)
        }
        progress?(0, total)
        var done = 0
        var batches = 0
        while maxBatches.map({ batches < $0 }) ?? true {
            // The records left are not counted per batch: that read the rest of the table each
            // time (at 2,000,000 records, most of the fill's time).
            let rows: Int? = try run {
                try db.transaction { () -> Int? in
                    let pending = try db.prepare("SELECT column_name, next_id, end_id FROM derived_fill").map {
                        (column: $0.string(0) ?? "", next: $0.int64(1), end: $0.int64(2))
                    }
                    guard let start = pending.map(\.next).min(), let last = pending.map(\.end).max() else { return nil }
                    let end = min(last, try db.scalarInt("SELECT id FROM record WHERE id >= \(start) ORDER BY id LIMIT 1 OFFSET \(batchSize)").map { Int64($0) } ?? last)
                    let rows = try fillBatch(start..<end, pending: pending)
                    try db.execute("UPDATE derived_fill SET next_id = max(next_id, ?)", [end])
                    try db.execute(script: "DELETE FROM derived_fill WHERE next_id >= end_id")
                    return rows
                }
            }
            guard let rows else { break }
            batches += 1
            done += rows
            progress?(done, max(total, done))
        }
        // The indexes of the columns just filled.
        try run { try ModelColumns.ensure(resolvedAttributes, on: db) }
        try refreshReadyQueryColumns()
    }

    /// Computes the derived columns of the records with ids in `ids`, for the columns pending there.
    private func fillBatch(_ ids: Range<Int64>, pending: [(column: String, next: Int64, end: Int64)]) throws -> Int {
        var rows = 0
        for resolved in resolvedAttributes {
            let columns = resolved.derived.enumerated().compactMap { k, d -> (Int, (Int64, Int64))? in
                pending.first { $0.column == d.column.column }.map { (k, ($0.next, $0.end)) }
            }
            guard !columns.isEmpty else { continue }
            var n = 0
            try forEachDerivation(of: resolved, ids: ids) { id, _, derived in
                n += 1
                // A column is filled for the records written before it existed (ids in its range);
                // the writer has written it for the later ones.
                let due = columns.filter { id >= $0.1.0 && id < $0.1.1 }
                guard !due.isEmpty else { return }
                let sets = due.map { "\(resolved.derived[$0.0].column.column) = ?" }.joined(separator: ", ")
                try db.cachedStatement("UPDATE record SET \(sets) WHERE id = ?").execute(due.map { derived[$0.0] as any SQLiteBindable } + [id])
            }
            rows = max(rows, n)
        }
        return rows
    }

    /// Recomputes every derived column of every record from its stored value (doctor --repair),
    /// inside the caller's transaction.
    func recomputeDerivedColumns() throws {
        for resolved in resolvedAttributes where !resolved.derived.isEmpty {
            let sets = resolved.derived.map { "\($0.column.column) = ?" }.joined(separator: ", ")
            let update = try db.prepare("UPDATE record SET \(sets) WHERE id = ?")
            try forEachDerivation(of: resolved) { id, _, derived in
                try update.execute(derived.map { $0 as any SQLiteBindable } + [id])
            }
        }
        try db.execute(script: "DELETE FROM derived_fill")
    }

    /// Calls `body` with each record (those with ids in `ids`, else all), oldest first: its id,
    /// its row (the id, the attribute's stored column, then the `extra` columns) and the values
    /// `resolved` derives from the decoded attribute (NULL when it is absent or damaged). The one
    /// reading behind the fill, the repair and doctor's check.
    func forEachDerivation(of resolved: ResolvedAttribute, ids: Range<Int64>? = nil, extra: [String] = [],
                           _ body: (_ id: Int64, _ row: Row, _ derived: [SQLiteValue]) throws -> Void) throws {
        let columns = (["id", resolved.attribute.column] + extra).joined(separator: ", ")
        let select = try db.prepare("SELECT \(columns) FROM record \(ids == nil ? "" : "WHERE id >= ? AND id < ?") ORDER BY id")
        try select.forEachRow(ids.map { [$0.lowerBound, $0.upperBound] } ?? []) { row in
            let id = row.int64(0)
            try body(id, row, resolved.derivedValues(of: decodeTransformable(row.value(1), resolved, recordID: id).value ?? nil))
        }
    }

    /// Derived values compare by value: an INTEGER the writer bound equals itself; a REAL equals
    /// the same REAL (SQLite keeps doubles exactly).
    static func sameDerived(_ a: SQLiteValue, _ b: SQLiteValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.integer(let x), .integer(let y)): x == y
        case (.real(let x), .real(let y)): x == y || (x.isNaN && y.isNaN)
        case (.text(let x), .text(let y)): x == y
        default: false
        }
    }

    /// Which filter-language paths read their own column now (the rest compute from the stored
    /// form while the column is filled).
    func refreshReadyQueryColumns() throws(StoreError) {
        let pending = try run { try ModelColumns.pending(on: db) }
        var sources: [String: QueryColumns.Source] = [:]
        for a in resolvedAttributes {
            for d in a.derived {
                sources[d.column.path] = QueryColumns.Source(column: d.column.column, sourceColumn: a.attribute.column,
                                                            isReady: !pending.contains(d.column.column), index: d.column.index,
                                                            kind: d.column.kind, order: d.column.order,
                                                            isInternal: d.column.isInternal, range: a.attribute.range)
            }
        }
        queryColumns = QueryColumns(sources, magicColumn: QueryColumns.magicColumn(of: schema.attributes))
    }
}

import SQLiteDB

/// The index a grouping (and a count) reads instead of the table: every plain column a group
/// key, a filter or a figure reads (the date, the names, the result, each derived query column:
/// about 90 bytes a record against the table's 1,600), so that `stats --by` or `count` over all
/// records or a filter reads a sixteenth of the bytes.
///
/// It leads with the date: records are appended to it in order (an index leading with the
/// owner cost simulate a fifth more time), and a drill-down to a month seeks into it. It is
/// partial on `typeof(id) = 'integer'`, which every record meets (a rowid is an integer,
/// whatever the other columns hold) but only a grouping's query says: so no list's page, which
/// walks its own indexes for its order, can pick it by mistake. The stored values (JSON) are not
/// in it: a grouping reads them, through the table, only for a record whose derived value is
/// missing.
///
/// Beside it, a partial index of the records whose stored magic derives no type (damaged; none
/// in a healthy log): a grouping by the magic tells a record without magic from one with a
/// damaged magic by asking it, not the table (an eighth of the records have no magic).
enum GroupingIndex {
    static let name = "record_grouping"
    static let damagedMagicName = "record_damaged_magic"

    /// What a grouping adds to its query to read the index (with `INDEXED BY`).
    static let condition = "typeof(record.id) = 'integer'"

    /// The query paths whose columns come first in the index, in this order; the model's other
    /// derived columns follow in the model's order.
    ///
    /// SQLite finds a column of an index entry by walking the entry's header up to it, so every
    /// column further in costs each record read a little: at 10,000,000 records a count of
    /// `weapon.rarity = epic and ...` took 1.0 s with the weapon's columns last (the value kind
    /// added last), 0.75 s with them here, read by two processes. The fields first are those a
    /// filter or a grouping names most (the kinds of magic and weapon, their names, the small
    /// numbers); the measurements (sums, times, the weapon's power) come after. No order was
    /// slower for any README filter than the model's order.
    static let leadingPaths = ["magic", "weapon.rarity", "weapon.enchantments", "gate", "formula", "collaborator", "weapon.name",
                               "power", "timeline.crits", "duration", "rolls.facesLow", "rolls.facesHigh"]

    /// The derived columns of `attributes` in the index's order (see `leadingPaths`).
    static func derivedColumns(_ attributes: [ResolvedAttribute]) -> [String] {
        let all = attributes.flatMap { $0.derived.map(\.column) }
        func rank(_ path: String) -> Int { leadingPaths.firstIndex(of: path) ?? leadingPaths.count }
        return all.enumerated().sorted { (rank($0.element.path), $0.offset) < (rank($1.element.path), $1.offset) }.map(\.element.column)
    }

    /// The indexes as `attributes` ask for them: the grouping index with their derived columns
    /// (`derivedColumns`), and the damaged magic's when the model has a magic with a type.
    static func createSQL(_ attributes: [ResolvedAttribute]) -> [String] {
        // A list's text (a weapon's enchantments, about ten bytes) groups nothing, but a count
        // of `~` on it reads the index alone with it (a fifth of the time of the table).
        let columns = ["date", "owner_id", "opponent_id", "result"] + derivedColumns(attributes)
        var sql = ["CREATE INDEX \(name) ON record(\(columns.joined(separator: ", "))) WHERE typeof(id) = 'integer'"]
        if let magic = magicColumns(attributes) {
            sql.append("CREATE INDEX \(damagedMagicName) ON record(id) WHERE \(damagedMagic(magic.stored, type: magic.type))")
        }
        return sql
    }

    /// The stored magic's column and its type's derived column.
    static func magicColumns(_ attributes: [ResolvedAttribute]) -> (stored: String, type: String)? {
        guard let stored = QueryColumns.magicColumn(of: attributes.map(\.attribute)),
              let type = attributes.first(where: { $0.attribute.column == stored })?.derived.first(where: { $0.column.path == "magic" })
        else { return nil }
        return (stored, type.column.column)
    }

    /// A stored magic that derives no type (the damaged magic index's condition, and the query's).
    static func damagedMagic(_ stored: String, type: String) -> String { "\(type) IS NULL AND \(stored) IS NOT NULL" }

    /// Whether the record whose id is `id` is one of those (read from the damaged magic index alone).
    static func isDamagedMagic(id: String, _ stored: String, type: String) -> String {
        "\(id) IN (SELECT id FROM record INDEXED BY \(damagedMagicName) WHERE \(damagedMagic(stored, type: type)))"
    }

    /// Whether the file has the grouping indexes `attributes` ask for.
    static func isCurrent(on db: Database, _ attributes: [ResolvedAttribute]) throws -> Bool {
        try current(on: db) == createSQL(attributes)
    }

    /// The indexes' SQL as the file has them, in the order `createSQL` gives (empty without).
    static func current(on db: Database) throws -> [String] {
        try db.cachedStatement("SELECT sql FROM sqlite_schema WHERE type = 'index' AND name IN (?, ?) ORDER BY name = ?")
            .map([name, damagedMagicName, damagedMagicName]) { $0.string(0) ?? "" }
    }
}

extension BattleStore {
    /// Makes the grouping indexes match the model: made when missing, remade when the model's
    /// derived columns changed. Waits for the derived columns to be filled (it is made after,
    /// in one sort). `progress` is told the records before and after, when there are some (at
    /// 2,000,000 records, about 6 s: the one slow step of an upgrade).
    func ensureGroupingIndex(progress: ((_ done: Int, _ total: Int) -> Void)?) throws(StoreError) {
        guard !db.isReadOnly else { return }
        let wanted = GroupingIndex.createSQL(resolvedAttributes)
        // Asked outside a transaction first: an open with nothing to do takes no write lock.
        guard try run({ try GroupingIndex.current(on: db) != wanted && ModelColumns.pending(on: db).isEmpty }) else { return }
        let records = try run { Int(try db.scalarInt("SELECT count(*) FROM record") ?? 0) }
        if records > 0 { progress?(0, records) }
        try run {
            try db.transaction {
                // Asked again under the write lock: another process may have made it meanwhile.
                guard try GroupingIndex.current(on: db) != wanted, try ModelColumns.pending(on: db).isEmpty else { return }
                // One sort holding the write lock: other writers see the log's time move and wait.
                try LogHeartbeat.during(path: path) {
                    try db.execute(script: "DROP INDEX IF EXISTS \(GroupingIndex.name); DROP INDEX IF EXISTS \(GroupingIndex.damagedMagicName)")
                    for sql in wanted { try db.execute(script: sql) }
                }
            }
        }
        if records > 0 { progress?(records, records) }
    }

    /// Whether a whole grouping by `fields` over `filter` reads the grouping index: the file has
    /// the indexes this model asks for, and they alone serve what every record needs.
    func readsGroupingIndex(_ fields: [GroupField], where filter: CompiledFilter?) throws -> Bool {
        guard try GroupingIndex.isCurrent(on: db, resolvedAttributes) else { return false }
        return readsGroupingIndexOnly(perRecordSQL(fields, where: filter, after: nil, groupingIndex: true, sources: false).sql)
    }

    /// Whether `sql` (a grouping's per-record query written over `record INDEXED BY
    /// record_grouping`) reads the index alone for what it computes for every record: SQLite's
    /// own plan says so. A filter reading a stored value (`rolls contains`, an exact duration),
    /// or a derived column still being filled, does not: such a grouping reads the table, in the
    /// order SQLite picks.
    func readsGroupingIndexOnly(_ sql: String) -> Bool {
        guard let plan = try? db.prepare("EXPLAIN QUERY PLAN " + sql).map([], { $0.string(3) ?? "" }) else { return false }
        return plan.contains { $0.contains("COVERING INDEX \(GroupingIndex.name)") }
    }
}

import SQLiteDB

extension BattleStore {
    /// A field's part of the grouping query: the value `v<i>` and the stored column `src<i>` it
    /// comes from (in the inner query), and the key and status over them (in the outer one).
    /// A status reads the stored column last, only for a record whose value it cannot tell
    /// otherwise (none, or damaged): read through the grouping index, the table is then read
    /// for those records alone.
    struct GroupSQL {
        var value = "NULL", source = "NULL"
        var valueArguments: [SQLiteValue] = []
        var key = "v", keyArguments: [SQLiteValue] = []
        var status = "NULL"
        /// Whether the status reads the magic's type `mt` (a read of its JSON).
        var readsMagicType = false
        /// Whether the value is read from the magic's JSON (a generated column, while the magic's
        /// query columns are filled).
        var readsMagic = false
    }

    /// `groupingIndex`: the query reads the grouping index, and the damaged magic's index tells a
    /// damaged magic from none (else the stored magic is read).
    func groupSQL(_ field: GroupField, groupingIndex: Bool) -> GroupSQL {
        let columns = queryColumns
        let stored = columns.magicColumn.map { "record." + $0 } ?? "NULL"
        let magicType = FilterCompiler.magicTypeSQL(columns: columns)
        // Whether a record without a magic type has a stored magic (a damaged one).
        let damagedMagic = groupingIndex
            ? GroupingIndex.magicColumns(resolvedAttributes).map { GroupingIndex.isDamagedMagic(id: "rid", $0.stored, type: $0.type) } : nil
        let storedMagic = damagedMagic ?? "src IS NOT NULL"
        var g = GroupSQL()
        switch field {
        case .owner, .kind: g.value = "record.owner_id"
        case .opponent: g.value = "record.opponent_id"; g.status = "CASE WHEN v IS NULL THEN \(GroupStatus.absent.sql) END"
        case .result: g.value = "record.result"
        case .magic:
            g.value = magicType.sql; g.source = stored; g.readsMagic = magicType.readsJSON
            g.status = "CASE WHEN v IS NOT NULL THEN NULL WHEN \(storedMagic) THEN \(GroupStatus.damaged.sql) ELSE \(GroupStatus.absent.sql) END"
        case .magicField:
            let v = FilterCompiler.valueSQL(field.filterField, columns: columns)
            g.value = v.sql; g.valueArguments = v.arguments; g.source = stored
            // The magic's type is read only for a record without the value (most have it), and
            // the stored magic only for one without a type either (none, or damaged).
            g.status = "CASE WHEN v IS NOT NULL THEN NULL WHEN mt IS NOT NULL THEN \(GroupStatus.absent.sql) "
                + "WHEN \(storedMagic) THEN \(GroupStatus.damaged.sql) ELSE \(GroupStatus.absent.sql) END"
            g.readsMagicType = true; g.readsMagic = magicType.readsJSON
        case .date(let bucket):
            g.value = "record.date"
            g.key = switch bucket {
            case .day: "date(v, 'unixepoch')"
            // The Monday on or before the day.
            case .week: "date(v, 'unixepoch', '-6 days', 'weekday 1')"
            case .month: "strftime('%Y-%m', v, 'unixepoch')"
            }
            g.status = "CASE WHEN typeof(v) != 'integer' THEN \(GroupStatus.damaged.sql) END"
        case .number(let path, let width):
            let v = FilterCompiler.valueSQL(field.filterField, columns: columns)
            g.value = v.sql; g.valueArguments = v.arguments
            let from = columns.source(path: path)
            g.source = from.map { "record." + $0.sourceColumn } ?? "NULL"
            // Without its stored value a record has none, unless the model requires one (damage).
            let required = from.flatMap { f in schema.attributes.first { $0.column == f.sourceColumn } }.map { !$0.isOptional } ?? false
            // A value without this number (a fight with no hit has no first hit) has none; a stored
            // form that does not decode is damaged (asked of the decoder only then).
            let quoted = "'" + path.replacingOccurrences(of: "'", with: "''") + "'"
            let missing: GroupStatus = required ? .damaged : .absent
            g.status = "CASE WHEN v IS NOT NULL THEN NULL WHEN src IS NULL THEN \(missing.sql) "
                + "WHEN bl_decodes(\(quoted), src) THEN \(GroupStatus.absent.sql) ELSE \(GroupStatus.damaged.sql) END"
            if let width {
                // The bucket's number, rounded toward minus infinity.
                g.key = "CASE WHEN v IS NOT NULL THEN CAST(v / ? AS INTEGER) - (v < 0 AND CAST(v / ? AS INTEGER) != v / ?) END"
                g.keyArguments = [.real(width), .real(width), .real(width)]
            }
        }
        return g
    }

    /// The per-record query every grouping reads: for each of `fields` its value `v<i>` and the
    /// stored column `src<i>` it comes from, then the record's id `rid`, the magic's type `mt`,
    /// the result and the duration `d`, over the records `filter` matches (with an id above
    /// `after` and up to `through`). `parts` hold each field's key and status, written over that
    /// row's own names (`v0`, `src0`).
    /// The same query feeds the group counts and the summaries the writer keeps.
    /// `groupingIndex`: read through the grouping index (`GroupingIndex`); `sources`: false
    /// selects no stored column (the query asked of SQLite's plan, whether the index alone serves
    /// what every record needs).
    func perRecordSQL(_ fields: [GroupField], where filter: CompiledFilter?, after: Int64?, through: Int64? = nil,
                      groupingIndex: Bool = false, sources: Bool = true)
        -> (sql: String, arguments: [SQLiteValue], parts: [GroupSQL]) {
        var parts = fields.map { groupSQL($0, groupingIndex: groupingIndex) }
        // Each part's names made its own: `v` becomes `v0`, `src` `src0` (whole words only).
        func own(_ sql: String, _ i: Int) -> String {
            sql.replacingOccurrences(of: #"\bv\b"#, with: "v\(i)", options: .regularExpression)
                .replacingOccurrences(of: #"\bsrc\b"#, with: "src\(i)", options: .regularExpression)
        }
        for i in parts.indices { parts[i].key = own(parts[i].key, i); parts[i].status = own(parts[i].status, i) }
        // The magic's type (JSON read) only for the statuses that ask for it.
        let readsType = parts.contains(where: \.readsMagicType)
        let values = parts.enumerated().map { i, g in "+(\(g.value)) AS v\(i), \(sources ? g.source : "NULL") AS src\(i)" }
        let duration = FilterCompiler.valueSQL(.duration, columns: queryColumns)
        let conditions = [groupingIndex ? GroupingIndex.condition : nil, filter.map(\.sql),
                          after.map { _ in "record.id > ?" }, through.map { _ in "record.id <= ?" }].compactMap { $0 }
        // `+` keeps SQLite from walking an index of a key in its order to group (a random read
        // of the table per record): the table is read in its own order, or the filter's index is.
        // For the magic's values (read from its JSON), `LIMIT -1` keeps the query apart from the
        // one over it, so that each is computed once per record, not once per mention (for the
        // plain columns, the extra step costs more than it saves).
        let readsMagic = parts.contains(where: \.readsMagic)
        let sql = """
            SELECT \(values.joined(separator: ", ")), record.id AS rid, \(readsType ? FilterCompiler.magicTypeSQL(columns: queryColumns).sql : "NULL") AS mt, record.result AS result, (\(duration.sql)) AS d
            FROM record\(groupingIndex ? " INDEXED BY \(GroupingIndex.name)" : "") \(conditions.isEmpty ? "" : "WHERE " + conditions.map { "(\($0))" }.joined(separator: " AND "))\(readsMagic ? " LIMIT -1" : "")
            """
        let arguments = parts.flatMap(\.valueArguments) + duration.arguments + (filter?.arguments ?? []) + [after, through].compactMap { $0.map(SQLiteValue.integer) }
        return (sql, arguments, parts)
    }
}

import SQLiteDB

/// One group of `stats --by`: its value, and the figures of its records.
public struct GroupCount: Sendable, Equatable {
    /// What the records of the group share.
    public enum Key: Sendable, Hashable {
        case text(String)
        case number(Double)
        /// A bucket of numbers: `from` up to (not including) `to`.
        case bucket(from: Double, to: Double)
        case human(Human)
        /// The records have no such value (no magic of that kind, no opponent, no timeline).
        case absent
        /// The value is stored but damaged.
        case damaged
    }

    public let key: Key
    public internal(set) var count = 0
    public internal(set) var wins = 0
    public internal(set) var losses = 0
    public internal(set) var draws = 0
    /// Seconds summed over the records whose duration reads, and how many they are.
    public internal(set) var durationSum = 0.0
    public internal(set) var durationCount = 0

    public init(key: Key) { self.key = key }

    /// Wins over all the group's records (0 for none).
    public var winRate: Double { count == 0 ? 0 : Double(wins) / Double(count) }
    /// The mean duration in seconds, nil when no record's duration reads.
    public var meanDuration: Double? { durationCount == 0 ? nil : durationSum / Double(durationCount) }

    mutating func add(_ other: GroupCount) {
        count += other.count; wins += other.wins; losses += other.losses; draws += other.draws
        durationSum += other.durationSum; durationCount += other.durationCount
    }
}

extension BattleStore {
    /// The records matching `filter` (all without one) grouped by `field`, in one query
    /// (unsorted). Values are read as the filter language reads them: names, the result, the
    /// magic's query columns, the derived numbers; a record without the value, or whose value is
    /// damaged, falls in a group of its own.
    public func groupCounts(by field: GroupField, where filter: CompiledFilter? = nil) throws(StoreError) -> [GroupCount] {
        let columns = queryColumns
        let stored = columns.magicColumn.map { "record." + $0 } ?? "NULL"
        // Each record's value `v`, the stored column it comes from `src`, and the magic's type
        // `mt`, in an inner query; the group's key and status over them in the outer one.
        var value = "NULL", source = "NULL"
        var valueArguments: [SQLiteValue] = []
        var keyArguments: [SQLiteValue] = []
        var key = "v", status = "NULL"
        switch field {
        case .owner, .kind: value = "record.owner_id"
        case .opponent: value = "record.opponent_id"; status = "CASE WHEN v IS NULL THEN 'absent' END"
        case .result: value = "record.result"
        case .magic:
            value = "record.magic_type"; source = stored
            status = "CASE WHEN src IS NULL THEN 'absent' WHEN v IS NULL THEN 'damaged' END"
        case .magicField:
            let v = FilterCompiler.valueSQL(field.filterField, columns: columns)
            value = v.sql; valueArguments = v.arguments; source = stored
            status = "CASE WHEN src IS NOT NULL AND mt IS NULL THEN 'damaged' WHEN v IS NULL THEN 'absent' END"
        case .date(let bucket):
            value = "record.date"
            key = switch bucket {
            case .day: "date(v, 'unixepoch')"
            // The Monday on or before the day.
            case .week: "date(v, 'unixepoch', '-6 days', 'weekday 1')"
            case .month: "strftime('%Y-%m', v, 'unixepoch')"
            }
            status = "CASE WHEN typeof(v) != 'integer' THEN 'damaged' END"
        case .number(let path, let width):
            let v = FilterCompiler.valueSQL(field.filterField, columns: columns)
            value = v.sql; valueArguments = v.arguments
            let from = columns.source(path: path)
            source = from.map { "record." + $0.sourceColumn } ?? "NULL"
            // Without its stored value a record has none, unless the model requires one (damage).
            let required = from.flatMap { f in schema.attributes.first { $0.column == f.sourceColumn } }.map { !$0.isOptional } ?? false
            status = "CASE WHEN src IS NULL THEN '\(required ? "damaged" : "absent")' WHEN v IS NULL THEN 'damaged' END"
            if let width {
                // The bucket's number, rounded toward minus infinity.
                key = "CASE WHEN v IS NOT NULL THEN CAST(v / ? AS INTEGER) - (v < 0 AND CAST(v / ? AS INTEGER) != v / ?) END"
                keyArguments = [.real(width), .real(width), .real(width)]
            }
        }
        let duration = FilterCompiler.valueSQL(.duration, columns: columns)
        let sql = """
            SELECT (\(key)) AS key, (\(status)) AS status, result, d FROM (
              SELECT +(\(value)) AS v, \(source) AS src, record.magic_type AS mt, record.result AS result, (\(duration.sql)) AS d
              FROM record \(filter.map { "WHERE " + $0.sql } ?? ""))
            """
        // `+` keeps SQLite from walking an index of the key in its order to group (a random read
        // of the table per record): the table is read in its own order, or the filter's index is.
        // Parameters in the order the text names them: the key's, then the inner query's.
        let arguments = keyArguments + valueArguments + duration.arguments + (filter?.arguments ?? [])
        let width: Double? = if case .number(_, let w) = field { w } else { nil }
        return try run { try collect(field, sql, arguments, width: width) }
    }

    /// Runs the rows of `sql` (key, status, result, duration) and folds them into groups.
    private func collect(_ field: GroupField, _ sql: String, _ arguments: [SQLiteValue], width: Double?) throws -> [GroupCount] {
        let grouped = "SELECT key, status, count(*), sum(result = 'win'), sum(result = 'loss'), sum(result = 'draw'), total(d), count(d) FROM (\(sql)) GROUP BY key, status"
        var groups: [GroupCount.Key: GroupCount] = [:]
        try db.prepare(grouped).forEachRow(arguments.map { $0 as any SQLiteBindable }) { row in
            let k = groupKey(field, row.value(0), status: row.string(1), width: width)
            var g = GroupCount(key: k)
            g.count = row.int(2); g.wins = row.int(3); g.losses = row.int(4); g.draws = row.int(5)
            g.durationSum = row.double(6); g.durationCount = row.int(7)
            groups[k, default: GroupCount(key: k)].add(g)
        }
        return Array(groups.values)
    }

    /// The key of a row's group: its value read as the field's kind, or absent, or damaged.
    private func groupKey(_ field: GroupField, _ value: SQLiteValue, status: String?, width: Double?) -> GroupCount.Key {
        if status == "absent" { return .absent }
        if status == "damaged" { return .damaged }
        switch field {
        case .owner, .kind, .opponent:
            guard case .integer(let id) = value, let h = humansByID[id], h.damage == nil else { return value == .null && field == .opponent ? .absent : .damaged }
            if field == .kind { return h.kind.map { .text($0.rawValue) } ?? .damaged }
            return .human(h)
        case .result:
            guard case .text(let t) = value, FightResult(rawValue: t) != nil else { return .damaged }
            return .text(t)
        case .magic, .date:
            guard case .text(let t) = value else { return value == .null && field == .magic ? .absent : .damaged }
            return .text(t)
        case .magicField:
            switch value {
            case .text(let t): return .text(t)
            case .integer(let i): return .number(Double(i))
            case .real(let d): return .number(d)
            case .null: return .absent
            case .blob: return .damaged
            }
        case .number:
            let n: Double
            switch value {
            case .integer(let i): n = Double(i)
            case .real(let d): n = d
            default: return .damaged
            }
            guard let width else { return .number(n) }
            return .bucket(from: n * width, to: (n + 1) * width)
        }
    }
}

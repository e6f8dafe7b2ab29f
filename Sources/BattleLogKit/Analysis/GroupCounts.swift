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

    /// Adds `other`'s figures to this group's.
    public mutating func add(_ other: GroupCount) {
        count += other.count; wins += other.wins; losses += other.losses; draws += other.draws
        durationSum += other.durationSum; durationCount += other.durationCount
    }
}

/// A cell of `stats --by A,B`: the records whose first field is `row` and second `column`.
public struct PairCount: Sendable, Equatable {
    public let row: GroupCount.Key
    public let column: GroupCount.Key
    public internal(set) var figures: GroupCount
}

extension BattleStore {
    /// The records matching `filter` (all without one) grouped by `field`, in one query
    /// (unsorted). Values are read as the filter language reads them: names, the result, the
    /// magic's query columns, the derived numbers; a record without the value, or whose value is
    /// damaged, falls in a group of its own.
    public func groupCounts(by field: GroupField, where filter: CompiledFilter? = nil) throws(StoreError) -> [GroupCount] {
        try run { try grouped(by: [field], where: filter) }.map { keys, figures in
            var g = GroupCount(key: keys[0])
            g.add(figures)
            return g
        }
    }

    /// The records grouped by two fields at once (`stats --by gate,result`): one cell per pair
    /// of values that occurs.
    public func pairCounts(by first: GroupField, _ second: GroupField, where filter: CompiledFilter? = nil) throws(StoreError) -> [PairCount] {
        try run { try grouped(by: [first, second], where: filter) }.map { keys, figures in
            PairCount(row: keys[0], column: keys[1], figures: figures)
        }
    }

    /// A field's part of the grouping query: the value `v<i>` and the stored column `src<i>` it
    /// comes from (in the inner query), and the key and status over them (in the outer one).
    private struct GroupSQL {
        var value = "NULL", source = "NULL"
        var valueArguments: [SQLiteValue] = []
        var key = "v", keyArguments: [SQLiteValue] = []
        var status = "NULL"
    }

    private func groupSQL(_ field: GroupField) -> GroupSQL {
        let columns = queryColumns
        let stored = columns.magicColumn.map { "record." + $0 } ?? "NULL"
        var g = GroupSQL()
        switch field {
        case .owner, .kind: g.value = "record.owner_id"
        case .opponent: g.value = "record.opponent_id"; g.status = "CASE WHEN v IS NULL THEN 'absent' END"
        case .result: g.value = "record.result"
        case .magic:
            g.value = "record.magic_type"; g.source = stored
            g.status = "CASE WHEN src IS NULL THEN 'absent' WHEN v IS NULL THEN 'damaged' END"
        case .magicField:
            let v = FilterCompiler.valueSQL(field.filterField, columns: columns)
            g.value = v.sql; g.valueArguments = v.arguments; g.source = stored
            g.status = "CASE WHEN src IS NOT NULL AND mt IS NULL THEN 'damaged' WHEN v IS NULL THEN 'absent' END"
        case .date(let bucket):
            g.value = "record.date"
            g.key = switch bucket {
            case .day: "date(v, 'unixepoch')"
            // The Monday on or before the day.
            case .week: "date(v, 'unixepoch', '-6 days', 'weekday 1')"
            case .month: "strftime('%Y-%m', v, 'unixepoch')"
            }
            g.status = "CASE WHEN typeof(v) != 'integer' THEN 'damaged' END"
        case .number(let path, let width):
            let v = FilterCompiler.valueSQL(field.filterField, columns: columns)
            g.value = v.sql; g.valueArguments = v.arguments
            let from = columns.source(path: path)
            g.source = from.map { "record." + $0.sourceColumn } ?? "NULL"
            // Without its stored value a record has none, unless the model requires one (damage).
            let required = from.flatMap { f in schema.attributes.first { $0.column == f.sourceColumn } }.map { !$0.isOptional } ?? false
            g.status = "CASE WHEN src IS NULL THEN '\(required ? "damaged" : "absent")' WHEN v IS NULL THEN 'damaged' END"
            if let width {
                // The bucket's number, rounded toward minus infinity.
                g.key = "CASE WHEN v IS NOT NULL THEN CAST(v / ? AS INTEGER) - (v < 0 AND CAST(v / ? AS INTEGER) != v / ?) END"
                g.keyArguments = [.real(width), .real(width), .real(width)]
            }
        }
        return g
    }

    /// One query grouping the records by `fields`: each group's keys (one per field) and figures.
    private func grouped(by fields: [GroupField], where filter: CompiledFilter?) throws -> [([GroupCount.Key], GroupCount)] {
        let parts = fields.map(groupSQL)
        // Each part's names made its own: `v` becomes `v0`, `src` `src0` (whole words only).
        func own(_ sql: String, _ i: Int) -> String {
            sql.replacingOccurrences(of: #"\bv\b"#, with: "v\(i)", options: .regularExpression)
                .replacingOccurrences(of: #"\bsrc\b"#, with: "src\(i)", options: .regularExpression)
        }
        let outer = parts.enumerated().map { i, g in "(\(own(g.key, i))) AS key\(i), (\(own(g.status, i))) AS status\(i)" }
        let inner = parts.enumerated().map { i, g in "+(\(g.value)) AS v\(i), \(g.source) AS src\(i)" }
        let duration = FilterCompiler.valueSQL(.duration, columns: queryColumns)
        let keys = fields.indices.map { "key\($0), status\($0)" }.joined(separator: ", ")
        // `+` keeps SQLite from walking an index of a key in its order to group (a random read
        // of the table per record): the table is read in its own order, or the filter's index is.
        let sql = """
            SELECT \(keys), count(*), sum(result = 'win'), sum(result = 'loss'), sum(result = 'draw'), total(d), count(d) FROM (
              SELECT \(outer.joined(separator: ", ")), result, d FROM (
                SELECT \(inner.joined(separator: ", ")), record.magic_type AS mt, record.result AS result, (\(duration.sql)) AS d
                FROM record \(filter.map { "WHERE " + $0.sql } ?? "")))
            GROUP BY \(keys)
            """
        // Parameters in the order the text names them: the keys', then the inner query's.
        let arguments = parts.flatMap(\.keyArguments) + parts.flatMap(\.valueArguments) + duration.arguments + (filter?.arguments ?? [])
        var groups: [[GroupCount.Key]: GroupCount] = [:]
        try db.prepare(sql).forEachRow(arguments.map { $0 as any SQLiteBindable }) { row in
            let k = fields.enumerated().map { i, f in
                groupKey(f, row.value(Int32(2 * i)), status: row.string(Int32(2 * i + 1)), width: f.bucketWidth)
            }
            let base = Int32(2 * fields.count)
            var g = GroupCount(key: k[0])
            g.count = row.int(base); g.wins = row.int(base + 1); g.losses = row.int(base + 2); g.draws = row.int(base + 3)
            g.durationSum = row.double(base + 4); g.durationCount = row.int(base + 5)
            groups[k, default: GroupCount(key: k[0])].add(g)
        }
        return groups.map { ($0.key, $0.value) }
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

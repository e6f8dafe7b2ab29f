import SQLiteDB

/// Reading a sorted list (`RecordQuery.sort`): keyset pages over `(key, date, id)`, records
/// without the key after the others, counted and streamed in the same order.
///
/// The list is two parts in order: the records with a key, by `(key, date, id)`, then those
/// without, by `(date, id)`, each in the sort's direction. A page reads the parts in turn, each
/// with a plain row-value condition that an index on `(key, date)` serves (the query columns'
/// indexes are such), so a sort on an indexed field reads a page at once. A sort no index
/// serves is a scan: it reads the grouping index (about 90 bytes a record) instead of the table
/// and keeps the page's first rows only (SQLite's sorter with a limit), about a second at
/// 10,000,000 records.
extension BattleStore {
    /// A position in a sorted list: the key (nil in the part without one), the stored date, the id.
    struct SortedPosition {
        let key: SQLiteValue?
        let date: SQLiteValue
        let id: Int64
    }

    /// One part of a sorted list read in one direction: its condition (with the keyset's, from a
    /// position in it) and its order.
    struct SortedPart {
        var condition: String
        var arguments: [SQLiteValue]
        var order: String
    }

    /// The position of `cursor` in `sort`'s order: its record's key, read by id. A record that
    /// is gone counts as one without a key.
    func sortedPosition(_ cursor: RecordCursor, _ sort: RecordSort) throws -> SortedPosition {
        guard let key = sort.keySQL else { return SortedPosition(key: nil, date: cursor.boundDate, id: cursor.id) }
        let value = try db.cachedStatement("SELECT \(key) FROM record WHERE id = ?").first([cursor.id]) { $0.value(0) } ?? .null
        return SortedPosition(key: value == .null ? nil : value, date: cursor.boundDate, id: cursor.id)
    }

    /// The parts to read from `position` (from an end when nil), forward (`.older`: down the
    /// list) or backward, in the order they are met.
    /// `partitioned`: a key of few values is read one value at a time (`RecordSort.partitions`).
    func sortedParts(_ sort: RecordSort, from position: SortedPosition?, direction: PageDirection, partitioned: Bool = true) -> [SortedPart] {
        let forward = direction == .older
        // Ascending down the list: `>` and ASC forward; the other way round backward.
        let ascending = sort.descending != forward
        let op = ascending ? ">" : "<"
        let dir = ascending ? "ASC" : "DESC"
        guard let key = sort.keySQL else {
            var part = SortedPart(condition: "1", arguments: [], order: "record.date \(dir), record.id \(dir)")
            if let position { part.condition = "(record.date, record.id) \(op) (?, ?)"; part.arguments = [position.date, .integer(position.id)] }
            return [part]
        }
        var valued = SortedPart(condition: sort.valuedSQL ?? "\(key) IS NOT NULL", arguments: [], order: "\(key) \(dir), record.date \(dir), record.id \(dir)")
        var valueless = SortedPart(condition: sort.valuedSQL.map { "NOT (\($0))" } ?? "\(key) IS NULL", arguments: [], order: "record.date \(dir), record.id \(dir)")
        if partitioned, let partitions = sort.partitions {
            // The values in list order; forward walks them down the list, backward up.
            let values = sort.descending ? Array(partitions.indices.reversed()) : Array(partitions.indices)
            func part(_ value: Int, keyset: Bool) -> SortedPart {
                var p = SortedPart(condition: partitions[value], arguments: [], order: valueless.order)
                if keyset, let position {
                    p.condition += " AND (record.date, record.id) \(op) (?, ?)"
                    p.arguments = [position.date, .integer(position.id)]
                }
                return p
            }
            guard let position else { return forward ? values.map { part($0, keyset: false) } + [valueless] : [valueless] + values.reversed().map { part($0, keyset: false) } }
            guard case .integer(let k) = position.key ?? .null, let at = values.firstIndex(of: Int(k)) else {
                valueless.condition += " AND (record.date, record.id) \(op) (?, ?)"
                valueless.arguments = [position.date, .integer(position.id)]
                return forward ? [valueless] : [valueless] + values.reversed().map { part($0, keyset: false) }
            }
            return forward ? [part(values[at], keyset: true)] + values[(at + 1)...].map { part($0, keyset: false) } + [valueless]
                           : [part(values[at], keyset: true)] + values[..<at].reversed().map { part($0, keyset: false) }
        }
        guard let position else { return forward ? [valued, valueless] : [valueless, valued] }
        if let k = position.key {
            valued.condition = "(\(key), record.date, record.id) \(op) (?, ?, ?)"
            valued.arguments = [k, position.date, .integer(position.id)]
            return forward ? [valued, valueless] : [valued]
        }
        valueless.condition += " AND (record.date, record.id) \(op) (?, ?)"
        valueless.arguments = [position.date, .integer(position.id)]
        return forward ? [valueless] : [valueless, valued]
    }

    /// A page of a sorted list (see `page`), in list order.
    func sortedPage(_ query: RecordQuery, _ sort: RecordSort, from cursor: RecordCursor?, direction: PageDirection,
                    limit: Int) throws -> [Record] {
        let position = try cursor.map { try sortedPosition($0, sort) }
        let (base, baseArguments) = query.whereClause()
        var found: [Record] = []
        // A key of few values is read a value at a time only when nothing else narrows the list:
        // a filter's matches may be few in a value's millions of records.
        let narrowed = !base.isEmpty
        for part in sortedParts(sort, from: position, direction: direction, partitioned: !narrowed) where found.count < limit {
            let conditions = (base.isEmpty ? "" : String(base.dropFirst("WHERE ".count)) + " AND ") + part.condition
            let arguments = baseArguments + part.arguments + [.integer(Int64(limit - found.count))]
            let plain = "SELECT \(recordColumns) FROM record WHERE \(conditions) ORDER BY \(part.order) LIMIT ?"
            // The ids from the grouping index, sorted there; then their records.
            func fromGroupingIndex() throws -> [Record] {
                let ids = try db.prepare("SELECT record.id FROM \(groupingSource) AND \(conditions) ORDER BY \(part.order) LIMIT ?")
                    .map(arguments) { $0.int64(0) }
                return try records(ids: ids)
            }
            func asPlanned() throws -> [Record] { try db.cachedStatement(plain).map(arguments) { decodeRecord($0) } }
            // As planned only when an index gives the order and nothing else narrows the list (a
            // key's own index, or one Human's dates): else the walk may meet few matches among
            // millions, or a sort read a Human's many records from the table, each page minutes
            // at 10,000,000 records where the grouping index takes under 2 s, and is cheaper
            // than the table at any size.
            if try GroupingIndex.isCurrent(on: db, resolvedAttributes), try narrowed || sortsOrScans(plain, arguments) {
                found += try fromGroupingIndex()
            } else {
                found += try asPlanned()
            }
        }
        return direction == .older ? found : found.reversed()
    }

    /// What a sort reads instead of the table: `record INDEXED BY record_grouping WHERE` its
    /// condition (the caller's conditions follow with AND).
    var groupingSource: String { "record INDEXED BY \(GroupingIndex.name) WHERE \(GroupingIndex.condition)" }

    /// Whether SQLite would read every record of the table for `sql` (no index narrows it), or
    /// sort what it reads (no index gives the order).
    func sortsOrScans(_ sql: String, _ arguments: [SQLiteValue]) throws -> Bool {
        try db.prepare("EXPLAIN QUERY PLAN " + sql).map(arguments) { ($0.int64(1), $0.string(3) ?? "") }
            .contains { parent, detail in
                detail == "SCAN record" || detail.hasPrefix("SCAN record USING INDEX") || (parent == 0 && detail == "USE TEMP B-TREE FOR ORDER BY")
            }
    }

    /// The records past `cursor` in `direction` in a sorted list as one condition (for counts
    /// and streams), with its arguments; nil from an end.
    func sortedCondition(_ sort: RecordSort, from cursor: RecordCursor, direction: PageDirection) throws -> (sql: String, arguments: [SQLiteValue]) {
        let parts = sortedParts(sort, from: try sortedPosition(cursor, sort), direction: direction, partitioned: false)
        return ("(" + parts.map { "(\($0.condition))" }.joined(separator: " OR ") + ")", parts.flatMap(\.arguments))
    }

    /// The whole order of a sorted list in one ORDER BY (records without a key last).
    static func sortedOrder(_ sort: RecordSort) -> String {
        let dir = sort.descending ? "DESC" : "ASC"
        guard let key = sort.keySQL else { return "record.date \(dir), record.id \(dir)" }
        return "(\(key)) IS NULL, \(key) \(dir), record.date \(dir), record.id \(dir)"
    }
}

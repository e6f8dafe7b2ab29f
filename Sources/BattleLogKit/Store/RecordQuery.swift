import SQLiteDB

/// Which records to read: every field is optional and they combine with AND.
/// Built from fixed SQL fragments and bound parameters; no user text is spliced into SQL.
public struct RecordQuery: Sendable, Equatable {
    public var ownerID: Int64?
    public var ownerKind: HumanKind?
    public var result: FightResult?
    /// A compiled filter expression: an SQL condition over `record` with its parameters.
    public var filter: CompiledFilter?
    /// The list's order when it is not the newest first (`BattleStore.sort`).
    public var sort: RecordSort?

    public init(ownerID: Int64? = nil, ownerKind: HumanKind? = nil, result: FightResult? = nil, filter: CompiledFilter? = nil,
                sort: RecordSort? = nil) {
        self.ownerID = ownerID
        self.ownerKind = ownerKind
        self.result = result
        self.filter = filter
        self.sort = sort
    }

    /// The records with `ids` (marked anywhere), read in the order `sort` gives a list (newest
    /// first when nil). The ids go as one JSON array: any number of them binds one parameter.
    public static func records(ids: some Collection<Int64>, sort: RecordSort?) -> RecordQuery {
        let list = "[" + ids.map(String.init).joined(separator: ",") + "]"
        return RecordQuery(filter: CompiledFilter(sql: "record.id IN (SELECT value FROM json_each(?))", arguments: [.text(list)]), sort: sort)
    }

    /// The sort that changes the order (nil for the newest first).
    var activeSort: RecordSort? { sort.flatMap { $0.isNewestFirst ? nil : $0 } }

    /// The WHERE conditions and their arguments.
    private func conditions() -> (sql: [String], arguments: [SQLiteValue]) {
        var sql: [String] = []
        var arguments: [SQLiteValue] = []
        if let ownerID { sql.append("record.owner_id = ?"); arguments.append(.integer(ownerID)) }
        if let ownerKind {
            sql.append("record.owner_id IN (SELECT id FROM human WHERE kind = ?)")
            arguments.append(.text(ownerKind.rawValue))
        }
        // The unary + keeps the planner on the date-ordered index instead of sorting every match.
        if let result { sql.append("+record.result = ?"); arguments.append(.text(result.rawValue)) }
        if let filter { sql.append("(\(filter.sql))"); arguments.append(contentsOf: filter.arguments) }
        return (sql, arguments)
    }

    /// The whole WHERE clause (empty when nothing restricts), optionally limited to the records
    /// past `cursor` in `direction` (the keyset condition), with its arguments.
    /// `date` is how the keyset names the date: `+record.date` keeps the planner off the date
    /// index (for a filter whose own index finds its few matches faster).
    func whereClause(from cursor: RecordCursor? = nil, direction: PageDirection = .older,
                     date: String = "record.date") -> (sql: String, arguments: [SQLiteValue]) {
        var (sql, arguments) = conditions()
        if let cursor {
            sql.append(direction == .older ? "(\(date), record.id) < (?, ?)" : "(\(date), record.id) > (?, ?)")
            arguments += [cursor.boundDate, .integer(cursor.id)]
        }
        return (sql.isEmpty ? "" : "WHERE " + sql.joined(separator: " AND "), arguments)
    }

    /// The records past `cursor` in `direction` as two WHERE clauses that count faster than the
    /// row value of `whereClause` (a plain range on the date index, then the ties on the date):
    /// the same records, split in two.
    func splitClauses(from cursor: RecordCursor, direction: PageDirection) -> [(sql: String, arguments: [SQLiteValue])] {
        let (base, baseArguments) = conditions()
        let op = direction == .older ? "<" : ">"
        func clause(_ extra: String, _ extraArguments: [SQLiteValue]) -> (String, [SQLiteValue]) {
            ("WHERE " + (base + [extra]).joined(separator: " AND "), baseArguments + extraArguments)
        }
        return [clause("record.date \(op) ?", [cursor.boundDate]),
                clause("record.date = ? AND record.id \(op) ?", [cursor.boundDate, .integer(cursor.id)])]
    }
}

/// A position in the newest-first order of records: the keyset `(date, id)`.
public struct RecordCursor: Sendable, Hashable, Comparable {
    public let date: Int64
    public let id: Int64
    /// The date as bound in SQL: a record's stored value, whatever its type.
    let boundDate: SQLiteValue

    public init(date: Int64, id: Int64) {
        self.date = date
        self.id = id
        self.boundDate = .integer(date)
    }

    /// The position of `record`, from its date as stored (a damaged date still pages).
    public init(_ record: Record) {
        self.date = record.date ?? 0
        self.id = record.id
        self.boundDate = record.storedDate
    }

    /// Newest-first order: a cursor is "less" when it comes earlier in the list (newer).
    public static func < (a: RecordCursor, b: RecordCursor) -> Bool {
        (a.date, a.id) > (b.date, b.id)
    }
}

/// Which way to page from a cursor.
public enum PageDirection: Sendable {
    /// Toward older records (further down the newest-first list).
    case older
    /// Toward newer records (up the list).
    case newer
}

/// How a page of a filter's matches is read.
enum PageRoute: Sendable, Equatable {
    /// As SQLite's planner chooses.
    case planner
    /// Down the date index (the owner's, for one Human), testing each record: a page at once
    /// when the matches are many, however many indexes the filter's clauses could read.
    case dateWalk
    /// From the filter's own indexes, then sorted by date: at once when the matches are few.
    case filterIndex
}

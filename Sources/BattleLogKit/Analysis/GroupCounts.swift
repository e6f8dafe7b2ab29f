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

extension GroupCount {
    /// One record's figures: a count of one, its result, its duration when it has one (what a
    /// summary row adds up; the key is not looked at).
    static func oneRecord(result: FightResult?, duration: Double?) -> GroupCount {
        var g = GroupCount(key: .absent)
        g.addRecord(result: result, duration: duration)
        return g
    }

    /// Adds one record: its result and its duration in seconds when it has one.
    mutating func addRecord(result: FightResult?, duration: Double?) {
        count += 1
        switch result {
        case .win: wins += 1
        case .loss: losses += 1
        case .draw: draws += 1
        case nil: break
        }
        if let duration { durationSum += duration; durationCount += 1 }
    }

    /// Whether the figures are the same: the counts exactly, the durations' sum within rounding
    /// (the writer adds it batch by batch, a scan in one pass).
    func hasSameFigures(as other: GroupCount) -> Bool {
        [count, wins, losses, draws, durationCount] == [other.count, other.wins, other.losses, other.draws, other.durationCount]
            && abs(durationSum - other.durationSum) <= 1e-9 * max(1, abs(other.durationSum))
    }
}

extension Dictionary where Value == GroupCount {
    /// Adds `other`'s figures to this one's, key by key.
    mutating func addFigures(of other: Self) {
        merge(other) { a, b in var a = a; a.add(b); return a }
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
        try run {
            let groups = try filter == nil ? summarized(field) ?? grouped(by: [field], where: nil) : grouped(by: [field], where: filter)
            return groups.map { keys, figures in
                var g = GroupCount(key: keys[0])
                g.add(figures)
                return g
            }
        }
    }

    /// The records grouped by two fields at once (`stats --by gate,result`): one cell per pair
    /// of values that occurs.
    public func pairCounts(by first: GroupField, _ second: GroupField, where filter: CompiledFilter? = nil) throws(StoreError) -> [PairCount] {
        try run { try grouped(by: [first, second], where: filter) }.map { keys, figures in
            PairCount(row: keys[0], column: keys[1], figures: figures)
        }
    }

    /// One query grouping the records by `fields`: each group's keys (one per field) and figures.
    /// `after`: only the records with a greater id (the ones a summary does not hold yet).
    /// SQLite reads each record's keys; they are grouped here, in a hash of the few distinct keys,
    /// rather than by a GROUP BY, which sorts every record (most of the time of a grouping that
    /// no summary answers). A date is read as its instant and kept by its day; its bucket's key
    /// is asked of SQLite once per day, not once per record.
    /// A whole grouping reads the grouping index instead of the table when that index alone serves
    /// what every record needs (`GroupingIndex`): an eighth of the bytes.
    func grouped(by fields: [GroupField], where filter: CompiledFilter?, after: Int64? = nil) throws -> [[GroupCount.Key]: GroupCount] {
        let indexed = try after == nil && readsGroupingIndex(fields, where: filter)
        let rows = perRecordSQL(fields, where: filter, after: after, groupingIndex: indexed)
        let byDay = fields.map { if case .date = $0 { true } else { false } }
        let outer = fields.indices.map { i in "(\(byDay[i] ? "v\(i)" : rows.parts[i].key)) AS key\(i), (\(rows.parts[i].status)) AS status\(i)" }
        // The result as its place in `results` (no text to copy per record).
        let results = FightResult.allCases
        let resultCode = "CASE result " + results.enumerated().map { "WHEN '\($1.rawValue)' THEN \($0)" }.joined(separator: " ") + " END"
        let sql = "SELECT \(outer.joined(separator: ", ")), \(resultCode), d FROM (\(rows.sql))"
        // Parameters in the order the text names them: the keys', then the records' query's.
        let arguments = rows.parts.indices.filter { !byDay[$0] }.flatMap { rows.parts[$0].keyArguments } + rows.arguments
        let base = Int32(2 * fields.count)
        let dayKeys = try fields.enumerated().map { i, f in byDay[i] ? try DayBucketKeys(groupSQL(f, groupingIndex: false), on: db) : nil }
        var raw: [RawGroupKey: GroupCount] = [:]
        try db.prepare(sql).forEachRow(arguments.map { $0 as any SQLiteBindable }) { row in
            var key = RawGroupKey(row, fields: fields.count)
            for case (let i, let days?) in dayKeys.enumerated() { key.setValue(i, try days.key(of: key.value(i))) }
            raw[key, default: GroupCount(key: .absent)].addRecord(result: row.isNull(base) ? nil : results[row.int(base)], duration: row.isNull(base + 1) ? nil : row.double(base + 1))
        }
        // The stored keys read as the fields' keys: two stored keys may be one group (1 and 1.0,
        // two damaged values).
        var groups: [[GroupCount.Key]: GroupCount] = [:]
        groups.reserveCapacity(raw.count)
        for (stored, figures) in raw {
            let k = fields.enumerated().map { i, f in groupKey(f, stored.value(i), status: stored.status(i), width: f.bucketWidth) }
            groups[k, default: GroupCount(key: k[0])].add(figures)
        }
        return groups
    }

    /// Adds a grouping row (each field's key and status, then the figures) to `groups`.
    func add(_ row: Row, fields: [GroupField], to groups: inout [[GroupCount.Key]: GroupCount]) {
        let k = fields.enumerated().map { i, f in
            groupKey(f, row.value(Int32(2 * i)), status: row.string(Int32(2 * i + 1)).flatMap(GroupStatus.init(rawValue:)), width: f.bucketWidth)
        }
        let base = Int32(2 * fields.count)
        var g = GroupCount(key: k[0])
        g.count = row.int(base); g.wins = row.int(base + 1); g.losses = row.int(base + 2); g.draws = row.int(base + 3)
        g.durationSum = row.double(base + 4); g.durationCount = row.int(base + 5)
        groups[k, default: GroupCount(key: k[0])].add(g)
    }

    /// The key of a row's group: its value read as the field's kind, or absent, or damaged.
    func groupKey(_ field: GroupField, _ value: SQLiteValue, status: GroupStatus?, width: Double?) -> GroupCount.Key {
        switch status {
        case .absent: return .absent
        case .damaged: return .damaged
        case nil: break
        }
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

/// A grouping row's keys as SQLite gave them, with their statuses: what the records are hashed
/// by before each is read as its field's key. One field or two (`--by A,B`), held inline: no
/// allocation per record.
struct RawGroupKey: Hashable {
    private var first: SQLiteValue, second: SQLiteValue
    private var firstStatus: GroupStatus?, secondStatus: GroupStatus?

    /// The keys of the row's first `fields` fields (key and status columns in turn).
    init(_ row: Row, fields: Int) {
        precondition((1...2).contains(fields), "a grouping has one field or two")
        first = row.value(0)
        firstStatus = Self.status(row, 1)
        second = fields == 2 ? row.value(2) : .null
        secondStatus = fields == 2 ? Self.status(row, 3) : nil
    }

    mutating func setValue(_ i: Int, _ value: SQLiteValue) { if i == 0 { first = value } else { second = value } }
    func value(_ i: Int) -> SQLiteValue { i == 0 ? first : second }
    func status(_ i: Int) -> GroupStatus? { i == 0 ? firstStatus : secondStatus }

    private static func status(_ row: Row, _ column: Int32) -> GroupStatus? {
        guard let text = row.string(column) else { return nil }
        return GroupStatus(rawValue: text)
    }
}

/// A date bucket's keys (`2026-03`, the week's Monday) by the day a date falls in: SQLite's own
/// key expression asked once per day, not once per record (its date functions cost more than
/// the rest of a record's read).
final class DayBucketKeys {
    private let statement: Statement
    private let arguments: [SQLiteValue]
    private var keys: [SQLiteValue: SQLiteValue] = [:]
    /// The day last asked and its key: the grouping index gives the records in date order, so
    /// most records ask the day of the one before.
    private var last: (day: SQLiteValue, key: SQLiteValue)?

    init(_ part: BattleStore.GroupSQL, on db: Database) throws {
        statement = try db.prepare("SELECT (\(part.key)) FROM (SELECT ? AS v)")
        arguments = part.keyArguments
    }

    /// The bucket's key of a date as stored (the key of the day it falls in; a value that is no
    /// whole number, damaged, is asked as it is).
    func key(of date: SQLiteValue) throws -> SQLiteValue {
        let day = GroupSummaries.dayKey(date)
        if let last, last.day == day { return last.key }
        let key: SQLiteValue
        if let known = keys[day] {
            key = known
        } else {
            key = try statement.first((arguments + [day]).map { $0 as any SQLiteBindable }) { $0.value(0) } ?? .null
            keys[day] = key
        }
        last = (day, key)
        return key
    }
}

import BattleLogFoundation
import SQLiteDB

extension BattleStore {
    /// The records matching `filter` (all without one) grouped by `field`, in one query
    /// (unsorted). Values are read as the filter language reads them: names, the result, the
    /// magic's query columns, the derived numbers; a record without the value, or whose value is
    /// damaged, falls in a group of its own.
    public func groupCounts(by field: GroupField, where filter: CompiledFilter? = nil) throws(StoreError) -> [GroupCount] {
        try run {
            let groups = try filter == nil ? summarized(field) ?? grouped(by: [field], where: nil) : grouped(by: [field], where: filter)
            return groups.map { keys, figures in GroupCount(key: keys[0], figures: figures) }
        }
    }

    /// The records grouped by two fields at once (`stats --by gate,result`): one cell per pair
    /// of values that occurs.
    public func pairCounts(by first: GroupField, _ second: GroupField, where filter: CompiledFilter? = nil) throws(StoreError) -> [PairCount] {
        try run { try grouped(by: [first, second], where: filter) }.map { keys, figures in
            PairCount(row: keys[0], column: keys[1], figures: GroupCount(key: keys[0], figures: figures))
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
    /// `batch`: how many records are read before they are added up on the second thread (tests
    /// make it small).
    func grouped(by fields: [GroupField], where filter: CompiledFilter?, after: Int64? = nil,
                 batch batchSize: Int = GroupedRecords.capacity) throws -> [GroupKeys: GroupFigures] {
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
        // The records' keys are read here and added up on a second thread, a batch at a time,
        // once there is more than a batch (a small grouping starts no thread).
        var batch = GroupedRecords(capacity: batchSize), texts = RawGroupTexts()
        var adder: BackgroundFold<GroupedRecords, [RawGroupKey: GroupFigures]>?
        var raw: [RawGroupKey: GroupFigures] = [:]
        do {
            try db.prepare(sql).forEachRow(arguments.map { $0 as any SQLiteBindable }) { row in
                var key = RawGroupKey(row, fields: fields.count, texts: &texts)
                for case (let i, let days?) in dayKeys.enumerated() where key.status(i) == nil {
                    key.setValue(i, try days.key(of: key.value(i, texts: texts)), texts: &texts)
                }
                batch.append(key, result: row.isNull(base) ? nil : results[row.int(base)], duration: row.isNull(base + 1) ? nil : row.double(base + 1))
                if batch.isFull {
                    if adder == nil { adder = BackgroundFold(capacity: 4, initial: [:]) { raw, records in records.add(to: &raw) } }
                    adder?.add(batch)
                    batch = GroupedRecords(capacity: batchSize)
                }
            }
        } catch {
            _ = adder?.finish()
            throw error
        }
        if let adder { raw = adder.finish() }
        batch.add(to: &raw)
        // The stored keys read as the fields' keys: two stored keys may be one group (1 and 1.0,
        // two damaged values).
        var groups: [GroupKeys: GroupFigures] = [:]
        groups.reserveCapacity(raw.count)
        let widths = fields.map(\.bucketWidth)
        for (stored, figures) in raw {
            let first = groupKey(fields[0], stored.value(0, texts: texts), status: stored.status(0), width: widths[0])
            let second = fields.count == 2 ? groupKey(fields[1], stored.value(1, texts: texts), status: stored.status(1), width: widths[1]) : nil
            groups[GroupKeys(first, second), default: GroupFigures()].add(figures)
        }
        return groups
    }

    /// Adds a grouping row (each field's key and status, then the figures) to `groups`.
    func add(_ row: Row, fields: [GroupField], to groups: inout [GroupKeys: GroupFigures]) {
        let k = fields.enumerated().map { i, f in
            groupKey(f, row.value(Int32(2 * i)), status: row.string(Int32(2 * i + 1)).flatMap(GroupStatus.init(rawValue:)), width: f.bucketWidth)
        }
        let base = Int32(2 * fields.count)
        var g = GroupFigures()
        g.count = row.int(base); g.wins = row.int(base + 1); g.losses = row.int(base + 2); g.draws = row.int(base + 3)
        g.durationSum = row.double(base + 4); g.durationCount = row.int(base + 5)
        groups[GroupKeys(k[0], k.count == 2 ? k[1] : nil), default: GroupFigures()].add(g)
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
            // A model's text path (`weapon.rarity`) groups by its text; it takes no bucket.
            case .text(let t) where width == nil: return .text(t)
            default: return .damaged
            }
            guard let width else { return .number(n) }
            return .bucket(from: n * width, to: (n + 1) * width)
        }
    }
}

/// A batch of records as a grouping reads them: each one's raw keys, result and duration.
struct GroupedRecords: Sendable {
    /// Records per batch: a hand-over costs about what adding a thousand records does.
    static let capacity = 4096
    let capacity: Int
    private var keys: [RawGroupKey] = []
    private var results: [FightResult?] = []
    private var durations: [Double?] = []

    init(capacity: Int) {
        self.capacity = capacity
        let reserved = min(capacity, Self.capacity)
        keys.reserveCapacity(reserved); results.reserveCapacity(reserved); durations.reserveCapacity(reserved)
    }

    var isFull: Bool { keys.count >= capacity }

    mutating func append(_ key: RawGroupKey, result: FightResult?, duration: Double?) {
        keys.append(key); results.append(result); durations.append(duration)
    }

    /// Adds each record to its group's figures.
    func add(to groups: inout [RawGroupKey: GroupFigures]) {
        for i in keys.indices { groups[keys[i], default: GroupFigures()].addRecord(result: results[i], duration: durations[i]) }
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

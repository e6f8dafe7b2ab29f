import SQLiteDB

/// The group counts the writer keeps (`group_summary`), so that grouping every record by a field
/// reads a few hundred summary rows instead of the whole table.
///
/// Each summarised field holds one row per stored key: the records' count, wins, losses, draws
/// and durations. The keys are the grouping's own values at their finest: a Human's id, a magic
/// field's value, a day (as the instant it starts), a number's exact value or, for a fraction,
/// its floor (status `floor`). A coarser grouping (weeks, months, buckets) applies the
/// grouping's own key expression to the stored keys, so both ways give the same groups.
///
/// `group_summary_state` says up to which record id a field's rows are complete. The writer
/// extends a complete field inside each batch's transaction; anything else (an older program's
/// writes, a new field of the model) is caught up at the next writable open. Triggers drop
/// every summary when a record is updated, deleted, or inserted below a summarised id (by any
/// program, `sqlite3` included): a summary is never stale, only missing, and a missing one is
/// answered by reading the records.
enum GroupSummaries {
    static let table = "group_summary"
    static let stateTable = "group_summary_state"

    /// The first instant whose day is summarised by the instant the day starts: later than the
    /// first day SQLite's date functions read (noon of Julian day 0), with a week to spare for
    /// the week key's `-6 days`. Earlier instants keep their own value as key.
    static let firstWholeDay: Int64 = -210_866_760_000 + 43_200 + 7 * 86_400

    /// The summary that answers `field`, by its stored name, and the finest grouping it holds.
    static func base(of field: GroupField) -> (name: String, field: GroupField) {
        switch field {
        case .owner, .kind: ("owner", .owner)
        case .opponent: ("opponent", .opponent)
        case .result: ("result", .result)
        case .magic: ("magic", .magic)
        case .magicField(let type, let name): ("magic:\(type).\(name)", field)
        case .date: ("date", .date(.day))
        case .number(let path, _): ("number:\(path)", .number(path: path, width: nil))
        }
    }

    /// Every summary the model's fields need.
    static func fields(columns: QueryColumns) -> [(name: String, field: GroupField)] { fields(paths: columns.paths) }

    /// Every summary of the fixed fields and of the model's derived `paths` (sorted).
    static func fields(paths: [String]) -> [(name: String, field: GroupField)] {
        var fields: [GroupField] = [.owner, .opponent, .result, .magic]
        for kind in MagicCatalog.kinds { for f in kind.filterFields { fields.append(.magicField(type: kind.typeName, name: f.name)) } }
        fields.append(.date(.day))
        fields += paths.filter(QueryColumns.isNumberPath).map { .number(path: $0, width: nil) }
        return fields.map(base)
    }

    /// A record's stored key for a summarised field, from its value and status as the grouping
    /// query reads them.
    static func cell(_ field: GroupField, value: SQLiteValue, status: GroupStatus?) -> Cell {
        if let status { return Cell(status: Status(status), key: .text("")) }
        if value == .null { return Cell(status: .nullKey, key: .text("")) }
        switch (field, value) {
        case (.date, .integer):
            return Cell(status: .value, key: dayKey(value))
        case (.number, .real(let d)) where abs(d) < 9e15 && d != d.rounded(.down):
            return Cell(status: .floor, key: .integer(Int64(d.rounded(.down))))
        default:
            return Cell(status: .value, key: value)
        }
    }

    /// A date's key at its finest: the instant its day starts (UTC), or the date itself before
    /// `firstWholeDay` or when it is not a whole number. Every date bucket's key (day, week,
    /// month) of the day's start is the key of any instant of that day.
    static func dayKey(_ value: SQLiteValue) -> SQLiteValue {
        guard case .integer(let t) = value, t >= firstWholeDay else { return value }
        return .integer(t - ((t % 86_400) + 86_400) % 86_400)
    }

    /// A summary row's place within its field: how it keeps its key, and the key (`""` when the
    /// status names no value).
    struct Cell: Hashable {
        var status: Status
        var key: SQLiteValue
    }

    /// How a summary row keeps its key; the raw values are `group_summary.status`'s spellings.
    enum Status: String, Hashable, Sendable {
        /// The key is the value.
        case value = ""
        /// The key is the floor of a number with a fraction.
        case floor
        /// The value is NULL with no status: a group of its own.
        case nullKey = "nullkey"
        case absent, damaged

        init(_ status: GroupStatus) {
            switch status {
            case .absent: self = .absent
            case .damaged: self = .damaged
            }
        }

        /// The status as an SQL literal.
        var sql: String { "'\(rawValue)'" }
    }
}

extension GroupSummaries {
    /// The tables and triggers of the migration `group-summaries`, made again when a file lacks any of them (dropped
    /// by hand or by another program): they hold only what the records give, so the next
    /// catch-up refills them. Asks first outside a transaction, so that an open with everything
    /// there takes no write lock.
    static func ensure(on db: Database) throws {
        let names = [table, stateTable, "group_summary_insert_below", "group_summary_update", "group_summary_delete"]
        let present = Set(try db.prepare("SELECT name FROM sqlite_schema WHERE type IN ('table', 'trigger')").map { $0.string(0) ?? "" })
        guard !names.allSatisfy(present.contains) else { return }
        let script = Schema.migration(named: "group-summaries").sql
            .replacingOccurrences(of: "CREATE TABLE ", with: "CREATE TABLE IF NOT EXISTS ")
            .replacingOccurrences(of: "CREATE TRIGGER ", with: "CREATE TRIGGER IF NOT EXISTS ")
        try db.transaction {
            try db.execute(script: script)
            // Whatever rows are left were kept without the missing pieces: made again.
            try db.execute(script: "DELETE FROM \(stateTable)")
        }
    }

    /// Whether the file has the summaries' tables (a read-only open of a file that lost them
    /// groups from the records).
    static func tablesExist(on db: Database) throws -> Bool {
        try db.scalarInt("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name IN (?, ?)", [table, stateTable]) == 2
    }
}

extension BattleStore {
    /// Adds the records with ids in `after + 1 ... through` to the summaries of `fields` (one
    /// read of those records for all of them), and records `through` as their new end. Inside the
    /// caller's transaction.
    func extendGroupSummaries(_ fields: [(name: String, field: GroupField)], after: Int64, through: Int64) throws {
        guard !fields.isEmpty else { return }
        if through > after {
            let cells = try groupSummaryCells(fields, after: after, through: through)
            for (i, f) in fields.enumerated() { try addGroupSummaryCells(cells[i], to: f.name) }
        }
        try setGroupSummaryEnd(through, of: fields.map(\.name))
    }

    /// The summaries' rows of `fields` for the records with ids in `after + 1 ... through` (or
    /// matching `condition`), read by the grouping query itself.
    func groupSummaryCells(_ fields: [(name: String, field: GroupField)], after: Int64? = nil, through: Int64? = nil,
                           where condition: String? = nil) throws -> [[GroupSummaries.Cell: GroupFigures]] {
        let filter = condition.map { CompiledFilter(sql: $0, arguments: []) }
        let rows = perRecordSQL(fields.map(\.field), where: filter, after: after, through: through)
        let statuses = rows.parts.enumerated().map { i, p in "v\(i), (\(p.status))" }
        let sql = "SELECT \(statuses.joined(separator: ", ")), result, d FROM (\(rows.sql))"
        var cells: [[GroupSummaries.Cell: GroupFigures]] = Array(repeating: [:], count: fields.count)
        let base = Int32(2 * fields.count)
        try db.prepare(sql).forEachRow(rows.arguments.map { $0 as any SQLiteBindable }) { row in
            let one = GroupFigures.oneRecord(result: row.string(base).flatMap(FightResult.init(rawValue:)),
                                           duration: row.value(base + 1) == .null ? nil : row.double(base + 1))
            for (i, f) in fields.enumerated() {
                let status = row.string(Int32(2 * i + 1)).flatMap(GroupStatus.init(rawValue:))
                let cell = GroupSummaries.cell(f.field, value: row.value(Int32(2 * i)), status: status)
                cells[i][cell, default: GroupFigures()].add(one)
            }
        }
        return cells
    }

    /// Adds figures to one summary's rows.
    private func addGroupSummaryCells(_ cells: [GroupSummaries.Cell: GroupFigures], to name: String) throws {
        let upsert = try db.cachedStatement("""
            INSERT INTO \(GroupSummaries.table)(field, status, key, count, wins, losses, draws, duration_sum, duration_count)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(field, status, key) DO UPDATE SET
              count = count + excluded.count, wins = wins + excluded.wins, losses = losses + excluded.losses,
              draws = draws + excluded.draws, duration_sum = duration_sum + excluded.duration_sum,
              duration_count = duration_count + excluded.duration_count
            """)
        for (cell, g) in cells {
            try upsert.execute([name, cell.status.rawValue, cell.key, g.count, g.wins, g.losses, g.draws, g.durationSum, g.durationCount])
        }
    }

    private func setGroupSummaryEnd(_ end: Int64, of names: [String]) throws {
        let state = try db.cachedStatement("INSERT OR REPLACE INTO \(GroupSummaries.stateTable)(field, through) VALUES (?, ?)")
        for name in names { try state.execute([name, end]) }
    }

    /// The highest record id (0 for none).
    func lastRecordID() throws -> Int64 {
        try db.scalarInt("SELECT max(id) FROM record") ?? 0
    }

    /// Each summary's end (the fields without one are absent).
    func groupSummaryEnds() throws -> [String: Int64] {
        var ends: [String: Int64] = [:]
        try db.cachedStatement("SELECT field, through FROM \(GroupSummaries.stateTable)").forEachRow { ends[$0.string(0) ?? ""] = $0.int64(1) }
        return ends
    }

    /// After a batch: the summaries that were complete before it (their end was `lastBefore`)
    /// take its records, as `gathered` counted them when every record after `lastBefore` is the
    /// batch's and none carried a raw value; else read back from the rows. Inside the batch's
    /// transaction.
    func extendGroupSummaries(afterBatchFrom lastBefore: Int64, gathered: GroupSummaryDelta) throws {
        let ends = try groupSummaryEnds()
        let current = GroupSummaries.fields(columns: queryColumns).filter { ends[$0.name] == lastBefore }
        guard !current.isEmpty else { return }
        let last = try lastRecordID()
        let written = try db.scalarInt("SELECT count(*) FROM record WHERE id > ?", [lastBefore]) ?? 0
        guard gathered.isExact, Int(written) == gathered.records else {
            return try extendGroupSummaries(current, after: lastBefore, through: last)
        }
        for f in current {
            guard let s = gathered.names.firstIndex(of: f.name) else {
                try extendGroupSummaries([f], after: lastBefore, through: last)
                continue
            }
            try addGroupSummaryCells(gathered.cells[s], to: f.name)
            try setGroupSummaryEnd(last, of: [f.name])
        }
    }

    /// Brings every summary up to the last record, `chunk` records per transaction (other
    /// writers take turns); a summary with no end is rebuilt from nothing. `progress` gets the
    /// records done and the total. Runs at every writable open; returns at once when every
    /// summary is complete.
    func catchUpGroupSummaries(chunk: Int64 = 50_000, inTransaction: Bool = false,
                               progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws {
        let fields = GroupSummaries.fields(columns: queryColumns)
        func behind() throws -> (fields: [(name: String, field: GroupField)], from: Int64, next: Int64, last: Int64)? {
            let ends = try groupSummaryEnds(), last = try lastRecordID()
            let lagging = fields.filter { (ends[$0.name] ?? -1) < last || ends[$0.name] == nil }
            guard !lagging.isEmpty else { return nil }
            let from = lagging.map { ends[$0.name] ?? -1 }.min()!
            let next = lagging.map { ends[$0.name] ?? -1 }.filter { $0 > from }.min() ?? last
            return (lagging.filter { (ends[$0.name] ?? -1) == from }, from, next, last)
        }
        guard let first = try behind() else { return }
        let total = Int(first.last - max(first.from, 0))
        var done = 0
        progress?(0, total)
        while true {
            let extend = { [self] () throws -> Int64? in
                guard let b = try behind() else { return nil }
                if b.from < 0 {
                    // No end: whatever rows the field has are from before the summaries were dropped.
                    let clear = try db.cachedStatement("DELETE FROM \(GroupSummaries.table) WHERE field = ?")
                    for f in b.fields { try clear.execute([f.name]) }
                }
                let start = max(b.from, 0)
                let end = inTransaction ? b.next : min(b.next, start + chunk)
                try extendGroupSummaries(b.fields, after: start, through: end)
                return end - start
            }
            guard let step = try inTransaction ? extend() : db.transaction(extend) else { break }
            done += Int(step)
            progress?(min(done, total), total)
        }
    }

    /// The groups of `field` over every record from its summary (and the records after the
    /// summary's end), nil when the summary cannot answer: missing, or holding fractions
    /// floored that the grouping needs exactly.
    func summarized(_ field: GroupField) throws -> [GroupKeys: GroupFigures]? {
        // One snapshot: the summary, its end and the records after it must agree.
        db.isInTransaction ? try summarizedInSnapshot(field) : try db.readTransaction { try summarizedInSnapshot(field) }
    }

    /// Whether every record's groups by `field` come from its summary (no filter), in milliseconds.
    public func groupsAreSummarized(by field: GroupField) throws(StoreError) -> Bool {
        try run { try summaryEnd(answering: field) != nil }
    }

    /// The end of the summary that answers `field`, nil when none can: missing, or holding
    /// fractions floored that the grouping needs exactly.
    private func summaryEnd(answering field: GroupField) throws -> Int64? {
        guard try GroupSummaries.tablesExist(on: db) else { return nil }
        let base = GroupSummaries.base(of: field)
        guard let end = try db.scalarInt("SELECT through FROM \(GroupSummaries.stateTable) WHERE field = ?", [base.name]) else { return nil }
        if case .number(_, let width) = field {
            let floored = try db.scalarInt("SELECT 1 FROM \(GroupSummaries.table) WHERE field = ? AND status = \(GroupSummaries.Status.floor.sql) LIMIT 1", [base.name]) != nil
            // A floor's bucket is its fraction's bucket only for whole widths.
            if floored, !(width.map { $0 >= 1 && $0 < 9e15 && $0 == $0.rounded() } ?? false) { return nil }
        }
        return end
    }

    private func summarizedInSnapshot(_ field: GroupField) throws -> [GroupKeys: GroupFigures]? {
        let base = GroupSummaries.base(of: field)
        guard let end = try summaryEnd(answering: field) else { return nil }
        let g = groupSQL(field, groupingIndex: false)
        typealias S = GroupSummaries.Status
        let sql = """
            SELECT \(g.key), st, sum(count), sum(wins), sum(losses), sum(draws), total(duration_sum), sum(duration_count) FROM (
              SELECT CASE WHEN status IN (\(S.value.sql), \(S.floor.sql)) THEN key END AS v,
                     CASE WHEN status IN (\(S.absent.sql), \(S.damaged.sql)) THEN status END AS st,
                     count, wins, losses, draws, duration_sum, duration_count
              FROM \(GroupSummaries.table) WHERE field = ?)
            GROUP BY 1, 2
            """
        var groups: [GroupKeys: GroupFigures] = [:]
        try db.prepare(sql).forEachRow((g.keyArguments + [.text(base.name)]).map { $0 as any SQLiteBindable }) { row in
            add(row, fields: [field], to: &groups)
        }
        if end < (try lastRecordID()) {
            for (k, tail) in try grouped(by: [field], where: nil, after: end) { groups[k, default: GroupFigures()].add(tail) }
        }
        return groups
    }
}

extension StoreDiagnostics {
    /// The group summaries against doctor's scan, group by group: every summary complete to the
    /// last record must hold exactly what the writer gathers from the records (the records it
    /// cannot gather, damaged ones, read by the grouping query). As "group summary F, value: why"
    /// lines, at most `limit`; nothing when they agree or are missing (the next writable open
    /// makes them).
    public func groupSummaryProblems(against scan: Scan, limit: Int = 20) throws(StoreError) -> [String] {
        try store.run {
            guard try GroupSummaries.tablesExist(on: store.db) else { return [] }
            let last = try store.lastRecordID()
            let ends = try store.groupSummaryEnds()
            var problems: [String] = []
            let fields = GroupSummaries.fields(columns: store.queryColumns)
            // The damaged records' rows, read as the grouping query reads them.
            var byQuery: [[GroupSummaries.Cell: GroupFigures]] = Array(repeating: [:], count: fields.count)
            for ids in stride(from: 0, to: scan.groupsByQuery.count, by: 500).map({ Array(scan.groupsByQuery[$0..<min($0 + 500, scan.groupsByQuery.count)]) }) {
                let cells = try store.groupSummaryCells(fields, where: "record.id IN (\(ids.map(String.init).joined(separator: ", ")))")
                for i in fields.indices { byQuery[i].addFigures(of: cells[i]) }
            }
            for (i, f) in fields.enumerated() where ends[f.name] == last {
                guard let s = scan.groups.names.firstIndex(of: f.name) else { continue }
                var expected = scan.groups.cells[s]
                expected.addFigures(of: byQuery[i])
                var kept: [GroupSummaries.Cell: GroupFigures] = [:], unknown: [String] = []
                try store.db.cachedStatement("""
                    SELECT status, key, count, wins, losses, draws, duration_sum, duration_count FROM \(GroupSummaries.table) WHERE field = ?
                    """).forEachRow([f.name]) { row in
                    var g = GroupFigures()
                    g.count = row.int(2); g.wins = row.int(3); g.losses = row.int(4); g.draws = row.int(5)
                    g.durationSum = row.double(6); g.durationCount = row.int(7)
                    guard let status = GroupSummaries.Status(rawValue: row.string(0) ?? "") else {
                        unknown.append(SafeText.escape(row.string(0) ?? ColumnDecoding.describe(row.value(0))))
                        return
                    }
                    kept[GroupSummaries.Cell(status: status, key: row.value(1)), default: GroupFigures()].add(g)
                }
                for status in unknown where problems.count < limit {
                    problems.append("group summary \(f.name): a row with an unknown status \"\(status)\"")
                }
                for cell in Set(expected.keys).union(kept.keys).sorted(by: { "\($0)" < "\($1)" }) where problems.count < limit {
                    let a = kept[cell] ?? GroupFigures(), b = expected[cell] ?? GroupFigures()
                    if !a.hasSameFigures(as: b) {
                        problems.append("group summary \(f.name), \(GroupSummaries.describe(cell)): holds \(GroupSummaries.describe(a)), the records give \(GroupSummaries.describe(b))")
                    }
                }
            }
            return problems
        }
    }
}

extension GroupSummaries {
    /// A summary row's place as doctor names it: the value, or its status.
    static func describe(_ cell: Cell) -> String {
        let key = switch cell.key {
        case .integer(let i): String(i)
        case .real(let d): String(d)
        case .text(let t): "\"" + SafeText.escape(t) + "\""
        default: ColumnDecoding.describe(cell.key)
        }
        switch cell.status {
        case .value: return key
        case .floor: return "from " + key
        case .nullKey, .absent, .damaged: return cell.status.rawValue
        }
    }

    /// A group's figures as doctor names them.
    static func describe(_ g: GroupFigures) -> String {
        func counted(_ n: Int, _ one: String, _ many: String) -> String { "\(n) " + (n == 1 ? one : many) }
        return counted(g.count, "record", "records") + " (" + counted(g.wins, "win", "wins") + ", " + counted(g.losses, "loss", "losses") + ", "
            + counted(g.draws, "draw", "draws") + ", " + counted(g.durationCount, "duration", "durations") + " summing \(g.durationSum))"
    }
}

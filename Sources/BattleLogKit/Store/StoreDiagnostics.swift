import SQLiteDB

/// What `doctor` asks of a store (`store.diagnostics`): each check reports its problems as
/// lines. Run them inside `readSnapshot` so that they agree.
public struct StoreDiagnostics {
    let store: BattleStore
    private var db: Database { store.db }
    private func run<T>(_ body: () throws -> T) throws(StoreError) -> T { try store.run(body) }

    /// `PRAGMA integrity_check`: "ok", or SQLite's list of problems.
    public func integrityCheck() throws(StoreError) -> [String] {
        try run { try db.prepare("PRAGMA integrity_check").map { $0.string(0) ?? "" } }
    }

    /// Foreign keys that point nowhere (`PRAGMA foreign_key_check`), as "table rowid -> parent".
    public func foreignKeyProblems() throws(StoreError) -> [String] {
        try run {
            try db.prepare("PRAGMA foreign_key_check").map { row in
                "\(row.string(0) ?? "?") row \(row.int64(1)) refers to a missing \(row.string(2) ?? "?")"
            }
        }
    }

    /// Fights that are not two records of two different Humans, each the other's opponent (or one
    /// record without an opponent: one side imported from a Core Data store), as "fight N: why"
    /// (a scan of the fight index).
    public func fightProblems(limit: Int = 100) throws(StoreError) -> [String] {
        try run {
            try db.prepare("""
                SELECT fight, count(*), count(DISTINCT owner_id), min(owner_id), max(owner_id), count(opponent_id)
                FROM record GROUP BY fight
                HAVING NOT (count(*) = 1 AND count(opponent_id) = 0)
                   AND (count(*) != 2 OR count(opponent_id) != 2 OR count(DISTINCT owner_id) != 2
                        OR min(owner_id) IS NOT min(opponent_id) OR max(owner_id) IS NOT max(opponent_id))
                LIMIT ?
                """).map([limit]) { row in
                let fight = row.value(0)
                let name = if case .integer(let f) = fight { "fight \(f)" } else { "fight \(fight.typeName)" }
                if row.int(1) != 2 { return "\(name) has \(row.int(1)) records (a fight has two, or one without an opponent)" }
                if row.int(5) != 2 { return "\(name): one of its two records has no opponent" }
                if row.int(2) != 2 { return "\(name): both records belong to Human \(row.int64(3))" }
                return "\(name): its two records are not each other's opponent"
            }
        }
    }
}

extension StoreDiagnostics {
    /// What doctor's one pass over the records found.
    public struct Scan {
        /// The figures the writer keeps, recomputed from the records.
        public let stats: BattleStats
        /// Records whose derived query columns disagree with the values they come from, as
        /// "record N: rolls_max is 12, its dice give 30 (...)", at most the limit.
        public let derivedProblems: [String]
        /// The group summaries' rows as the writer would gather them from these records (the
        /// records it could not gather are `groupsByQuery`, read by the grouping query).
        let groups: GroupSummaryDelta
        let groupsByQuery: [Int64]
    }

    /// One pass over every record: each decoded and handed to `each`, its derived query columns
    /// compared with the values it decoded to, and the writer's figures recomputed. The same
    /// figures as `BattleStats.fromScan`, reading each value once.
    public func scan(limit: Int = 100, each: (Record) -> Void) throws -> Scan {
        let pending = try run { try ModelColumns.pending(on: db) }
        let attributes = store.resolvedAttributes
        // The derived columns to check, and where each sits in the row.
        var checks: [(attribute: Int, derived: Int)] = []
        for (i, resolved) in attributes.enumerated() {
            for (k, d) in resolved.derived.enumerated() where !pending.contains(d.column.column) { checks.append((i, k)) }
        }
        let offset = store.recordColumnCount
        var problems: [String] = []
        var expected: [[SQLiteValue]?] = Array(repeating: nil, count: attributes.count)
        var groups = GroupSummaryDelta(attributes: attributes)
        // Where the row holds each derived value (nil: a column still being filled, computed).
        var storedAt = attributes.map { [Int32?](repeating: nil, count: $0.derivedCount) }
        for (n, c) in checks.enumerated() { storedAt[c.attribute][c.derived] = Int32(offset + n) }
        var groupsByQuery: [Int64] = []
        let stats = try BattleStats.fromScan(store, extraColumns: checks.map { attributes[$0.attribute].derived[$0.derived].column.column }) { r, row in
            each(r)
            Self.gather(r, row, storedAt: storedAt, attributes: attributes, into: &groups, byQuery: &groupsByQuery)
            guard problems.count < limit, !checks.isEmpty else { return }
            for i in expected.indices { expected[i] = nil }
            var reported = -1
            for (n, c) in checks.enumerated() where c.attribute != reported {
                let resolved = attributes[c.attribute]
                let values = expected[c.attribute] ?? resolved.derivedValues(of: r.transformables[c.attribute].value ?? nil)
                expected[c.attribute] = values
                let stored = row.value(Int32(offset + n))
                if !BattleStore.sameDerived(stored, values[c.derived]) {
                    problems.append(Self.derivedProblem(id: r.id, column: resolved.derived[c.derived].column.column, stored: stored,
                                                        attribute: resolved.attribute.name, expected: values[c.derived]))
                    reported = c.attribute
                }
            }
        }
        return Scan(stats: stats, derivedProblems: Array(problems.prefix(limit)), groups: groups, groupsByQuery: groupsByQuery)
    }

    /// Adds a record to the group summaries' rows as the writer gathers them: its values, and the
    /// derived values as stored (computed from the value for a column still being filled, as the
    /// grouping query does). A record with a damaged column is left to the grouping query.
    private static func gather(_ r: Record, _ row: Row, storedAt: [[Int32?]], attributes: [ResolvedAttribute],
                               into groups: inout GroupSummaryDelta, byQuery: inout [Int64]) {
        guard r.columnErrors.isEmpty, let result = r.result, r.transformables.allSatisfy({ $0.error == nil }) else {
            byQuery.append(r.id)
            return
        }
        let derived = attributes.indices.map { i -> [SQLiteValue] in
            let computed = storedAt[i].contains(nil) ? attributes[i].derivedValues(of: r.transformables[i].value ?? nil) : []
            return storedAt[i].enumerated().map { k, column in column.map { row.value($0) } ?? computed[k] }
        }
        groups.add(owner: r.owner.id, opponent: r.opponent?.id, date: r.storedDate, result: result) { i in
            guard let value = r.transformables[i].value ?? nil else { return .absent }
            return .value(value, derived: derived[i][...])
        }
    }

    static func derivedProblem(id: Int64, column: String, stored: SQLiteValue, attribute: String, expected: SQLiteValue) -> String {
        "record \(id): \(column) is \(ColumnDecoding.describe(stored)), its \(attribute) gives \(ColumnDecoding.describe(expected)) (battlelog doctor --repair recomputes it)"
    }

    /// Records whose derived columns disagree with the values they come from, as
    /// "record N: rolls_max is 12, its dice say 30" (a full scan; doctor reads them in `scan`).
    public func derivedColumnProblems(limit: Int = 100) throws(StoreError) -> [String] {
        try run { try scan(limit: limit) { _ in }.derivedProblems }
    }

    /// Humans whose stored row a column cannot hold, as "human N: what is wrong".
    public var humanProblems: [String] {
        store.humansByID.values.sorted { $0.id < $1.id }.compactMap { h in h.damage.map { "human \(h.id): \($0)" } }
    }
}

extension BattleStore {
    /// The checks `doctor` runs.
    public var diagnostics: StoreDiagnostics { StoreDiagnostics(store: self) }
}

extension StoreDiagnostics {
    /// Fights whose two timelines contradict themselves, the record's result or its duration
    /// (`FightTimeline.contradiction`), or of which only one record has a timeline, as "fight N:
    /// why". Fights without timelines (written before them, imported from Core Data) and
    /// damaged values (the decode names those) are left to the other checks. A scan of the
    /// fight index; nothing when the model has no attribute of type `Timeline`.
    public func timelineProblems(limit: Int = 100) throws(StoreError) -> [String] {
        let attributes = store.resolvedAttributes
        let schema = store.schema
        guard let timeline = schema.index(ofValueType: "Timeline"),
              let duration = attributes.firstIndex(where: { $0.attribute.valueClassName == "MediaTime" && !$0.attribute.isOptional }),
              let dice = schema.index(ofValueType: "[Int]") else { return [] }
        let column = { (i: Int) in attributes[i].attribute.column }
        return try run {
            var problems: [String] = []
            try db.prepare("""
                SELECT a.fight, a.result, a.\(column(duration)), a.\(column(dice)), a.\(column(timeline)), b.\(column(timeline))
                FROM record a JOIN record b ON b.fight = a.fight AND b.id > a.id
                WHERE a.\(column(timeline)) IS NOT NULL OR b.\(column(timeline)) IS NOT NULL
                """).forEachRow { row in
                guard problems.count < limit else { return }
                let fight = row.value(0)
                let name = if case .integer(let f) = fight { "fight \(f)" } else { "fight \(fight.typeName)" }
                guard case .text(let first) = row.value(4), case .text(let second) = row.value(5) else {
                    problems.append("\(name): only one of its two records has a timeline")
                    return
                }
                func decode<T>(_ i: Int, _ value: SQLiteValue) -> T? {
                    guard case .text(let text) = value else { return nil }
                    return (try? attributes[i].transformer.value(fromStored: text, range: attributes[i].range)) as? T
                }
                guard let a: Timeline = decode(timeline, .text(first)), let b: Timeline = decode(timeline, .text(second)),
                      let result = row.string(1).flatMap(FightResult.init(rawValue:)),
                      let time: MediaTime = decode(duration, row.value(2)), let rolls: [Int] = decode(dice, row.value(3)) else { return }
                if let why = FightTimeline(a, b).contradiction(result: result, duration: time, dice: rolls.count) {
                    problems.append("\(name): its timeline contradicts itself: \(why)")
                }
            }
            return problems
        }
    }
}
